"""The play routes and rules: finish, the play clock, saved games that stay tidy, deal reuse, delete."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import assert_unchanged, new_game, play, union_square_winning_deal


def stats(client: TestClient, game: str = "hamilton") -> dict[str, Any]:
    answer: dict[str, Any] = client.get("/api/stats", params={"game": game}).json()
    return answer


# --- finish ----------------------------------------------------------------------------------------


def test_finish_plays_the_rest_up_as_ordinary_moves_in_one_action(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    ready = len(moves) - 17  # the last stock card is on the waste; sixteen cards wait on the piles
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:ready - 1])  # one in the stock
    assert game["can_finish"] is False
    refused = client.post(f"/api/games/{game['id']}/finish", json={"version": game["version"]})
    assert refused.status_code == 422 and refused.json()["detail"].startswith("Not yet")
    assert_unchanged(client.get(f"/api/games/{game['id']}").json(), game)  # nothing changed
    game = play(client, game, moves[ready - 1])
    assert game["can_finish"] is True
    won = client.post(f"/api/games/{game['id']}/finish", json={"version": game["version"]})
    assert won.status_code == 200, won.text
    body = won.json()
    assert body["won"] and body["finished"] and body["view"]["score"] == 104 and not body["can_finish"]
    assert body["applied"] == body["moves"][-17:] and len(body["applied"]) == 17
    assert all("-f" in m for m in body["applied"])  # ordinary moves, every one to a foundation
    assert stats(client, "union-square")["won"] == 1


def test_finish_refuses_bad_input_and_old_versions(client: TestClient, other_client: TestClient) -> None:
    game = play(client, new_game(client, deal=3), "s")
    path = f"/api/games/{game['id']}/finish"
    assert client.post(path, json={"version": 0}).status_code == 409
    bad = client.post(path, json={"version": "x"})
    assert bad.status_code == 422 and isinstance(bad.json()["detail"], str)
    assert client.post(path, json={}).status_code == 422
    assert other_client.post(path, json={"version": 1}).status_code == 404
    pt = client.post(path, json={"version": 1}, params={"lang": "pt_BR"})
    assert pt.status_code == 422 and pt.json()["detail"].startswith("Ainda não")
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 1


# --- the play clock --------------------------------------------------------------------------------


def test_the_clock_counts_only_while_a_page_shows_the_game(client: TestClient, app: FastAPI) -> None:
    now = [1000.0]
    app.state.service.table.clock = lambda: now[0]
    game = new_game(client, deal=1)
    path = f"/api/games/{game['id']}/clock"

    def report(visible: bool, at: float) -> dict[str, Any]:
        now[0] = at
        response = client.post(path, json={"visible": visible})
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    assert report(True, 1005)["elapsed_seconds"] == 0  # before the first move the clock does not run
    game = play(client, game, "s")  # at 1005
    seen = [report(True, 1015)["elapsed_seconds"]]  # a heartbeat: +10
    hidden = report(False, 1020)  # hidden or closed: +5, then the clock stops
    seen.append(hidden["elapsed_seconds"])
    assert hidden["clock_running"] is False
    seen.append(report(True, 5000)["elapsed_seconds"])  # shown again an hour later: nothing added
    now[0] = 5004
    game = play(client, game, "s")
    seen.append(game["elapsed_seconds"])
    reloaded = client.get(f"/api/games/{game['id']}").json()
    seen.append(reloaded["elapsed_seconds"])  # a reload shows the same time
    seen.append(report(True, 9000)["elapsed_seconds"])  # asleep, crashed or stopped: at most 30 s
    assert seen == [10, 15, 15, 19, 19, 49]
    assert seen == sorted(seen)  # never backwards


def test_clock_reports_refuse_bad_input(client: TestClient, other_client: TestClient) -> None:
    game = play(client, new_game(client, deal=1), "s")
    path = f"/api/games/{game['id']}/clock"
    for body in ({}, {"visible": "maybe"}, {"visible": True, "extra": 1}):
        response = client.post(path, json=body)
        assert response.status_code == 422 and isinstance(response.json()["detail"], str)
    assert other_client.post(path, json={"visible": True}).status_code == 404
    assert client.post("/api/games/g_nothing/clock", json={"visible": True}).status_code == 404
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


# --- saved games ----------------------------------------------------------------------------------


def test_a_game_without_moves_is_not_a_saved_game(client: TestClient) -> None:
    new_game(client, deal=4)
    new_game(client)
    assert client.get("/api/games").json() == []
    assert stats(client)["played"] == 0
    played = play(client, new_game(client, deal=5), "s")
    assert [g["id"] for g in client.get("/api/games").json()] == [played["id"]]


def test_asking_for_a_deal_again_returns_the_unfinished_game(client: TestClient) -> None:
    first = play(client, new_game(client, deal=6), "s")
    again = client.post("/api/games", json={"game": "hamilton", "deal": 6})
    assert again.status_code == 200 and again.json()["id"] == first["id"]
    assert again.json()["moves"] == ["s"]
    assert new_game(client, "union-square", deal=6)["id"] != first["id"]  # another game
    fresh = client.post("/api/games", json={"game": "hamilton", "deal": 6, "fresh": True})
    assert fresh.status_code == 201 and fresh.json()["id"] != first["id"]
    assert new_game(client)["id"] != first["id"]  # a random deal is always new
    client.post(f"/api/games/{first['id']}/abandon")
    latest = client.post("/api/games", json={"game": "hamilton", "deal": 6})
    assert latest.status_code == 200 and latest.json()["id"] == fresh.json()["id"]


def test_delete_removes_a_saved_game(client: TestClient, other_client: TestClient) -> None:
    game = play(client, new_game(client, deal=7), "s")
    theirs = play(other_client, new_game(other_client, deal=7), "s")
    assert client.delete(f"/api/games/{theirs['id']}").status_code == 404
    response = client.delete(f"/api/games/{game['id']}")
    assert response.status_code == 204 and response.content == b""
    assert client.get(f"/api/games/{game['id']}").status_code == 404
    gone = client.delete(f"/api/games/{game['id']}")
    assert gone.status_code == 404 and gone.json()["detail"] == "There is no such game."
    assert client.get("/api/games").json() == []
    played = stats(client)
    assert (played["played"], played["won"], played["history"][0]["finished"]) == (1, 0, True)
    assert other_client.get(f"/api/games/{theirs['id']}").status_code == 200


def test_statistics_count_one_set_of_games(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    play(client, new_game(client, "union-square", deck=deck), *moves)
    lost = play(client, new_game(client, "union-square", deal=4), "s")
    client.post(f"/api/games/{lost['id']}/abandon")
    play(client, new_game(client, "union-square", deal=5), "s", "s")  # still being played
    new_game(client, "union-square", deal=8)  # no move: not played
    figures = stats(client, "union-square")
    history = figures["history"]
    assert figures["played"] == len(history) == 3
    assert figures["won"] == sum(1 for h in history if h["won"])
    finished = sum(1 for h in history if h["finished"])  # the deal being played does not lower it
    assert figures["win_rate"] == figures["won"] / finished
    assert figures["average_score"] == sum(h["score"] for h in history) / len(history)
    assert [h["finished"] for h in history] == [False, True, True]  # most recently started first
    assert figures["formatted"]["definition"].startswith("Played: every deal with at least one move")
    ru = client.get("/api/stats", params={"game": "union-square", "lang": "ru"}).json()
    assert ru["formatted"]["definition"] != figures["formatted"]["definition"]


def test_hidden_reports_after_each_move_do_not_stop_the_clock(client: TestClient, app: FastAPI) -> None:
    """A lying page that reports "hidden" after every move still gets the time its moves took."""
    now = [1000.0]
    app.state.service.table.clock = lambda: now[0]
    game = new_game(client, deal=3)
    for _ in range(3):
        now[0] += 2
        game = play(client, game, "s")
        hidden = client.post(f"/api/games/{game['id']}/clock", json={"visible": False})
        assert hidden.status_code == 200 and hidden.json()["clock_running"] is False
    assert game["elapsed_seconds"] == 6  # 2 s before each of the three moves
