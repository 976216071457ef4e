"""The dot's background searches: one position per game, a growing budget, bounded work.

For each game the page asks about, :class:`Scheduler` keeps a *watch*
(:mod:`patience.workers.watch`, as the fair odds do) on the
game's newest position and runs searches on it with growing budgets (see
:func:`escalation`: 2 s, 10 s, 60 s, 300 s by default, up to the limit)
until one decides, the game moves on, or no page has asked for a while.

Bounds:

- at most one job per game, for its newest position: when the game moves
  on, its waiting job is dropped and its running search is stopped;
- a watch nobody polled for ``poll_timeout`` seconds is dropped (its search stopped);
- at most ``workers`` searches run at once; escalated searches (beyond the
  first budget) use at most ``workers - 1`` of them (one when ``workers`` is 1)
  and give way to a first search waiting for a worker;
- at most ``max_waiting`` jobs wait; beyond that the newest of the least
  urgent is dropped: its game still answers ``pending`` and its job asks
  for a place again when its page next asks. ``unknown`` is only said once
  every budget has been searched in full.

Which job runs next: first searches before escalated ones; among first
searches, games that have never had an answer before games that have (so a
fresh game answers within about its budget, whatever the load); then the
one waiting longest (a position the player has kept for a while, not one
that will be gone by the time the answer comes).

Nothing here runs a solver or reads a clock of its own: a *runner* starts
jobs and reports them done, a *clock* tells the time, so the logic is tested
with fakes of both (``tests/workers/test_scheduler.py``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from patience.cache import BoundedCache
from patience.rules import State
from patience.solver.result import Status
from patience.workers.answers import SearchAnswer
from patience.workers.jobs import SearchSpec
from patience.workers.knowledge import Point
from patience.workers.watch import Handle, Watch, Watches, running_handles

PENDING: Final = Status.PENDING
UNKNOWN: Final = Status.UNKNOWN
DECIDED: Final = (Status.WINNABLE, Status.LOST)
#: Each budget is this many times the one before, in turn (2 s, 10 s, 60 s, 300 s, 1800 s...).
GROWTH: Final = (5.0, 6.0)

#: Default longest search for the dot (seconds): 2, 10, 60, then 300.
WINNABLE_LIMIT: Final = 300.0

#: Games remembered as having had an answer (their next jobs are less urgent than a fresh game's).
ANSWERED_GAMES: Final = 10_000

def default_workers() -> int:
    """Solver searches at once by default: one per CPU."""
    return max(1, os.cpu_count() or 1)


def escalation(first: float, limit: float) -> tuple[float, ...]:
    """The budgets tried in turn, from ``first`` up to ``limit`` (the last is ``limit`` itself).

    >>> escalation(2, 300)
    (2.0, 10.0, 60.0, 300.0)
    >>> escalation(2, 100)
    (2.0, 10.0, 60.0, 100.0)
    >>> escalation(5, 1)
    (1.0,)
    """
    first, limit = float(first), float(limit)
    if limit <= first:
        return (limit,)
    budgets: list[float] = [first]
    step = 0
    while budgets[-1] < limit:
        following = budgets[-1] * GROWTH[step % len(GROWTH)]
        step += 1
        budgets.append(following if following < limit else limit)
    return tuple(budgets)


@dataclass(frozen=True)
class SearchJob:
    """One search: a game's position and the budget for it (``step`` counts the escalations)."""

    game_id: str
    slug: str
    state: State
    point: Point | None
    budget: float
    step: int

    @property
    def spec(self) -> SearchSpec:
        """What the worker needs of it."""
        return SearchSpec(self.slug, self.state, self.budget)


#: The runner's report that a job ended: its answer, or None when it was cancelled or failed.
Done = Callable[[SearchJob, "SearchAnswer | None"], None]
#: Starts a job; must later call ``done(job, outcome)`` exactly once, with None when it was
#: cancelled or failed, once its worker is free again.
Runner = Callable[[SearchJob, Callable[[SearchJob, "SearchAnswer | None"], None]], Handle]
#: Called with each decided outcome (before the watch is let go).
OnResult = Callable[[SearchJob, SearchAnswer], None]


