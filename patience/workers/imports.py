"""Statistics imports for the web app: read, checked and written in a worker process, one at a time.

A statistics file may hold 8 MiB and 20,000 games: reading and checking it
is Python work that would hold the server's interpreter (and so every
player's move) for a long while, and its memory would stay with the server.
So :class:`Imports` sends the body to a worker process of its own, which
reads and checks it (:func:`patience.store.exchange.read_json`), then adds
the new games to the database over its own connection
(:meth:`patience.store.Store.add_results`: games already kept cost no write).
One import runs and one waits; more find the pool busy
(:class:`~patience.workers.pool.WorkersBusyError`) and are answered 503 with
``Retry-After``. A refused file raises :class:`ImportRefused` in the player's
language, as if read in the server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from patience.i18n import language
from patience.store import Store, TooManyResults
from patience.store.exchange import ImportRefused, TooManyGames, read_json, too_many_games
from patience.workers.pool import Slots, WorkerPool, WorkersBusyError, process_pool

__all__ = ["ImportRefused", "Imports", "TooManyGames", "import_job"]

#: Imports waiting beside the one running; more are refused as busy.
IMPORT_QUEUE: Final = 1
#: The longest an import may take in the worker (seconds) before it counts as failed.
IMPORT_SECONDS: Final = 120.0

_stores: dict[str, Store] = {}


def import_job(db_path: str, player: str, body: bytes, lang: str) -> tuple[int, int]:
    """In the worker: ``(added, games in the file)``; :class:`ImportRefused` (in ``lang``) on a bad file."""
    with language(lang):
        deals = read_json(body)
        store = _stores.get(db_path)
        if store is None:
            store = _stores[db_path] = Store(db_path)
        try:
            return store.add_results(player, deals), len(deals)
        except TooManyResults as exc:
            raise too_many_games(exc) from None


class Imports:
    """Runs statistics imports in one worker process (started on first use); thread-safe."""

    def __init__(self, db_path: str | Path) -> None:
        self.db_path = str(db_path)
        self._pool = WorkerPool(lambda: process_pool(1))
        self._places = Slots(workers=1, queue=IMPORT_QUEUE)

    @contextmanager
    def place(self) -> Iterator[None]:
        """A place among the imports running and waiting, taken before the body is read (so a crowd of
        imports never holds more than two bodies); :class:`WorkersBusyError` when none is free."""
        if not self._places.take():
            raise WorkersBusyError
        try:
            yield
        finally:
            self._places.release()

    async def add(self, player: str, body: bytes, lang: str) -> tuple[int, int]:
        """Import ``body`` for ``player`` (inside :meth:`place`): ``(added, games in the file)``, awaited
        without a thread.

        Raises :class:`ImportRefused` for a bad file and :class:`RuntimeError` when the worker failed
        (nothing was added).
        """
        future = self._pool.submit(import_job, self.db_path, player, body, lang)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), IMPORT_SECONDS)
        except (TimeoutError, BrokenExecutor) as exc:
            self.shutdown()  # a stuck or dead worker: the next import starts a fresh one
            raise RuntimeError("the import worker failed") from exc

    def shutdown(self) -> None:
        """Stop the worker process."""
        self._pool.discard()
