"""Hints and "can this still be won?", computed away from the web server's threads.

The solver is CPU-bound Python, so it runs in worker processes, never in
the event loop or the request threads: play stays fast while it thinks.

- **The dot** (``winnability``): what is already known answers at once (see
  :mod:`patience.workers.knowledge`: positions decided before, every position of
  a known winning line, every position after a lost one); otherwise
  :mod:`patience.workers.scheduler` keeps searching the game's newest position
  with a growing budget (``winnable_budget``, x5, x6 ... up to
  ``winnable_limit``) while a page keeps asking. First searches run in a pool
  of warm worker processes; longer ones each in a process of their own, so
  a search nobody waits for any more is stopped at once.
- **Hints** have their own worker pool and their own bounded queue: at most
  ``hint_workers + hint_queue`` hints are in the solver at once; beyond that,
  or when the worker does not answer in time, the hint is the heuristic
  move, answered at once and marked ``busy``. A hint is awaited
  asynchronously (no thread of the server waits), so no other request ever
  waits behind one.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Final, ParamSpec, TypeVar

from patience.analysis.hints import known_hint
from patience.i18n import _, language
from patience.observation import Observation
from patience.rules import Game, Move, State, get_game
from patience.solver.result import Status
from patience.workers.answers import FairHintAnswer, HintAnswer, SearchAnswer
from patience.workers.jobs import FairHintSpec, HintSpec, SearchSpec
from patience.workers.knowledge import LOST, WINNABLE, Knowledge, Point
from patience.workers.odds import fair_hint_job, quick_fair_hint
from patience.workers.pool import POLL_TIMEOUT, Slots, WorkerPool, process_pool, worker_setup
from patience.workers.pool import context as pool_context
from patience.workers.progress import ProgressBoard, ProgressEntry
from patience.workers.scheduler import (
    WINNABLE_LIMIT,
    Done,
    Scheduler,
    SearchJob,
    default_workers,
    escalation,
)

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger(__name__)

#: Extra seconds a hint may take beyond its budget before the heuristic answers instead.
HINT_GRACE_SECONDS: Final = 5.0
SWEEP_SECONDS: Final = 1.0
#: Seconds a fair hint may take before the heuristic answers instead.
FAIR_HINT_SECONDS: Final = 60.0
#: Hints that may wait for a hint worker; more than that are answered by the heuristic at once.
HINT_QUEUE: Final = 8
#: Winnability jobs that may wait for a worker; beyond it the newest of the least urgent is dropped
#: (its game answers ``pending`` and asks again on its next poll).
WINNABLE_QUEUE: Final = 64


def search_job(spec: SearchSpec) -> SearchAnswer:
    """In a worker process: the status of a position and, when winnable, the winning line."""
    from patience.analysis.hints import decide

    return SearchAnswer(*decide(get_game(spec.slug), spec.state, spec.budget))


def hint_job(spec: HintSpec) -> HintAnswer:
    """In a worker process: the hint for a position, its texts in ``spec.lang``."""
    from patience.analysis.hints import hint

    with language(spec.lang):
        found = hint(get_game(spec.slug), spec.state, budget=spec.budget,
                     last=None if spec.last is None else Move.parse(spec.last))
        return HintAnswer.of(found)


def _ready() -> bool:
    return True


def _search_in_process(conn: Connection, server_pid: int, spec: SearchSpec) -> None:
    """The body of a process of its own: one search, its outcome sent back."""
    worker_setup(server_pid)
    try:
        conn.send(search_job(spec))
    finally:
        conn.close()


class _PoolJob:
    """A first search in the warm pool (it cannot be stopped once running; its budget is short)."""

    def __init__(self, future: Future[SearchAnswer]) -> None:
        self.future = future

    def cancel(self) -> None:
        self.future.cancel()


class _ProcessJob:
    """An escalated search in a process of its own, stopped by killing the process."""

    def __init__(self, job: SearchJob, done: Done) -> None:
        context = pool_context()
        receive, send = context.Pipe(duplex=False)
        self.process = context.Process(target=_search_in_process, daemon=True, name="patience-search",
                                       args=(send, os.getpid(), job.spec))
        self.process.start()
        send.close()
        threading.Thread(target=self._wait, args=(receive, job, done), daemon=True).start()

    def _wait(self, receive: Connection, job: SearchJob, done: Done) -> None:
        outcome: SearchAnswer | None
        try:
            outcome = receive.recv()
        except (EOFError, OSError):
            outcome = None
        receive.close()
        self.process.join()
        done(job, outcome)

    def cancel(self) -> None:
        if self.process.is_alive():
            self.process.kill()


@dataclass(frozen=True)
class Verdict:
    """The dot's answer: ``status`` with the seconds searched so far and the budget being tried."""

    status: str
    searched: float = 0.0
    budget: float = 0.0
    limit: float = 0.0


