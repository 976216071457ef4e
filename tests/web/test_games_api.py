"""``/api/games``: every route, every refusal, and that a refusal changes nothing."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from patience.deals import deck_text
from patience.rules import View, get_game
from patience.store import GameRecord
from patience.web.service import game_message
from tests.web.conftest import assert_unchanged, new_game, play, union_square_winning_deal


def test_catalog_lists_both_games(client: TestClient) -> None:
    answer = client.get("/api/games/catalog").json()
    assert all(entry.pop("layout")["arrangements"] for entry in answer)  # test_page_layouts.py: the layouts
    assert answer == [
        {"slug": "hamilton", "name": "Hamilton", "max_score": 52, "builds_by_colour": True},
        {"slug": "union-square", "name": "Union Square", "max_score": 104, "builds_by_colour": False},
    ]


def test_new_numbered_game_is_the_engines_deal(client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=7)
    engine = get_game("hamilton")
    view = engine.view(engine.new(7))
    assert game["deal"] == 7 and game["deck"] is None and game["version"] == 0
    assert game["moves"] == [] and game["redo"] == [] and game["legal"] == ["s"]
    assert [p["cards"] for p in game["view"]["piles"]] == [list(p.cards) for p in view.piles]
    assert game["view"]["max_score"] == 52 and not game["finished"]
    assert game["status_text"] == "Score 0/52 · Stock 24 · Choices left 3 · Moves 0"
    assert game["id"].startswith("g_")


def test_new_game_without_deal_picks_a_random_numbered_deal(client: TestClient) -> None:
    first, second = new_game(client, "union-square"), new_game(client, "union-square")
    assert 1 <= first["deal"] <= 2**32 - 1 and first["deal"] != second["deal"]


def test_new_game_from_a_deck_string(client: TestClient) -> None:
    deck = deck_text(get_game("hamilton").deck_of(5))
    game = new_game(client, "hamilton", deck=deck.lower())
    assert game["deal"] is None and game["deck"] == deck
    assert game["view"]["piles"] == new_game(client, "hamilton", deal=5)["view"]["piles"]


@pytest.mark.parametrize(("body", "status"), [
    ({"game": "hamilton", "deal": 0}, 422),
    ({"game": "hamilton", "deal": 2**32}, 422),
    ({"game": "hamilton", "deck": "AS AS"}, 400),
    ({"game": "hamilton", "deal": 1, "deck": "AS"}, 422),  # the schema says: not both
    ({"game": "klondike", "deal": 1}, 404),
    ({"deal": 1}, 422),
    ({"game": "hamilton", "deal": "one"}, 422),
    ({"game": "hamilton", "colour": "red"}, 422),
])
def test_new_game_refusals(client: TestClient, body: dict[str, Any], status: int) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]
    assert client.get("/api/games").json() == []


def test_player_cookie_is_random_httponly_and_issued_once(client: TestClient) -> None:
    first = client.get("/api/games/catalog")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith("patience_player=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "set-cookie" not in client.get("/api/games/catalog").headers


def test_another_players_game_answers_404(client: TestClient, other_client: TestClient) -> None:
    game = new_game(client)
    client.get("/api/games/catalog")
    assert other_client.get(f"/api/games/{game['id']}").status_code == 404
    body = {"moves": ["s"], "version": 0}
    assert other_client.post(f"/api/games/{game['id']}/moves", json=body).status_code == 404
    for action in ("undo", "redo"):
        assert other_client.post(f"/api/games/{game['id']}/{action}", json={"version": 0}).status_code == 404
    assert other_client.post(f"/api/games/{game['id']}/abandon").status_code == 404
    assert other_client.post(f"/api/games/{game['id']}/restart").status_code == 404
    assert other_client.get("/api/games").json() == []
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_unknown_game_id_answers_404(client: TestClient) -> None:
    response = client.get("/api/games/g_nope")
    assert response.status_code == 404 and response.json()["detail"] == "There is no such game."


def test_moves_are_applied_saved_and_versioned(client: TestClient) -> None:
    game = new_game(client, deal=1)
    game = play(client, game, "s")
    assert game["version"] == 1 and game["moves"] == ["s"]
    assert game["legal"] == ["s", "c-f1", "c-f2", "c-f3", "c-f4"]
    game = play(client, game, "c-f1", "s")
    assert game["version"] == 2 and game["moves"] == ["s", "c-f1", "s"] and game["move_count"] == 3
    assert_unchanged(client.get(f"/api/games/{game['id']}").json(), game)


def test_unreadable_move_is_400_and_changes_nothing(client: TestClient) -> None:
    game = new_game(client, deal=1)
    for text in ("t3-", "x", "t9-f1", "w-t1"):
        response = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s", text], "version": 0})
        assert response.status_code == 400, text
        assert repr(text) in response.json()["detail"]
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_illegal_move_is_422_with_the_reason_and_changes_nothing(client: TestClient) -> None:
    game = play(client, new_game(client, deal=1), "s")
    response = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["c-f1", "c-f2"], "version": 1})
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "Not allowed: a card from the Chooser to foundation 2. The Chooser is empty.")
    after = client.get(f"/api/games/{game['id']}").json()
    assert after == game


def test_empty_move_list_is_refused(client: TestClient) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game['id']}/moves", json={"moves": [], "version": 0})
    assert response.status_code == 422 and response.json()["detail"].startswith("The request is not valid")


def test_stale_version_is_409(client: TestClient) -> None:
    game = play(client, new_game(client, deal=1), "s")
    for path, body in (("moves", {"moves": ["s"], "version": 0}), ("undo", {"version": 0}),
                       ("redo", {"version": 0}), ("double-click", {"pile": "c", "version": 0})):
        response = client.post(f"/api/games/{game['id']}/{path}", json=body)
        assert response.status_code == 409, path
        assert response.json()["detail"] == "This game changed in another tab."
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 1


def test_two_tabs_racing_on_one_version_one_wins(client: TestClient) -> None:
    game = new_game(client, deal=1)
    statuses: list[int] = []

    def tab() -> None:
        r = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": 0})
        statuses.append(r.status_code)

    threads = [threading.Thread(target=tab) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409, 409, 409, 409, 409]
    assert client.get(f"/api/games/{game['id']}").json()["moves"] == ["s"]


def test_double_click_chooser_chooses_the_start_card(client: TestClient) -> None:
    game = play(client, new_game(client, deal=1), "s")
    response = client.post(f"/api/games/{game['id']}/double-click", json={"pile": "c", "version": 1})
    assert response.status_code == 200
    answer = response.json()
    assert answer["applied"] == ["c-f1"] and answer["moves"] == ["s", "c-f1"] and answer["version"] == 2


def test_double_click_refusals(client: TestClient) -> None:
    game = new_game(client, deal=1)
    url = f"/api/games/{game['id']}/double-click"
    assert client.post(url, json={"pile": "t99", "version": 0}).status_code == 400
    assert client.post(url, json={"pile": "w", "version": 0}).status_code == 400  # Hamilton has no waste
    response = client.post(url, json={"pile": "t1", "version": 0})
    assert response.status_code == 422 and response.json()["detail"].startswith("Nothing to do")
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_union_square_foundation_double_click_autoplays_as_one_undo(client: TestClient) -> None:
    deck, _moves = union_square_winning_deal()
    game = new_game(client, "union-square", deck=deck)
    game = play(client, game, "s", "w-f1", "s")
    game = play(client, game, "w-t2")  # 2C from the waste onto 3C: autoplay sends both up, then 4C
    response = client.post(f"/api/games/{game['id']}/double-click", json={"pile": "f1", "version": 2})
    assert response.status_code == 200
    applied = response.json()["applied"]
    assert {"t2-f1", "t1-f1", "t8-f2"} <= set(applied) and applied.count("t2-f1") == 2
    undone = client.post(f"/api/games/{game['id']}/undo", json={"version": 3}).json()
    assert undone["moves"] == ["s", "w-f1", "s", "w-t2"] and undone["redo"] == applied


def test_undo_and_redo(client: TestClient) -> None:
    game = play(client, new_game(client, deal=1), "s")
    game = play(client, game, "s", "c-f2")
    url = f"/api/games/{game['id']}"
    undone = client.post(f"{url}/undo", json={"version": game["version"]}).json()
    assert undone["moves"] == ["s"] and undone["redo"] == ["s", "c-f2"] and undone["used_undo"]
    assert undone["undo_available"] and undone["redo_available"]
    redone = client.post(f"{url}/redo", json={"version": undone["version"]}).json()
    assert redone["moves"] == ["s", "s", "c-f2"] and redone["redo"] == []
    assert redone["view"] == game["view"]
    undone = client.post(f"{url}/undo", json={"version": redone["version"]}).json()
    replayed = play(client, undone, "s")  # a new move forgets what redo would have replayed
    assert replayed["redo"] == []


def test_nothing_to_undo_or_redo_is_422(client: TestClient) -> None:
    game = new_game(client)
    for action, sentence in (("undo", "There is nothing to undo."), ("redo", "There is nothing to redo.")):
        response = client.post(f"/api/games/{game['id']}/{action}", json={"version": 0})
        assert response.status_code == 422 and response.json()["detail"] == sentence


def test_winning_finishes_the_game_and_counts_in_the_statistics(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = new_game(client, "union-square", deck=deck)
    game = play(client, game, moves[0])
    game = client.post(f"/api/games/{game['id']}/undo", json={"version": 1}).json()
    game = client.post(f"/api/games/{game['id']}/redo", json={"version": 2}).json()
    game = play(client, game, *moves[1:])
    assert game["won"] and game["finished"] and game["message"] == "You won!" and game["legal"] == []
    assert game["view"]["score"] == 104 and not game["undo_available"]
    refused = client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]})
    assert refused.status_code == 422
    stats = client.get("/api/stats", params={"game": "union-square"}).json()
    assert (stats["played"], stats["won"], stats["win_rate"]) == (1, 1, 1.0)
    assert stats["fewest_moves"] == len(moves) and stats["wins_with_undo"] == 1
    assert stats["current_streak"] == stats["best_streak"] == 1
    assert stats["history"][0]["won"] and stats["history"][0]["score"] == 104
    assert stats["history"][0]["used_undo"] and not stats["history"][0]["used_hints"]


def test_restart_deals_again_and_counts_the_old_game_as_lost(client: TestClient) -> None:
    game = play(client, new_game(client, deal=3), "s")
    response = client.post(f"/api/games/{game['id']}/restart")
    assert response.status_code == 201
    fresh = response.json()
    assert fresh["id"] != game["id"] and fresh["deal"] == 3 and fresh["moves"] == []
    old = client.get(f"/api/games/{game['id']}").json()
    assert old["finished"] and not old["won"] and old["legal"] == []
    stats = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (stats["played"], stats["won"]) == (1, 0)


def test_restart_before_any_move_is_not_a_played_deal(client: TestClient) -> None:
    game = new_game(client, deal=3)
    client.post(f"/api/games/{game['id']}/restart")
    assert client.get("/api/stats", params={"game": "hamilton"}).json()["played"] == 0


def test_abandon_ends_the_game_as_lost(client: TestClient) -> None:
    game = play(client, new_game(client, deal=3), "s")
    response = client.post(f"/api/games/{game['id']}/abandon")
    assert response.status_code == 200
    assert response.json()["finished"] and response.json()["message"] == "This game is over."
    refused = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": 2})
    assert refused.status_code == 422
    assert client.post(f"/api/games/{game['id']}/abandon").json()["version"] == 2  # already over: no change
    stats = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (stats["played"], stats["won"], stats["current_streak"]) == (1, 0, 0)


def test_a_new_game_that_abandons_the_one_on_the_table_ends_it_as_lost(client: TestClient) -> None:
    left = play(client, new_game(client, deal=3), "s")
    unknown = client.post("/api/games", json={"game": "hamilton", "deal": 4, "abandon": "g_nothing"})
    assert unknown.status_code == 404 and len(client.get("/api/games").json()) == 1  # nothing dealt
    again = client.post("/api/games", json={"game": "hamilton", "deal": 3, "abandon": left["id"]})
    assert again.status_code == 200 and not again.json()["finished"]  # the same game: kept
    fresh = new_game(client, deal=4, abandon=left["id"])
    assert not fresh["finished"]
    saved = {g["id"]: g for g in client.get("/api/games", params={"status": "unfinished"}).json()}
    assert left["id"] not in saved
    assert client.get(f"/api/games/{left['id']}").json()["finished"]
    stats = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (stats["played"], stats["won"]) == (1, 0) and stats["history"][0]["finished"]


def test_saved_games_list_and_current(client: TestClient) -> None:
    assert client.get("/api/games/current").status_code == 404
    first = play(client, new_game(client, deal=1), "s")
    second = play(client, new_game(client, "union-square", deal=2), "s")
    assert client.get("/api/games/current").json()["id"] == second["id"]
    play(client, first, "s")
    assert client.get("/api/games/current").json()["id"] == first["id"]
    client.post(f"/api/games/{second['id']}/abandon")
    unfinished = client.get("/api/games", params={"status": "unfinished"}).json()
    assert [g["id"] for g in unfinished] == [first["id"]]
    assert unfinished[0]["move_count"] == 2 and unfinished[0]["max_score"] == 52
    finished = client.get("/api/games", params={"status": "finished"}).json()
    assert [g["id"] for g in finished] == [second["id"]]
    assert len(client.get("/api/games").json()) == 2
    assert client.get("/api/games", params={"status": "lost"}).status_code == 422


def test_messages_for_stuck_won_and_ended_games() -> None:
    record = GameRecord(id="g_1", player="p", game="hamilton", deal=1, deck=None)
    board = View("hamilton", (), 10, 52, won=False, stuck=False)
    stuck = View("hamilton", (), 10, 52, won=False, stuck=True)
    assert game_message(record, board) is None
    assert game_message(record, stuck) == (
        "No move is left: this game is lost. Undo, restart or start a new game.")
    assert game_message(record.ended(False, 10, 5.0), stuck) == "This game is over."


def test_elapsed_time_counts_gaps_up_to_thirty_seconds(client: TestClient, app: Any) -> None:
    now = [1000.0]
    app.state.service.table.clock = lambda: now[0]
    game = new_game(client, deal=1)
    game = play(client, game, "s")
    now[0] += 20
    game = play(client, game, "s")
    now[0] += 3600
    game = play(client, game, "s")
    assert game["elapsed_seconds"] == 50
