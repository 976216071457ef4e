"""Words, not codes: what a player reads in a refusal or a hint never shows move notation or deck letters.

Notation (``t1-t3``, ``w-f2``) and deck letters (``8H``, ``TS``) belong to records, the API's move
fields and what a terminal player types; refusals and hints name cards as the table shows them
(``8♥``) and piles by name (``pile 3``, ``the waste``), in every language.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from patience.analysis.hints import heuristic_move, hint
from patience.i18n import LANGUAGES, LOCALE_DIR, language
from patience.rules import CHOOSER, FOUNDATION, STOCK, TABLEAU, WASTE, Game, Move, get_game
from patience.wording import move_text, refusal

NOTATION = re.compile(r"(?<![\w-])(?:[scw]|[tf]\d{1,2})-(?:[scw]|[tf]\d{1,2})(?:x\d+)?(?![\w-])")
DECK_LETTERS = re.compile(r"(?<!\w)(?:10|[A2-9TJQK])[CDHS](?!\w)")

#: Where the texts of refusals and hints come from (the terminal's help, which teaches what to
#: type, and the parser's messages about typed moves are not among them).
PLAYER_READS = ("patience/games/", "patience/errors.py", "patience/analysis/hints.py", "patience/wording.py",
                "patience/finish.py", "patience/table.py", "patience/web/service.py",
                "patience/web/messages.py", "patience/web/routers/")
#: A game kit's table texts: chiefly the terminal help's lines, which teach what to type.
KIT_TABLE = re.compile(r"^patience/games/[^/]+/table\.py$")


def codes_in(text: str) -> list[str]:
    """Notation and deck letters found in ``text``."""
    return NOTATION.findall(text) + DECK_LETTERS.findall(text)


def test_the_patterns_find_what_they_should() -> None:
    assert codes_in("The move t1-t3 is not allowed: 3D is not one step below 8H") == ["t1-t3", "3D", "8H"]
    assert codes_in("s looks best; play w-t15, t3-t5x2 or c-f1; 10H on JS") == [
        "w-t15", "t3-t5x2", "c-f1", "10H", "JS"]
    assert codes_in("3♦ from pile 1 to pile 3: 3♦ is not one step below 8♥ (Ход, jogada, as, ES)") == []


def catalog_texts(lang: str) -> list[tuple[str, str]]:
    """(source, text) of every catalog entry, in English and translated, that refusals and hints use."""
    path = LOCALE_DIR / "patience.pot" if lang == "en" else LOCALE_DIR / lang / "LC_MESSAGES" / "patience.po"
    with Path(path).open("rb") as handle:
        catalog = read_po(handle)
    texts: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id or not any(file.startswith(PLAYER_READS) and not KIT_TABLE.match(file)
                                     for file, _line in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts += [(str(ids[0]), str(text)) for text in (*ids, *strings) if text]
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_text_of_a_refusal_or_hint_shows_notation(lang: str) -> None:
    texts = catalog_texts(lang)
    assert len(texts) > 100  # the catalogs were read
    found = [(source, text) for source, text in texts if codes_in(text)]
    assert found == []


def random_positions(game: Game[Any], count: int, seed: int) -> list[Any]:
    """Positions met along random games."""
    rng = random.Random(seed)
    positions: list[Any] = []
    while len(positions) < count:
        state = game.new(rng.randint(1, 10_000))
        for _step in range(rng.randint(0, 120)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
        positions.append(state)
    return positions


def every_move(game: Game[Any]) -> list[Move]:
    """Every move between any two piles of any game (most of them illegal anywhere), and odd clicks."""
    piles = [STOCK, CHOOSER, WASTE, *(FOUNDATION + i for i in range(4)), *(TABLEAU + i for i in range(16))]
    moves = [Move(STOCK, STOCK, 0), Move(STOCK, STOCK, 1), Move(STOCK, TABLEAU, 0)]
    for src in piles[1:]:
        for dst in piles:
            if src != dst:
                moves += [Move(src, dst, count) for count in (1, 2, 14)]
    return moves


@pytest.mark.parametrize("slug", ["hamilton", "union-square"])
def test_refusals_of_many_illegal_moves_name_cards_and_piles_in_words(slug: str) -> None:
    game = get_game(slug)
    moves = every_move(game)
    checked = 0
    for state in random_positions(game, 6, seed=len(slug)):
        for lang in LANGUAGES:
            with language(lang):
                for move in moves:
                    reason = game.why_illegal(state, move)
                    if reason is None:
                        continue
                    text = refusal(game, state, move, reason)
                    assert codes_in(text) == [], (move, text)
                    checked += 1
    assert checked > 5000


@pytest.mark.parametrize("slug", ["hamilton", "union-square"])
def test_hints_name_the_move_in_words(slug: str) -> None:
    game = get_game(slug)
    for state in random_positions(game, 4, seed=3):
        move, reason = heuristic_move(game, state)
        if move is None:
            continue
        for lang in LANGUAGES:
            with language(lang):
                said = hint(game, state, budget=0.05)
                assert codes_in(said.explanation) == [], said.explanation
                assert codes_in(move_text(game, state, move) + reason) == []


def test_api_refusals_are_in_words_in_every_language(tmp_path: Path) -> None:
    from patience.web import create_app

    app = create_app(tmp_path / "games.sqlite3", winnable_budget=0.2, hint_budget=0.2)
    try:
        with TestClient(app) as client:
            refusals_through(client)
    finally:
        app.state.analyzer.shutdown()
        app.state.store.close()


def refusals_through(client: TestClient) -> None:
    """Refused moves through the API: the detail is in words in every language."""
    game = client.post("/api/games", json={"game": "union-square", "deal": 1}).json()
    game = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": 0}).json()
    for lang in LANGUAGES:
        for move in ("w-t1", "t1-t2", "t1-f1", "t16-f4", "s"):
            moves = [move] if move != "s" else ["s"] * 88
            answer = client.post(f"/api/games/{game['id']}/moves", params={"lang": lang},
                                 json={"moves": moves, "version": game["version"]})
            if answer.status_code == 200:
                game = answer.json()
                continue
            assert answer.status_code == 422
            assert codes_in(answer.json()["detail"]) == [], answer.json()["detail"]
