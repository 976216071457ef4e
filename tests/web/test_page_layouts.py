"""Each game's layout (``patience/games/<game>/layout.py``) is complete, and the page knows no game.

The page draws every game's table from the layout the catalog sends (``static/js/layouts.js``,
``table.js``): its scripts and stylesheets name no game and hold no game's pile count.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from patience.kit import kit_of, kits
from patience.page_layout import PageLayout
from patience.rules import get_game
from patience.web.app import STATIC_DIR
from patience.web.messages import MESSAGES
from tests.web.test_page_state import code_of

SLUGS = [kit.slug for kit in kits()]
SOURCES = sorted([*(STATIC_DIR / "js").glob("*.js"), *STATIC_DIR.glob("*.css")])


def layout(slug: str) -> PageLayout:
    found = kit_of(slug).layout
    assert found is not None, f"{slug} registers no layout"
    return found


def game_words(slug: str) -> set[str]:
    """What would name the game: its slug, its name, each word of them longer than 3 letters (not
    the English of a wave form: "square")."""
    name = get_game(slug).name
    words = {slug, name.lower(), *re.split(r"[\s-]+", slug), *name.lower().split()}
    return {w for w in words if len(w) > 3} - {"square"}


def counts(slug: str) -> set[int]:
    """The numbers only one game's shape would put in code: its tableau's pile count, its pile count,
    the length of the pile its cards are sized for."""
    view = get_game(slug).view(get_game(slug).new(1))
    tableau = sum(1 for pile in view.piles if pile.kind == "tableau")
    return {tableau, len(view.piles), layout(slug).sizing_cards} - {0, 1, 2, 3, 4}


def numbers_in(code: str) -> set[int]:
    """Number literals of a script (blanked of comments and strings), but an object's keys (``7: [...]``,
    the pips of a card's rank)."""
    return {int(n) for n in re.findall(r"(?<![\w.$])(\d+)(?![\w.$]|:)", code)}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_page_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8").lower()
    assert [word for slug in SLUGS for word in sorted(game_words(slug)) if word in text] == []


@pytest.mark.parametrize("path", sorted((STATIC_DIR / "js").glob("*.js")), ids=lambda p: p.name)
def test_the_page_holds_no_games_pile_count(path: Path) -> None:
    code = code_of(path.read_text(encoding="utf-8"))
    assert {slug: sorted(numbers_in(code) & counts(slug)) for slug in SLUGS} == {slug: [] for slug in SLUGS}


def test_the_checks_see_a_game_written_in_the_page() -> None:
    assert "hamilton" in game_words("hamilton") and "union" in game_words("union-square")
    assert counts("hamilton") >= {7, 13} and 16 in counts("union-square")
    assert numbers_in(code_of('const n = 16; // 7 piles\nconst pips = { 7: [1] }; f("13");')) == {16, 1}


@pytest.mark.parametrize("slug", SLUGS)
def test_each_layout_places_every_pile_of_its_game(slug: str) -> None:
    game = get_game(slug)
    view = game.view(game.new(1))
    piles = {pile.notation for pile in view.piles}
    found = layout(slug)
    assert sorted(found.keys) == sorted(piles) and len(set(found.keys)) == len(found.keys)
    assert found.arrangements
    for arrangement in found.arrangements:
        assert {len(row) for row in arrangement.areas} == {len(arrangement.columns)}, arrangement.name
        assert piles <= {name for row in arrangement.areas for name in row}, arrangement.name
        assert {name for row in arrangement.keys for name in row} == piles, arrangement.name
        assert len({len(row) for row in arrangement.keys}) == 1, arrangement.name
        assert not arrangement.rows or len(arrangement.rows) == len(arrangement.areas), arrangement.name
        assert arrangement.height and all(
            room.cards or room.peeks or room.piles for room in arrangement.height
        ), arrangement.name
        # a fanned tableau needs a pile length to size its cards for, and the room above it
        assert (found.tableau == "fan") == (found.sizing_cards > 0)
    assert bool(found.foundation_text) != bool(found.foundation_field)
    fields = set(view.status)
    assert {item.field for item in found.status} <= fields
    assert found.foundation_field in fields | {""}
    assert found.tip is None or found.tip.field in fields
    if found.stock_turn is not None:
        assert found.stock_turn.pile in piles and found.stock_turn.while_field in fields | {""}
    kinds = {pile.kind for pile in view.piles}
    assert {words.kind for words in found.piles} <= kinds


@pytest.mark.parametrize("slug", SLUGS)
def test_each_layouts_words_are_translated_on_the_page(slug: str) -> None:
    """The page translates the layout's words with the server's (GET /api/i18n sends MESSAGES, and
    scripts/i18n.py --check fails on any of them untranslated)."""
    words = layout(slug).words()
    assert words and set(words) <= set(MESSAGES)


def test_the_catalog_sends_each_games_layout(client: TestClient) -> None:
    catalog: list[dict[str, Any]] = client.get("/api/games/catalog").json()
    assert [entry["slug"] for entry in catalog] == SLUGS
    for entry in catalog:
        sent, declared = entry["layout"], layout(entry["slug"])
        assert sent["keys"] == list(declared.keys)
        assert [a["name"] for a in sent["arrangements"]] == [a.name for a in declared.arrangements]
    page = client.get("/").text
    assert '"layout":{"arrangements"' in page  # in the page's embedded catalog too
