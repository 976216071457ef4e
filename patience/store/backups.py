"""Checks and backups of the database file, at start: a copy before an upgrade, a copy of a damaged file.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> db = folder / "games.sqlite3"
>>> with closing(sqlite3.connect(db)) as conn:
...     _ = conn.execute("CREATE TABLE t (x)")
>>> check_database(db) is None  # a schema-0 database needs no upgrade backup
True
>>> copy = back_up(db, now=0.0)
>>> copy.name, backups_of(db) == [copy]
('games.sqlite3.backup-19700101T000000Z', True)
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Final, Literal

from patience.i18n import _
from patience.store.schema import SCHEMA_VERSION, StoreError

#: Copies kept next to the database, of each kind: ``NAME.backup-YYYYMMDDTHHMMSSZ`` (before an upgrade)
#: and ``NAME.damaged-YYYYMMDDTHHMMSSZ`` (a damaged database as it was found); older ones are deleted.
BACKUPS_KEPT: Final = 3

BackupKind = Literal["backup", "damaged"]


def backups_of(path: str | Path, kind: BackupKind = "backup") -> list[Path]:
    """The copies of this kind of the database at ``path``, oldest first."""
    db = Path(path)
    return sorted(db.parent.glob(f"{db.name}.{kind}-*"))


def back_up(path: str | Path, now: float | None = None, kind: BackupKind = "backup") -> Path:
    """Copy the database with SQLite's online backup API next to it, keeping the newest
    :data:`BACKUPS_KEPT` copies of this kind. Copies of a damaged database are kept apart, so a
    server started again and again on a damaged file never pushes the good backups out; one that
    SQLite cannot read at all is copied byte for byte.

    Restore: stop the server, delete ``NAME-wal`` and ``NAME-shm``, and copy the backup over ``NAME``.
    """
    db = Path(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() if now is None else now))
    target = db.with_name(f"{db.name}.{kind}-{stamp}")
    count = 1
    while target.exists():
        count += 1
        target = db.with_name(f"{db.name}.{kind}-{stamp}-{count}")
    try:
        with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(target)) as copy:
            source.backup(copy)
    except sqlite3.Error:
        if kind != "damaged":
            target.unlink(missing_ok=True)
            raise
        shutil.copyfile(db, target)  # SQLite cannot read it: the bytes as they were found
    for old in backups_of(db, kind)[:-BACKUPS_KEPT]:
        old.unlink(missing_ok=True)
    return target


def check_database(path: str | Path) -> Path | None:
    """Check the database a server is about to use; return the backup made, if one was needed.

    Runs ``PRAGMA quick_check`` and a write that is rolled back. Before an upgrade of the schema,
    or when damage is found, a backup is made first (:func:`back_up`). Any problem raises
    :class:`StoreError` with one line naming the file and what is wrong.
    """
    db = Path(path)
    if not db.exists():
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(_("cannot create the database {path}: {problem}").format(
                path=db, problem=exc.strerror or exc)) from None
        return None
    backup: Path | None = None
    try:
        with closing(sqlite3.connect(db, timeout=10.0)) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                backup = _back_up_damaged(db)
                raise _damaged(db, problems[0], backup)
            if version > SCHEMA_VERSION:
                raise StoreError(_("the database {path} was written by a newer patience (schema {version})")
                                 .format(path=db, version=version))
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA user_version = {version}")  # can it be written at all?
            conn.execute("ROLLBACK")
        if 0 < version < SCHEMA_VERSION:
            backup = back_up(db)
    except sqlite3.Error as exc:
        if backup is None and _is_damage(exc):
            raise _damaged(db, str(exc), _back_up_damaged(db)) from None
        raise StoreError(_("cannot use the database {path}: {problem}").format(
            path=db, problem=exc)) from None
    except OSError as exc:
        raise StoreError(_("cannot use the database {path}: {problem}").format(
            path=db, problem=exc.strerror or exc)) from None
    return backup


def _damaged(db: Path, problem: str, backup: Path) -> StoreError:
    return StoreError(_("the database {path} is damaged ({problem}); a copy was kept in {backup}").format(
        path=db, problem=" ".join(problem.split())[:200], backup=backup))


def _is_damage(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.DatabaseError) and any(
        words in str(exc) for words in ("malformed", "not a database", "corrupt"))


def _back_up_damaged(db: Path) -> Path:
    """A copy of the damaged database (the last one again if the file has not changed since)."""
    try:
        earlier = backups_of(db, "damaged")
        if earlier and earlier[-1].stat().st_mtime_ns >= db.stat().st_mtime_ns:
            return earlier[-1]  # the file has not changed since that copy
        return back_up(db, kind="damaged")
    except OSError as exc:
        raise StoreError(_("the database {path} is damaged and cannot even be copied: {problem}").format(
            path=db, problem=exc.strerror or exc)) from None
