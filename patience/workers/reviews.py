"""Reviews for the web app, computed in a worker process with a time budget, one at a time.

A review runs several solves (about log₂ of the number of moves), so it
never runs in the server's event loop or threads: :class:`Reviewer` sends it
to its own worker process and the route awaits it without holding a thread.
At most :data:`MAX_WAITING` requests wait at once; more find the pool busy
(:class:`~patience.workers.pool.WorkersBusyError`) and are answered 503.

Jobs for the worker (reviews, and the fair reviews' pieces) wait in one
queue, in turn, and one thread of the server (the review *lane*) hands each
to the worker only when the worker is free, so the time a job waits behind
others never counts against its budget: the budget (plus
:data:`GRACE_SECONDS`) is timed from when it starts. A route awaits its job
without holding a thread; a fair review's piece is handed over with a
callback (:meth:`Reviewer.submit`), so no thread or event loop waits for it. Answers are kept
by game and version, so asking again answers at once; an answer cut short by
the worker (late, or gone) is never kept: asking again runs the review again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future
from concurrent.futures import TimeoutError as FutureTimeoutError
from typing import Any, Final, TypeVar

from patience.cache import BoundedCache
from patience.rules import get_game
from patience.workers.answers import ReviewAnswer
from patience.workers.jobs import ReviewSpec
from patience.workers.pool import Lane, WorkerPool, process_pool

log = logging.getLogger(__name__)
T = TypeVar("T")

KNOWN_REVIEWS: Final = 256
MAX_WAITING: Final = 4
GRACE_SECONDS: Final = 15.0  # beyond the budget: the first review starts the worker process

#: Reviews a game in the worker (tests pass quick fakes).
ReviewJob = Callable[[ReviewSpec], ReviewAnswer]


def review_job(spec: ReviewSpec) -> ReviewAnswer:
    """In a worker process: the review of a game (``patience review``'s answer)."""
    from patience.analysis.review import review

    return ReviewAnswer.of(review(get_game(spec.slug), spec.deal, spec.moves, max_seconds=spec.budget))


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
        self._pool = WorkerPool(executor)
        self._known: BoundedCache[tuple[str, int], ReviewAnswer] = BoundedCache(KNOWN_REVIEWS)
        self._lane = Lane("review-lane", queue=MAX_WAITING - 1)

    def known(self, game_id: str, version: int) -> ReviewAnswer | None:
        """The kept review of a game at a version, if any."""
        return self._known.get((game_id, version))

    async def review(self, game_id: str, version: int, slug: str, deal: int | str,
                     moves: list[str]) -> ReviewAnswer:
        """The review of a game at a version, awaited without holding a thread."""
        kept = self.known(game_id, version)
        if kept is not None:
            return kept
        answer, whole = await self.in_worker(ReviewAnswer.undecided(slug, len(moves)), self._job,
                                             ReviewSpec(slug, deal, tuple(moves), self.budget))
        if whole:
            self._known.put((game_id, version), answer)
        return answer

    async def in_worker(self, fallback: T, job: Callable[..., T], *args: Any) -> tuple[T, bool]:
        """Run ``job(*args)`` in the review worker, one job at a time, within the budget and grace.

        Raises :class:`WorkersBusyError` when every place, running and waiting, is taken. Returns the
        job's answer and True, or ``fallback`` and False when the worker was late or gone.
        """
        return await asyncio.wrap_future(self.submit(fallback, job, *args))

    def submit(self, fallback: T, job: Callable[..., T], *args: Any) -> Future[tuple[T, bool]]:
        """:meth:`in_worker` without awaiting: the future of ``(answer, whole)``.

        Raises :class:`WorkersBusyError` at once when every place, running and waiting, is taken; the
        place is given back when the job ends (or is cancelled before it started).
        """
        return self._lane.submit(self._run, fallback, job, *args)

    def _run(self, fallback: T, job: Callable[..., T], *args: Any) -> tuple[T, bool]:
        """In the lane: the answer, and whether it is the worker's whole answer (False: cut short)."""
        try:
            return self._pool.submit(job, *args).result(timeout=self.budget + self.grace), True
        except (FutureTimeoutError, BrokenExecutor, RuntimeError) as exc:
            log.warning("review worker unavailable (%r)", exc)
            self._pool.discard()  # a stuck or dead worker: the next job starts a fresh one
            return fallback, False

    def shutdown(self) -> None:
        """Stop the worker process and the lane (a running review is dropped, waiting ones cancelled)."""
        self._pool.discard()
        self._lane.shutdown()
