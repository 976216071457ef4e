"""``/review?fair=1``: the fair review grows in the background while a page asks, and never peeks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import fastapi.routing
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.analysis.fair import Budget
from patience.analysis.fair_review import fair_review
from patience.rules import get_game
from patience.web import create_app
from patience.web.schemas import ReviewOut
from tests.test_fair_review import LOST_GAME
from tests.web.conftest import PAGE_HEADERS, new_game, play

SAMPLES, NODES = 3, 1000


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """One app: 3 completions per decision, 1,000 positions each; pieces of at most 2 s.

    It searches in Python: these tests watch a review grow piece by piece, and the compiled core
    finishes this game's in one piece."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATIENCE_SOLVER", "python")
        application = create_app(tmp_path_factory.mktemp("fair-review") / "games.sqlite3",
                                 review_budget=2.0, fair_review_samples=SAMPLES, fair_review_nodes=NODES)
        yield application
        application.state.workers.stop()
        application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, headers=PAGE_HEADERS) as c:
        yield c


def until_done(client: TestClient, game: dict[str, Any], query: str = "fair=1") -> list[dict[str, Any]]:
    """Every answer of the fair review until it is no longer pending."""
    answers = []
    started = time.monotonic()
    while True:
        response = client.get(f"/api/games/{game['id']}/review?{query}")
        assert response.status_code == 200, response.text
        answers.append(response.json())
        if answers[-1]["fair"]["status"] != "pending":
            return answers
        assert time.monotonic() - started < 300, "the fair review never finished"
        time.sleep(0.2)


def test_pending_then_the_costliest_move_as_an_unbroken_run_finds_it(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=1), *LOST_GAME)
    answers = until_done(client, game)
    first, last = answers[0], answers[-1]
    assert first["fair"]["status"] == "pending" and first["fair"]["looked_at"] == 0
    assert first["fair"]["costliest"] is None and "0 of 15 moves" in first["fair"]["summary"]
    assert len(answers) > 2, "in pieces of at most 2 s, with answers in between"
    looked = [a["fair"]["looked_at"] for a in answers]
    assert looked == sorted(looked) and looked[-1] == 15
    fair = last["fair"]
    assert fair["status"] == "done" and (fair["samples"], fair["max_nodes"]) == (SAMPLES, NODES)
    assert last["lost_at"] == first["lost_at"] == 15  # the exact review's keys are as they were
    whole = fair_review(get_game("hamilton"), 1, LOST_GAME, samples=SAMPLES, seed=fair["seed"],
                        budget=Budget(max_nodes=NODES)).as_json()
    assert fair["decisions"] == whole["decisions"]
    costliest, whole_costliest = fair["costliest"], whole["costliest"]
    assert costliest is not None and whole_costliest is not None
    assert costliest["number"] == whole_costliest["number"]
    assert costliest["move"] == LOST_GAME[costliest["number"] - 1]
    assert f"Your costliest move was move {costliest['number']}, {costliest['words']}:" in fair["summary"]
    assert "t2" not in fair["summary"] and costliest["view"]["piles"] and costliest["view_after"]["piles"]
    again = client.get(f"/api/games/{game['id']}/review?fair=1&lang=ru").json()["fair"]
    assert again["decisions"] == fair["decisions"] and "ход" in again["summary"]


def test_a_review_without_fair_is_as_it_was(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=1), *LOST_GAME[:3])
    answer = client.get(f"/api/games/{game['id']}/review").json()
    assert "fair" not in answer
    assert set(answer) >= {"game", "moves", "lost_at", "better", "status", "line", "summary", "steps"}
    assert client.get(f"/api/games/{game['id']}/review?fair=0").json() == answer


def test_a_game_without_decisions_costs_nothing(client: TestClient) -> None:
    game = play(client, new_game(client, "hamilton", deal=1), "s")  # the only move there is
    fair = until_done(client, game)[-1]["fair"]
    assert fair["decisions"] == [] and fair["costliest"] is None
    assert fair["summary"].startswith("None of your moves cost odds")


@pytest.mark.parametrize("query", ["fair=maybe", "fair=2", "fair="])
def test_bad_fair_parameters_are_refused_in_a_sentence(client: TestClient, query: str) -> None:
    game = new_game(client, "hamilton", deal=1)
    response = client.get(f"/api/games/{game['id']}/review?{query}")
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "fair" in detail


def test_no_one_else_reads_a_fair_review(app: FastAPI, client: TestClient) -> None:
    game = new_game(client, "hamilton", deal=1)
    with TestClient(app, headers=PAGE_HEADERS) as stranger:
        assert stranger.get(f"/api/games/{game['id']}/review?fair=1").status_code == 404


def test_review_answers_are_made_and_encoded_away_from_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer with its winning line's boards is about a megabyte of JSON: making it, copying it and
    encoding it all happen in the answers' thread, never in the event loop where moves are played."""
    where: list[tuple[str, str]] = []

    def watched(what: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            where.append((what, threading.current_thread().name))
            return original(*args, **kwargs)
        return call

    for name in ("__init__", "model_dump", "model_dump_json"):
        monkeypatch.setattr(ReviewOut, name, watched(name, getattr(ReviewOut, name)))
    serialize = fastapi.routing.serialize_response

    async def serialized(**kwargs: Any) -> Any:
        if isinstance(kwargs.get("response_content"), ReviewOut):
            where.append(("serialize_response", threading.current_thread().name))
        return await serialize(**kwargs)

    monkeypatch.setattr(fastapi.routing, "serialize_response", serialized)
    game = play(client, new_game(client, "hamilton", deal=1), *LOST_GAME)
    plain = client.get(f"/api/games/{game['id']}/review")
    fair = client.get(f"/api/games/{game['id']}/review?fair=1")
    assert plain.status_code == fair.status_code == 200
    assert plain.headers["content-type"] == fair.headers["content-type"] == "application/json"
    assert {k: v for k, v in fair.json().items() if k != "fair"} == plain.json()
    assert plain.json()["lost_at"] == 15 and plain.json()["steps"], "a review with boards to draw"
    elsewhere = [(what, thread) for what, thread in where if not thread.startswith("review-answers")]
    assert elsewhere == [], "review answers handled in the event loop"
    assert "__init__" in {what for what, _thread in where}, "the answer was made (and watched)"
