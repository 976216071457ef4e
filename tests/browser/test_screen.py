"""The table uses the screen: card widths, the page's height, the phone's footer, covered figures.

Measured in Chromium on a fresh deal of each game: on wide screens the stock, the Chooser or waste
and the foundations move aside (Hamilton) or above two rows of eight piles (Union Square), so cards
are at least 15% wider than with the old fixed shape (Hamilton 89 and 130 px, Union Square 81 and
119 px at 1280x800 and 1920x1080), while every covered card still shows its rank and suit
(``test_layout.py``). The page is never taller than the window, and a phone's footer under the
table takes at most 80 px while its dock is empty (it grows with a hint, into room the table leaves).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import open_deal, post_moves, winning_line

pytestmark = pytest.mark.browser

#: (game, width, height) -> the smallest card width accepted, in CSS pixels.
WIDEST = {
    ("hamilton", 1280, 800): 102,
    ("hamilton", 1920, 1080): 150,
    ("union-square", 1280, 800): 93,
    ("union-square", 1920, 1080): 137,
}

CARD_WIDTH_JS = "() => document.querySelector('#table [data-card]').getBoundingClientRect().width"


@pytest.mark.parametrize(("game", "width", "height"), sorted(WIDEST))
def test_cards_are_wider_on_wide_screens(page_factory: Any, live_server: str, game: str, width: int,
                                         height: int) -> None:
    page = page_factory(viewport={"width": width, "height": height})
    open_deal(page, live_server, game, 1)
    assert page.evaluate(CARD_WIDTH_JS) >= WIDEST[(game, width, height)]
    assert page.evaluate("document.documentElement.scrollHeight") <= height


@pytest.mark.parametrize("width", [1024, 1366, 1600, 1920])
def test_union_square_page_is_never_taller_than_the_window(page_factory: Any, live_server: str,
                                                           width: int) -> None:
    page = page_factory(viewport={"width": width, "height": 768})
    open_deal(page, live_server, "union-square", 1)
    post_moves(page, ["s", "s", "s"])
    assert page.evaluate("document.documentElement.scrollHeight") <= 768


@pytest.mark.parametrize("game", ["hamilton", "union-square"])
def test_the_phone_footer_takes_at_most_80_px(page_factory: Any, live_server: str, game: str) -> None:
    """While its dock is empty (Hamilton's says what the Chooser is until the start card is chosen)."""
    page = page_factory(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    open_deal(page, live_server, game, 1)
    if game == "hamilton":
        post_moves(page, ["s", "c-f1"])
    assert page.evaluate("document.querySelector('.footer').getBoundingClientRect().height") <= 80


def test_covered_court_cards_show_no_sliver_of_their_figure(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)  # tableau 4 holds J♣ under J♥ under 2♣
    shown = page.evaluate("""() => [...document.querySelectorAll('#table .pile.tableau > [data-card]')]
        .filter((c) => c.nextElementSibling && c.nextElementSibling.matches('[data-card]'))
        .map((c) => c.querySelector('.court-art')).filter(Boolean)
        .filter((art) => getComputedStyle(art).visibility !== 'hidden').length""")
    assert shown == 0


def test_a_fresh_browser_starts_without_a_refused_request(page: Any, live_server: str) -> None:
    refused: list[str] = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(live_server + "/")
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_selector("#table [data-card]")
    assert refused == []
    # the reload resumes the same game: all three first requests go out together
    first = page.evaluate("window.patience.app.game.id")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert page.evaluate("window.patience.app.game.id") == first


def test_after_a_win_undo_is_off_and_the_clocks_agree(page: Any, live_server: str) -> None:
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    won = post_moves(page, moves)
    assert won["won"] and won["undo_available"] is False
    assert page.locator("#undo").is_disabled()
    assert page.locator('#message [data-action="undo"]').is_hidden()
    status = page.locator('#status [data-stat="time"] b').text_content()
    assert status == page.locator('#win-details [data-win="time"]').text_content()
    assert page.locator("#winnable").get_attribute("data-status") == "won"
    # the win box floats over the page, so the footer keeps its line: the dot, the deal, the difficulty
    assert page.locator(".footer-info").is_visible()
    assert page.locator("#deal-label").text_content()


def test_a_won_game_keeps_the_phone_footer_at_80_px(page_factory: Any, live_server: str) -> None:
    """A lost game's bar takes the phone's footer to 9rem; the win box floats and leaves it alone."""
    page = page_factory(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    assert post_moves(page, moves)["won"]
    page.wait_for_selector("#message[data-kind='won']")
    assert page.evaluate("document.querySelector('.footer').getBoundingClientRect().height") <= 80
    assert page.locator(".footer-info").is_visible()
