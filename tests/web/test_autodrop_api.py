"""The moves and double-click routes' ``autodrop``: cards that go up by themselves, in the same action."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import new_game, union_square_winning_deal


def post(client: TestClient, game: dict[str, Any], route: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game['id']}/{route}", json={"version": game["version"], **body})


def test_safe_moves_go_up_in_the_same_action_and_one_undo_takes_them_back(client: TestClient) -> None:
    game = post(client, new_game(client, deal=34), "moves", moves=["s"], autodrop="safe").json()
    assert game["automatic"] == []
    answer = post(client, game, "moves", moves=["c-f1"], autodrop="safe")
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["automatic"] == ["t6-f2", "t2-f1", "t4-f2"]
    assert after["moves"] == ["s", "c-f1", "t6-f2", "t2-f1", "t4-f2"] and after["move_count"] == 5
    assert after["view"]["score"] == 4 and after["version"] == game["version"] + 1
    undone = post(client, after, "undo").json()
    assert undone["moves"] == ["s"] and undone["view"] == game["view"]
    redone = post(client, undone, "redo").json()
    assert redone["moves"] == after["moves"] and redone["view"] == after["view"]


def test_all_plays_every_card_that_fits_and_off_none(client: TestClient) -> None:
    moves = {}
    for mode in ("off", "safe", "all"):
        game = post(client, new_game(client, deal=34, fresh=True), "moves", moves=["s"]).json()
        answer = post(client, game, "moves", moves=["c-f1"], autodrop=mode).json()
        moves[mode] = answer["moves"]
        assert answer["automatic"] == (None if mode == "off" else answer["moves"][2:])
    assert moves["off"] == ["s", "c-f1"]
    assert moves["all"] == ["s", "c-f1", "t6-f2", "t2-f1", "t4-f2", "t6-f1"]
    assert set(moves["safe"]) <= set(moves["all"])


def test_without_autodrop_nothing_goes_up_by_itself(client: TestClient) -> None:
    game = post(client, new_game(client, deal=34), "moves", moves=["s", "c-f1"]).json()
    assert game["moves"] == ["s", "c-f1"] and game["automatic"] is None


def test_double_click_sets_off_automatic_moves(client: TestClient) -> None:
    game = post(client, new_game(client, deal=34), "moves", moves=["s"]).json()
    answer = post(client, game, "double-click", pile="c", autodrop="all").json()
    assert answer["applied"] == ["c-f1"] and answer["automatic"] == ["t6-f2", "t2-f1", "t4-f2", "t6-f1"]


def test_a_win_by_an_automatic_move_is_a_win(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = new_game(client, "union-square", deck=deck)
    answer = post(client, game, "moves", moves=moves[:-17], autodrop="all").json()
    assert answer["won"] and answer["finished"] and answer["view"]["score"] == 104
    assert len(answer["automatic"]) == 17
    stats = client.get("/api/stats", params={"game": "union-square"}).json()
    assert stats["won"] == 1 and stats["fewest_moves"] == len(moves)  # automatic moves count as moves


def test_a_bad_mode_is_refused_and_changes_nothing(client: TestClient) -> None:
    game = new_game(client, deal=34)
    for bad in ("sometimes", 1, None, "SAFE"):
        answer = post(client, game, "moves", moves=["s"], autodrop=bad)
        assert answer.status_code == 422 and isinstance(answer.json()["detail"], str)
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


def test_the_schema_documents_autodrop(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for name in ("MovesIn", "DoubleClickIn"):
        field = schemas[name]["properties"]["autodrop"]
        assert field["enum"] == ["off", "safe", "all"] and field["default"] == "off"
        assert "safe" in field["description"]
    assert "automatic" in schemas["GameOut"]["properties"]


def test_the_statistics_say_that_automatic_moves_count(client: TestClient) -> None:
    formatted = client.get("/api/stats", params={"game": "hamilton"}).json()["formatted"]
    assert "went up to the foundations by themselves" in formatted["moves_definition"]


def test_the_catalog_says_which_games_build_by_colour(client: TestClient) -> None:
    catalog = {entry["slug"]: entry for entry in client.get("/api/games/catalog").json()}
    assert catalog["hamilton"]["builds_by_colour"] is True
    assert catalog["union-square"]["builds_by_colour"] is False
