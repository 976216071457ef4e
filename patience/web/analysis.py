"""Hints and "can this still be won?", computed away from the web server's threads.

The solver is CPU-bound Python, so it runs in worker processes (one for
winnability, one for hints), never in the event loop or the request
threads: play stays fast while the solver thinks. Winnability answers are
kept by position, so undo / redo back to a known position answers at once;
each game has at most one computation waiting, for its newest position.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeoutError
from typing import Any, Final, TypeVar

from patience.i18n import language
from patience.rules import get_game

log = logging.getLogger(__name__)

KNOWN_POSITIONS: Final = 20_000
#: Extra seconds a hint may take beyond its budget (the first call starts the worker process).
HINT_GRACE_SECONDS: Final = 15.0
WINNABLE: Final = ("winnable", "lost", "unknown")
PARENT_CHECK_SECONDS: Final = 0.5
#: Seconds of search for a hint computed in the server itself when the worker cannot answer.
QUICK_HINT_BUDGET: Final = 0.05

T = TypeVar("T")


def winnability_job(slug: str, state: Any, budget: float) -> str:
    """In a worker process: ``winnable``, ``lost`` or ``unknown`` for a position."""
    from patience.hints import winnability

    status = str(winnability(get_game(slug), state, budget=budget))
    return status if status in WINNABLE else "unknown"


def hint_job(slug: str, state: Any, budget: float, lang: str) -> dict[str, Any]:
    """In a worker process: the hint for a position, its texts in ``lang``."""
    from patience.hints import hint

    with language(lang):
        found = hint(get_game(slug), state, budget=budget)
        return {
            "move": None if found.move is None else str(found.move),
            "basis": str(found.basis),
            "status": str(found.status),
            "explanation": str(found.explanation),
            "line": [str(m) for m in (found.line or ())],
        }


def _worker_setup(server_pid: int) -> None:
    """In a worker: leave Ctrl+C to the server, and exit when the server is gone (even after kill -9)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def _ready() -> bool:
    return True


def process_pool() -> Executor:
    """One worker process, started fresh (spawn), so the server's threads are not copied."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_setup, initargs=(os.getpid(),))


class Analyzer:
    """Runs winnability and hint computations in background workers with a time budget."""

    def __init__(self, winnable_budget: float = 2.0, hint_budget: float = 1.0) -> None:
        self.winnable_budget = winnable_budget
        self.hint_budget = hint_budget
        self._lock = threading.Lock()
        self._pools: dict[str, Executor] = {}
        self._known: OrderedDict[tuple[str, object], str] = OrderedDict()
        self._pending: dict[str, tuple[tuple[str, object], Future[str]]] = {}

    def _pool(self, name: str) -> Executor:
        with self._lock:
            if name not in self._pools:
                self._pools[name] = process_pool()
            return self._pools[name]

    def _submit(self, name: str, job: Callable[..., T], *args: Any) -> Future[T]:
        """Submit to a pool, starting a new one if its worker died."""
        try:
            return self._pool(name).submit(job, *args)
        except BrokenExecutor:
            self._discard(name)
            return self._pool(name).submit(job, *args)

    def _discard(self, name: str) -> None:
        with self._lock:
            pool = self._pools.pop(name, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def winnability(self, game_id: str, slug: str, state: Any) -> str:
        """The known answer for this position, else ``pending`` (and the computation is started)."""
        key = (slug, state.key())
        with self._lock:
            if key in self._known:
                self._known.move_to_end(key)
                return self._known[key]
            waiting = self._pending.get(game_id)
            if waiting is not None and waiting[0] == key:
                return "pending"
            if waiting is not None:
                waiting[1].cancel()  # an older position of this game: no longer wanted
        future = self._submit("winnable", winnability_job, slug, state, self.winnable_budget)
        with self._lock:
            self._pending[game_id] = (key, future)
        future.add_done_callback(lambda done: self._finished(game_id, key, done))
        return "pending"

    def _finished(self, game_id: str, key: tuple[str, object], future: Future[str]) -> None:
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.warning("winnability failed: %r", error)
            if isinstance(error, BrokenExecutor):
                self._discard("winnable")
            status = "unknown"
        else:
            status = future.result()
        with self._lock:
            self._known[key] = status
            while len(self._known) > KNOWN_POSITIONS:
                self._known.popitem(last=False)
            if self._pending.get(game_id, (None,))[0] == key:
                del self._pending[game_id]

    def hint(self, slug: str, state: Any, lang: str) -> dict[str, Any]:
        """A hint, waited for (call it from a worker thread, not the event loop).

        When the worker is too busy (many players asking at once) or died, a
        quick hint is computed here instead, with a tiny budget.
        """
        future = self._submit("hint", hint_job, slug, state, self.hint_budget, lang)
        try:
            return future.result(timeout=self.hint_budget + HINT_GRACE_SECONDS)
        except (FutureTimeoutError, BrokenExecutor) as exc:
            future.cancel()
            log.warning("hint worker unavailable (%r); answering with a quick hint", exc)
            if isinstance(exc, BrokenExecutor):
                self._discard("hint")
            return hint_job(slug, state, QUICK_HINT_BUDGET, lang)

    def warm_up(self) -> None:
        """Start the worker processes now, so the first hint does not wait for them."""
        for name in ("winnable", "hint"):
            self._submit(name, _ready)

    def shutdown(self) -> None:
        """Stop the worker processes, dropping queued work (a running computation ends in its budget)."""
        with self._lock:
            pools, self._pools = list(self._pools.values()), {}
            self._pending.clear()
        for pool in pools:
            pool.shutdown(wait=True, cancel_futures=True)
