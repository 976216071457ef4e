"""Reviews for the web app, computed in a worker process with a time budget, one at a time.

A review runs several solves (about log₂ of the number of moves), so it
never runs in the server's event loop or threads: :class:`Reviewer` sends it
to its own worker process and the route (a plain ``def`` route, in
FastAPI's thread pool) waits for it. At most :data:`MAX_WAITING` requests
wait at once; more are refused with 503. Answers are kept by game and
version, so asking again answers at once.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import BrokenExecutor, Executor
from concurrent.futures import TimeoutError as FutureTimeoutError
from typing import Any, Final

from patience.rules import get_game

log = logging.getLogger(__name__)

KNOWN_REVIEWS: Final = 256
MAX_WAITING: Final = 4
GRACE_SECONDS: Final = 15.0  # beyond the budget: the first review starts the worker process


def review_job(slug: str, deal: int | str, moves: list[str], budget: float) -> dict[str, Any]:
    """In a worker process: ``patience review``'s object for a game."""
    from patience.review import review

    return review(get_game(slug), deal, moves, max_seconds=budget).as_json()


class ReviewBusyError(RuntimeError):
    """Too many reviews are waiting already."""


class Reviewer:
    """Runs reviews in one worker process (started on first use) and remembers the answers."""

    def __init__(self, budget: float = 20.0) -> None:
        self.budget = budget
        self._lock = threading.Lock()
        self._pool: Executor | None = None
        self._known: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._waiting = threading.BoundedSemaphore(MAX_WAITING)

    def _executor(self) -> Executor:
        from patience.web.analysis import process_pool

        with self._lock:
            if self._pool is None:
                self._pool = process_pool(1)
            return self._pool

    def review(self, game_id: str, version: int, slug: str, deal: int | str,
               moves: list[str]) -> dict[str, Any]:
        """The review of a game at a version (waited for: call it from a worker thread)."""
        key = (game_id, version)
        with self._lock:
            if key in self._known:
                self._known.move_to_end(key)
                return self._known[key]
        if not self._waiting.acquire(blocking=False):
            raise ReviewBusyError
        try:
            answer = self._run(slug, deal, moves)
        finally:
            self._waiting.release()
        with self._lock:
            self._known[key] = answer
            while len(self._known) > KNOWN_REVIEWS:
                self._known.popitem(last=False)
        return answer

    def _run(self, slug: str, deal: int | str, moves: list[str]) -> dict[str, Any]:
        try:
            future = self._executor().submit(review_job, slug, deal, moves, self.budget)
            return future.result(timeout=self.budget + GRACE_SECONDS)
        except (FutureTimeoutError, BrokenExecutor, RuntimeError) as exc:
            log.warning("review worker unavailable (%r)", exc)
            self.shutdown()  # a stuck or dead worker: the next review starts a fresh one
            return {"game": slug, "moves": len(moves), "lost_at": None, "better": None,
                    "status": "unknown", "line": []}

    def shutdown(self) -> None:
        """Stop the worker process (a running review is dropped)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
