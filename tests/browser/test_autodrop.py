"""Cards going up by themselves (the menu's setting, safe by default), and the menu's switches in words."""

from __future__ import annotations

from typing import Any

import pytest

from patience import get_game
from patience.autodrop import automatic_moves
from tests.browser.helpers import (
    control,
    drag,
    game_object,
    open_deal,
    post_moves,
    top_card,
    wait_ready,
    wait_version,
)

pytestmark = pytest.mark.browser

#: Hamilton deal 2, after the choice and its safe moves: t2-t4 uncovers a card that goes up by itself.
DEAL = 2


def opening() -> list[str]:
    game = get_game("hamilton")
    state = game.apply_all(game.new(DEAL), [game.parse_move("s"), game.parse_move("c-f1")])
    return ["s", "c-f1", *(str(m) for m in automatic_moves(game, state, "safe"))]


def test_safe_sends_the_uncovered_card_up_and_one_undo_restores_both(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", DEAL)
    post_moves(page, opening())
    before = game_object(page)
    assert page.evaluate("localStorage.getItem('patience.autodrop')") is None  # safe, by default
    drag(page, top_card(page, "tableau-2"), page.locator('[data-pile="tableau-4"]'))
    after = wait_version(page, before["version"] + 1)
    assert after["moves"][len(before["moves"]):] == ["t2-t4", "t2-f2"] and after["automatic"] == ["t2-f2"]
    piles = {p["notation"]: p["cards"] for p in before["view"]["piles"]}
    assert top_card(page, "foundation-2").get_attribute("data-card") == piles["t2"][-2]  # the card uncovered
    page.wait_for_function("() => document.getElementById('live').textContent.includes('Then by themselves')")
    control(page, "#undo").click()
    undone = wait_version(page, after["version"] + 1)
    assert undone["moves"] == before["moves"] and undone["view"] == before["view"]


def test_the_setting_is_in_the_menu_in_words_and_survives_a_reload(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 34)
    select = control(page, "#autodrop")
    assert select.input_value() == "safe"
    assert [o.strip() for o in select.locator("option").all_text_contents()] == [
        "Off", "Safe cards only", "Every card that fits (can spoil a game)"]
    select.select_option("all")
    page.reload()
    wait_ready(page)
    assert control(page, "#autodrop").input_value() == "all"
    post_moves(page, ["s"])
    before = game_object(page)
    page.dblclick('#table [data-pile="chooser"] [data-card]')
    after = wait_version(page, before["version"] + 1)
    assert after["moves"][1:] == ["c-f1", "t6-f2", "t2-f1", "t4-f2", "t6-f1"]  # the double-click's, and all


def test_switches_say_their_state_in_words(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    sound = control(page, "#sound")
    assert sound.locator(".switch-state").text_content() == "Off"
    sound.click()
    assert control(page, "#sound").locator(".switch-state").text_content() == "On"
    four = control(page, "#four-colour")
    assert four.locator(".switch-state").text_content() == "Off"
    four.click()
    assert control(page, "#four-colour").locator(".switch-state").text_content() == "On"
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")


def test_hamilton_keeps_two_colours_and_says_why(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    page.evaluate("localStorage.setItem('patience.fourColour', '1')")
    page.reload()
    wait_ready(page)
    four = control(page, "#four-colour")
    assert four.is_disabled()
    assert four.locator(".switch-state").text_content().startswith("Not in Hamilton: it builds by colour")
    assert not page.evaluate("document.documentElement.classList.contains('four-colour')")
    diamond = page.locator("#table .card.suit-D").first
    assert diamond.evaluate("el => getComputedStyle(el).color") == page.locator(
        "#table .card.suit-H").first.evaluate("el => getComputedStyle(el).color")


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ru"])
def test_the_phone_menu_fits_the_screen(page_factory: Any, live_server: str, lang: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844}, locale=lang, is_mobile=True, has_touch=True)
    open_deal(page, live_server, "hamilton", 1)
    panel = page.locator("#menu-panel")
    assert panel.is_hidden()  # closed, it is not drawn over the table
    page.click("#menu-button")
    box = panel.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert panel.evaluate("el => el.scrollHeight <= el.clientHeight + 1")  # nothing to scroll to
    clipped = panel.evaluate("""el => [...el.querySelectorAll('button, select')].filter(
        (c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.id || c.textContent)""")
    assert clipped == []