@dataclass(frozen=True)
class Progress:
    """What the scheduler can say about a position not yet decided.

    ``status`` is ``pending`` (a search is running, waiting or owed) or ``unknown``
    (every budget was searched in full); ``searched`` is the
    longest budget that ran out, ``budget`` the one being tried (0 when none).
    """

    status: str
    searched: float
    budget: float


@dataclass(eq=False, kw_only=True)
class _SearchWatch(Watch[tuple[str, State], float]):
    """A game's position (``subject``: slug and state) searched with the budgets in turn (``steps``)."""

    job: SearchJob  # the next (or running) search
    searched: float = 0.0
    waiting_since: float | None = None
    finished: bool = False  # every budget ran out
    started: float = 0.0  # when its search started
    yielding: bool = False  # asked to stop for a fresh game; searched again afterwards


class Scheduler:
    """Keeps searching each game's newest position, within the bounds above; thread-safe."""

    def __init__(self, runner: Runner, *, budgets: Sequence[float], workers: int,
                 on_result: OnResult, clock: Callable[[], float], max_waiting: int = 64,
                 poll_timeout: float = 20.0) -> None:
        if workers < 1 or not budgets:
            raise ValueError("a scheduler needs a worker and a budget")
        self.runner = runner
        self.budgets = tuple(budgets)
        self.workers = workers
        self.escalated_workers = max(1, workers - 1)
        self.on_result = on_result
        self.clock = clock
        self.max_waiting = max_waiting
        self.poll_timeout = poll_timeout
        self._lock = threading.Lock()
        self._watches: Watches[_SearchWatch] = Watches(poll_timeout)
        self._running: list[_SearchWatch] = []
        self._answered: BoundedCache[str, None] = BoundedCache(ANSWERED_GAMES)  # games that had an answer
        self._stopped = False

    @property
    def limit(self) -> float:
        """The longest budget: a position still open after it is answered ``unknown``."""
        return self.budgets[-1]

    # --- asking ------------------------------------------------------------------------------
    def poll(self, game_id: str, slug: str, state: State, point: Point | None = None) -> Progress:
        """A page asks about this game's position (not yet known to be decided): start or go on searching."""
        now = self.clock()
        with self._lock:
            watch, gone = self._watches.ask(
                game_id, (slug, state), now,
                lambda: _SearchWatch((slug, state), self.budgets, now,
                                     job=SearchJob(game_id, slug, state, point, self.budgets[0], 0)))
            if not (watch.running or watch.waiting_since is not None or watch.finished):
                self._enqueue(watch, now)  # new, let rest while nobody asked, or dropped: a search is owed
            progress = self._progress(watch)
        self._sweep_and_pump(self._let_go(gone))
        return progress

    def _progress(self, watch: _SearchWatch) -> Progress:
        if watch.finished:
            return Progress(UNKNOWN, watch.searched, 0.0)
        return Progress(PENDING, watch.searched, watch.job.budget)

    def _urgency(self, watch: _SearchWatch) -> tuple[bool, bool, float]:
        """Sorts the waiting jobs, most urgent first."""
        return (watch.job.step > 0, watch.job.game_id in self._answered, watch.waiting_since or 0.0)

    def _enqueue(self, watch: _SearchWatch, now: float) -> None:
        watch.waiting_since = now
        waiting = [w for w in self._watches if w.waiting_since is not None]
        if len(waiting) > self.max_waiting:
            least = max(waiting, key=lambda w: (w.job.step > 0, w.job.game_id in self._answered,
                                                w.waiting_since or 0.0))
            least.waiting_since = None  # still owed: it asks for a place again on its page's next poll
            self._mark_answered(least.job.game_id)

    def _mark_answered(self, game_id: str) -> None:
        self._answered.put(game_id, None)

    @staticmethod
    def _let_go(gone: list[_SearchWatch]) -> list[Handle]:
        """The watches let go wait no more; the handles of their running searches, to stop."""
        for watch in gone:
            watch.waiting_since = None
        return running_handles(gone)

    # --- running -----------------------------------------------------------------------------
    def sweep(self) -> None:
        """Let go of watches no page asked about lately (stopping their searches), then start jobs."""
        self._sweep_and_pump([])

    def _sweep_and_pump(self, cancel: list[Handle]) -> None:
        now = self.clock()
        starts: list[_SearchWatch] = []
        with self._lock:
            cancel += self._let_go(self._watches.expire(now))
            starts = self._choose(cancel)
        for handle in cancel:
            handle.cancel()
        for watch in starts:
            handle = self.runner(watch.job, self._done)
            with self._lock:
                late = watch.running and watch.gone  # let go while it was being started
                if watch.running:
                    watch.handle = handle
            if late:
                handle.cancel()

    def _choose(self, cancel: list[Handle]) -> list[_SearchWatch]:
        """Jobs to start now (marked running), under the lock; may ask an escalated search to give way."""
        starts: list[_SearchWatch] = []
        if self._stopped:
            return starts
        while True:
            waiting = [w for w in self._watches if w.waiting_since is not None]
            if not waiting:
                return starts
            first = [w for w in waiting if w.job.step == 0]
            escalated_running = sum(1 for w in self._running if w.job.step > 0)
            if len(self._running) >= self.workers:
                yielding = sum(1 for w in self._running if w.yielding)
                if len(first) > yielding and escalated_running > yielding:
                    newest = max((w for w in self._running if w.job.step > 0 and not w.yielding),
                                 key=lambda w: w.started, default=None)
                    if newest is not None and newest.handle is not None:
                        newest.yielding = True  # the least work lost
                        cancel.append(newest.handle)
                return starts
            if first:
                chosen = min(first, key=self._urgency)
            elif escalated_running < self.escalated_workers:
                chosen = min(waiting, key=lambda w: (w.job.step, w.waiting_since or 0.0))
            else:
                return starts
            chosen.waiting_since = None
            chosen.running = True
            chosen.started = self.clock()
            chosen.yielding = False
            self._running.append(chosen)
            starts.append(chosen)

    def _done(self, job: SearchJob, outcome: SearchAnswer | None) -> None:
        """The runner's report: learn a decided answer, escalate an open one, free the worker."""
        if outcome is not None and outcome.status in DECIDED:
            self.on_result(job, outcome)
        now = self.clock()
        with self._lock:
            if outcome is not None:
                self._mark_answered(job.game_id)
            watch = next((w for w in self._running if w.job is job), None)
            if watch is not None:
                self._running.remove(watch)
                watch.running = False
                watch.handle = None
            current = self._watches.get(job.game_id)
            if watch is not None and current is watch:
                if outcome is not None and outcome.status in DECIDED:
                    self._watches.drop(job.game_id)  # the knowledge answers from now on
                elif watch.yielding or outcome is None:
                    # Stopped to let a first search go, or failed: the same budget again, and no
                    # seconds counted as searched (a failed one only when its page asked since).
                    retry = watch.yielding or watch.last_poll >= watch.started
                    watch.yielding = False
                    if retry:
                        self._enqueue(watch, now)
                else:
                    watch.searched = max(watch.searched, job.budget)
                    watch.escalate()
                    if watch.more:
                        watch.job = SearchJob(job.game_id, job.slug, job.state, job.point, watch.target,
                                              watch.step)
                        if now - watch.last_poll <= self.poll_timeout:
                            self._enqueue(watch, now)
                    else:
                        watch.finished = True
        self._sweep_and_pump([])

    # --- looking -------------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        """How many games are watched, jobs wait and searches run (for tests and benchmarks)."""
        with self._lock:
            return {"watched": len(self._watches), "running": len(self._running),
                    "waiting": sum(1 for w in self._watches if w.waiting_since is not None)}

    def stop(self) -> None:
        """Let go of every watch and stop every search; no search starts afterwards."""
        with self._lock:
            self._stopped = True
            handles = [w.handle for w in self._running if w.handle is not None]
            self._let_go(self._watches.clear())
        for handle in handles:
            handle.cancel()
