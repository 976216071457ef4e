"""The API answers in the player's language: refusals, help pages, and statistics formatted by Babel."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from patience.web import create_app
from tests.web.conftest import union_square_winning_deal


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "games.sqlite3", winnable_budget=0.2, hint_budget=0.2)
    with TestClient(app) as c:
        yield c
    app.state.analyzer.shutdown()
    app.state.store.close()


def new_game(client: TestClient, **params: str) -> dict[str, Any]:
    response = client.post("/api/games", params=params, json={"game": "hamilton", "deal": 1})
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    return game


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Not allowed: 7♦ from pile 1 to pile 3. 7♦ is not one step below 2♦."),
    ("pt_BR", "Não permitido: 7♦ (pilha 1 → pilha 3). 7♦ não está um passo abaixo de 2♦."),
    ("ru", "Нельзя: 7♦ (ряд 1 → ряд 3). 7♦ — не на один шаг младше 2♦."),
])
def test_a_refusal_in_each_language(client: TestClient, lang: str, expected: str) -> None:
    game = new_game(client)
    response = client.post(f"/api/games/{game['id']}/moves", params={"lang": lang},
                           json={"moves": ["s", "c-f1", "t1-t3"], "version": game["version"]})
    assert response.status_code == 422
    assert response.json()["detail"] == expected


def test_language_from_accept_language_and_the_cookie(client: TestClient) -> None:
    game = new_game(client)
    body = {"moves": ["t1-t3"], "version": game["version"]}
    moves_url = f"/api/games/{game['id']}/moves"
    answer = client.post(moves_url, json=body, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert answer.json()["detail"].startswith("Нельзя: 7♦ (ряд 1 → ряд 3)")
    assert client.post("/api/language", json={"lang": "pt_BR"}).status_code == 200
    answer = client.post(moves_url, json=body, headers={"Accept-Language": "ru"})
    assert answer.json()["detail"].startswith("Não permitido: 7♦ (pilha 1 → pilha 3)")


@pytest.mark.parametrize(("lang", "title", "phrase"), [
    ("en", "Union Square", "26 cards"),
    ("pt_BR", "Union Square", "26 cartas"),
    ("ru", "Юнион-сквер", "26 карт"),
])
def test_rules_route(client: TestClient, lang: str, title: str, phrase: str) -> None:
    page = client.get("/api/rules/union-square", params={"lang": lang}).json()
    assert page["title"] == title
    assert phrase in page["html"] and "<h2>" in page["html"]


def test_i18n_route_sends_translated_cards_piles_and_plurals(client: TestClient) -> None:
    catalog = client.get("/api/i18n", params={"lang": "ru"}).json()
    assert catalog["messages"]["Rules"] == "Правила"
    assert catalog["cards"]["QS"] == "Дама пик"
    assert catalog["piles"]["tableau-3"] == "Ряд 3"
    forms = catalog["plurals"]["{count} card"]
    assert (forms["one"], forms["few"], forms["many"]) == ("{count} карта", "{count} карты", "{count} карт")


@pytest.mark.parametrize(("lang", "win_rate", "date_pattern"), [
    ("en", "50%", r"\d{1,2}/\d{1,2}/\d{2}"),
    ("pt_BR", "50%", r"\d{2}/\d{2}/\d{4}"),
    ("ru", "50\xa0%", r"\d{2}\.\d{2}\.\d{4}"),
])
def test_statistics_formatted_for_the_language(
    client: TestClient, lang: str, win_rate: str, date_pattern: str,
) -> None:
    deck, moves = union_square_winning_deal()
    won = client.post("/api/games", json={"game": "union-square", "deck": deck}).json()
    client.post(f"/api/games/{won['id']}/moves", json={"moves": moves, "version": won["version"]})
    lost = client.post("/api/games", json={"game": "union-square", "deal": 1}).json()
    lost = client.post(f"/api/games/{lost['id']}/moves",
                       json={"moves": ["s"], "version": lost["version"]}).json()
    client.post(f"/api/games/{lost['id']}/abandon", json={})
    stats = client.get("/api/stats", params={"game": "union-square", "lang": lang}).json()
    assert stats["played"] == 2 and stats["won"] == 1
    formatted = stats["formatted"]
    assert formatted["win_rate"] == win_rate
    assert re.match(date_pattern, formatted["history"][0]["finished_at"])
    # one game's result, not the column of counts ("Won": "Vitórias", "Выиграно")
    assert formatted["history"][0]["result"] == {"en": "Lost", "pt_BR": "Derrota", "ru": "Поражение"}[lang]
    assert formatted["history"][1]["result"] == {"en": "Won", "pt_BR": "Vitória", "ru": "Победа"}[lang]
