"""Long games: loading, undo and redo cost the same whatever the length; answers stay small; a move limit.

Cost is measured by work done, not time: the action rows the store reads
and the moves the service replays to rebuild positions.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience import table as table_module
from patience.errors import LimitReachedError
from patience.rules import get_game
from patience.store import MAX_MOVES_PER_GAME, Store
from patience.store.schema import MIGRATIONS
from patience.table import Table
from patience.web.service import CHECKPOINT_EVERY, RECENT_MOVES, GameService
from tests.web.conftest import new_game, play

PLAYER = "player-long-games-0001"
#: Hamilton deal 1: after these moves, f1-t1 and t1-f1 go back and forth for ever.
OPENING = ["s", "s", "s", "c-f1", "s"]
PAIR = ["f1-t1", "t1-f1"]


def long_game(service: GameService, pairs: int) -> str:
    """A Hamilton game of the opening then ``pairs`` actions of two moves each, then three single moves."""
    record, _state = service.table.create(PLAYER, "hamilton", deal=1, deck=None)
    record, _state = service.table.play(PLAYER, record.id, OPENING, record.version)
    for _ in range(pairs):
        record, _state = service.table.play(PLAYER, record.id, PAIR, record.version)
    for move in [*PAIR, PAIR[0]]:
        record, _state = service.table.play(PLAYER, record.id, [move], record.version)
    return record.id


def work_of(store: Store, game_id: str) -> dict[str, int]:
    """Rows read and moves replayed by a fresh service (cold cache) to load, undo, redo and answer."""
    service = GameService(Table(store))
    rows_before = store.action_rows_read
    work: dict[str, int] = {}
    record, state = service.table.load(PLAYER, game_id)
    service.describe(record, state)
    work["load"] = store.action_rows_read - rows_before
    table = service.table
    for name, change in (("undo", table.undo), ("undo again", table.undo), ("redo", table.redo)):
        rows_before = store.action_rows_read
        record, state = change(PLAYER, game_id, record.version)
        answer = service.describe(record, state)
        work[name] = store.action_rows_read - rows_before
        assert len(answer.moves) <= RECENT_MOVES and len(answer.redo) <= RECENT_MOVES
    work["replayed"] = service.table.moves_replayed
    return work


def test_load_undo_and_redo_cost_the_same_for_a_short_and_a_long_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    service = GameService(Table(store))
    short, long = long_game(service, RECENT_MOVES), long_game(service, 2000)
    short_work, long_work = work_of(store, short), work_of(store, long)
    assert short_work == long_work
    assert long_work["replayed"] == 0 and max(long_work.values()) <= 2 * RECENT_MOVES + 2
    record = store.get_game(PLAYER, long)
    assert record is not None and record.move_count == len(OPENING) + 2 * 2000 + 2  # after undo, undo, redo
    store.close()


def test_answers_carry_the_last_moves_unless_the_whole_history_is_asked(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=1), *OPENING)
    for _ in range(30):
        game = play(client, game, *PAIR)
    assert game["move_count"] == 65 and game["history"] == "recent"
    assert game["moves"] == (OPENING + PAIR * 30)[-RECENT_MOVES:]
    full = client.get(f"/api/games/{game['id']}", params={"history": "full"}).json()
    assert full["history"] == "full" and full["moves"] == OPENING + PAIR * 30
    undone = client.post(f"/api/games/{game['id']}/undo", params={"history": "full"},
                         json={"version": game["version"]}).json()
    assert undone["moves"] == OPENING + PAIR * 29 and undone["redo"] == PAIR
    assert undone["undo_available"] and undone["redo_available"]


def test_the_move_limit_refuses_further_moves_and_changes_nothing(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "MAX_MOVES_PER_GAME", 8)
    service = GameService(Table(Store(tmp_path / "games.sqlite3")))
    record, _state = service.table.create(PLAYER, "hamilton", deal=1, deck=None)
    record, _state = service.table.play(PLAYER, record.id, OPENING, record.version)
    record, _state = service.table.play(PLAYER, record.id, PAIR, record.version)
    with pytest.raises(LimitReachedError) as refused:
        service.table.play(PLAYER, record.id, PAIR, record.version)
    assert "limit of 10,000" not in str(refused.value)
    assert "8 moves" in str(refused.value)
    saved = service.table.store.get_game(PLAYER, record.id)
    assert saved is not None and saved.move_count == 7 and saved.version == record.version
    record, _state = service.table.play(PLAYER, record.id, PAIR[:1], record.version)  # the eighth is allowed
    with pytest.raises(LimitReachedError):
        service.table.play(PLAYER, record.id, PAIR[1:], record.version)


def test_the_move_limit_is_ten_thousand_and_translated(client: TestClient,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert MAX_MOVES_PER_GAME == 10_000
    monkeypatch.setattr(table_module, "MAX_MOVES_PER_GAME", 5)
    game = play(client, new_game(client, "hamilton", deal=1), *OPENING)
    refused = client.post(f"/api/games/{game['id']}/moves", params={"lang": "ru"},
                          json={"moves": ["f1-t1"], "version": game["version"]})
    assert refused.status_code == 422 and "5" in refused.json()["detail"]
    assert refused.json()["detail"].startswith("В этой партии")


def test_a_version_1_database_is_migrated_with_its_moves_and_redo(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(MIGRATIONS[1] + "; PRAGMA user_version = 1;")
        groups = [OPENING, *[PAIR] * 3]
        conn.execute("INSERT INTO games (id, player, game, deal, moves, redo, version, created_at, "
                     "updated_at, first_move_at, last_move_at) "
                     "VALUES ('g_old', ?, 'hamilton', 1, ?, ?, 9, 1, 2, 1, 2)",
                     (PLAYER, json.dumps(groups), json.dumps([["f1-t1"], ["t1-f1"]])))
    store = Store(path)
    record = store.get_game(PLAYER, "g_old")
    assert record is not None and store.history(record).done == tuple(tuple(g) for g in groups)
    assert store.history(record).redo == (("f1-t1",), ("t1-f1",))
    assert record.move_count == 11 and record.redo_actions == 2
    service = GameService(Table(store))
    engine = get_game("hamilton")
    _record, state = service.table.load(PLAYER, "g_old")
    moves = store.history(record).moves
    assert state == engine.apply_all(engine.new(1), [engine.parse_move(m) for m in moves])
    assert service.table.moves_replayed == 11
    _record, again = GameService(Table(store)).table.load(PLAYER, "g_old")  # the rebuilt position was kept
    assert again == state and store.get_game(PLAYER, "g_old") is not None
    redone, _state = service.table.redo(PLAYER, "g_old", 9)
    assert redone.move_count == 12 and redone.redo_actions == 1
    store.close()


def test_a_long_game_from_version_1_replays_once_then_little(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(MIGRATIONS[1] + "; PRAGMA user_version = 1;")
        conn.execute("INSERT INTO games (id, player, game, deal, moves, version, created_at, updated_at) "
                     "VALUES ('g_long', ?, 'hamilton', 1, ?, 300, 1, 2)",
                     (PLAYER, json.dumps([OPENING, *[PAIR] * 300])))
    store = Store(path)
    service = GameService(Table(store))
    record, _state = service.table.load(PLAYER, "g_long")
    assert service.table.moves_replayed == len(OPENING) + 600
    for _ in range(3):
        before = service.table.moves_replayed
        record, _state = service.table.undo(PLAYER, "g_long", record.version)
        assert service.table.moves_replayed - before <= 2 * CHECKPOINT_EVERY
    assert record.move_count == len(OPENING) + 2 * 297
    store.close()
