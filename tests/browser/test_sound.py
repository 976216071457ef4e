"""Sound: made by the page with Web Audio, off by default, a switch in the menu, remembered.

The page's audio path is watched through the browser's own AudioContext: an init script counts the
oscillators the page creates.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import control, open_deal, wait_ready

pytestmark = pytest.mark.browser

COUNT_OSCILLATORS = """
window.oscillators = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.oscillators += 1; return super.createOscillator(); }
};
"""


def deal_and_pick(page: Any) -> None:
    """Deal from the stock, then pick up a card of the first tableau pile."""
    version = page.evaluate("window.patience.app.game.version")
    page.click("#table .pile.stock")
    page.wait_for_function("v => window.patience.app.game.version > v", arg=version)
    page.click("#table .pile.tableau [data-card]:last-of-type >> nth=0")
    page.wait_for_selector("#table .card.selected")


@pytest.fixture
def sound_page(page_factory: Any) -> Any:
    page = page_factory()
    page.add_init_script(COUNT_OSCILLATORS)
    return page


def test_sound_is_off_by_default_and_makes_nothing(sound_page: Any, live_server: str) -> None:
    page = sound_page
    open_deal(page, live_server, "hamilton", 1)
    assert control(page, "#sound").get_attribute("aria-pressed") == "false"
    deal_and_pick(page)
    assert page.evaluate("window.oscillators") == 0


def test_the_sound_switch_is_remembered_and_plays(sound_page: Any, live_server: str) -> None:
    page = sound_page
    open_deal(page, live_server, "hamilton", 1)
    assert page.locator("#menu-panel #sound").count() == 1
    control(page, "#sound").click()
    page.reload()
    wait_ready(page)
    assert control(page, "#sound").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    assert page.evaluate("window.oscillators") == 0
    deal_and_pick(page)
    made = page.evaluate("window.oscillators")
    assert made >= 4  # three notes for the deal, one for the pick-up
    control(page, "#sound").click()
    assert page.evaluate("localStorage.getItem('patience.sound')") == "0"
    page.keyboard.press("Escape")
    page.click("#table .pile.stock")
    page.wait_for_timeout(300)
    assert page.evaluate("window.oscillators") == made


@pytest.mark.parametrize(("before", "after", "moves", "sound"), [
    ({"won": False, "f": 0}, {"won": False, "f": 1}, ["t1f"], "up"),
    ({"won": False, "f": 3}, {"won": True, "f": 4}, ["t1f"], "win"),
    ({"won": False, "f": 0}, {"won": False, "f": 0}, ["s"], "deal"),
    ({"won": False, "f": 0}, {"won": False, "f": 0}, ["t1t2"], "drop"),
])
def test_what_a_change_sounds_like(page: Any, live_server: str, before: dict[str, Any], after: dict[str, Any],
                                   moves: list[str], sound: str) -> None:
    page.goto(live_server + "/")
    wait_ready(page)
    script = """async ([b, a, moves]) => {
      const game = (x) => ({ won: x.won,
                             view: { piles: [{ kind: "foundation", cards: Array(x.f).fill("AH") }] } });
      return (await import('/static/js/sound.js')).soundFor(game(b), game(a), moves);
    }"""
    assert page.evaluate(script, [before, after, moves]) == sound
