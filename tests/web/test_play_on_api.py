"""``POST /api/games/{id}/review/play-on``: a new game at the review's turning point."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from patience.catalog import shipped
from tests.web.conftest import assert_unchanged, new_game, play

CASES = json.loads((Path(__file__).parent.parent / "data" / "review" / "cases.json").read_text("utf-8"))


def test_play_on_starts_a_new_game_at_the_turning_point(client: TestClient) -> None:
    case = CASES[0]
    game = play(client, new_game(client, case["game"], deal=case["deal"]), *case["moves"])
    review = client.get(f"/api/games/{game['id']}/review").json()
    kept = case["lost_at"] - 1
    answer = client.post(f"/api/games/{game['id']}/review/play-on",
                         json={"version": game["version"], "at": kept})
    assert answer.status_code == 201, answer.text
    played_on = answer.json()
    assert played_on["id"] != game["id"] and played_on["deal"] == case["deal"]
    assert played_on["moves"] == case["moves"][:kept] and played_on["move_count"] == kept
    assert played_on["view"] == review["turning_point"]
    assert played_on["used_hints"] is True and not played_on["finished"]
    reviewed = client.get(f"/api/games/{game['id']}").json()  # ended, lost, its moves kept
    assert reviewed["finished"] and not reviewed["won"] and reviewed["moves"] == game["moves"]
    saved = client.get("/api/games?status=unfinished").json()  # one row for the deal: the new game
    assert [g["id"] for g in saved] == [played_on["id"]]
    # one undo step per replayed move
    undone = client.post(f"/api/games/{played_on['id']}/undo", json={"version": played_on["version"]}).json()
    assert undone["moves"] == case["moves"][:kept - 1]
    stats = client.get("/api/stats", params={"game": case["game"]}).json()
    assert [g["used_hints"] for g in stats["history"]] == [True]  # one deal, as a game with hints
    assert stats["played"] == 1 and stats["history"][0]["finished_at"] is None


def test_play_on_refuses_bad_input_and_changes_nothing(client: TestClient) -> None:
    case = CASES[0]
    game = play(client, new_game(client, case["game"], deal=case["deal"]), *case["moves"])
    fresh = new_game(client, "hamilton", deal=shipped("hamilton")[1].deal, fresh=True)  # no turning point
    before = client.get("/api/games?status=all").json()
    refusals = [
        (f"/api/games/{game['id']}/review/play-on", {"version": game["version"] - 1}, 409),
        (f"/api/games/{game['id']}/review/play-on", {}, 422),
        (f"/api/games/{game['id']}/review/play-on", {"version": "new"}, 422),
        # the page showed another position than the review now starts from: nothing is played on
        (f"/api/games/{game['id']}/review/play-on", {"version": game["version"], "at": case["lost_at"]}, 409),
        (f"/api/games/{game['id']}/review/play-on", {"version": game["version"], "at": -1}, 422),
        (f"/api/games/{game['id']}/review/play-on", {"version": game["version"], "at": "3"}, 422),
        ("/api/games/g_000000000000000000000000/review/play-on", {"version": 0}, 404),
        (f"/api/games/{fresh['id']}/review/play-on", {"version": fresh["version"]}, 422),
    ]
    for path, body, status in refusals:
        answer = client.post(path, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert isinstance(answer.json()["detail"], str) and answer.json()["detail"]
    assert client.get("/api/games?status=all").json() == before
    assert_unchanged(client.get(f"/api/games/{game['id']}").json(), game)
    assert client.get(f"/api/games/{fresh['id']}").json() == fresh
    ru = client.post(f"/api/games/{fresh['id']}/review/play-on?lang=ru", json={"version": fresh["version"]})
    assert ru.status_code == 422 and "turning point" not in ru.json()["detail"]
    moved = client.post(f"/api/games/{game['id']}/review/play-on?lang=pt_BR",
                        json={"version": game["version"], "at": 0})
    assert moved.status_code == 409 and moved.json()["detail"] == (
        "A revisão mudou desde que foi mostrada: abra-a de novo.")
    assert_unchanged(client.get(f"/api/games/{game['id']}").json(), game)


def test_play_on_is_for_the_players_own_games(client: TestClient, other_client: TestClient) -> None:
    case = CASES[0]
    game = play(client, new_game(client, case["game"], deal=case["deal"]), *case["moves"])
    answer = other_client.post(f"/api/games/{game['id']}/review/play-on", json={"version": game["version"]})
    assert answer.status_code == 404
