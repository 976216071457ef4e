"""A database file pulled away from a running server: the acknowledged moves are kept, later ones refused.

The server is real (uvicorn in a thread, on a free loopback port). After the
file is deleted, the files left at the database's path are copied as they
are, which is what a server killed with SIGKILL and started again would
find.
"""

from __future__ import annotations

import http.client
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from patience.store import Store
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


@pytest.mark.parametrize("pulled", ["-wal", ""])
def test_moves_after_a_pulled_file_answer_503_and_the_acknowledged_ones_survive(
        served: tuple[FastAPI, Served], tmp_path: Path, pulled: str,
        capfd: pytest.CaptureFixture[str]) -> None:
    _app, running = served
    db = tmp_path / "live" / "games.sqlite3"
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    status, headers, game = call(conn, "POST", "/api/games", {"game": "hamilton", "deal": 1})
    assert status == 201
    cookie = headers["set-cookie"].split(";")[0]
    status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                  {"moves": OPENING, "version": 0}, cookie)
    assert status == 200
    acknowledged = list(OPENING)
    for _pair in range(10):
        status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                      {"moves": PAIR, "version": game["version"]}, cookie)
        assert status == 200
        acknowledged += PAIR
    assert Path(f"{db}{pulled}").exists()
    Path(f"{db}{pulled}").unlink()
    for _attempt in range(3):
        status, headers, answer = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                       {"moves": PAIR, "version": game["version"]}, cookie)
        assert status == 503 and set(answer) == {"detail"} and answer["detail"]
        assert headers["content-type"] == "application/json" and headers["retry-after"] == "5"
    status, _headers, answer = call(conn, "POST", "/api/games", {"game": "hamilton", "deal": 2}, cookie)
    assert status == 503
    said = [line for line in capfd.readouterr().err.splitlines() if str(db) in line]
    assert len(said) == 1 and "deleted or replaced" in said[0] and "restart" in said[0]
    conn.close()

    store = Store(found_after_a_crash(db, tmp_path / "restarted"))
    games = store.list_games(cookie.split("=", 1)[1])
    assert [g.id for g in games] == [game["id"]]
    assert store.history(games[0]).moves == acknowledged and games[0].version == game["version"]
    store.close()
