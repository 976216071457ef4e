"""One way to keep a game's background work going while a page asks: a *watch* per game.

The dot's searches (:mod:`patience.workers.scheduler`) and the fair odds
(:mod:`patience.workers.odds`) do the same thing: for each game a page asks
about, they keep one watch on the game's newest *subject* (its position, or
what the player sees of it) and work on it step by step, each step more than
the last (a longer budget, more samples), until the steps run out, the game
moves on (the watch is replaced) or no page asked for ``poll_timeout`` seconds
(the watch is let go). :class:`Watch` is that state, :class:`Watches` keeps
one per game; the owner decides which job runs when, under its own lock, and
stops the jobs of the watches let go (their :attr:`Watch.handle`) outside it.

>>> watches: Watches[Watch[str, int]] = Watches(poll_timeout=20.0)
>>> watch, gone = watches.ask("g", "position 1", 0.0, lambda: Watch("position 1", (8, 16), 0.0))
>>> watch.target, watch.more, gone
(8, True, [])
>>> watch.escalate(); watch.target, watch.more
(16, True)
>>> moved, gone = watches.ask("g", "position 2", 5.0, lambda: Watch("position 2", (8, 16), 5.0))
>>> gone == [watch], watch.gone, moved.step
(True, True, 0)
>>> [w.subject for w in watches.expire(30.0)], len(watches)
(['position 2'], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
T = TypeVar("T")


class Handle(Protocol):
    """A started job: ``cancel()`` asks it to stop (its runner still reports it done)."""

    def cancel(self) -> None:
        """Stop the job if it can be stopped."""


@dataclass(eq=False)
class Watch(Generic[S, T]):
    """A game's subject being worked on: ``steps`` in turn (``step`` is the next, or running, one)."""

    subject: S
    steps: tuple[T, ...]
    last_poll: float
    step: int = 0
    running: bool = False
    handle: Handle | None = None  # the running job, when it can be stopped
    gone: bool = False  # let go: whatever it still runs is no longer wanted

    @property
    def more(self) -> bool:
        """Whether a step is left to work on."""
        return self.step < len(self.steps)

    @property
    def target(self) -> T:
        """The step being worked on (the budget, the samples in all)."""
        return self.steps[self.step]

    def escalate(self) -> None:
        """The step is done: go on to the next one."""
        self.step += 1


W = TypeVar("W", bound="Watch[Any, Any]")


class Watches(Generic[W]):
    """One watch per game, for its newest subject; used under its owner's lock (not thread-safe itself)."""

    def __init__(self, poll_timeout: float) -> None:
        self.poll_timeout = poll_timeout
        self._watches: dict[str, W] = {}

    def ask(self, game_id: str, subject: object, now: float, make: Callable[[], W]) -> tuple[W, list[W]]:
        """A page asks about ``subject``: the game's watch (``make``-d when it has none, or its watch is
        on another subject: the game moved on), marked as asked ``now``; and the watch let go, if any."""
        gone: list[W] = []
        watch = self._watches.get(game_id)
        if watch is not None and watch.subject != subject:
            gone.append(self._let_go(game_id, watch))
            watch = None
        if watch is None:
            watch = self._watches[game_id] = make()
        watch.last_poll = now
        return watch, gone

    def get(self, game_id: str) -> W | None:
        """The game's watch, if any."""
        return self._watches.get(game_id)

    def drop(self, game_id: str) -> W | None:
        """Let go of the game's watch (its work is done, or no longer wanted)."""
        watch = self._watches.get(game_id)
        return None if watch is None else self._let_go(game_id, watch)

    def expire(self, now: float) -> list[W]:
        """Let go of the watches no page asked about for longer than ``poll_timeout``."""
        return [self._let_go(game_id, watch) for game_id, watch in list(self._watches.items())
                if now - watch.last_poll > self.poll_timeout]

    def clear(self) -> list[W]:
        """Let go of every watch."""
        return [self._let_go(game_id, watch) for game_id, watch in list(self._watches.items())]

    def _let_go(self, game_id: str, watch: W) -> W:
        del self._watches[game_id]
        watch.gone = True
        return watch

    def __iter__(self) -> Iterator[W]:
        return iter(list(self._watches.values()))

    def __len__(self) -> int:
        return len(self._watches)


def running_handles(watches: Iterable[Watch[S, T]]) -> list[Handle]:
    """The handles of the jobs these watches are running (to stop them)."""
    return [w.handle for w in watches if w.running and w.handle is not None]
