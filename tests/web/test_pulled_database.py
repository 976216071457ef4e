"""A database file pulled away from a running server: the acknowledged moves are kept, later ones refused
until the database at the path is whole again, then play resumes.

The server is real (uvicorn in a thread, on a free loopback port). At the
end the files at the database's path are copied as they are, which is what a
server killed with SIGKILL and started again would find.
"""

from __future__ import annotations

import http.client
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

import patience.store.connections
from patience.store import GameRecord, Store
from patience.store.files import DatabaseFilesGone
from patience.web import create_app
from tests.web.test_storage_faults import OPENING, PAIR, Served, call


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[FastAPI, Served]]:
    app = create_app(tmp_path / "live" / "games.sqlite3", winnable_budget=0.2, hint_budget=0.2)
    running = Served(app)
    yield app, running
    running.stop()


def found_after_a_crash(live: Path, into: Path) -> Path:
    """Copy the database files at ``live``'s path to ``into``, as a restart after SIGKILL sees them."""
    into.mkdir()
    for suffix in ("", "-wal"):
        source = Path(f"{live}{suffix}")
        if source.exists():
            shutil.copyfile(source, into / f"{live.name}{suffix}")
    return into / live.name


def play(conn: http.client.HTTPConnection, game: dict[str, Any], cookie: str, pairs: int,
         acknowledged: list[str]) -> dict[str, Any]:
    """Play ``pairs`` acknowledged pairs of moves there and back; the game as last answered."""
    for _pair in range(pairs):
        status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                      {"moves": PAIR, "version": game["version"]}, cookie)
        assert status == 200, game
        acknowledged += PAIR
    return game


def refused(conn: http.client.HTTPConnection, method: str, path: str, body: Any, cookie: str) -> None:
    status, headers, answer = call(conn, method, path, body, cookie)
    assert status == 503 and set(answer) == {"detail"} and answer["detail"], answer
    assert headers["content-type"] == "application/json" and headers["retry-after"] == "5"


def started(running: Served) -> tuple[http.client.HTTPConnection, dict[str, Any], str, list[str]]:
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    status, headers, game = call(conn, "POST", "/api/games", {"game": "hamilton", "deal": 1})
    assert status == 201
    cookie = headers["set-cookie"].split(";")[0]
    status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                  {"moves": OPENING, "version": 0}, cookie)
    assert status == 200
    return conn, game, cookie, list(OPENING)


def lines_about(db: Path, capfd: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capfd.readouterr().err.splitlines() if str(db) in line]


def survives_a_crash(db: Path, into: Path, cookie: str, game: dict[str, Any],
                     acknowledged: list[str]) -> None:
    store = Store(found_after_a_crash(db, into))
    games = store.list_games(cookie.split("=", 1)[1])
    assert [g.id for g in games] == [game["id"]]
    assert store.history(games[0]).moves == acknowledged and games[0].version == game["version"]
    store.close()


@pytest.mark.parametrize("pulled", ["-wal", ""])
def test_a_pulled_file_is_saved_answers_503_once_then_play_resumes_and_every_acknowledged_move_survives(
        served: tuple[FastAPI, Served], tmp_path: Path, pulled: str,
        capfd: pytest.CaptureFixture[str]) -> None:
    _app, running = served
    db = tmp_path / "live" / "games.sqlite3"
    conn, game, cookie, acknowledged = started(running)
    game = play(conn, game, cookie, 10, acknowledged)
    assert Path(f"{db}{pulled}").exists()
    Path(f"{db}{pulled}").unlink()
    refused(conn, "POST", f"/api/games/{game['id']}/moves", {"moves": PAIR, "version": game["version"]},
            cookie)
    said = lines_about(db, capfd)
    assert len(said) == 1 and "deleted or replaced" in said[0] and f"saved in {db};" in said[0]
    assert db.exists()  # saved at its own path: whole again at once
    game = play(conn, game, cookie, 10, acknowledged)
    status, _headers, now = call(conn, "GET", f"/api/games/{game['id']}?history=full", cookie=cookie)
    assert status == 200 and now["moves"] == acknowledged
    status, _headers, _other = call(conn, "POST", "/api/games", {"game": "hamilton", "deal": 2}, cookie)
    assert status == 201
    said = lines_about(db, capfd)
    assert len(said) == 1 and "whole again" in said[0]
    conn.close()
    survives_a_crash(db, tmp_path / "restarted", cookie, game, acknowledged)


