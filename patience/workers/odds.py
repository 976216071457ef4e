"""Fair odds for the dot, in the background: a growing number of sampled completions per game.

While a page asks about a game (``GET /api/games/{id}/odds``), :class:`OddsKeeper`
keeps a *watch* (:mod:`patience.workers.watch`, as the dot's searches do) on
the game's newest observation and solves more and more
completions of it in worker processes (batches up to :data:`SAMPLE_STEPS`:
8, then 16, 32, ... samples in all, up to ``max_samples``), each completion
within a node budget (``max_nodes``), so the same observation always gets
the same answer. Each answer says the odds so far and whether more are
coming. Bounds, as for the dot's winnability searches:

- at most one batch per game, for its newest observation: when the game
  moves on, the old watch is dropped (a running batch finishes, unread);
- a watch nobody asked about for ``poll_timeout`` seconds is let go;
- at most ``workers`` batches run at once and ``queue`` more wait in the
  pool (the one busy rule, :class:`~patience.workers.pool.Slots`); a batch
  refused as busy stays owed and asks again on its page's next question;
- at most ``max_samples`` completions per observation (one when nothing is
  hidden: then every completion is the position itself).

The samples' seed comes from the observation alone (:func:`seed_of`), so two
games that differ only in the order of cards nobody has seen get the same
samples, the same odds and the same fair hint: nothing hidden is read.

>>> from patience.analysis.fair import observe
>>> from patience.rules import get_game
>>> game = get_game("hamilton")
>>> seed_of(observe(game, 1, [])) == seed_of(observe(game, 1, []))
True
>>> sample_targets(1, 8, 100)
(8, 16, 32, 64, 100)
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Final

from patience.analysis.fair import Budget, Odds, completions
from patience.cache import BoundedCache
from patience.observation import Observation
from patience.rules import get_game
from patience.solver import LOST, WON, solve
from patience.workers.answers import FairHintAnswer, OddsCounts
from patience.workers.jobs import FairHintSpec, OddsSpec
from patience.workers.pool import POLL_TIMEOUT, Slots, WorkerPool, process_pool, report
from patience.workers.watch import Watch, Watches

log = logging.getLogger(__name__)

#: Completions solved first; each later batch doubles the total.
FIRST_SAMPLES: Final = 8
#: The most completions solved for one observation by default.
MAX_SAMPLES: Final = 256
#: Positions searched per completion by default (a node budget: the same answer on every machine).
MAX_NODES: Final = 20_000
#: Observations remembered by game and version (so a poll reads no history).
OBSERVATIONS_KEPT: Final = 1024


def seed_of(observation: Observation) -> int:
    """The samples' seed for an observation: 64 bits of a SHA-256 of what the player sees."""
    digest = hashlib.sha256(repr(observation).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def sample_targets(hidden: int, first: int, most: int) -> tuple[int, ...]:
    """The totals of completions solved in turn: ``first``, doubled each time, up to ``most``.

    >>> sample_targets(0, 8, 256)
    (1,)
    >>> sample_targets(24, 8, 20)
    (8, 16, 20)
    """
    if hidden == 0:
        return (1,)
    targets = [min(first, most)]
    while targets[-1] < most:
        targets.append(min(targets[-1] * 2, most))
    return tuple(targets)


def odds_batch(spec: OddsSpec) -> OddsCounts:
    """In a worker process: how many of completions ``spec.start`` to ``spec.stop - 1`` are won, lost
    and not decided.

    The completions are :func:`patience.analysis.fair.completions`' first ``stop`` for ``seed`` (so the
    batches of one observation together are exactly its first ``stop`` samples).
    """
    game = get_game(spec.slug)
    budget = Budget(max_nodes=spec.max_nodes)
    known: dict[Hashable, str] = {}
    won = lost = 0
    for state in completions(game, spec.observation, spec.stop, spec.seed)[spec.start:]:
        key = state.key()
        if key not in known:
            known[key] = solve(game, state, max_nodes=budget.max_nodes, tidy=False).outcome
        won += known[key] == WON
        lost += known[key] == LOST
    return OddsCounts(won, lost, spec.count - won - lost)


@dataclass(frozen=True)
class OddsAnswer:
    """The odds so far for an observation, and whether more samples are coming."""

    odds: Odds
    more: bool
    hidden: int
    seed: int

    def as_json(self) -> dict[str, int | float | bool]:
        """``{"samples", "won", "lost", "unknown", "low", "high", "more", "hidden", "seed"}``."""
        return {**self.odds.as_json(), "more": self.more, "hidden": self.hidden, "seed": self.seed}


@dataclass(eq=False, kw_only=True)
class _OddsWatch(Watch[Observation, int]):
    """A game's observation (``subject``), its samples solved in batches up to the totals (``steps``)."""

    seed: int
    won: int = 0
    lost: int = 0
    unknown: int = 0
    failures: int = 0

    @property
    def samples(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def more(self) -> bool:
        return super().more and self.failures < 3


#: Submits a batch to a worker: the future of its counts.
Submit = Callable[[OddsSpec], "Future[OddsCounts]"]


class OddsKeeper:
    """Grows each watched game's odds in worker processes, within the bounds above; thread-safe."""

    def __init__(self, *, workers: int = 1, queue: int = 1, first_samples: int = FIRST_SAMPLES,
                 max_samples: int = MAX_SAMPLES, max_nodes: int | None = MAX_NODES,
                 poll_timeout: float = POLL_TIMEOUT, clock: Callable[[], float] = time.monotonic,
                 submit: Submit | None = None) -> None:
        self.workers = workers
        self.first_samples = first_samples
        self.max_samples = max_samples
        self.max_nodes = max_nodes
        self.poll_timeout = poll_timeout
        self.clock = clock
        self._pool = WorkerPool(lambda: process_pool(self.workers))
        self._submit_batch = submit or (lambda spec: self._pool.submit(odds_batch, spec))
        self._slots = Slots(workers, queue)
        self._lock = threading.Lock()
        self._watches: Watches[_OddsWatch] = Watches(poll_timeout)
        self._stopped = False
        self._seen: BoundedCache[tuple[str, int], Observation] = BoundedCache(OBSERVATIONS_KEPT)

    def observation(self, game_id: str, version: int, make: Callable[[], Observation]) -> Observation:
        """The observation of a game's version, made once (``make`` reads the game's moves)."""
        key = (game_id, version)
        seen = self._seen.get(key)
        if seen is None:
            seen = make()
            self._seen.put(key, seen)
        return seen

    # --- asking ------------------------------------------------------------------------------
    def poll(self, game_id: str, slug: str, observation: Observation) -> OddsAnswer:
        """A page asks about this game's observation: the odds so far; more are solved while it asks."""
        now = self.clock()
        with self._lock:
            self._watches.expire(now)  # a batch still running finishes, unread
            watch, _moved_on = self._watches.ask(
                game_id, observation, now,
                lambda: _OddsWatch(observation, sample_targets(observation.hidden_total, self.first_samples,
                                                               self.max_samples), now,
                                   seed=seed_of(observation)))
            start = watch.more and not watch.running and not self._stopped and self._slots.take()
            if start:
                watch.running = True
            answer = self._answer(watch)
        if start:
            self._start(game_id, slug, watch)
        return answer

    def _answer(self, watch: _OddsWatch) -> OddsAnswer:
        return OddsAnswer(Odds(watch.samples, watch.won, watch.lost, watch.unknown), watch.more,
                          watch.subject.hidden_total, watch.seed)

    # --- running -----------------------------------------------------------------------------
    def _start(self, game_id: str, slug: str, watch: _OddsWatch) -> None:
        spec = OddsSpec(slug, watch.subject, watch.seed, watch.samples, watch.target, self.max_nodes)
        try:
            future = self._submit_batch(spec)
        except Exception:
            log.exception("odds batch could not start")
            self._finished(watch, None)
            return
        future.add_done_callback(lambda done: self._finished(watch, done))

    def _finished(self, watch: _OddsWatch, future: Future[OddsCounts] | None) -> None:
        self._slots.release()
        counts = None
        if future is not None and not future.cancelled():
            error = future.exception()
            if error is None:
                counts = future.result()
            else:
                log.warning("odds batch failed: %r", error)
                self._pool.failed(error)
        with self._lock:
            watch.running = False
            if counts is None:
                watch.failures += 1
            else:
                watch.won += counts.won
                watch.lost += counts.lost
                watch.unknown += counts.unknown
                watch.escalate()

    # --- looking -------------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        """How many games are watched and batches run (for tests)."""
        with self._lock:
            return {"watched": len(self._watches),
                    "running": sum(1 for w in self._watches if w.running)}

    def shutdown(self) -> None:
        """Let go of every watch and stop the worker processes; no batch starts afterwards."""
        with self._lock:
            self._stopped = True
            self._watches.clear()
        self._pool.shutdown(wait=True)


#: Completions a fair hint samples on the server, by default.
HINT_SAMPLES: Final = 32


def fair_hint_job(spec: FairHintSpec) -> FairHintAnswer:
    """In a worker process: the fair hint for an observation, as the API answers it, its text in ``lang``.

    It stops early once the best move is clear (:func:`patience.analysis.fair.fair_hint`'s ``early_stop``);
    with a ``token``, its progress after each completion goes to the pool's queue as
    ``(token, FairProgress)``.
    """
    from patience.analysis.fair import FairProgress, fair_hint, fair_hint_text
    from patience.i18n import language

    def told(progress: FairProgress) -> None:
        report((spec.token, progress))

    game, samples = get_game(spec.slug), spec.samples
    with language(spec.lang):
        found = fair_hint(game, spec.observation, samples=samples, seed=spec.seed,
                          budget=Budget(max_nodes=spec.max_nodes), early_stop=True,
                          progress=None if spec.token is None else told)
        # worded on a completion: a move's words name only cards the player sees
        shown = completions(game, spec.observation, 1, spec.seed)[0]
        words = fair_hint_text(game, shown, found, planned=samples)
        return FairHintAnswer(move=None if found.move is None else str(found.move), basis=BASIS_FAIR,
                              status="unknown", explanation=words, won=found.won, samples=found.samples,
                              planned=samples if found.samples else 0)


def quick_fair_hint(slug: str, observation: Observation, seed: int, last: str | None) -> FairHintAnswer:
    """The heuristic move on a completion of the observation (no search, nothing hidden read)."""
    from patience.analysis.hints import known_hint
    from patience.rules import Move

    game = get_game(slug)
    shown = completions(game, observation, 1, seed)[0]
    found = known_hint(game, shown, "unknown", (), None if last is None else Move.parse(last))
    return FairHintAnswer(move=None if found.move is None else str(found.move), basis=str(found.basis),
                          status="unknown", explanation=str(found.explanation))


#: The ``basis`` of a fair hint.
BASIS_FAIR: Final = "fair"
