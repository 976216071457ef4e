"""``/review?fair=1``'s ``luck_or_play``: worked out after the fair review, the CLI's numbers and words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.analysis.fair_luck import LuckOrPlay
from patience.analysis.fair_review import Decision
from patience.cli import main
from patience.workers.fair_reviews import FairReviews
from tests.test_fair_review import LOST_GAME
from tests.web.conftest import new_game, play, union_square_winning_deal
from tests.web.test_fair_review_api import until_done

SAMPLES, NODES = 3, 1000


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """One app for the module (the conftest's client uses it): 3 completions per decision, 1,000
    positions each, with the compiled core if built."""
    from patience.web import create_app

    application = create_app(tmp_path_factory.mktemp("fair-luck") / "games.sqlite3",
                             fair_review_samples=SAMPLES, fair_review_nodes=NODES)
    yield application
    application.state.workers.stop()
    application.state.store.close()


def cli_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any],
               seed: int) -> dict[str, Any]:
    """``patience review --fair --json`` for the record, with the server's samples, seed and budget."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    options = ["--fair", "--samples", str(SAMPLES), "--seed", str(seed), "--max-nodes", str(NODES), "--json"]
    assert main(["review", str(path), *options]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def test_a_lost_game_ends_with_luck_or_play_as_the_cli_splits_it(
        client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = play(client, new_game(client, "hamilton", deal=1), *LOST_GAME)
    answers = [a["fair"] for a in until_done(client, game)]
    assert all("luck_or_play" in a for a in answers)
    assert all(a["luck_or_play"] is None and a["luck_words"] is None for a in answers[:-1])
    fair = answers[-1]
    assert fair["status"] == "done" and fair["looked_at"] == 15
    cli = cli_answer(tmp_path, capsys, {"game": "hamilton", "deal": 1, "moves": LOST_GAME}, fair["seed"])
    assert fair["luck_or_play"] == cli["luck_or_play"] and fair["decisions"] == cli["decisions"]
    assert set(fair["luck_or_play"]) == {"deal", "end", "play_cost", "luck", "best"}
    assert fair["luck_words"].startswith("Luck or play: about ")
    assert " points." in fair["luck_words"] or " point." in fair["luck_words"]
    ru = client.get(f"/api/games/{game['id']}/review?fair=1&lang=ru").json()["fair"]
    assert ru["luck_or_play"] == fair["luck_or_play"] and ru["luck_words"].startswith("Везение или игра")


def test_a_won_game_has_no_luck_or_play(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    game = play(client, new_game(client, "union-square", deck=deck), *moves)
    fair = until_done(client, game)[-1]["fair"]
    assert fair["status"] == "done" and fair["looked_at"] == len(moves) and "luck_or_play" in fair
    assert fair["luck_or_play"] is None and fair["luck_words"] is None


def test_luck_or_play_goes_on_piece_by_piece_and_is_kept_with_the_review() -> None:
    """The split is worked out in the review worker's pieces after the decisions, never in a request."""
    asked: list[str] = []

    class Lane:
        budget = 0.0

        def submit(self, fallback: Any, job: Any, *args: Any) -> Any:
            from concurrent.futures import Future

            asked.append(job.__name__)
            future: Future[tuple[Any, bool]] = Future()
            future.set_result((job(*args), True))
            return future

    reviews = FairReviews(Lane(), samples=2, max_nodes=300)  # type: ignore[arg-type]
    moves = LOST_GAME[:5]
    progress = reviews.poll("g", 5, "hamilton", 1, moves, 4)
    while progress.pending:
        progress = reviews.poll("g", 5, "hamilton", 1, moves, 4)
    assert progress.done and progress.weighed and isinstance(progress.luck, LuckOrPlay)
    assert asked[0] == "fair_review_piece" and asked[-1] == "luck_or_play_piece"
    assert asked.count("luck_or_play_piece") >= 2, "a budget of 0 s: one step a piece"
    assert all(isinstance(d, Decision) for d in progress.luck.decisions)
    before = len(asked)
    assert reviews.poll("g", 5, "hamilton", 1, moves, 4).luck == progress.luck and len(asked) == before


def test_the_schema_declares_luck_or_play_with_the_clis_keys(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    part = schemas["FairPartOut"]["properties"]
    assert {"luck_or_play", "luck_words", "costliest", "summary"} <= set(part)
    assert part["luck_or_play"]["description"] and part["luck_words"]["description"]
    luck = schemas["LuckOrPlayOut"]
    assert set(luck["properties"]) == set(luck["required"]) == {"deal", "end", "play_cost", "luck", "best"}
    assert all(p.get("description") for p in luck["properties"].values())
