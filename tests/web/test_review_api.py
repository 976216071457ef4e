"""``/api/games/{id}/review``, winnable deals with a difficulty, statistics per difficulty, ``/api/daily``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience.catalog import DIFFICULTIES, Catalog, shipped
from patience.rules import get_game
from patience.solver import WON, solve
from patience.workers.topup import TopUp
from tests.web.conftest import new_game, play

CASES = json.loads((Path(__file__).parent.parent / "data" / "review" / "cases.json").read_text("utf-8"))


def test_review_of_a_lost_game_names_the_turning_point(client: TestClient) -> None:
    case = CASES[0]
    game = new_game(client, case["game"], deal=case["deal"])
    game = play(client, game, *case["moves"])
    answer = client.get(f"/api/games/{game['id']}/review")
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["status"] == "lost" and review["lost_at"] == case["lost_at"]
    assert review["moves"] == len(case["moves"]) and review["line"][0] == review["better"]
    assert review["played"] == case["moves"][case["lost_at"] - 1]
    assert "Move 15 lost the game" in review["summary"] and "t2" not in review["summary"]
    assert review["steps"][-1]["view"]["won"] and len(review["steps"]) == len(review["line"])
    assert review["turning_point"]["score"] <= review["steps"][0]["view"]["score"]
    again = client.get(f"/api/games/{game['id']}/review?lang=ru").json()
    assert again["lost_at"] == case["lost_at"] and "Ход 15" in again["summary"]


def test_an_undecided_review_says_between_which_moves_the_game_was_lost() -> None:
    from patience.i18n import language
    from patience.web.reviews import summary
    from patience.workers.answers import ReviewAnswer

    between = ReviewAnswer(game="union-square", moves=619, status="unknown", winnable_after=157,
                           lost_after=263)
    assert summary(between, {}) == ("Not decided exactly: the game could still be won after move 157 and "
                                    "was lost after move 263; the moves in between were too hard to decide "
                                    "in time.")
    assert between.as_json()["lost_after"] == 263
    with language("pt_BR"):
        assert "após a jogada 157" in summary(between, {})
    nothing = ReviewAnswer(game="union-square", moves=619, status="unknown", lost_after=619)
    assert summary(nothing, {}) == "Not decided: a search ran out of time."


def test_an_undecided_review_shows_the_last_position_known_winnable_and_plays_on_from_it() -> None:
    from patience.analysis.review import positions_of
    from patience.web.reviews import play_on_point, view_of
    from patience.workers.answers import ReviewAnswer
    from tests.undecided_review import CASE, undecided_review

    found, shown = undecided_review()
    game = get_game(CASE["game"])
    states = positions_of(game, CASE["deal"], [game.parse_move(m) for m in CASE["moves"]])
    last_winnable = CASE["lost_at"] - 1
    assert shown.turning_point == view_of(game, states[last_winnable])
    assert len(shown.steps) == len(CASE["line"]) and shown.steps[-1].view.won
    assert shown.played is None and shown.better is None  # no losing move is named
    assert f"after move {last_winnable} " in shown.summary
    assert play_on_point(found) == CASE["lost_at"]  # the position after last_winnable moves
    assert play_on_point(ReviewAnswer(game=CASE["game"], moves=9, status="unknown", lost_after=9)) is None


def test_review_of_a_deal_never_winnable_shows_the_deal_as_dealt(client: TestClient) -> None:
    case = next(c for c in CASES if c["lost_at"] == 0)
    game = new_game(client, case["game"], deal=case["deal"])
    dealt = client.get(f"/api/games/{game['id']}").json()["view"]
    if case["moves"]:
        game = play(client, game, *case["moves"])
    review = client.get(f"/api/games/{game['id']}/review").json()
    assert review["status"] == "lost" and review["lost_at"] == 0 and review["steps"] == []
    assert review["turning_point"] == dealt  # the box shows the deal as dealt, not one sentence alone


def test_review_of_a_fresh_game_and_of_no_game(client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=shipped("hamilton")[0].deal)
    review = client.get(f"/api/games/{game['id']}/review").json()
    assert review["status"] == "winnable" and review["lost_at"] is None and review["better"] is None
    assert review["steps"] and review["turning_point"]["score"] == 0
    missing = client.get("/api/games/g_000000000000000000000000/review")
    assert missing.status_code == 404 and missing.json()["detail"]


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_new_winnable_game_of_a_difficulty_is_proven_won(client: TestClient, level: str) -> None:
    game = new_game(client, "hamilton", winnable=True, difficulty=level)
    assert game["difficulty"] == level and game["deck"] is None
    result = solve(get_game("hamilton"), get_game("hamilton").new(game["deal"]), max_seconds=60)
    assert result.outcome == WON


def test_winnable_without_difficulty_and_difficulty_of_other_deals(client: TestClient) -> None:
    game = new_game(client, "union-square", winnable=True)
    assert game["difficulty"] in DIFFICULTIES
    assert new_game(client, "hamilton", deal=4_000_000_000)["difficulty"] is None
    known = shipped("hamilton")[5]
    assert new_game(client, "hamilton", deal=known.deal)["difficulty"] == known.difficulty


def test_bad_winnable_requests(client: TestClient) -> None:
    bad = client.post("/api/games", json={"game": "hamilton", "winnable": True, "difficulty": "brutal"})
    assert bad.status_code == 422 and "easy, medium or hard" in bad.json()["detail"]
    ru = client.post("/api/games?lang=ru", json={"game": "hamilton", "difficulty": "brutal"})
    assert ru.status_code == 422 and "brutal" in ru.json()["detail"] and "choose" not in ru.json()["detail"]
    both = client.post("/api/games", json={"game": "hamilton", "winnable": True, "deal": 3})
    assert both.status_code == 400
    assert client.post("/api/games", json={"game": "klondike", "winnable": True}).status_code in (400, 404)


def test_statistics_per_difficulty(client: TestClient) -> None:
    game = new_game(client, "hamilton", winnable=True, difficulty="easy")
    play(client, game, "s")
    easy = client.get("/api/stats", params={"game": "hamilton", "difficulty": "easy"}).json()
    hard = client.get("/api/stats", params={"game": "hamilton", "difficulty": "hard"}).json()
    every = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (easy["played"], hard["played"], every["played"]) == (1, 0, 1)
    assert easy["difficulty"] == "easy" and every["difficulty"] is None
    bad = client.get("/api/stats", params={"game": "hamilton", "difficulty": "x"})
    assert bad.status_code == 422 and bad.json()["detail"]


def test_daily_deal(client: TestClient) -> None:
    one = client.get("/api/daily", params={"game": "hamilton", "date": "2026-12-01"}).json()
    same = client.get("/api/daily", params={"game": "hamilton", "date": "2026-12-01"}).json()
    other = client.get("/api/daily", params={"game": "hamilton", "date": "2026-12-02"}).json()
    assert one == same and one["deal"] != other["deal"]
    assert one["date"] == "2026-12-01" and one["difficulty"] in DIFFICULTIES
    assert one["deal"] in {d.deal for d in shipped("hamilton")}
    today = client.get("/api/daily", params={"game": "union-square"})
    assert today.status_code == 200 and len(today.json()["date"]) == 10
    for params in ({"game": "klondike"}, {"game": "hamilton", "date": "yesterday"},
                   {"game": "hamilton", "date": "2026-02-30"}, {"game": "hamilton", "date": "9999-01-01"},
                   {"game": "hamilton", "date": "2026-W01-1"}):
        bad = client.get("/api/daily", params=params)
        assert bad.status_code == 400 and bad.json()["detail"], params
    ru = client.get("/api/daily", params={"game": "hamilton", "date": "soon", "lang": "pt_BR"})
    assert "YYYY-MM-DD" in ru.json()["detail"] and "write it" not in ru.json()["detail"]


def test_top_up_proves_a_deal_and_keeps_it(tmp_path: Path) -> None:
    catalog = Catalog(tmp_path / "extra.json")
    topper = TopUp(catalog, seconds=1.0, pause=0.0)
    try:
        assert topper.step("hamilton")
    finally:
        topper.stop()
    assert Catalog(tmp_path / "extra.json").next_candidate("hamilton", 1_000_001) == 1_000_002


def test_review_answers_are_made_in_their_own_thread_kept_and_refused_when_crowded(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from patience.web import reviews as review

    made: list[str] = []
    real = review.reviewed

    def counted(*args: object) -> object:
        made.append(threading.current_thread().name)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(review, "reviewed", counted)
    game = play(client, new_game(client, deal=7), "s", "c-f1")
    first = client.get(f"/api/games/{game['id']}/review")
    again = client.get(f"/api/games/{game['id']}/review")
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert len(made) == 1 and made[0].startswith("review-answers")  # not a thread that answers moves
    answers = client.app.state.workers.review_answers  # type: ignore[attr-defined]
    taken = 0
    while answers._lane._places.take():
        taken += 1
    try:
        other = play(client, new_game(client, deal=8), "s")
        busy = client.get(f"/api/games/{other['id']}/review")
    finally:
        for _ in range(taken):
            answers._lane._places.release()
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "10"
