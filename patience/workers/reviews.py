"""Reviews for the web app, computed in a worker process with a time budget, one at a time.

A review runs several solves (about log₂ of the number of moves), so it
never runs in the server's event loop or threads: :class:`Reviewer` sends it
to its own worker process and the route awaits it without holding a thread.
At most :data:`MAX_WAITING` requests wait at once; more find the pool busy
(:class:`~patience.workers.pool.WorkersBusyError`) and are answered 503.

A review is handed to the worker only when the worker is free, so the time
it waits behind other reviews never counts against its budget: the budget
(plus :data:`GRACE_SECONDS`) is timed from when it starts. Answers are kept
by game and version, so asking again answers at once; an answer cut short by
the worker (late, or gone) is never kept: asking again runs the review again.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from typing import Any, Final, TypeVar

from patience.cache import BoundedCache
from patience.rules import get_game
from patience.solver.result import Status
from patience.workers.pool import Slots, WorkerPool, WorkersBusyError, process_pool

log = logging.getLogger(__name__)
T = TypeVar("T")

KNOWN_REVIEWS: Final = 256
MAX_WAITING: Final = 4
GRACE_SECONDS: Final = 15.0  # beyond the budget: the first review starts the worker process
#: How often a review waiting for the worker looks whether it is free (seconds).
WAIT_STEP_SECONDS: Final = 0.05

ReviewJob = Callable[[str, "int | str", list[str], float], dict[str, Any]]


def review_job(slug: str, deal: int | str, moves: list[str], budget: float) -> dict[str, Any]:
    """In a worker process: ``patience review``'s object for a game."""
    from patience.review import review

    return review(get_game(slug), deal, moves, max_seconds=budget).as_json()


def default_executor() -> Executor:
    """One warm worker process for reviews."""
    return process_pool(1)


class Reviewer:
    """Runs reviews in one worker process (started on first use) and remembers the answers.

    ``job`` and ``executor`` are the review and where it runs (tests pass
    quick fakes); ``grace`` is the time allowed beyond the budget.
    """

    def __init__(self, budget: float = 20.0, *, job: ReviewJob = review_job,
                 executor: Callable[[], Executor] = default_executor,
                 grace: float = GRACE_SECONDS) -> None:
        self.budget = budget
        self.grace = grace
        self._job = job
        self._lock = threading.Lock()
        self._pool = WorkerPool(executor)
        self._known: BoundedCache[tuple[str, int], dict[str, Any]] = BoundedCache(KNOWN_REVIEWS)
        self._places = Slots(workers=1, queue=MAX_WAITING - 1)
        self._running = False

    def known(self, game_id: str, version: int) -> dict[str, Any] | None:
        """The kept review of a game at a version, if any."""
        return self._known.get((game_id, version))

    async def review(self, game_id: str, version: int, slug: str, deal: int | str,
                     moves: list[str]) -> dict[str, Any]:
        """The review of a game at a version, awaited without holding a thread."""
        kept = self.known(game_id, version)
        if kept is not None:
            return kept
        fallback = {"game": slug, "moves": len(moves), "lost_at": None, "better": None,
                    "status": Status.UNKNOWN.value, "line": []}
        answer, whole = await self.in_worker(fallback, self._job, slug, deal, moves, self.budget)
        if whole:
            self._known.put((game_id, version), answer)
        return answer

    async def in_worker(self, fallback: T, job: Callable[..., T], *args: Any) -> tuple[T, bool]:
        """Run ``job(*args)`` in the review worker, one job at a time, within the budget and grace.

        Raises :class:`WorkersBusyError` when every place, running and waiting, is taken. Returns the
        job's answer and True, or ``fallback`` and False when the worker was late or gone.
        """
        if not self._places.take():
            raise WorkersBusyError
        try:
            while not self._take_worker():
                await asyncio.sleep(WAIT_STEP_SECONDS)
            try:
                return await self._run(fallback, job, *args)
            finally:
                with self._lock:
                    self._running = False
        finally:
            self._places.release()

    def _take_worker(self) -> bool:
        with self._lock:
            if self._running:
                return False
            self._running = True
            return True

    async def _run(self, fallback: T, job: Callable[..., T], *args: Any) -> tuple[T, bool]:
        """The answer, and whether it is the worker's whole answer (False: cut short)."""
        try:
            future = self._pool.submit(job, *args)
            return await asyncio.wait_for(asyncio.wrap_future(future), self.budget + self.grace), True
        except (TimeoutError, BrokenExecutor, RuntimeError) as exc:
            log.warning("review worker unavailable (%r)", exc)
            self.shutdown()  # a stuck or dead worker: the next review starts a fresh one
            return fallback, False

    def shutdown(self) -> None:
        """Stop the worker process (a running review is dropped)."""
        self._pool.discard()
