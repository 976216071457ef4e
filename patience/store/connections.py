"""The store's connections: one per thread, on the database files it opened, and what happens when
those files are pulled away while the server runs (see :mod:`.files`).

Every read and write goes through :meth:`Connections._use`, which first checks that the database
and ``-wal`` files are still the ones opened (two ``stat`` calls). When they are not, uses are
refused (:class:`~.files.DatabaseFilesGone`, a 503 on the web), the games acknowledged so far are
saved through a connection kept aside, one line goes to stderr, and at most every
:data:`REOPEN_EVERY` seconds a use looks whether the database at the path is whole again; then the
connections are opened anew on it and play resumes.

>>> conns = Connections(":memory:")
>>> with conns._read() as conn:
...     conn.execute("SELECT 1 + 1").fetchone()[0]
2
"""

from __future__ import annotations

import sqlite3
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from patience.i18n import _
from patience.store.files import (
    Acknowledged,
    DatabaseFilesGone,
    FileId,
    file_ids,
    rescue,
    side_file_ids,
    whole_problem,
)

#: Seconds between two looks at a database pulled away (each runs PRAGMA quick_check).
REOPEN_EVERY: Final = 1.0
#: Seconds a write waits for the checkpoint that copies it into the database file, while readers on an
#: older snapshot hold it up.
CHECKPOINT_WAIT: Final = 0.5


