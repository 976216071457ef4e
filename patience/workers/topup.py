"""Topping up the winnable deals while the server runs: one numbered deal at a time, at low priority.

:class:`TopUp` tries numbered deals from :data:`FIRST_DEAL` on (beyond the
survey's range), one after the other for each game in turn, each with a
budget of :data:`SECONDS_PER_DEAL` in a worker process running at the lowest
CPU priority (so it takes only time the machine would leave idle), and
pauses :data:`PAUSE_SECONDS` between deals. Deals it proves winnable join
the catalog, with their difficulty and winning line, in a JSON file next to
the database (:func:`catalog_path`); at most ``Catalog.EXTRA_LIMIT`` per game.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from concurrent.futures import TimeoutError as FutureTimeoutError
from pathlib import Path
from typing import Final

from patience.catalog import Catalog, WinnableDeal, level_of
from patience.rules import game_slugs, get_game
from patience.workers.pool import WorkerPool, process_pool

log = logging.getLogger(__name__)

FIRST_DEAL: Final = 1_000_001
SECONDS_PER_DEAL: Final = 10.0
PAUSE_SECONDS: Final = 30.0  # so the worker thinks a quarter of the time at most
_niced = False


def catalog_path(db_path: str | Path) -> Path | None:
    """The topped-up deals' file next to the database (None for an in-memory database).

    >>> catalog_path("/data/patience.sqlite3")
    PosixPath('/data/patience-winnable.json')
    """
    if str(db_path) == ":memory:":
        return None
    path = Path(db_path)
    return path.with_name(f"{path.stem}-winnable.json")


def prove_job(slug: str, deal: int, seconds: float) -> WinnableDeal | None:
    """In a worker process at the lowest priority: the deal with its difficulty when the solver wins it."""
    global _niced
    from patience.solver import WON, solve

    if not _niced:
        os.nice(19)
        _niced = True
    game = get_game(slug)
    # Difficulty is the effort of the search the shipped levels were measured with (the run view
    # of Union Square's tableau wins almost every deal in about 500 positions, telling none apart).
    result = solve(game, game.new(deal), max_seconds=seconds, runs_first=False)
    if result.outcome != WON:
        return None
    return WinnableDeal(slug, deal, level_of(slug, result.nodes), result.nodes, result.moves_text())


#: Proves one deal: ``prove_job`` in a worker process (tests pass a quick fake).
ProveJob = Callable[[str, int, float], "WinnableDeal | None"]


class TopUp:
    """A background thread that proves more deals winnable and adds them to ``catalog``."""

    def __init__(self, catalog: Catalog, seconds: float = SECONDS_PER_DEAL,
                 pause: float = PAUSE_SECONDS, *, job: ProveJob = prove_job,
                 executor: Callable[[], Executor] | None = None) -> None:
        self.catalog = catalog
        self.seconds = seconds
        self.pause = pause
        self._job = job
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pool = WorkerPool(executor or (lambda: process_pool(1)))

    def start(self) -> None:
        """Start the thread (the worker process starts with the first deal)."""
        self._thread = threading.Thread(target=self._run, name="top-up", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop after the deal being tried (its worker process is stopped now)."""
        self._stop.set()
        self._pool.shutdown()
        if self._thread is not None:
            self._thread.join(timeout=self.seconds + 5.0)

    def step(self, slug: str) -> bool:
        """Try the next deal of ``slug``; False when its list is full or the worker failed.

        A failed save (a full disk) raises :class:`OSError`; the thread says so in one line and goes on.
        """
        deal = self.catalog.next_candidate(slug, FIRST_DEAL)
        if deal is None or self._stop.is_set():  # stopped: no worker is started again
            return False
        try:
            found = self._pool.submit(self._job, slug, deal, self.seconds).result(timeout=self.seconds + 30.0)
        except (FutureTimeoutError, BrokenExecutor, RuntimeError) as exc:
            log.warning("top-up of %s deal %d failed: %r", slug, deal, exc)
            self._pool.discard()
            return False
        self.catalog.record(slug, deal, found)
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            worked = False
            for slug in game_slugs():
                if self._stop.is_set():
                    return
                try:
                    worked = self.step(slug) or worked
                except Exception as exc:  # a full disk or any other fault must not end the thread
                    log.warning("top-up of %s could not go on (%s); trying again later", slug, exc)
                self._stop.wait(self.pause)
            if not worked:
                self._stop.wait(60 * self.pause)
