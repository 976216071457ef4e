"""Storage failures while serving: 503 ``{"detail"}`` with ``Retry-After``, the connection kept, nothing lost.

The full disk is real SQLite ``SQLITE_FULL``: ``PRAGMA max_page_count`` set
to the database's current size on the server's connections, so the next
write that needs a page fails exactly as on a full file system (no root,
no special mount). A real server (uvicorn on a free loopback port) is used
so that keeping the connection up is checked on a real socket.
"""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.store import Store
from patience.web import create_app

OPENING = ["s", "s", "s", "c-f1", "s"]
FAILURES = ["disk I/O error", "database is locked", "database disk image is malformed"]
PAIR = ["f1-t1", "t1-f1"]


class Served:
    """An app served by uvicorn in a thread on a free port of 127.0.0.1."""

    def __init__(self, app: FastAPI) -> None:
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.port: int = self.server.servers[0].sockets[0].getsockname()[1]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[FastAPI, Served]]:
    app = create_app(tmp_path / "games.sqlite3", winnable_budget=0.2, hint_budget=0.2)
    running = Served(app)
    yield app, running
    running.stop()


def call(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None,
         cookie: str = "") -> tuple[int, dict[str, str], Any]:
    headers = {"Content-Type": "application/json", "Cookie": cookie}
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(data)


def set_page_limit(app: FastAPI, pages: int | None) -> None:
    """Limit every open connection of the app's store to ``pages`` (None: SQLite's maximum)."""
    store: Store = app.state.store
    for conn in list(store._connections):
        limit = pages if pages is not None else 1_073_741_823
        conn.execute(f"PRAGMA max_page_count = {limit}")


def test_a_full_disk_answers_503_keeps_the_connection_and_loses_nothing(served: tuple[FastAPI, Served],
                                                                        tmp_path: Path) -> None:
    app, running = served
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    status, headers, game = call(conn, "POST", "/api/games", {"game": "hamilton", "deal": 1})
    assert status == 201
    cookie = headers["set-cookie"].split(";")[0]
    status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                  {"moves": OPENING, "version": 0}, cookie)
    assert status == 200
    acknowledged = list(OPENING)
    socket_before = conn.sock
    pages = app.state.store._connection().execute("PRAGMA page_count").fetchone()[0]
    set_page_limit(app, pages)
    refusals: list[tuple[dict[str, str], Any]] = []
    for _attempt in range(400):
        lang = "?lang=pt_BR" if refusals else ""
        status, headers, answer = call(conn, "POST", f"/api/games/{game['id']}/moves{lang}",
                                       {"moves": PAIR, "version": game["version"]}, cookie)
        if status == 200:
            game = answer
            acknowledged += PAIR
        else:
            assert status == 503, answer
            refusals.append((headers, answer))
            if len(refusals) == 3:
                break
    else:
        pytest.fail("the disk never filled")
    for headers, answer in refusals:
        assert headers["retry-after"] == "5" and headers["content-type"] == "application/json"
        assert set(answer) == {"detail"} and answer["detail"]
    assert refusals[0][1]["detail"] != refusals[1][1]["detail"]  # the second one in Portuguese
    assert conn.sock is socket_before  # the connection stayed up through every 503
    status, _headers, now = call(conn, "GET", f"/api/games/{game['id']}?history=full", cookie=cookie)
    assert status == 200 and now["moves"] == acknowledged and now["version"] == game["version"]
    set_page_limit(app, None)
    status, _headers, game = call(conn, "POST", f"/api/games/{game['id']}/moves",
                                  {"moves": PAIR, "version": game["version"]}, cookie)
    assert status == 200
    acknowledged += PAIR
    conn.close()
    running.stop()
    app.state.store.close()
    store = Store(tmp_path / "games.sqlite3")
    with sqlite3.connect(tmp_path / "games.sqlite3") as check:
        assert check.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    saved = next(iter(store.list_games(cookie.split("=", 1)[1])))
    full = store.get_game(saved.player, saved.id)
    assert full is not None and store.history(full).moves == acknowledged and full.version == game["version"]
    store.close()


@pytest.mark.parametrize("error", FAILURES)
def test_every_storage_failure_is_503_in_the_players_language(
        client: TestClient, app: FastAPI, monkeypatch: pytest.MonkeyPatch, error: str) -> None:
    game = client.post("/api/games", json={"game": "hamilton", "deal": 1}).json()

    def failing(*_args: Any, **_kwargs: Any) -> None:
        raise sqlite3.OperationalError(error)

    monkeypatch.setattr(app.state.store, "get_game", failing)
    english = client.get(f"/api/games/{game['id']}")
    russian = client.get(f"/api/games/{game['id']}", params={"lang": "ru"})
    for answer in (english, russian):
        assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
        assert set(answer.json()) == {"detail"}
    assert english.json()["detail"] != russian.json()["detail"]
    monkeypatch.undo()
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0