class Analyzer:
    """The dot's searches and the hints, in background worker processes."""

    def __init__(self, winnable_budget: float = 2.0, hint_budget: float = 1.0, *,
                 winnable_limit: float = WINNABLE_LIMIT, workers: int | None = None,
                 hint_workers: int | None = None, hint_queue: int = HINT_QUEUE,
                 winnable_queue: int = WINNABLE_QUEUE, poll_timeout: float = POLL_TIMEOUT) -> None:
        self.winnable_budget = winnable_budget
        self.hint_budget = hint_budget
        self.workers = workers if workers is not None else default_workers()
        self.hint_workers = hint_workers if hint_workers is not None else max(1, self.workers // 2)
        self.hint_queue = hint_queue
        self.fair_hint_seconds = FAIR_HINT_SECONDS
        self.knowledge = Knowledge()
        self.scheduler = Scheduler(self._run, budgets=escalation(winnable_budget, winnable_limit),
                                   workers=self.workers, on_result=self._learn, clock=time.monotonic,
                                   max_waiting=winnable_queue, poll_timeout=poll_timeout)
        self._lock = threading.Lock()
        self.progress = ProgressBoard()  # how far each fair hint has got
        #: The dot's first searches and the hints, each in warm worker processes of their own.
        self.pools = {"winnable": WorkerPool(lambda: process_pool(self.workers)),
                      "hint": WorkerPool(lambda: process_pool(self.hint_workers, self.progress.queue()))}
        self._hint_slots = Slots(self.hint_workers, hint_queue)
        self._stopped = threading.Event()
        self._sweeper: threading.Thread | None = None

    # --- worker processes ----------------------------------------------------------------------
    def _submit(self, name: str, job: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        """Submit to a pool, starting a new one if a worker died."""
        return self.pools[name].submit(job, *args, **kwargs)

    def _run(self, job: SearchJob, done: Done) -> _PoolJob | _ProcessJob:
        """The scheduler's runner: first searches in the warm pool, longer ones in their own process."""
        if job.step > 0:
            return _ProcessJob(job, done)
        future: Future[SearchAnswer] = self._submit("winnable", search_job, job.spec)

        def finished(future: Future[SearchAnswer]) -> None:
            outcome: SearchAnswer | None = None
            if not future.cancelled():
                error = future.exception()
                if error is None:
                    outcome = future.result()
                else:
                    log.warning("winnability search failed: %r", error)
                    self.pools["winnable"].failed(error)
            done(job, outcome)

        future.add_done_callback(finished)
        return _PoolJob(future)

    def _learn(self, job: SearchJob, outcome: SearchAnswer) -> None:
        self.knowledge.learn(job.slug, job.state, outcome.status, outcome.line, job.point)

    def _start_sweeper(self) -> None:
        with self._lock:
            if self._sweeper is not None or self._stopped.is_set():
                return
            self._sweeper = threading.Thread(target=self._sweep, name="winnable-sweeper", daemon=True)
            self._sweeper.start()

    def _sweep(self) -> None:
        while not self._stopped.wait(SWEEP_SECONDS):
            self.scheduler.sweep()

    # --- the dot -------------------------------------------------------------------------------
    @property
    def winnable_limit(self) -> float:
        """The longest search for one position (seconds)."""
        return self.scheduler.limit

    def winnability(self, game_id: str, slug: str, state: State, point: Point | None = None) -> Verdict:
        """The known answer for this position, else ``pending`` (searching) or ``unknown`` (gave up)."""
        limit = self.scheduler.limit
        known = self.knowledge.lookup(slug, state, point)
        if known is not None:
            if known.status == LOST:
                self.knowledge.learn(slug, state, LOST, point=point)
            return Verdict(known.status, limit=limit)
        self._start_sweeper()
        progress = self.scheduler.poll(game_id, slug, state, point)
        return Verdict(progress.status, progress.searched, progress.budget, limit)

    # --- hints ---------------------------------------------------------------------------------
    async def hint(self, game_id: str, slug: str, state: State, last_move: str | None,
                   lang: str, point: Point | None = None) -> HintAnswer:
        """A hint, awaited without holding a thread: at once from what is known, else from a hint worker.

        Beyond the hint queue, or when the worker is late, the heuristic move answers at once,
        marked ``busy``. Call it inside the request's language context.
        """
        game = get_game(slug)
        last = Move.parse(last_move) if last_move else None
        known = self.knowledge.lookup(slug, state, point)
        if known is not None:
            return HintAnswer.of(known_hint(game, state, known.status, known.line, last))
        if not self._hint_slots.take():
            return self._quick_hint(game, state, last)  # busy: the heuristic answers at once
        try:
            future = self._submit("hint", hint_job, HintSpec(slug, state, self.hint_budget, lang,
                                                             None if last is None else str(last)))
        except Exception:
            self._hint_done()
            raise
        future.add_done_callback(lambda done: self._hint_finished(slug, state, point, done))
        try:
            answer: HintAnswer = await asyncio.wait_for(asyncio.wrap_future(future),
                                                            self.hint_budget + HINT_GRACE_SECONDS)
        except (TimeoutError, BrokenExecutor) as exc:
            future.cancel()
            log.warning("hint worker unavailable (%r); answering with the heuristic", exc)
            return self._quick_hint(game, state, last)
        return answer

    async def fair_hint(self, slug: str, observation: Observation, seed: int, samples: int,
                        max_nodes: int | None, last_move: str | None, lang: str,
                        token: str | None = None) -> FairHintAnswer:
        """The fair hint (:func:`patience.analysis.fair.fair_hint`) from a hint worker, awaited, no thread.

        Same busy rule as :meth:`hint`: beyond the hint queue, or when the worker is late, the
        heuristic's move on a completion of the observation answers at once, marked ``busy``.
        With a ``token``, :meth:`fair_progress` tells how far it has got while it thinks.
        """
        if not self._hint_slots.take():
            return self._quick_fair_hint(slug, observation, seed, last_move)
        if token is not None:
            self.progress.start(token, samples)
        answer: FairHintAnswer | None = None
        try:
            future = self._submit("hint", fair_hint_job,
                                  FairHintSpec(slug, observation, seed, samples, max_nodes, lang, token))
        except Exception:
            self._hint_done()
            if token is not None:
                self.progress.finish(token, None)
            raise
        future.add_done_callback(lambda _done: self._hint_done())
        try:
            found: FairHintAnswer = await asyncio.wait_for(asyncio.wrap_future(future),
                                                           self.fair_hint_seconds)
            answer = found
        except (TimeoutError, BrokenExecutor) as exc:
            future.cancel()
            log.warning("fair hint worker unavailable (%r); answering with the heuristic", exc)
            return self._quick_fair_hint(slug, observation, seed, last_move)
        finally:
            if token is not None:
                self.progress.finish(token, answer)
        return found

    def fair_progress(self, token: str) -> ProgressEntry | None:
        """How far the fair hint asked with ``token`` has got (``None``: none asked)."""
        return self.progress.get(token)

    def _quick_fair_hint(self, slug: str, observation: Observation, seed: int,
                         last_move: str | None) -> FairHintAnswer:
        return quick_fair_hint(slug, observation, seed, last_move).quick(
            _("The solver is busy: this is a quick guess."))

    def _quick_hint(self, game: Game[State], state: State, last: Move | None) -> HintAnswer:
        return HintAnswer.of(known_hint(game, state, Status.UNKNOWN, (), last)).quick(
            _("The solver is busy: this is a quick guess."))

    def _hint_done(self) -> None:
        self._hint_slots.release()

    def _hint_finished(self, slug: str, state: State, point: Point | None,
                       future: Future[HintAnswer]) -> None:
        """In the pool's thread: free the place in the hint queue and learn what the search found."""
        self._hint_done()
        if future.cancelled() or future.exception() is not None:
            self.pools["hint"].failed(None if future.cancelled() else future.exception())
            return
        answer = future.result()
        if answer.status == WINNABLE and answer.line:
            line = tuple(Move.parse(m) for m in answer.line)
            self.knowledge.learn(slug, state, WINNABLE, line)
        elif answer.status == LOST:
            self.knowledge.learn(slug, state, LOST, point=point)

    # --- life ------------------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Start the worker processes now, so the first hint does not wait for them."""
        for name in ("winnable", "hint"):
            self._submit(name, _ready)

    def shutdown(self) -> None:
        """Stop every search and the worker processes, dropping queued work."""
        self._stopped.set()
        self.scheduler.stop()
        for pool in self.pools.values():
            pool.shutdown(wait=True)
        self.progress.close()
