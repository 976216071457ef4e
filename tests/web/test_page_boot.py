"""``GET /`` embeds what the page's first draw needs: the words, the games, the unfinished games and the
game it will show."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web.middleware import SECURITY_HEADERS

BLOCK = re.compile(r'<script type="application/json" id="boot-data">(.*?)</script>', re.S)


#: What a browser sends when it opens the page (a script or a crawler does not).
NAVIGATION = {"sec-fetch-dest": "document", "sec-fetch-mode": "navigate"}


def boot_data(client: TestClient, path: str = "/", headers: dict[str, str] | None = None) -> dict[str, Any]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    blocks = BLOCK.findall(response.text)
    assert len(blocks) == 1
    data: dict[str, Any] = json.loads(blocks[0])
    return data


def test_the_page_carries_the_answers_of_the_first_requests(client: TestClient) -> None:
    data = boot_data(client)  # the page's answer also brings the player's cookie
    assert data["i18n"] == client.get("/api/i18n").json()
    assert data["catalog"] == client.get("/api/games/catalog").json()
    assert data["unfinished"] == [] == client.get("/api/games?status=unfinished").json()
    game = client.post("/api/games", json={"game": "hamilton", "deal": 7}).json()
    moved = client.post(f"/api/games/{game['id']}/moves",
                        json={"moves": game["legal"][:1], "version": game["version"]})
    assert moved.status_code == 200
    data = boot_data(client)
    assert [g["id"] for g in data["unfinished"]] == [game["id"]]
    assert data["unfinished"] == client.get("/api/games?status=unfinished").json()


def test_the_words_are_in_the_players_language(client: TestClient) -> None:
    client.cookies.set("patience_lang", "ru")
    data = boot_data(client)
    assert data["i18n"]["lang"] == "ru" and data["i18n"]["messages"]["Undo"] == "Отменить"


def test_the_data_cannot_close_its_block_and_scripts_stay_forbidden(client: TestClient) -> None:
    text = client.get("/").text
    block = BLOCK.search(text)
    assert block is not None and "<" not in block.group(1)
    policy = dict(SECURITY_HEADERS)[b"content-security-policy"].decode()
    scripts = policy.split("script-src")[1].split(";")[0]
    assert "'self'" in scripts and "unsafe-inline" not in scripts


def test_a_new_player_opening_the_page_is_dealt_the_game_it_shows(client: TestClient) -> None:
    data = boot_data(client, headers=NAVIGATION)
    game = data["game"]
    assert data["dealt"] is True and data["unfinished"] == []
    assert (game["game"], game["moves"], game["version"], game["finished"]) == ("hamilton", [], 0, False)
    assert game == client.get(f"/api/games/{game['id']}").json()  # as the page would have fetched it
    again = boot_data(client, headers=NAVIGATION)  # a reload: the same game, nothing dealt
    assert again["game"] == game and again["dealt"] is False
    assert client.get("/api/games/current").json()["id"] == game["id"]


def test_no_game_is_dealt_for_a_script_a_prefetch_or_a_link(client: TestClient) -> None:
    for headers in (None, {**NAVIGATION, "sec-purpose": "prefetch;prerender"}):
        data = boot_data(client, headers=headers)
        assert (data["game"], data["dealt"]) == (None, False)
    data = boot_data(client, "/?game=union-square&deal=5", NAVIGATION)  # the page deals the link's deal
    assert (data["game"], data["dealt"]) == (None, False)
    assert client.get("/api/games/current").status_code == 404  # nothing was dealt


def test_a_player_with_games_gets_the_latest_unfinished_one(client: TestClient) -> None:
    older = client.post("/api/games", json={"game": "union-square", "deal": 5}).json()
    latest = client.post("/api/games", json={"game": "hamilton", "deal": 7}).json()
    data = boot_data(client)  # without a navigation too: nothing is dealt
    assert data["game"] == client.get(f"/api/games/{latest['id']}").json() and data["dealt"] is False
    client.post(f"/api/games/{latest['id']}/abandon")
    assert boot_data(client, headers=NAVIGATION)["game"]["id"] == older["id"]
    client.post(f"/api/games/{older['id']}/abandon")
    data = boot_data(client, headers=NAVIGATION)  # only finished games: the page asks for the one it shows
    assert (data["game"], data["dealt"]) == (None, False)


def test_the_embedded_game_and_the_api_count_its_running_clock_up_to_now(client: TestClient,
                                                                         app: FastAPI) -> None:
    now = [1000.0]
    app.state.service.table.clock = lambda: now[0]
    game = client.post("/api/games", json={"game": "hamilton", "deal": 7}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": 0})  # the clock runs
    now[0] = 1012.5  # the page is reloaded before its last report: the new page shows 12 s, not 0
    embedded = boot_data(client)["game"]
    assert (embedded["elapsed_seconds"], embedded["clock_running"]) == (12, True)
    fetched = client.get(f"/api/games/{game['id']}").json()  # one rule for both
    assert (fetched["elapsed_seconds"], fetched["clock_running"]) == (12, True)
    now[0] = 1020.0  # nothing was saved: counted from the last move still
    assert client.get(f"/api/games/{game['id']}").json()["elapsed_seconds"] == 20
    now[0] = 1012.5
    client.post(f"/api/games/{game['id']}/clock", json={"visible": False})  # the clock stops at 12 s
    now[0] = 2000.0
    embedded = boot_data(client)["game"]
    assert (embedded["elapsed_seconds"], embedded["clock_running"]) == (12, False)
