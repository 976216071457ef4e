"""Fair reviews for the web app: done piece by piece in the review worker while a page asks.

A fair review (:mod:`patience.analysis.fair_review`) solves a few completions at every
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
Once every decision is looked at, a game that was not won has its fall in
fair odds split into luck and play (:mod:`patience.analysis.fair_luck`, with the
review's own samples, seed and node budget) the same way, piece by piece.
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

from patience.analysis.fair import Budget, Odds
from patience.analysis.fair_luck import Known as LuckKnown
from patience.analysis.fair_luck import LuckOrPlay, LuckOrPlayRun
from patience.analysis.fair_review import (
    REVIEW_NODES,
    REVIEW_SAMPLES,
    Decision,
    FairReview,
    FairReviewRun,
    Known,
)
from patience.cache import BoundedCache
from patience.rules import get_game
from patience.workers.answers import LuckPieceAnswer, ReviewPieceAnswer
from patience.workers.jobs import LuckPieceSpec, ReviewPieceSpec
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


def luck_or_play_piece(spec: LuckPieceSpec) -> LuckPieceAnswer:
    """In a worker process: luck or play goes on for ``spec.seconds`` from where the last piece stopped.

    The answer's ``split`` is there once done, and stays ``None`` for a game that was won.
    """
    game = get_game(spec.slug)
    run = LuckOrPlayRun(game, spec.deal, list(spec.moves), spec.review, spec.start, spec.found, spec.carried)
    if game.is_won(run.states[-1]):
        return LuckPieceAnswer(spec.start, spec.found, {}, True, None)
    if not run.run(time.monotonic() + spec.seconds):
        return LuckPieceAnswer(*run.progress(), False, None)
    start, found, _carried = run.progress()
    return LuckPieceAnswer(start, found, {}, True, run.answer())  # what was solved is needed no more


#: What a piece of a game's fair review answers: of the review itself, or of its luck or play.
PieceAnswer = ReviewPieceAnswer | LuckPieceAnswer


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
    luck_start: int = 0
    luck_found: tuple[Odds, ...] = ()
    luck_carried: LuckKnown = field(default_factory=dict)
    weighed: bool = False
    luck: LuckOrPlay | None = None
    running: bool = False
    failures: int = 0

    def fair_done(self, piece: ReviewPieceAnswer) -> None:
        self.start, self.decisions, self.carried, self.done = (piece.start, piece.decisions, piece.carried,
                                                               piece.done)

    def luck_done(self, piece: LuckPieceAnswer) -> None:
        self.luck_start, self.luck_found, self.luck_carried = piece.start, piece.found, piece.carried
        self.weighed, self.luck = piece.done, piece.split


@dataclass(frozen=True)
class FairProgress:
    """A fair review so far: ``looked_at`` of the game's moves; ``review`` holds what is known.

    ``done``: every decision is looked at; ``weighed``: then luck or play too (``luck``, ``None`` for
    a game that was won).
    """

    review: FairReview
    looked_at: int
    done: bool
    failed: bool
    weighed: bool = False
    luck: LuckOrPlay | None = None

    @property
    def pending(self) -> bool:
        """More is coming: ask again."""
        return not (self.done and self.weighed) and not self.failed


class FairReviews:
    """Grows fair reviews in the review worker, a piece per question; thread-safe."""

    def __init__(self, reviewer: Reviewer, *, samples: int = SERVER_SAMPLES,
                 max_nodes: int = SERVER_NODES) -> None:
        self.reviewer = reviewer
        self.samples = samples
        self.max_nodes = max_nodes
        self._lock = threading.Lock()
        self._work: BoundedCache[tuple[str, int], _Work] = BoundedCache(KEPT)
        self._pieces: set[Future[tuple[PieceAnswer, bool]]] = set()

    def poll(self, game_id: str, version: int, slug: str, deal: int | str, moves: list[str],
             seed: int) -> FairProgress:
        """A page asks: the review so far; the next piece starts in the background if none runs."""
        key = (game_id, version)
        with self._lock:
            work = self._work.setdefault(key, lambda: _Work(slug, deal, list(moves), seed))
            start = not work.weighed and not work.running and work.failures < MAX_FAILURES
            if start:
                work.running = True
            progress = self._progress(work)
        if start:  # the piece outlives the question: its end is a callback
            self._start_piece(work)
        return progress

    def _review(self, work: _Work) -> FairReview:
        return FairReview(work.slug, len(work.moves), self.samples, work.seed, self.max_nodes,
                          work.decisions)

    def _progress(self, work: _Work) -> FairProgress:
        return FairProgress(self._review(work), work.start, work.done, work.failures >= MAX_FAILURES,
                            work.weighed, work.luck)

    def _start_piece(self, work: _Work) -> None:
        """The next piece: of the fair review, or once it is done, of luck or play."""
        job: Callable[..., Any]
        take: Callable[[Any], None]
        spec: ReviewPieceSpec | LuckPieceSpec
        fallback: PieceAnswer
        with self._lock:
            if not work.done:
                job, take = fair_review_piece, work.fair_done
                spec = ReviewPieceSpec(work.slug, work.deal, tuple(work.moves), self.samples, work.seed,
                                       self.max_nodes, self.reviewer.budget, work.start, work.decisions,
                                       work.carried)
                fallback = ReviewPieceAnswer(spec.start, spec.decisions, spec.carried, False)
            else:
                job, take = luck_or_play_piece, work.luck_done
                spec = LuckPieceSpec(work.slug, work.deal, tuple(work.moves), self._review(work),
                                     self.reviewer.budget, work.luck_start, work.luck_found,
                                     work.luck_carried)
                fallback = LuckPieceAnswer(spec.start, spec.found, spec.carried, False, None)
        try:
            future = self.reviewer.submit(fallback, job, spec)
        except WorkersBusyError:  # owed: the next question starts it again
            with self._lock:
                work.running = False
            return
        with self._lock:
            self._pieces.add(future)
        future.add_done_callback(lambda done: self._piece_done(work, done, take))

    def _piece_done(self, work: _Work, future: Future[tuple[PieceAnswer, bool]],
                    take: Callable[[Any], None]) -> None:
        """A piece ended: ``take`` its whole answer into ``work``, or count the failure."""
        whole: bool | None
        if future.cancelled():
            whole = None  # the lane was stopped: owed
        elif future.exception() is not None:  # a bad game reaches no page: the review stops trying
            log.error("fair review piece failed: %r", future.exception())
            whole = False
        else:
            answer, whole = future.result()
        with self._lock:
            self._pieces.discard(future)
            work.running = False
            if whole:
                take(answer)
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
