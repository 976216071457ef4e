"""Fixtures: an app over a fresh SQLite file, clients for two players, and a winning Union Square deal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app
from patience.web.middleware import CLIENT_HEADER, CLIENT_HEADER_VALUE

#: What the game's page sends with every change (the server refuses body-less changes without it).
PAGE_HEADERS: Final = {CLIENT_HEADER: CLIENT_HEADER_VALUE}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    """The app over a new database file (small solver budgets)."""
    application = create_app(tmp_path / "games.sqlite3", winnable_budget=0.5, hint_budget=0.3)
    yield application
    application.state.analyzer.shutdown()
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A browser: keeps its cookies, so it is one player (and sends what the page sends)."""
    with TestClient(app, headers=PAGE_HEADERS) as c:
        yield c


@pytest.fixture
def other_client(app: FastAPI) -> Iterator[TestClient]:
    """A second browser on the same server: another player."""
    with TestClient(app, headers=PAGE_HEADERS) as c:
        yield c


def new_game(client: TestClient, game: str = "hamilton", **fields: Any) -> dict[str, Any]:
    """POST /api/games and return the game (asserting 201)."""
    response = client.post("/api/games", json={"game": game, **fields})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def play(client: TestClient, game: dict[str, Any], *moves: str) -> dict[str, Any]:
    """Play moves on the game's current version (asserting 200)."""
    response = client.post(f"/api/games/{game['id']}/moves",
                           json={"moves": list(moves), "version": game["version"]})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def union_square_winning_deal() -> tuple[str, list[str]]:
    """A Union Square deck that is won by drawing every card straight to a foundation, and its moves.

    The stock holds, suit by suit, Ace up to King then King down to 5; the
    tableau holds each suit's second 4, 3, 2 and Ace, which go up last.
    """
    suits = "CDHS"
    ranks = "A23456789TJQK"
    tableau: list[str] = []
    stock: list[str] = []
    moves: list[str] = []
    for j, suit in enumerate(suits):
        tableau += [f"{r}{suit}" for r in "432A"]
        run = [f"{r}{suit}" for r in ranks] + [f"{r}{suit}" for r in reversed(ranks[4:])]
        stock += run
        moves += ["s", f"w-f{j + 1}"] * len(run)
    for j in range(4):
        moves += [f"t{4 * j + i + 1}-f{j + 1}" for i in range(4)]
    return " ".join(tableau + stock), moves


def assert_unchanged(after: dict[str, Any], before: dict[str, Any]) -> None:
    """A game as the API shows it, unchanged since ``before``: every key the same but the game's
    clock, which only moves on (a slow machine may pass a second between the two reads)."""
    assert {k: v for k, v in after.items() if k != "elapsed_seconds"} == {
        k: v for k, v in before.items() if k != "elapsed_seconds"}
    assert before["elapsed_seconds"] <= after["elapsed_seconds"] <= before["elapsed_seconds"] + 5
