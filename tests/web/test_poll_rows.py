"""The dot and the hint read the game's current row, not its history: rows read per poll are counted."""

from __future__ import annotations

import sqlite3
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from patience.web.app import create_app
from patience.workers import analyzer as analysis
from tests.web.conftest import PAGE_HEADERS, new_game, play

PAIR = ["f1-t1", "t1-f1"]  # Hamilton deal 1 after s s s c-f1 s: back and forth for ever


def rows_per_poll(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pairs: int) -> dict[str, int]:
    application = create_app(tmp_path / f"games-{pairs}.sqlite3", winnable_budget=0.5, hint_budget=0.05)
    analyzer, store, service = (application.state.analyzer, application.state.store,
                                application.state.service)
    monkeypatch.setattr(analysis, "HINT_GRACE_SECONDS", 0.05)
    monkeypatch.setattr(analyzer, "_submit", lambda *args: Future())  # a hint worker that never answers
    monkeypatch.setattr(analyzer.scheduler, "runner", lambda job, done: Future())  # nor the dot's
    try:
        with TestClient(application, headers=PAGE_HEADERS) as client:
            game = play(client, new_game(client, "hamilton", deal=1), "s", "s", "s", "c-f1", "s")
            with sqlite3.connect(tmp_path / f"games-{pairs}.sqlite3") as db:
                (player,) = db.execute("SELECT player FROM games WHERE id = ?", (game["id"],)).fetchone()
            record, _state = service.table.load(player, game["id"])
            for _ in range(pairs):
                record, _state = service.table.play(player, game["id"], PAIR, record.version)
            rows: dict[str, int] = {}
            for name, ask in (("winnable", client.get), ("hint", client.get), ("winnable again", client.get)):
                before = store.action_rows_read
                answer: Any = ask(f"/api/games/{game['id']}/{name.split()[0]}")
                assert answer.status_code == 200, answer.text
                rows[name] = store.action_rows_read - before
            return rows
    finally:
        analyzer.shutdown()
        store.close()


def test_a_poll_reads_as_many_rows_for_a_long_game_as_for_a_short_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    short, long = rows_per_poll(tmp_path, monkeypatch, 1), rows_per_poll(tmp_path, monkeypatch, 500)
    assert short == long
    assert long == {"winnable": 0, "hint": 1, "winnable again": 0}  # the hint reads the last action only
