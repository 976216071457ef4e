"""Statistics, languages, rules pages, the page and its assets, and per-request translation."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience.i18n
from tests.web.conftest import new_game, play, union_square_winning_deal


def test_stats_start_empty(client: TestClient) -> None:
    stats = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert stats["played"] == 0 and stats["won"] == 0 and stats["win_rate"] == 0.0
    assert stats["best_time_seconds"] is None and stats["fewest_moves"] is None
    assert stats["average_score"] is None and stats["history"] == []
    assert stats["formatted"]["best_time"] == "—" and stats["formatted"]["win_rate"] == "0%"


def test_a_deal_counts_as_played_from_its_first_move(client: TestClient) -> None:
    game = new_game(client, deal=9)
    assert client.get("/api/stats", params={"game": "hamilton"}).json()["played"] == 0
    play(client, game, "s")
    stats = client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (stats["played"], stats["won"], stats["history"]) == (1, 0, [])


def _win(client: TestClient) -> None:
    deck, moves = union_square_winning_deal()
    play(client, new_game(client, "union-square", deck=deck), *moves)


def _lose(client: TestClient) -> None:
    game = play(client, new_game(client, "union-square", deal=4), "s")
    client.post(f"/api/games/{game['id']}/abandon")


def test_streaks_averages_and_formatting(client: TestClient) -> None:
    _win(client)
    _lose(client)
    _win(client)
    _win(client)
    stats = client.get("/api/stats", params={"game": "union-square"}).json()
    assert (stats["played"], stats["won"], stats["current_streak"], stats["best_streak"]) == (4, 3, 2, 2)
    assert stats["win_rate"] == 0.75 and stats["average_score"] == pytest.approx((3 * 104 + 0) / 4)
    assert [h["won"] for h in stats["history"]] == [True, True, False, True]  # most recent first
    assert stats["formatted"]["win_rate"] == "75%" and stats["formatted"]["average_score"] == "78.0"
    portuguese = client.get("/api/stats", params={"game": "union-square", "lang": "pt_BR"}).json()
    assert portuguese["formatted"]["average_score"] == "78,0"
    russian = client.get("/api/stats", params={"game": "union-square", "lang": "ru"}).json()
    assert russian["formatted"]["win_rate"].replace("\xa0", " ") == "75 %"


def test_reset_statistics(client: TestClient) -> None:
    _win(client)
    game = play(client, new_game(client, "union-square", deal=4), "s")
    response = client.delete("/api/stats", params={"game": "union-square"})
    assert response.status_code == 200 and response.json() == {"reset": True}
    assert client.get("/api/stats", params={"game": "union-square"}).json()["played"] == 0
    play(client, game, "s")  # the deal being played counts again from its next move
    assert client.get("/api/stats", params={"game": "union-square"}).json()["played"] == 1


def test_stats_are_per_player(client: TestClient, other_client: TestClient) -> None:
    _win(client)
    assert other_client.get("/api/stats", params={"game": "union-square"}).json()["played"] == 0
    other_client.delete("/api/stats", params={"game": "union-square"})
    assert client.get("/api/stats", params={"game": "union-square"}).json()["played"] == 1


def test_stats_refusals(client: TestClient) -> None:
    assert client.get("/api/stats", params={"game": "klondike"}).status_code == 404
    assert client.delete("/api/stats", params={"game": "klondike"}).status_code == 404
    response = client.get("/api/stats")
    assert response.status_code == 422 and "game" in response.json()["detail"]


def test_i18n_serves_every_string_in_the_chosen_language(client: TestClient) -> None:
    english = client.get("/api/i18n").json()
    assert english["lang"] == "en" and english["bcp47"] == "en"
    assert english["messages"]["Undo"] == "Undo" and english["cards"]["QS"] == "Queen of spades"
    assert english["piles"]["foundation-2"] == "Foundation 2"
    assert set(english["languages"]) == {"en", "pt_BR", "ru"}
    russian = client.get("/api/i18n", params={"lang": "ru"}).json()
    assert russian["lang"] == "ru" and russian["messages"]["Undo"] == "Отменить"
    assert set(russian["plurals"]["{count} card"]) >= {"one", "few", "many", "other"}
    by_header = client.get("/api/i18n", headers={"Accept-Language": "pt-BR,pt;q=0.9"}).json()
    assert by_header["lang"] == "pt_BR" and by_header["bcp47"] == "pt-BR"


def test_choosing_a_language_sets_a_cookie(client: TestClient) -> None:
    response = client.post("/api/language", json={"lang": "ru-RU"})
    assert response.status_code == 200 and response.json() == {"lang": "ru"}
    assert "patience_lang=ru" in response.headers["set-cookie"]
    assert client.get("/api/i18n").json()["lang"] == "ru"
    assert client.get("/api/i18n", params={"lang": "en"}).json()["lang"] == "en"  # the query wins


def test_unknown_language_is_400(client: TestClient) -> None:
    response = client.post("/api/language", json={"lang": "klingon"})
    assert response.status_code == 400 and "klingon" in response.json()["detail"]
    assert client.post("/api/language", json={}).status_code == 422


class _Marked(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return "RU:" + message


@pytest.fixture
def marked_russian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pretend the Russian catalog marks everything, to see which strings go through it."""
    real = patience.i18n.translations

    def fake(lang: str) -> gettext.NullTranslations:
        return _Marked() if lang == "ru" else real(lang)

    monkeypatch.setattr(patience.i18n, "translations", fake)
    yield


