"""``/odds`` and ``/hint?fair=1``: fair analysis in the background, and no peeking through the API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app
from tests.test_fair import HAMILTON_MOVES, hamilton_position, reordered_deck
from tests.web.conftest import PAGE_HEADERS, new_game, play, union_square_winning_deal

ODDS_KEYS = {"version", "samples", "won", "lost", "unknown", "low", "high", "more", "hidden", "seed"}
HINT_KEYS = {"move", "basis", "status", "explanation", "line", "busy", "won", "samples"}
PROGRESS_KEYS = {"version", "running", "decided", "samples", "move", "won"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """One app for the module: at most 16 completions, 1,500 positions each (fast and the same everywhere)."""
    application = create_app(tmp_path_factory.mktemp("fair") / "games.sqlite3", solver_workers=1,
                             fair_samples=16, fair_nodes=1500)
    yield application
    application.state.workers.stop()
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    """A new player for each test."""
    return TestClient(app, headers=PAGE_HEADERS)


def final_odds(client: TestClient, game: dict[str, Any]) -> list[dict[str, Any]]:
    """Every answer of ``/odds`` until no more samples are coming."""
    answers = []
    started = time.monotonic()
    while True:
        response = client.get(f"/api/games/{game['id']}/odds")
        assert response.status_code == 200, response.text
        answers.append(response.json())
        if not answers[-1]["more"]:
            return answers
        assert time.monotonic() - started < 60, "the odds never stopped growing"
        time.sleep(0.05)


def test_odds_grow_to_the_limit_then_stop(client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=4)
    answers = final_odds(client, game)
    assert set(answers[0]) == ODDS_KEYS
    assert answers[0]["samples"] == 0 and answers[0]["more"] and answers[0]["hidden"] == 24
    counts = [a["samples"] for a in answers]
    assert counts == sorted(counts) and set(counts) <= {0, 8, 16} and counts[-1] == 16
    last = answers[-1]
    assert last["won"] + last["lost"] + last["unknown"] == 16
    assert 0 <= last["low"] <= last["won"] / 16 <= last["high"] <= 1
    assert last["version"] == game["version"]


def test_odds_follow_the_game(client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=4)
    before = final_odds(client, game)[-1]
    moved = play(client, game, "s")
    after = client.get(f"/api/games/{game['id']}/odds").json()
    assert after["version"] == moved["version"] and after["seed"] != before["seed"]
    assert after["samples"] == 0 and after["more"]


def test_nothing_hidden_is_one_exact_sample(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:-2])
    assert game["view"]["status"]["stock_left"] == 0
    last = final_odds(client, game)[-1]
    assert (last["hidden"], last["samples"], last["won"]) == (0, 1, 1)


def test_no_peeking_through_the_api(client: TestClient) -> None:
    game, played, _state = hamilton_position()
    one, other = reordered_deck(game, 4, played, seed=8)
    assert one != other
    odds, hints = [], []
    for deck in (one, other):
        dealt = play(client, new_game(client, "hamilton", deck=deck, fresh=True), *HAMILTON_MOVES)
        odds.append({k: v for k, v in final_odds(client, dealt)[-1].items() if k != "version"})
        response = client.get(f"/api/games/{dealt['id']}/hint?fair=1")
        assert response.status_code == 200, response.text
        hints.append(response.json())
    assert odds[0] == odds[1] and odds[0]["samples"] == 16
    assert hints[0] == hints[1]
    assert hints[0]["basis"] == "fair" and not hints[0]["busy"]
    assert hints[0]["samples"] in (0, 16) and 0 <= hints[0]["won"] <= hints[0]["samples"]


def test_the_fair_hint_is_a_legal_move_and_post_counts_it(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=4), *HAMILTON_MOVES[:3])
    answer = client.post(f"/api/games/{game['id']}/hint?fair=1", json={}).json()
    assert answer["move"] in game["legal"] and answer["basis"] == "fair"
    assert set(answer) == {*HINT_KEYS, "planned", "no_useful_moves"}  # the keys it had stay, two are added
    assert answer["explanation"]
    assert client.get(f"/api/games/{game['id']}").json()["used_hints"]


def test_the_exact_hint_answers_as_before(client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=4)
    answer = client.get(f"/api/games/{game['id']}/hint").json()
    assert set(answer) == {"move", "basis", "status", "explanation", "line", "busy", "no_useful_moves"}


def test_busy_hint_workers_give_a_quick_fair_guess(app: FastAPI, client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=4), *HAMILTON_MOVES[:3])
    slots = app.state.analyzer._hint_slots
    taken = 0
    while slots.take():
        taken += 1
    try:
        answer = client.get(f"/api/games/{game['id']}/hint?fair=1").json()
    finally:
        for _ in range(taken):
            slots.release()
    assert answer["busy"] and answer["move"] in game["legal"] and answer["samples"] == 0


def test_another_players_game_is_not_found(app: FastAPI, client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=4)
    stranger = TestClient(app, headers=PAGE_HEADERS)
    assert stranger.get(f"/api/games/{game['id']}/odds").status_code == 404
    assert stranger.get(f"/api/games/{game['id']}/hint?fair=1").status_code == 404


def test_the_fair_hint_s_progress_ends_with_its_answer(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=4), *HAMILTON_MOVES[:3])
    path = f"/api/games/{game['id']}/hint/progress"
    before = client.get(path).json()
    assert before == {"version": game["version"], "running": False, "decided": 0, "samples": 0, "move": None,
                      "won": 0}
    answer = client.post(f"/api/games/{game['id']}/hint?fair=1", json={}).json()
    after = client.get(path).json()
    assert set(after) == PROGRESS_KEYS and not after["running"]
    assert (after["decided"], after["samples"], after["move"], after["won"]) == (
        answer["samples"], answer["planned"], answer["move"], answer["won"])
    assert 0 < answer["samples"] <= answer["planned"] == 16
    assert client.get("/api/games/nope/hint/progress").status_code == 404


def test_a_hint_worker_s_report_reaches_the_progress_board(app: FastAPI) -> None:
    """The path a fair hint's progress takes: a worker process's report, read into the board."""
    from patience.analysis.fair import FairProgress
    from patience.rules import Move
    from patience.workers.pool import report

    analyzer = app.state.analyzer
    analyzer.progress.start("probe:1", 32)
    told = FairProgress(decided=14, samples=32, move=Move.parse("t2-t3"), won=11)
    analyzer._submit("hint", report, ("probe:1", told)).result(timeout=60)
    started = time.monotonic()
    while analyzer.fair_progress("probe:1")["decided"] != 14:
        assert time.monotonic() - started < 30, "the report never arrived"
        time.sleep(0.02)
    assert analyzer.fair_progress("probe:1") == {**told.as_json(), "running": True}


def test_the_hint_job_reports_each_completion_it_decides() -> None:
    """In the worker: one report per completion solved, with the best move so far, then the answer."""
    import queue

    from patience.analysis.fair import observe
    from patience.workers import pool
    from patience.workers.jobs import FairHintSpec
    from patience.workers.odds import fair_hint_job, seed_of

    game, played, _state = hamilton_position()
    seen = observe(game, 4, played[:3])
    reports: queue.SimpleQueue[Any] = queue.SimpleQueue()
    pool._channel[:] = [reports]
    try:
        answer = fair_hint_job(FairHintSpec("hamilton", seen, seed_of(seen), 16, 1500, "en", "g:7"))
    finally:
        pool._channel[:] = []
    told = [reports.get() for _ in range(reports.qsize())]
    assert told and {token for token, _p in told} == {"g:7"}
    assert [p.decided for _t, p in told] == list(range(1, len(told) + 1))
    assert answer.samples in (len(told), len(told) + 1)  # an early stop is not reported as progress
    assert answer.planned == 16 and answer.move is not None
