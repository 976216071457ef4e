"""What a saved game is and what the statistics count: pure rules, no SQL.

A :class:`GameRecord` is one game's row: where it came from, where it is now
(action and move counts, the position's text), its play clock and its end.
Its history (the moves themselves) is not part of it: read it explicitly
with :meth:`patience.store.Store.history`, which gives a :class:`History`.
A :class:`DealResult` is one played deal as the statistics see it, and
:class:`Statistics` summarizes them (what counts as played, streaks).

>>> r = GameRecord("g", "p", "hamilton", 7, None).played([("s",), ("s", "c-f1")], now=5.0)
>>> r.actions, r.move_count, r.started, r.version
(2, 3, True, 1)
>>> History((("s",), ("s", "c-f1")), (("t1-f1",),)).moves
['s', 's', 'c-f1']
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

#: The play clock: a page that shows a game reports every CLOCK_BEAT_SECONDS while it is visible
#: (and on every move, and when it is hidden or closed); each report adds the time since the one
#: before, at most CLOCK_GAP_SECONDS, so a closed tab, a sleeping computer or a stopped server adds
#: at most that much. See :meth:`GameRecord.clocked`.
CLOCK_BEAT_SECONDS: Final = 10.0
CLOCK_GAP_SECONDS: Final = 30.0
#: Kept for older callers: the longest gap one report adds.
MAX_GAP_SECONDS: Final = CLOCK_GAP_SECONDS
#: Games dealt but never played are removed after this long (they are not saved games).
UNPLAYED_KEPT_SECONDS: Final = 86400.0

#: The most moves a game may have on the way to its position; further moves are refused.
MAX_MOVES_PER_GAME: Final = 10_000
#: The most played deals a player's statistics hold: an import that would go past it is refused whole;
#: a game started past it (by playing) makes the statistics forget the player's oldest finished deal.
MAX_RESULTS_PER_PLAYER: Final = 50_000

Groups = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class GameRecord:
    """One saved game: where it came from, where it is now, and what the statistics need.

    ``actions`` player actions (``move_count`` moves) lead from the deal to
    the current position, whose text is ``position`` (None for the deal
    itself, or when it was not stored); ``redo_actions`` undone actions
    wait for redo. The moves themselves are not here: read them with
    :meth:`Store.history <patience.store.Store.history>`.
    ``new_actions`` are the actions played since the record was read, which
    :meth:`Store.save <patience.store.Store.save>` writes.
    ``elapsed`` is the play time; ``last_move_at`` is when it was last
    counted up to, None while the clock is paused (no page shows the game).
    """

    id: str
    player: str
    game: str
    deal: int | None
    deck: str | None
    actions: int = 0
    redo_actions: int = 0
    move_count: int = 0
    position: str | None = None
    new_actions: Groups = ()
    version: int = 0
    score: int = 0
    finished: bool = False
    won: bool = False
    used_hints: bool = False
    used_undo: bool = False
    elapsed: float = 0.0
    first_move_at: float | None = None
    last_move_at: float | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    finished_at: float | None = None

    @property
    def started(self) -> bool:
        """True from the first move on: the deal then counts as played."""
        return self.first_move_at is not None

    @property
    def clock_running(self) -> bool:
        """True while a page's reports keep the play clock running."""
        return self.started and not self.finished and self.last_move_at is not None

    def clocked(self, now: float, running: bool = True) -> GameRecord:
        """This record with its play clock brought up to ``now``; ``running=False`` pauses it.

        The time since the last report is added, never more than
        ``CLOCK_GAP_SECONDS`` and nothing while paused, so the clock never goes
        backwards and counts only while a page shows the game. Before the
        first move and after the end the clock does not run.

        >>> r = GameRecord("g", "p", "hamilton", 1, None, first_move_at=0.0, last_move_at=0.0)
        >>> r = r.clocked(10.0); r.elapsed
        10.0
        >>> r = r.clocked(3600.0, running=False); r.elapsed, r.last_move_at
        (40.0, None)
        >>> r.clocked(7200.0).elapsed
        40.0
        """
        if self.first_move_at is None or self.finished:
            return self
        elapsed = self.elapsed
        if self.last_move_at is not None:
            elapsed += min(max(now - self.last_move_at, 0.0), CLOCK_GAP_SECONDS)
        return replace(self, elapsed=elapsed, last_move_at=now if running else None)

    def touched(self, now: float) -> GameRecord:
        """This record after a player action at ``now``: time counted, version bumped."""
        if self.first_move_at is None:
            counted = replace(self, first_move_at=now, last_move_at=now)
        else:
            counted = self.clocked(now)
        return replace(counted, updated_at=now, version=self.version + 1)

    def played(self, groups: Sequence[Sequence[str]], now: float, position: str | None = None) -> GameRecord:
        """This record with ``groups`` appended as new actions (clears redo); ``position`` is the
        text of the position they lead to, kept so that loading never replays the history."""
        added = tuple(tuple(g) for g in groups)
        return replace(self.touched(now), redo_actions=0, actions=self.actions + len(added),
                       move_count=self.move_count + sum(len(g) for g in added),
                       new_actions=self.new_actions + added, position=position)

    def moved_to(self, action: Action | None, now: float, *, redo_actions: int) -> GameRecord:
        """This record at a stored action (undo, redo; None: back at the deal), history unloaded."""
        return replace(self.touched(now), actions=action.seq if action else 0,
                       move_count=action.move_total if action else 0,
                       position=action.position if action else None,
                       redo_actions=redo_actions)

    def ended(self, won: bool, score: int, now: float) -> GameRecord:
        """This record finished, won or lost, with its final score."""
        return replace(self, finished=True, won=won, score=score, finished_at=now, updated_at=now,
                       version=self.version + 1)


