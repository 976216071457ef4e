"""Fair reviews for the web app: done piece by piece in the review worker while a page asks.

A fair review (:mod:`patience.fair_review`) solves a few completions at every
decision of a game: often more than one review budget of work. So
:class:`FairReviews` runs it in pieces, each in the review worker
(:meth:`patience.workers.reviews.Reviewer.submit`: one job at a time, the
same budget, grace and busy rule as the exact review; the piece's end is a
callback, so nothing waits for it) and each stopping after
the budget; the next piece goes on where the last stopped, with what it
carried, so the answer is the one an unbroken run gives. A piece starts only
when a page asks (``GET …/review?fair=1``) and none is running for the game;
a piece refused as busy, or cut short by a late or lost worker, is owed and
starts again on the next question (three failures in a row end the tries).
Progress is kept by game and version (at most :data:`KEPT`).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from patience.cache import BoundedCache
from patience.fair import Budget
from patience.fair_review import REVIEW_NODES, REVIEW_SAMPLES, Decision, FairReview, FairReviewRun, Known
from patience.rules import get_game
from patience.workers.answers import ReviewPieceAnswer
from patience.workers.jobs import ReviewPieceSpec
from patience.workers.pool import Lane, WorkersBusyError
from patience.workers.reviews import Reviewer

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Completions sampled at each decision by the server (as ``patience review --fair``).
SERVER_SAMPLES: Final = REVIEW_SAMPLES
#: Positions per completion's solve on the server (a node budget: the same answer everywhere).
SERVER_NODES: Final = REVIEW_NODES
#: Fair reviews whose progress is kept, by game and version.
KEPT: Final = 256
#: Failed pieces in a row after which a review stops trying.
MAX_FAILURES: Final = 3

def fair_review_piece(spec: ReviewPieceSpec) -> ReviewPieceAnswer:
    """In a worker process: a fair review goes on for ``spec.seconds`` from where the last piece stopped."""
    run = FairReviewRun(get_game(spec.slug), spec.deal, list(spec.moves), samples=spec.samples,
                        seed=spec.seed, budget=Budget(max_nodes=spec.max_nodes), start=spec.start,
                        decisions=spec.decisions, carried=spec.carried)
    done = run.run(time.monotonic() + spec.seconds)
    return ReviewPieceAnswer(*run.progress(), done)


@dataclass
class _Work:
    slug: str
    deal: int | str
    moves: list[str]
    seed: int
    start: int = 0
    decisions: tuple[Decision, ...] = ()
    carried: Known = field(default_factory=dict)
    done: bool = False
    running: bool = False
    failures: int = 0


@dataclass(frozen=True)
class FairProgress:
    """A fair review so far: ``looked_at`` of the game's moves; ``review`` holds what is known."""

    review: FairReview
    looked_at: int
    done: bool
    failed: bool

    @property
    def pending(self) -> bool:
        """More is coming: ask again."""
        return not self.done and not self.failed


class FairReviews:
    """Grows fair reviews in the review worker, a piece per question; thread-safe."""

    def __init__(self, reviewer: Reviewer, *, samples: int = SERVER_SAMPLES,
                 max_nodes: int = SERVER_NODES) -> None:
        self.reviewer = reviewer
        self.samples = samples
        self.max_nodes = max_nodes
        self._lock = threading.Lock()
        self._work: BoundedCache[tuple[str, int], _Work] = BoundedCache(KEPT)
        self._pieces: set[Future[tuple[ReviewPieceAnswer, bool]]] = set()

    def poll(self, game_id: str, version: int, slug: str, deal: int | str, moves: list[str],
             seed: int) -> FairProgress:
        """A page asks: the review so far; the next piece starts in the background if none runs."""
        key = (game_id, version)
        with self._lock:
            work = self._work.setdefault(key, lambda: _Work(slug, deal, list(moves), seed))
            start = not work.done and not work.running and work.failures < MAX_FAILURES
            if start:
                work.running = True
            progress = self._progress(work)
        if start:  # the piece outlives the question: its end is a callback
            self._start_piece(work)
        return progress

    def _progress(self, work: _Work) -> FairProgress:
        review = FairReview(work.slug, len(work.moves), self.samples, work.seed, self.max_nodes,
                            work.decisions)
        return FairProgress(review, work.start, work.done, work.failures >= MAX_FAILURES)

    def _start_piece(self, work: _Work) -> None:
        with self._lock:
            spec = ReviewPieceSpec(work.slug, work.deal, tuple(work.moves), self.samples, work.seed,
                                   self.max_nodes, self.reviewer.budget, work.start, work.decisions,
                                   work.carried)
        fallback = ReviewPieceAnswer(spec.start, spec.decisions, spec.carried, False)
        try:
            future = self.reviewer.submit(fallback, fair_review_piece, spec)
        except WorkersBusyError:  # owed: the next question starts it again
            with self._lock:
                work.running = False
            return
        with self._lock:
            self._pieces.add(future)
        future.add_done_callback(lambda done: self._piece_done(work, done))

    def _piece_done(self, work: _Work, future: Future[tuple[ReviewPieceAnswer, bool]]) -> None:
        whole: bool | None
        if future.cancelled():
            whole = None  # the lane was stopped: owed
        elif future.exception() is not None:  # a bad game reaches no page: the review stops trying
            log.error("fair review piece failed: %r", future.exception())
            whole = False
        else:
            piece, whole = future.result()
        with self._lock:
            self._pieces.discard(future)
            work.running = False
            if whole:
                work.start, work.decisions, work.carried, work.done = (piece.start, piece.decisions,
                                                                        piece.carried, piece.done)
                work.failures = 0
            elif whole is False:
                work.failures += 1

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the pieces running now (for tests)."""
        with self._lock:
            pieces = list(self._pieces)
        wait(pieces, timeout)


#: What the kept answers hold for a key never made.
_MISSING: Final = object()
#: Answers the review route keeps, by game, version and progress (boards and words made once).
KEPT_ANSWERS: Final = 64
#: Answers waiting to be made beside the one being made; more are refused as busy (503).
ANSWER_QUEUE: Final = 4


class ReviewAnswers:
    """The review route's answers, made in one thread of their own and kept by key; thread-safe.

    Replaying a game, drawing the boards of a winning line and encoding them (about a megabyte of JSON)
    is Python work: it runs here, never in the event loop nor in the threads that answer moves, one
    answer at a time with at most :data:`ANSWER_QUEUE` waiting (more: :class:`WorkersBusyError`), and
    the same key (a game, its version and how far its fair review got) is answered from what was kept.

    >>> answers = ReviewAnswers()
    >>> asyncio.run(answers.get(("g", 1), pow, 2, 10)), asyncio.run(answers.get(("g", 1), pow, 3, 10))
    (1024, 1024)
    >>> answers.shutdown()
    """

    def __init__(self, *, queue: int = ANSWER_QUEUE, kept: int = KEPT_ANSWERS) -> None:
        self._lane = Lane("review-answers", queue=queue)
        self._kept: BoundedCache[Hashable, Any] = BoundedCache(kept)

    async def get(self, key: Hashable, make: Callable[..., T], *args: Any) -> T:
        """The kept answer of ``key``, or ``make(*args)`` made in the answers' thread and kept."""
        kept: Any = self._kept.get(key, _MISSING)
        if kept is not _MISSING:
            answer: T = kept
            return answer
        context = contextvars.copy_context()  # the request's language
        answer = await asyncio.wrap_future(self._lane.submit(context.run, make, *args))
        self._kept.put(key, answer)
        return answer

    def shutdown(self) -> None:
        """Stop the answers' thread."""
        self._lane.shutdown()