@pytest.mark.usefixtures("marked_russian")
def test_errors_and_status_texts_are_in_the_requests_language(client: TestClient) -> None:
    game = new_game(client, deal=1)
    russian = client.get(f"/api/games/{game['id']}", params={"lang": "ru"}).json()
    assert russian["status_text"] == "RU:Score 0/52 · RU:Stock 24 · RU:Choices left 3 · RU:Moves 0"
    refused = client.post(f"/api/games/{game['id']}/moves", params={"lang": "ru"},
                          json={"moves": ["s"], "version": 5})
    assert refused.json()["detail"] == "RU:This game changed in another tab."
    missing = client.get("/api/games/g_x", headers={"Accept-Language": "ru"})
    assert missing.json()["detail"] == "RU:There is no such game."
    assert client.get(f"/api/games/{game['id']}").json()["status_text"].startswith("Score")


def test_rules_pages(client: TestClient) -> None:
    page = client.get("/api/rules/hamilton").json()
    assert page["title"] == "Hamilton" and page["lang"] == "en" and "<p>" in page["html"]
    russian = client.get("/api/rules/union-square", params={"lang": "ru"}).json()
    assert russian["lang"] == "ru" and russian["title"] == "Юнион-сквер"
    assert client.get("/api/rules/klondike").status_code == 404


def test_page_and_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    favicon = client.get("/static/favicon.svg")
    assert favicon.status_code == 200 and "svg" in favicon.headers["content-type"]
    assert client.get("/static/no-such-file.js").status_code == 404


def test_openapi_declares_every_error_status(client: TestClient) -> None:
    schema: dict[str, Any] = client.get("/openapi.json").json()
    moves = schema["paths"]["/api/games/{game_id}/moves"]["post"]["responses"]
    assert set(moves) == {"200", "400", "404", "409", "422", "503"}
    assert moves["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOut")
    assert set(schema["paths"]["/api/games"]["post"]["responses"]) == {"201", "400", "404", "422", "503"}


def test_method_not_allowed_lists_every_method_of_the_path(client: TestClient) -> None:
    response = client.put("/api/games")
    assert response.status_code == 405 and response.headers["allow"] == "GET, POST"
    assert client.options("/api/stats").headers["allow"] == "DELETE, GET"
    assert client.get("/api/games/g_1/moves").headers["allow"] == "POST"


def test_no_streak_loophole_by_leaving_a_bad_deal_for_a_new_one(client: TestClient) -> None:
    _win(client)
    play(client, new_game(client, "union-square", deal=4), "s")  # going badly: left unfinished
    _win(client)
    stats = client.get("/api/stats", params={"game": "union-square"}).json()
    assert (stats["played"], stats["won"], stats["current_streak"], stats["best_streak"]) == (3, 2, 1, 1)


def test_a_local_server_refuses_other_host_names(tmp_path: Any) -> None:
    from patience.web import create_app

    app = create_app(tmp_path / "games.sqlite3", allowed_hosts=["127.0.0.1", "localhost"])
    assert TestClient(app, base_url="http://localhost:8000").get("/api/games/catalog").status_code == 200
    assert TestClient(app, base_url="http://evil.example").get("/api/games/catalog").status_code == 400
    app.state.store.close()
