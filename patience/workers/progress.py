"""How far each fair hint has got, told by the hint workers while they think.

A fair hint solves its completions one at a time in a worker process (see
:func:`patience.workers.odds.fair_hint_job`); after each it puts
``(token, progress)`` on the hint pool's queue, the progress a
:class:`patience.analysis.fair.FairProgress`. One thread of the server
reads that queue into a :class:`ProgressBoard`, where a page's question
(``GET /api/games/{id}/hint/progress``) finds it by token: the game and its
version. The board keeps the newest :data:`KEPT` hints only.

>>> from patience.rules import Move
>>> board = ProgressBoard()
>>> board.start("g:3", 32)
>>> board.told("g:3", FairProgress(decided=5, samples=32, move=Move.parse("t2-t3"), won=4))
>>> board.get("g:3")["decided"], board.get("g:3")["running"]
(5, True)
>>> board.finish("g:3", FairHintAnswer("t2-t3", "fair", "unknown", "", samples=20, won=15))
>>> board.told("g:3", FairProgress(decided=6, samples=32, move=Move.parse("t2-t3"), won=5))  # late: ignored
>>> board.get("g:3")["decided"], board.get("g:3")["running"], board.get("other") is None
(20, False, True)
"""

from __future__ import annotations

import threading
from multiprocessing.queues import SimpleQueue
from typing import Final, cast

from patience.analysis.fair import FairProgress, FairProgressJson
from patience.cache import BoundedCache
from patience.workers.answers import FairHintAnswer
from patience.workers.pool import context

#: Fair hints whose progress is kept (the oldest is forgotten first).
KEPT: Final = 256


class ProgressEntry(FairProgressJson):
    """A fair hint's progress as :meth:`ProgressBoard.get` gives it: still running or not."""

    running: bool


#: What a worker reports on the board's queue: a hint's token and its progress (``None`` stops the reader).
Report = tuple[str, FairProgress]


class ProgressBoard:
    """Each fair hint's progress by token; thread-safe. :meth:`queue` is what the workers report on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: BoundedCache[str, ProgressEntry] = BoundedCache(KEPT)
        self._queue: SimpleQueue[object] | None = None
        self._reader: threading.Thread | None = None

    def queue(self) -> SimpleQueue[object]:
        """The queue to give the hint pool's workers (made, and its reader started, on first use)."""
        with self._lock:
            if self._queue is None:
                self._queue = context().SimpleQueue()
                self._reader = threading.Thread(target=self._read, args=(self._queue,),
                                                name="fair-hint-progress", daemon=True)
                self._reader.start()
            return self._queue

    def _read(self, queue: SimpleQueue[object]) -> None:
        while True:
            message = queue.get()
            if message is None:
                return
            token, progress = cast("Report", message)  # what a worker's job reported (see odds.fair_hint_job)
            self.told(token, progress)

    def _put(self, token: str, entry: ProgressEntry) -> None:
        self._entries.put(token, entry)

    def start(self, token: str, samples: int) -> None:
        """A fair hint starts: nothing decided yet."""
        with self._lock:
            self._put(token, {"running": True, "decided": 0, "samples": samples, "move": None, "won": 0})

    def told(self, token: str, progress: FairProgress) -> None:
        """A worker's report; ignored once the hint has finished (a report may arrive late)."""
        with self._lock:
            entry = self._entries.peek(token)
            if entry is not None and entry["running"]:
                self._put(token, {**progress.as_json(), "running": True})

    def finish(self, token: str, answer: FairHintAnswer | None) -> None:
        """The hint is answered (``answer``: its ``samples``, ``won`` and ``move``; ``None``: it failed)."""
        with self._lock:
            entry = self._entries.peek(token)
            if entry is None:
                return
            if answer is not None and answer.samples:
                entry = {**entry, "decided": answer.samples, "won": answer.won, "move": answer.move}
            self._put(token, {**entry, "running": False})

    def get(self, token: str) -> ProgressEntry | None:
        """The hint's progress, ``None`` when none is known."""
        with self._lock:
            entry = self._entries.peek(token)
            return None if entry is None else entry.copy()

    def close(self) -> None:
        """Stop the reader thread."""
        with self._lock:
            queue, self._queue = self._queue, None
        if queue is not None:
            queue.put(None)
