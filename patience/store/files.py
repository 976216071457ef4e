"""Are the database files still the ones the store opened? And saving its games when they are not.

A running server keeps its database file and its ``-wal`` file open. When an
operator (or a clean-up script) deletes or replaces either, SQLite goes on
writing into the open, now nameless, files: moves are acknowledged and then
lost at the next start. :func:`file_ids` names the files by device and inode,
cheaply, so every write can check them first; :func:`rescue` saves what was
acknowledged through a connection opened before the change.

>>> import tempfile
>>> from contextlib import closing
>>> db = Path(tempfile.mkdtemp()) / "games.sqlite3"
>>> conn = sqlite3.connect(db, isolation_level=None)
>>> _ = conn.execute("PRAGMA journal_mode = WAL"); _ = conn.execute("CREATE TABLE t (x)")
>>> _ = conn.execute("INSERT INTO t VALUES (1)")
>>> opened = file_ids(db)
>>> None not in opened
True
>>> Path(f"{db}-wal").unlink()  # the -wal file pulled away: the row lives only in the open file
>>> file_ids(db) == opened
False
>>> rescue(conn, db, opened[0]) == db
True
>>> with closing(sqlite3.connect(f"file:{db}?immutable=1", uri=True)) as fresh:  # the file alone
...     fresh.execute("SELECT x FROM t").fetchall()
[(1,)]
>>> conn.close()
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Final

#: A file's (device, inode), or None when there is no file at the path.
FileId = tuple[int, int] | None
#: How many times a checkpoint kept busy by readers is tried again (every 20 ms).
CHECKPOINT_TRIES: Final = 250


class DatabaseFilesGone(sqlite3.OperationalError):
    """The database file or its ``-wal`` file was deleted or replaced while the store had them open.

    A :class:`sqlite3.Error`, so the web app answers it as any storage failure: 503, nothing changed.
    """


def file_ids(path: str | Path) -> tuple[FileId, FileId]:
    """The identity of the database file at ``path`` and of its ``-wal`` file."""
    return _file_id(Path(path)), _file_id(Path(f"{path}-wal"))


def _file_id(path: Path) -> FileId:
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def rescue(conn: sqlite3.Connection, path: str | Path, opened_db: FileId) -> Path:
    """Save every committed change ``conn`` can see into a database file; return that file.

    ``conn`` must have been opened before the files changed, when the database
    file was ``opened_db`` (see :func:`file_ids`). Its ``-wal`` is checkpointed
    into the database file it has open; if that file is still the one at
    ``path``, that is all. If the file at ``path`` was deleted, a
    copy made through ``conn`` (SQLite's backup API) is put there; if another
    file took its place, the copy is kept beside it as ``NAME.rescued-STAMP``
    and that file is left alone.
    """
    db = Path(path)
    for _try in range(CHECKPOINT_TRIES):
        busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if not busy:
            break
        time.sleep(0.02)
    if _file_id(db) == opened_db:
        return db
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    copy = db.with_name(f"{db.name}.rescued-{stamp}")
    count = 1
    while copy.exists():
        count += 1
        copy = db.with_name(f"{db.name}.rescued-{stamp}-{count}")
    target = sqlite3.connect(copy)
    try:
        conn.backup(target)
    finally:
        target.close()
    try:
        os.link(copy, db)  # only where nothing took the name since
    except FileExistsError:
        return copy
    copy.unlink()
    return db