class Connections:
    """Connections to the database at ``path`` (``":memory:"``: one shared connection, tests only).

    Safe to share between threads: each thread gets its own connection.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._shared: sqlite3.Connection | None = None
        #: How many reads and writes are using a connection now (a file database), under ``_gate``.
        self._gate = threading.Condition()
        self._busy = 0
        #: Held while a writer checkpoints (see :meth:`_checkpoint`).
        self._flush = threading.Lock()
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        #: The database and ``-wal`` files as opened, checked before every read and write (see
        #: :mod:`.files`), those beside them, and a connection kept aside to save the games if they are
        #: deleted or replaced.
        self._keeper: sqlite3.Connection | None = None
        self._opened: tuple[FileId, FileId] = (None, None)
        self._opened_beside: tuple[FileId, FileId] = (None, None)
        #: Set while the files are pulled away: the line said on stderr, what was acknowledged then,
        #: where it was saved (None: not yet), and when to look at the database at the path again.
        self._gone: str | None = None
        self._acknowledged: Acknowledged | None = None
        self._saved: Path | None = None
        self._next_look = 0.0
        self._problem: str | None = None

    def _watch(self) -> None:
        """Open the connection kept aside and note which files it opened (a file database only; not
        while the files are pulled away: :meth:`_reopened` does it once they are whole)."""
        if self.path == ":memory:" or self._keeper is not None or self._gone is not None:
            return
        with self._lock:
            if self._keeper is not None or self._gone is not None:
                return
            self._keeper = self._open()
            self._keeper.execute("SELECT count(*) FROM games").fetchone()  # opens the -wal file
            self._connections.append(self._keeper)
            self._opened = file_ids(self.path)
            self._opened_beside = side_file_ids(self.path)

    # --- connections --------------------------------------------------------
    def _open(self, create: bool = False) -> sqlite3.Connection:
        """A new connection; only with ``create`` may it create a missing database file."""
        target = self.path
        if self.path != ":memory:":
            target = f"{Path(self.path).absolute().as_uri()}?mode={'rwc' if create else 'rw'}"
        conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False, timeout=10.0,
                               uri=self.path != ":memory:")
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 10000")
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL loses nothing when the process is killed; only a power cut may.
            conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _connection(self, create: bool = False) -> sqlite3.Connection:
        if self.path == ":memory:":  # one shared connection, serialized by the lock
            if self._shared is None:
                self._shared = self._open()
                self._connections.append(self._shared)
            return self._shared
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._open(create)
            self._local.conn = conn
            with self._gate:  # not _lock: a rescue holds that while it waits for the uses to end
                self._connections.append(conn)
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction taken with BEGIN IMMEDIATE; rolled back on any error, the COMMIT's too
        (a full disk fails there), so nothing is ever half-written."""
        with self._use() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                roll_back(conn)
                raise
            self._checkpoint(conn)
        self._committed()

    def _checkpoint(self, conn: sqlite3.Connection) -> None:
        """Copy the commit just made from the ``-wal`` file into the database file before it is
        acknowledged, so that deleting the ``-wal`` file loses nothing acknowledged (a killed process
        loses nothing either way).

        The first checkpoint after the COMMIT says how many frames the ``-wal`` holds, the commit's
        among them; the commit is copied once that many are (or the ``-wal`` started over, which
        SQLite does only when every frame was copied). A checkpoint that finds nothing new to copy
        costs no fsync, so writers committing together share one. A reader on a snapshot older than
        the commit holds it up: tried again every 2 ms, for at most :data:`CHECKPOINT_WAIT` seconds."""
        if self.path == ":memory:":
            return
        holds: int | None = None
        deadline = time.monotonic() + CHECKPOINT_WAIT
        while True:
            with self._flush:
                try:
                    _busy, log, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error:
                    return  # e.g. a full disk: the commit stands, in the -wal file as before
            holds = log if holds is None else holds
            if log < 0 or copied >= holds or log < holds or time.monotonic() >= deadline:
                return  # past the deadline, the file checks around every use still see a pulled -wal
            time.sleep(0.002)

    def _committed(self) -> None:
        """After a COMMIT, before it is acknowledged: if the files were pulled away meanwhile, the
        commit may live only in the nameless ``-wal`` file, which a SIGKILL would lose. Then the games
        are saved (:meth:`_pulled_away`), and the write stands only if they were saved at the path
        (else :class:`DatabaseFilesGone`: the write is in the rescued copy only, not acknowledged)."""
        if self.path == ":memory:" or file_ids(self.path) == self._opened:
            return
        try:
            self._pulled_away()
        except DatabaseFilesGone:
            with self._lock:
                if self._gone is not None and self._saved != Path(self.path):
                    raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._use() as conn:
            yield conn

    @contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, for one read or write, on the files the store opened.

        Every use first checks the files (two ``stat`` calls, :func:`.files.file_ids`) and counts
        itself in ``_busy``, so that connections are saved from and closed only when no use is
        running. Uses must not nest (a nested use could wait for itself).
        """
        if self.path == ":memory:":
            with self._lock:
                yield self._connection()
            return
        self._enter()
        try:
            yield self._connection()
        finally:
            with self._gate:
                self._busy -= 1
                if not self._busy:
                    self._gate.notify_all()

    def _enter(self) -> None:
        """Count one use in ``_busy``, or raise :class:`DatabaseFilesGone` (503) while the database is
        not whole; the first use to see the files changed saves the games, later ones reopen them."""
        self._watch()  # again after close(): the store opens its connections anew when used
        while True:
            with self._gate:
                gone = self._gone
                if gone is None:
                    self._busy += 1
            if gone is None:
                if file_ids(self.path) == self._opened:
                    return
                with self._gate:
                    self._busy -= 1
                    if not self._busy:
                        self._gate.notify_all()
                self._pulled_away()
            elif not self._reopened():
                raise DatabaseFilesGone(gone)

    def _quiet(self) -> None:
        """Wait until no use holds a connection (new uses are refused while ``_gone`` is set)."""
        with self._gate:
            self._gate.wait_for(lambda: not self._busy, timeout=30.0)

    def _pulled_away(self) -> None:
        """The files are not the ones opened: refuse uses from now on, save what was acknowledged, and
        say so in one line on stderr; then refuse this use too."""
        with self._lock:
            with self._gate:
                first = self._gone is None
                if first:
                    self._gone = _("the database {path} was deleted or replaced while the server ran").format(
                        path=self.path)
            if first:
                self._quiet()  # every use under way has committed: the rescue holds it
                self._rescue()
                print(f"patience: {self._gone}", file=sys.stderr, flush=True)
                self._next_look = 0.0
            gone = self._gone
        assert gone is not None
        raise DatabaseFilesGone(gone)

    def _rescue(self) -> None:
        """Save the games through the connection kept aside (under ``_lock``, no use running)."""
        assert self._keeper is not None
        try:
            self._saved = rescue(self._keeper, self.path, self._opened[0])
            self._acknowledged = Acknowledged.read(self._keeper)
            self._gone = _("the database {path} was deleted or replaced while the server ran; the games "
                           "were saved in {saved}; play resumes once {path} is whole again").format(
                               path=self.path, saved=self._saved)
        except (sqlite3.Error, OSError) as exc:
            self._saved = None
            self._gone = _("the database {path} was deleted or replaced while the server ran, "
                           "and its games could not be saved: {problem}").format(path=self.path, problem=exc)

    def _reopened(self) -> bool:
        """While the files are pulled away, at most once a second: is the database at the path whole
        again (:func:`.files.whole_problem`)? Then reopen every connection on it and say so on stderr.

        The old connections are closed first, with no use running: their last close deletes the
        ``-wal`` and ``-shm`` files at the path by name, so it waits while those are other files.
        """
        with self._lock:
            if self._gone is None:
                return True
            if time.monotonic() < self._next_look:
                return False
            self._next_look = time.monotonic() + REOPEN_EVERY
            if self._saved is None and self._keeper is not None:
                self._quiet()
                self._rescue()
                if self._saved is None:
                    return False
            if self._keeper is not None:
                if any(found not in (None, opened)
                       for found, opened in zip(side_file_ids(self.path), self._opened_beside, strict=True)):
                    return self._not_whole(_("the -wal or -shm file beside it is not the one the server "
                                             "opened; delete it"))
                self._quiet()
                self._close_all()
            assert self._acknowledged is not None
            problem = whole_problem(self.path, self._acknowledged)
            if problem is not None:
                return self._not_whole(problem)
            self._keeper = self._open()
            self._keeper.execute("SELECT count(*) FROM games").fetchone()
            self._connections.append(self._keeper)
            self._opened = file_ids(self.path)
            self._opened_beside = side_file_ids(self.path)
            with self._gate:
                self._gone = None
            self._acknowledged, self._saved, self._problem = None, None, None
        print("patience: " + _("the database {path} is whole again; play resumes").format(path=self.path),
              file=sys.stderr, flush=True)
        return True

    def _not_whole(self, problem: str) -> bool:
        """Say once on stderr why the database at the path is not whole yet; False."""
        if problem != self._problem:
            self._problem = problem
            print("patience: " + _("the database {path} is not whole yet: {problem}").format(
                path=self.path, problem=problem), file=sys.stderr, flush=True)
        return False

    def _close_all(self) -> None:
        """Close every connection (under ``_lock``); threads open new ones when next used."""
        with self._gate:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
        self._shared = None
        self._keeper = None
        self._local = threading.local()

    def close(self) -> None:
        """Close every connection this store opened."""
        with self._lock:
            self._close_all()


def roll_back(conn: sqlite3.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already (it may, after a full disk)."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # the error that brought us here is the one to report