@dataclass(frozen=True)
class History:
    """A game's moves, read on purpose: the actions up to its position (``done``, one tuple per action)
    and the undone ones redo would replay (``redo``, the next one first).

    >>> h = History((("s",), ("s", "c-f1")), (("t1-f1",), ("s",)))
    >>> h.moves, h.redo_moves
    (['s', 's', 'c-f1'], ['t1-f1', 's'])
    """

    done: Groups = ()
    redo: Groups = ()

    @property
    def moves(self) -> list[str]:
        """Every move played up to the current position, in order."""
        return [m for group in self.done for m in group]

    @property
    def redo_moves(self) -> list[str]:
        """The moves redo would replay, next one first."""
        return [m for group in self.redo for m in group]


@dataclass(frozen=True)
class Action:
    """One stored player action: its number (from 1), its moves, the moves up to it, its position."""

    seq: int
    moves: tuple[str, ...]
    move_total: int
    position: str | None


@dataclass(frozen=True)
class DealResult:
    """One played deal as the statistics see it (``won`` is None while it is being played)."""

    started_at: float
    finished_at: float | None
    won: bool | None
    score: int
    seconds: float
    moves: int
    used_hints: bool
    used_undo: bool


@dataclass(frozen=True)
class PlayedDeal:
    """A played deal with what names it (its game's id, the game, the deal or deck) and its result."""

    id: str
    game: str
    deal: int | None
    deck: str | None
    result: DealResult


@dataclass(frozen=True)
class Statistics:
    """A player's statistics for one game.

    Every figure and the history come from one set of games, the *played*
    deals: every deal with at least one move, won, lost or still being
    played. A deal being played counts as not won until it is won (its
    score so far counts in the average); restarting, abandoning or deleting
    it makes it lost. The records (best time, fewest moves) come from the wins
    played without hints: a hint or "Show me how" makes a win one with hints.
    """

    played: int
    won: int
    current_streak: int
    best_streak: int
    best_time_seconds: float | None
    fewest_moves: int | None
    average_score: float | None
    wins_with_hints: int
    wins_with_undo: int
    #: The played deals in the order they were started: every one from :meth:`of`, the latest ones
    #: from :meth:`Store.stats <patience.store.Store.stats>` (which counts the rest in SQL).
    history: tuple[DealResult, ...]
    #: Finished deals (won or lost); None: count them in ``history`` (which then holds every deal).
    finished: int | None = None

    @property
    def win_rate(self) -> float:
        """Won / finished, 0 when nothing is finished: a deal still being played lowers it only once
        it is lost (restarted, abandoned, deleted or stuck), not while it is played."""
        finished = self.finished
        if finished is None:
            finished = sum(1 for r in self.history if r.won is not None)
        return self.won / finished if finished else 0.0

    @classmethod
    def of(cls, results: Sequence[DealResult]) -> Statistics:
        """Summarize results (in any order).

        Streaks follow the order in which deals were started. A deal left
        unfinished breaks the streak once a later deal was started (leaving a
        bad deal for a new one is no way to keep a streak); the latest deal,
        still being played, does not count yet.

        >>> r = lambda won, t: DealResult(t, t, won, 52 if won else 10, 60.0 * t, 100 + t, False, t == 3)
        >>> s = Statistics.of([r(True, 1), r(False, 2), r(True, 3), r(True, 4)])
        >>> s.played, s.won, s.current_streak, s.best_streak, s.wins_with_undo, s.fewest_moves
        (4, 3, 2, 2, 1, 101)
        >>> Statistics.of([r(True, 1), r(None, 2), r(True, 3)]).current_streak
        1
        """
        by_start = sorted(results, key=lambda r: r.started_at)
        wins = [r for r in by_start if r.won]
        own = [r for r in wins if not r.used_hints]  # records are the player's own: no hint, no Show me how
        streak = best = 0
        for index, r in enumerate(by_start):
            if r.won is None and index == len(by_start) - 1:
                break
            streak = streak + 1 if r.won else 0
            best = max(best, streak)
        return cls(
            played=len(results),
            won=len(wins),
            current_streak=streak,
            best_streak=best,
            best_time_seconds=min((r.seconds for r in own), default=None),
            fewest_moves=min((r.moves for r in own), default=None),
            average_score=sum(r.score for r in by_start) / len(by_start) if by_start else None,
            wins_with_hints=sum(1 for r in wins if r.used_hints),
            wins_with_undo=sum(1 for r in wins if r.used_undo),
            history=tuple(by_start),
            finished=sum(1 for r in by_start if r.won is not None),
        )


class TooManyResults(ValueError):
    """Adding played deals would take a player's statistics past ``limit`` (nothing was added)."""

    def __init__(self, kept: int, adding: int, limit: int) -> None:
        super().__init__(f"{kept} played deals kept and {adding} to add: more than {limit}")
        self.kept, self.adding, self.limit = kept, adding, limit

    def __reduce__(self) -> tuple[type[TooManyResults], tuple[int, int, int]]:
        return type(self), (self.kept, self.adding, self.limit)


def new_game_id() -> str:
    """A fresh random game id such as ``g_3f9c0a1b2d4e5f60718293a4``."""
    return "g_" + secrets.token_hex(12)
