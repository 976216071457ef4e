"""``/hint`` and ``/winnable``: answered by the solver in worker processes, never blocking play."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app
from tests.web.conftest import PAGE_HEADERS, assert_unchanged, new_game, play, union_square_winning_deal


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """One app for the module, so its solver worker processes start only once."""
    application = create_app(tmp_path_factory.mktemp("analysis") / "games.sqlite3",
                             winnable_budget=1.0, hint_budget=1.0, winnable_limit=5, solver_workers=1)
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
    assert (first["version"], first["status"]) == (game["version"], "pending")
    started = time.monotonic()
    while client.get(url).json()["status"] == "pending":
        assert time.monotonic() - started < 30, "the background computation never answered"
        time.sleep(0.05)
    decided = client.get(url).json()
    assert (decided["status"], decided["version"]) == ("winnable", game["version"])
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


def test_hint_gives_a_legal_move_and_post_counts_it(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:-2])
    answer = client.post(f"/api/games/{game['id']}/hint", json={}).json()
    assert answer["move"] in game["legal"] and answer["status"] == "winnable"
    assert answer["basis"] == "winning line" and answer["line"][0] == answer["move"]
    assert answer["explanation"] and not answer["busy"]
    after = client.get(f"/api/games/{game['id']}").json()
    assert after["used_hints"] and after["version"] == game["version"]
    won = play(client, after, *moves[-2:])
    assert won["won"]
    assert client.get("/api/stats", params={"game": "union-square"}).json()["wins_with_hints"] == 1


def test_get_hint_changes_nothing(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:-2])
    answer = client.get(f"/api/games/{game['id']}/hint").json()
    assert answer["move"] in game["legal"]
    assert_unchanged(client.get(f"/api/games/{game['id']}").json(), game)
    won = play(client, game, *moves[-2:])
    assert won["won"] and not won["used_hints"]
    assert client.get("/api/stats", params={"game": "union-square"}).json()["wins_with_hints"] == 0


def wait_decided(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    url = f"/api/games/{game['id']}/winnable"
    started = time.monotonic()
    while True:
        answer: dict[str, Any] = client.get(url).json()
        if answer["status"] != "pending":
            return answer
        assert time.monotonic() - started < 60, "the background computation never answered"
        time.sleep(0.05)


def test_on_a_known_winning_line_the_dot_and_the_hint_answer_at_once(app: FastAPI,
                                                                     client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves[:100])
    assert wait_decided(client, game)["status"] == "winnable"
    line = client.get(f"/api/games/{game['id']}/hint").json()["line"]
    analyzer = app.state.analyzer

    def no_search(*args: Any) -> None:
        raise AssertionError("a position on a known winning line needs no search")

    analyzer._submit = no_search
    try:
        for count, move in enumerate(line[:10]):
            hint = client.get(f"/api/games/{game['id']}/hint").json()
            assert (hint["move"], hint["basis"], hint["line"]) == (move, "winning line", line[count:])
            game = play(client, game, move)
            assert client.get(f"/api/games/{game['id']}/winnable").json()["status"] == "winnable"
    finally:
        del analyzer._submit


def test_after_a_lost_position_every_later_one_is_lost_at_once(app: FastAPI, client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=1297)  # proven lost in milliseconds
    assert wait_decided(client, game)["status"] == "lost"
    scheduler = app.state.analyzer.scheduler
    runner = scheduler.runner

    def no_search(*args: Any) -> None:
        raise AssertionError("a position reached from a lost one needs no search")

    scheduler.runner = no_search
    try:
        for _ in range(3):
            move = next((m for m in game["legal"] if m != "s"), game["legal"][0])
            game = play(client, game, move)
            if game["finished"] or not game["legal"]:
                break
            assert client.get(f"/api/games/{game['id']}/winnable").json()["status"] == "lost"
            hint = client.get(f"/api/games/{game['id']}/hint").json()
            assert (hint["status"], hint["busy"]) == ("lost", False)
    finally:
        scheduler.runner = runner


def test_the_dot_says_how_long_it_searched(tmp_path: Path) -> None:
    application = create_app(tmp_path / "g.sqlite3", winnable_budget=0.2, winnable_limit=0.5,
                             solver_workers=1)
    try:
        client = TestClient(application)
        game = new_game(client, "union-square", deal=1)
        first = client.get(f"/api/games/{game['id']}/winnable").json()
        assert first["status"] == "pending" and first["budget_seconds"] == 0.2
        assert first["limit_seconds"] == 0.5
        answer = wait_decided(client, game)
        if answer["status"] == "unknown":
            assert answer["searched_seconds"] == 0.5
    finally:
        application.state.analyzer.shutdown()
        application.state.store.close()


def test_hint_and_winnable_of_another_players_game_are_404(client: TestClient,
                                                           other_client: TestClient) -> None:
    game = new_game(client)
    assert other_client.get(f"/api/games/{game['id']}/hint").status_code == 404
    assert other_client.get(f"/api/games/{game['id']}/winnable").status_code == 404


def test_a_hint_is_still_given_when_the_worker_cannot_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import Future

    from patience.rules import get_game
    from patience.workers import analyzer as analysis

    analyzer = analysis.Analyzer(hint_budget=0.05)
    monkeypatch.setattr(analysis, "HINT_GRACE_SECONDS", 0.05)
    monkeypatch.setattr(analyzer, "_submit", lambda *args: Future())  # a worker that never answers
    game = get_game("hamilton")
    state = game.apply(game.new(1), game.parse_move("s"))
    answer = asyncio.run(analyzer.hint("g", "hamilton", state, "s", "en"))
    assert answer.move in [str(m) for m in game.legal_moves(state)] and answer.busy


def test_many_hints_never_hold_up_other_requests(tmp_path: Path) -> None:
    """With a fake solver that never answers, hints beyond the queue answer at once and stats never wait."""
    from concurrent.futures import Future

    from patience.workers.answers import HintAnswer

    application = create_app(tmp_path / "g.sqlite3", hint_budget=30, solver_workers=2, hint_queue=3)
    analyzer = application.state.analyzer
    stuck: list[Future[Any]] = []

    def never(*args: Any) -> Future[Any]:
        stuck.append(Future())
        return stuck[-1]

    analyzer._submit = never

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            game = (await client.post("/api/games", json={"game": "hamilton", "deal": 5})).json()
            url = f"/api/games/{game['id']}/hint"
            hints = [asyncio.create_task(client.get(url)) for _ in range(20)]
            capacity = analyzer.hint_workers + analyzer.hint_queue
            while len(stuck) < capacity or not any(h.done() for h in hints):
                await asyncio.sleep(0.01)
            stats = await client.get("/api/stats", params={"game": "hamilton"})
            assert stats.status_code == 200
            waiting = [h for h in hints if not h.done()]
            assert len(waiting) == len(stuck) == analyzer.hint_workers + analyzer.hint_queue
            answered = [h.result().json() for h in hints if h.done()]
            assert answered and all(a["busy"] and a["basis"] == "heuristic" for a in answered)
            for future in stuck:
                future.set_result(HintAnswer("s", "heuristic", "unknown", "slow"))
            for task in hints:
                assert (await task).status_code == 200

    try:
        asyncio.run(scenario())
    finally:
        analyzer.shutdown()
        application.state.store.close()


def test_the_heuristic_never_takes_back_the_move_just_played() -> None:
    from patience.analysis.hints import heuristic_move, undoes
    from patience.rules import get_game

    game = get_game("hamilton")
    state = game.new(1)
    checked = 0
    for _ in range(60):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[len(legal) // 2]
        state = game.apply(state, move)
        chosen, _reason = heuristic_move(game, state, move)
        if chosen is not None and len(game.legal_moves(state)) > 1:
            assert not undoes(chosen, move)
            checked += 1
    assert checked > 10


def test_a_dead_solver_worker_is_replaced() -> None:
    import os
    import signal
    from concurrent.futures import BrokenExecutor

    from patience.rules import get_game
    from patience.workers.analyzer import Analyzer, search_job
    from patience.workers.jobs import SearchSpec

    analyzer = Analyzer(winnable_budget=0.2, workers=1)
    game = get_game("hamilton")
    try:
        pid = analyzer.pools["winnable"].submit(os.getpid).result(timeout=30)
        os.kill(pid, signal.SIGKILL)
        started = time.monotonic()
        while time.monotonic() - started < 30:
            try:
                result = analyzer._submit("winnable", search_job, SearchSpec("hamilton", game.new(3), 0.1))
                assert result.result(timeout=30).status in ("winnable", "lost", "unknown")
                break
            except BrokenExecutor:  # the death may be noticed by this first future: then retry
                analyzer.pools["winnable"].discard()
                time.sleep(0.1)
        else:
            pytest.fail("the pool was not replaced")
    finally:
        analyzer.shutdown()
