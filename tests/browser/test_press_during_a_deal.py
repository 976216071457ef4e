"""A click or a drag right after a Hamilton deal from the stock, while the deal's answer is on its way:
played once the answer has arrived, or refused with a message, never lost.

The deal's answer is held back by the test (``page.route``) until the click or the drag is made, so the
race is the same on every run. Cards are measured only after every animation has ended (a card's box
during the opening deal is where it flies, not where it lies).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.helpers import game_object, open_deal, post_moves

pytestmark = pytest.mark.browser

#: Hamilton deal 1 after choosing the start card and three deals: the stock holds two cards, which the
#: next deal puts on piles 1 and 2. The top card of pile 3 may go onto pile 6 before and after it.
SETUP = ["s", "c-f1", "s", "s", "s"]
MOVE = "t3-t6"


def settle(page: Any) -> None:
    """Wait until no card slides any more."""
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 14)


def top(pile: str) -> str:
    return f'#table [data-pile="{pile}"] > [data-card]:last-child'


class HeldDeal:
    """A deal from the stock whose answer waits until :meth:`answer`."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.routes: list[Any] = []
        self.version = game_object(page)["version"]
        page.route("**/api/games/*/moves", self.hold)
        page.click('#table [data-pile="stock"]')
        page.wait_for_function("() => window.patience.app.pending > 0")
        while not self.routes:
            page.wait_for_timeout(10)

    def hold(self, route: Any) -> None:
        self.routes.append(route)

    def answer(self) -> None:
        self.routes[0].continue_()
        self.page.unroute("**/api/games/*/moves", self.hold)
        self.page.wait_for_function("v => window.patience.app.game.version > v", arg=self.version)


def deal_ready(page_factory: Callable[..., Any], live_server: str, moves: list[str]) -> Any:
    page = page_factory(reduced_motion="no-preference")
    page.add_init_script("localStorage.setItem('patience.autodrop', 'off')")  # each move exactly as sent
    open_deal(page, live_server, "hamilton", 1)
    post_moves(page, moves)
    settle(page)
    return page


def press_on(page: Any, pile: str, answer_while: str) -> tuple[tuple[float, float], HeldDeal]:
    """Hold the next deal's answer back and press on ``pile``'s top card (the deal answered at once
    when ``answer_while`` is "the button is down"): where the press is, and the held deal."""
    x, y = centre(page, top(pile))
    deal = HeldDeal(page)
    page.mouse.move(x, y)
    page.mouse.down()
    if answer_while == "the button is down":
        deal.answer()
    return (x, y), deal


def played(page: Any) -> list[str]:
    page.wait_for_function("() => window.patience.app.pending === 0")
    moves: list[str] = game_object(page)["moves"]
    return moves


@pytest.mark.parametrize("answer_while", ["after the click", "the button is down"])
def test_a_click_on_a_pile_the_deal_changes_selects_its_new_top_card(
        page_factory: Callable[..., Any], live_server: str, answer_while: str) -> None:
    page = deal_ready(page_factory, live_server, SETUP)
    _start, deal = press_on(page, "tableau-1", answer_while)
    page.mouse.up()
    if answer_while == "after the click":
        deal.answer()
    assert played(page) == [*SETUP, "s"]
    dealt = next(pile for pile in game_object(page)["view"]["piles"] if pile["notation"] == "t1")
    page.wait_for_function("() => window.patience.app.selection !== null")
    assert page.evaluate("window.patience.app.selection") == {"pile": "t1", "count": 1}
    selected = page.locator("#table .card.selected")
    assert selected.count() == 1
    assert selected.get_attribute("data-card") == dealt["cards"][-1]


@pytest.mark.parametrize("answer_while", ["after the drop", "the button is down", "the cards are dragged"])
def test_a_drag_of_cards_the_deal_leaves_alone_is_played(
        page_factory: Callable[..., Any], live_server: str, answer_while: str) -> None:
    page = deal_ready(page_factory, live_server, SETUP)
    card = page.locator(top("tableau-3")).get_attribute("data-card")
    to_x, to_y = centre(page, top("tableau-6"))  # before the deal may be answered
    (x, y), deal = press_on(page, "tableau-3", answer_while)
    page.mouse.move((x + to_x) / 2, (y + to_y) / 2, steps=4)
    if answer_while == "the cards are dragged":
        deal.answer()
        settle(page)
        assert page.locator("#drag-layer [data-card]").count() == 1
        box = page.locator("#drag-layer [data-card]").bounding_box()
        assert box is not None and box["width"] > 50  # the card under the pointer, not a detached copy
    page.mouse.move(to_x, to_y, steps=4)
    page.mouse.up()
    if answer_while == "after the drop":
        deal.answer()
    assert played(page) == [*SETUP, "s", MOVE]
    settle(page)
    assert page.locator(top("tableau-6")).get_attribute("data-card") == card
    assert page.locator("#notice").is_hidden()


@pytest.mark.parametrize("answer_while", ["after the drop", "the button is down"])
def test_a_drag_of_a_card_the_deal_covers_is_refused_with_a_message(
        page_factory: Callable[..., Any], live_server: str, answer_while: str) -> None:
    page = deal_ready(page_factory, live_server, ["s", "c-f1"])  # the next deal covers every pile
    card = page.locator(top("tableau-3")).get_attribute("data-card")
    to_x, to_y = centre(page, top("tableau-6"))  # before the deal may be answered
    _start, deal = press_on(page, "tableau-3", answer_while)
    page.mouse.move(to_x, to_y, steps=8)
    page.mouse.up()
    if answer_while == "after the drop":
        deal.answer()
    assert played(page) == ["s", "c-f1", "s"]  # the covered card's move is not sent for another card
    page.wait_for_selector("#notice:not([hidden])")
    assert page.locator("#notice").inner_text() == (
        "The table changed while you were moving cards: pick them up again.")
    settle(page)
    cards = page.locator('#table [data-pile="tableau-3"] > [data-card]')
    assert cards.nth(cards.count() - 2).get_attribute("data-card") == card  # back in its place
    assert page.locator("#drag-layer [data-card]").count() == 0
