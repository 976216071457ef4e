"""``GET /`` embeds what the page's first draw needs: the words, the games, the unfinished games."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from patience.web.middleware import SECURITY_HEADERS

BLOCK = re.compile(r'<script type="application/json" id="boot-data">(.*?)</script>', re.S)


def boot_data(client: TestClient) -> dict[str, Any]:
    response = client.get("/")
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