def test_while_another_file_holds_the_name_reads_and_writes_answer_503_until_the_games_are_put_back(
        served: tuple[FastAPI, Served], tmp_path: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patience.store.connections, "REOPEN_EVERY", 0.0)
    _app, running = served
    db = tmp_path / "live" / "games.sqlite3"
    conn, game, cookie, acknowledged = started(running)
    game = play(conn, game, cookie, 5, acknowledged)
    empty = tmp_path / "empty.sqlite3"
    Store(empty).close()  # a sound database of the right schema, without the games
    db.unlink()
    shutil.copyfile(empty, db)
    moves = f"/api/games/{game['id']}/moves"
    refused(conn, "POST", moves, {"moves": PAIR, "version": game["version"]}, cookie)
    said = lines_about(db, capfd)
    assert len(said) == 1 and "deleted or replaced" in said[0]
    rescued = [p for p in db.parent.iterdir() if p.name.startswith("games.sqlite3.rescued-")]
    assert len(rescued) == 1 and str(rescued[0]) in said[0]
    refused(conn, "GET", f"/api/games/{game['id']}?history=full", None, cookie)  # not from the other file
    refused(conn, "POST", moves, {"moves": PAIR, "version": game["version"]}, cookie)
    said = lines_about(db, capfd)
    assert len(said) == 1 and "not whole yet" in said[0] and "missing" in said[0]
    for _attempt in range(3):  # still not whole: said once only
        refused(conn, "POST", moves, {"moves": PAIR, "version": game["version"]}, cookie)
    assert lines_about(db, capfd) == []
    db.write_bytes(b"not a database at all " * 300)
    refused(conn, "POST", moves, {"moves": PAIR, "version": game["version"]}, cookie)
    said = lines_about(db, capfd)
    assert len(said) == 1 and "not a database" in said[0], said
    rescued[0].replace(db)  # the operator puts the rescued games back
    game = play(conn, game, cookie, 5, acknowledged)
    said = lines_about(db, capfd)
    assert len(said) == 1 and "whole again" in said[0]
    conn.close()
    survives_a_crash(db, tmp_path / "restarted", cookie, game, acknowledged)


def test_writers_in_threads_lose_and_repeat_nothing_across_a_pull_and_the_reopening(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    games = [store.create_game(f"p{n}", "hamilton", deal=n, deck=None, now=1.0) for n in range(4)]
    acknowledged = [0] * len(games)
    start, stop = threading.Barrier(len(games) + 1), threading.Event()

    def write(n: int) -> None:
        start.wait()
        while not stop.is_set():
            try:
                current = store.get_game(f"p{n}", games[n].id)
                assert current is not None and current.version == acknowledged[n]
                if store.save(current.played([("s",)], now=2.0), expected_version=current.version):
                    acknowledged[n] += 1
            except DatabaseFilesGone:
                time.sleep(0.001)

    threads = [threading.Thread(target=write, args=(n,), daemon=True) for n in range(len(games))]
    for thread in threads:
        thread.start()
    start.wait()
    time.sleep(0.05)
    Path(f"{db}-wal").unlink()
    at_the_pull = list(acknowledged)
    deadline = time.monotonic() + 30
    try:
        while any(now < then + 20 for now, then in zip(acknowledged, at_the_pull, strict=True)):
            assert time.monotonic() < deadline, "writes did not resume"
            time.sleep(0.01)
    finally:
        stop.set()
    for thread in threads:
        thread.join(timeout=60)
    files = found_after_a_crash(db, tmp_path / "restarted")  # as SIGKILL leaves them: nothing closed
    store.close()
    reopened = Store(files)
    for n, game in enumerate(games):
        found = reopened.get_game(f"p{n}", game.id)
        assert found is not None and found.version == acknowledged[n] == found.move_count
    reopened.close()


def with_moves(store: Store, moves: int) -> GameRecord:
    """A game of player ``p`` with ``moves`` acknowledged moves (Stock clicks)."""
    game = store.create_game("p", "hamilton", deal=1, deck=None, now=1.0)
    for version in range(moves):
        assert store.save(game.played([("s",)], now=2.0), expected_version=version)
        found = store.get_game("p", game.id)
        assert found is not None
        game = found
    return game


def version_after_a_crash(db: Path, into: Path, game: GameRecord) -> int:
    """The game's version in the files at ``db``'s path, as a restart after SIGKILL finds them."""
    reopened = Store(found_after_a_crash(db, into))
    found = reopened.get_game("p", game.id)
    reopened.close()
    return -1 if found is None else found.version


@pytest.mark.parametrize("pulled", ["-wal", ""])
def test_a_move_committed_while_a_file_is_pulled_is_saved_at_the_path_before_it_is_acknowledged(
        tmp_path: Path, pulled: str) -> None:
    """A file vanishes after a write checked the files but before its COMMIT: the write must not
    return (acknowledge) while its move lives only in a nameless file."""
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    game = with_moves(store, 3)

    def pull_at_the_commit(statement: str) -> None:
        if statement == "COMMIT":
            Path(f"{db}{pulled}").unlink(missing_ok=True)

    with store._read() as conn:  # this thread's connection, traced from now on
        conn.set_trace_callback(pull_at_the_commit)
    assert store.save(game.played([("s",)], now=3.0), expected_version=3)  # saved at its path
    assert version_after_a_crash(db, tmp_path / "restarted", game) == 4  # before the store closes
    store.close()


def test_moves_acknowledged_before_the_wal_is_pulled_from_an_idle_store_survive_a_crash(
        tmp_path: Path) -> None:
    """Nothing acknowledged lives only in the ``-wal`` file: pulled while no one plays, then SIGKILL."""
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    game = with_moves(store, 5)
    Path(f"{db}-wal").unlink()
    assert version_after_a_crash(db, tmp_path / "restarted", game) == 5
    store.close()
