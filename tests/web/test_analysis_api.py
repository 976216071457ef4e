"""``/hint`` and ``/winnable``: answered by the solver in worker processes, never blocking play."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app
from tests.web.conftest import PAGE_HEADERS, new_game, play, union_square_winning_deal


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """One app for the module, so its solver worker processes start only once."""
    application = create_app(tmp_path_factory.mktemp("analysis") / "games.sqlite3",
                             winnable_budget=1.0, hint_budget=1.0)
    yield application
    application.state.analyzer.shutdown()
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    """A new player for each test (no lifespan: the app and its workers live for the module)."""
    return TestClient(app, headers=PAGE_HEADERS)


@pytest.fixture
def other_client(app: FastAPI) -> TestClient:
    """Another player."""
    return TestClient(app, headers=PAGE_HEADERS)


def test_winnable_answers_pending_then_the_solvers_verdict(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:-4])
    url = f"/api/games/{game['id']}/winnable"
    first = client.get(url).json()
    assert first == {"version": game["version"], "status": "pending"}
    started = time.monotonic()
    while client.get(url).json()["status"] == "pending":
        assert time.monotonic() - started < 30, "the background computation never answered"
        time.sleep(0.05)
    assert client.get(url).json() == {"version": game["version"], "status": "winnable"}
    moved = play(client, game, "s") if "s" in game["legal"] else play(client, game, game["legal"][0])
    assert client.get(url).json()["version"] == moved["version"]


def test_play_goes_on_while_the_solver_thinks(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=11), "s")
    client.get(f"/api/games/{game['id']}/winnable")
    started = time.monotonic()
    game = play(client, game, "c-f1")
    assert time.monotonic() - started < 1.0


def test_winnable_of_won_and_abandoned_games_needs_no_solver(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    won = play(client, new_game(client, "union-square", deck=deck), *moves)
    assert client.get(f"/api/games/{won['id']}/winnable").json()["status"] == "winnable"
    lost = play(client, new_game(client, "hamilton", deal=2), "s")
    client.post(f"/api/games/{lost['id']}/abandon")
    assert client.get(f"/api/games/{lost['id']}/winnable").json()["status"] == "lost"


def test_hint_gives_a_legal_move_and_is_remembered(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:-2])
    answer = client.get(f"/api/games/{game['id']}/hint").json()
    assert answer["move"] in game["legal"] and answer["status"] == "winnable"
    assert answer["basis"] == "winning line" and answer["line"][0] == answer["move"]
    assert answer["explanation"]
    after = client.get(f"/api/games/{game['id']}").json()
    assert after["used_hints"] and after["version"] == game["version"]
    won = play(client, after, *moves[-2:])
    assert won["won"]
    assert client.get("/api/stats", params={"game": "union-square"}).json()["wins_with_hints"] == 1


def test_hint_and_winnable_of_another_players_game_are_404(client: TestClient,
                                                           other_client: TestClient) -> None:
    game = new_game(client)
    assert other_client.get(f"/api/games/{game['id']}/hint").status_code == 404
    assert other_client.get(f"/api/games/{game['id']}/winnable").status_code == 404


def test_a_hint_is_still_given_when_the_worker_cannot_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import Future

    from patience.rules import get_game
    from patience.web import analysis

    analyzer = analysis.Analyzer(hint_budget=0.05)
    monkeypatch.setattr(analysis, "HINT_GRACE_SECONDS", 0.05)
    monkeypatch.setattr(analyzer, "_submit", lambda *args: Future())  # a worker that never answers
    game = get_game("hamilton")
    state = game.apply(game.new(1), game.parse_move("s"))
    answer = analyzer.hint("hamilton", state, "en")
    assert answer["move"] in [str(m) for m in game.legal_moves(state)]


def test_a_dead_solver_worker_is_replaced() -> None:
    import os
    import signal
    from concurrent.futures import BrokenExecutor

    from patience.rules import get_game
    from patience.web.analysis import Analyzer, winnability_job

    analyzer = Analyzer(winnable_budget=0.2)
    game = get_game("hamilton")
    try:
        pool = analyzer._pool("winnable")
        pid = pool.submit(os.getpid).result(timeout=30)
        os.kill(pid, signal.SIGKILL)
        started = time.monotonic()
        while time.monotonic() - started < 30:
            try:
                result = analyzer._submit("winnable", winnability_job, "hamilton", game.new(3), 0.1)
                assert result.result(timeout=30) in ("winnable", "lost", "unknown")
                break
            except BrokenExecutor:  # the death may be noticed by this first future: then retry
                analyzer._discard("winnable")
                time.sleep(0.1)
        else:
            pytest.fail("the pool was not replaced")
    finally:
        analyzer.shutdown()
