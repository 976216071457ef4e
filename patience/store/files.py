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
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

from patience.i18n import _
from patience.store.schema import SCHEMA_VERSION

#: A file's (device, inode), or None when there is no file at the path.
FileId = tuple[int, int] | None
#: How many times a checkpoint kept busy by readers is tried again (every 20 ms).
CHECKPOINT_TRIES: Final = 250
#: The browser game's database file, in the user's data directory.
DATABASE_NAME: Final = "patience.sqlite3"


def default_db_path() -> Path:
    """Where the browser game's games are kept: the user's data directory (platformdirs)."""
    return Path(platformdirs.user_data_dir("patience", appauthor=False)) / DATABASE_NAME


class DatabaseFilesGone(sqlite3.OperationalError):
    """The database file or its ``-wal`` file was deleted or replaced while the store had them open.

    A :class:`sqlite3.Error`, so the web app answers it as any storage failure: 503, nothing changed.
    """


def file_ids(path: str | Path) -> tuple[FileId, FileId]:
    """The identity of the database file at ``path`` and of its ``-wal`` file."""
    return _file_id(Path(path)), _file_id(Path(f"{path}-wal"))


def side_file_ids(path: str | Path) -> tuple[FileId, FileId]:
    """The identity of the ``-wal`` and ``-shm`` files beside the database at ``path``."""
    return _file_id(Path(f"{path}-wal")), _file_id(Path(f"{path}-shm"))


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


@dataclass(frozen=True)
class Acknowledged:
    """What the store had acknowledged when its files were pulled away: each game's id and version, and
    the games with a statistics row. A database at the path is whole again only if it holds all of it."""

    games: dict[str, int]
    results: frozenset[str]

    @classmethod
    def read(cls, conn: sqlite3.Connection) -> Acknowledged:
        """What ``conn`` sees now."""
        games = {str(i): int(v) for i, v in conn.execute("SELECT id, version FROM games")}
        results = frozenset(str(r[0]) for r in conn.execute("SELECT game_id FROM results"))
        return cls(games, results)


def whole_problem(path: str | Path, acknowledged: Acknowledged) -> str | None:
    """Why the database file at ``path`` is not whole (None: it is).

    Whole means: a file is there and opens as SQLite (without being
    created), ``PRAGMA quick_check`` says ``ok``, its schema version is
    this program's, and it holds every acknowledged game at least at its
    acknowledged version, and every acknowledged statistics row. The
    rescued copy (:func:`rescue`) is whole; so is a database put back by
    an operator that is at least as new.

    >>> import tempfile
    >>> from patience.store import Store
    >>> db = Path(tempfile.mkdtemp()) / "games.sqlite3"
    >>> store = Store(db)
    >>> game = store.create_game("p1", "hamilton", deal=7, deck=None, now=100.0)
    >>> store.close()
    >>> whole_problem(db, Acknowledged({game.id: 0}, frozenset())) is None
    True
    >>> whole_problem(db, Acknowledged({game.id: 3}, frozenset()))
    'a game is missing or older than acknowledged'
    >>> whole_problem(Path(db.parent, "nothing.sqlite3"), Acknowledged({}, frozenset()))
    'no database file is there'
    """
    if not Path(path).is_file():
        return _("no database file is there")
    try:
        conn = sqlite3.connect(f"{Path(path).absolute().as_uri()}?mode=rw", uri=True, timeout=10.0)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        checked = conn.execute("PRAGMA quick_check").fetchone()[0]
        if checked != "ok":
            return _("PRAGMA quick_check says: {answer}").format(answer=checked)
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version != SCHEMA_VERSION:
            return _("its schema version is {found}, not {expected}").format(
                found=version, expected=SCHEMA_VERSION)
        found = Acknowledged.read(conn)
    except sqlite3.Error as exc:
        return str(exc)
    finally:
        conn.close()
    if any(found.games.get(game, -1) < version for game, version in acknowledged.games.items()) \
            or not acknowledged.results <= found.results:
        return _("a game is missing or older than acknowledged")
    return None
