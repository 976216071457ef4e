"""A broken database at start: one line naming the file, exit 2, a backup kept; backups rotate.

Each kind of damage the stress run found is made in a temporary file:
truncated, a garbage header, damage in the middle, a read-only file system
(simulated by opening SQLite read-only: the tests may run as root, whom
file permissions do not stop), a database from a newer version.
"""

from __future__ import annotations

import os
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from patience.cli import main
from patience.store import (
    BACKUPS_KEPT,
    SCHEMA_VERSION,
    Store,
    back_up,
    backups_of,
    check_database,
)
from patience.store.schema import MIGRATIONS
from patience.table import Table
from patience.web.service import GameService

PLAYER = "player-broken-db-0001"


def good_database(path: Path, games: int = 30) -> Path:
    """A database of several pages: games with a few dozen actions each."""
    store = Store(path)
    service = GameService(Table(store))
    for _ in range(games):
        record, _state = service.table.create(PLAYER, "hamilton", deal=1, deck=None)
        record, _state = service.table.play(PLAYER, record.id, ["s", "s", "s", "c-f1", "s"], record.version)
        for _ in range(8):
            record, _state = service.table.play(PLAYER, record.id, ["f1-t1", "t1-f1"], record.version)
    store.close()
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """``patience serve --db path`` when the database cannot be used: its status and stderr lines."""
    status = main(["serve", "--db", str(path), "--port", str(free_port())])
    return status, capsys.readouterr().err.splitlines()


def truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 2)


def garbage_header(path: Path) -> None:
    with path.open("r+b") as f:
        f.write(b"\x13garbage" * 12)


def damage_in_the_middle(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 2)
        f.write(bytes(range(256)) * 48)


@pytest.mark.parametrize("damage", [truncate, garbage_header, damage_in_the_middle])
def test_a_damaged_database_is_one_line_exit_2_and_a_backup(damage: Callable[[Path], None], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = good_database(tmp_path / "games.sqlite3")
    good = back_up(path)
    damage(path)
    status, lines = serve(path, capsys)
    assert status == 2 and len(lines) == 1, lines
    assert str(path) in lines[0] and "damaged" in lines[0]
    copies = backups_of(path, "damaged")
    assert len(copies) == 1 and str(copies[0]) in lines[0]
    assert copies[0].stat().st_size >= path.stat().st_size // 2  # SQLite's copy, or the bytes as found
    for _ in range(BACKUPS_KEPT + 1):  # starting again and again keeps one copy and the good backup
        assert serve(path, capsys)[0] == 2
    assert backups_of(path, "damaged") == copies and backups_of(path) == [good]


def test_a_read_only_file_system_is_one_line_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = good_database(tmp_path / "games.sqlite3", games=2)
    real_connect = sqlite3.connect

    def read_only(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.pop("uri", None)
        conn: sqlite3.Connection = real_connect(f"file:{database}?mode=ro", *args, uri=True, **kwargs)
        return conn

    monkeypatch.setattr(sqlite3, "connect", read_only)
    status, lines = serve(path, capsys)
    assert status == 2 and len(lines) == 1 and str(path) in lines[0] and "readonly" in lines[0], lines
    assert backups_of(path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through file permissions")
def test_a_read_only_directory_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = good_database(tmp_path / "ro" / "games.sqlite3", games=2)
    path.chmod(0o444)
    path.parent.chmod(0o555)
    try:
        status, lines = serve(path, capsys)
    finally:
        path.parent.chmod(0o755)
    assert status == 2 and len(lines) == 1 and str(path) in lines[0], lines


def test_a_database_from_a_newer_version_is_one_line_exit_2(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    status, lines = serve(path, capsys)
    assert status == 2 and len(lines) == 1 and "newer" in lines[0] and str(path) in lines[0]


def test_an_upgrade_is_preceded_by_a_backup_that_restores(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(MIGRATIONS[1] + "; PRAGMA user_version = 1;")
        conn.execute("INSERT INTO games (id, player, game, deal, moves, created_at, updated_at) "
                     "VALUES ('g_old', ?, 'hamilton', 1, '[[\"s\"]]', 1, 1)", (PLAYER,))
    backup = check_database(path)
    assert backup is not None and backups_of(path) == [backup]
    Store(path).close()
    with sqlite3.connect(backup) as copy:
        assert copy.execute("PRAGMA user_version").fetchone()[0] == 1
        assert copy.execute("SELECT moves FROM games").fetchone()[0] == '[["s"]]'
    assert check_database(path) is None  # already upgraded: no new backup
    assert backups_of(path) == [backup]


def test_a_good_database_needs_no_backup_and_backups_rotate(tmp_path: Path) -> None:
    path = good_database(tmp_path / "games.sqlite3", games=2)
    assert check_database(path) is None and backups_of(path) == []
    made = [back_up(path, now=1_700_000_000.0 + day * 86_400) for day in range(5)]
    assert backups_of(path) == made[-BACKUPS_KEPT:]
    store = Store(made[-1])
    assert len(store.list_games(PLAYER)) == 2
    store.close()


def test_a_new_database_in_a_new_directory_is_fine(tmp_path: Path) -> None:
    assert check_database(tmp_path / "new" / "games.sqlite3") is None
    assert (tmp_path / "new").is_dir()
