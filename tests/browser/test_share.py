"""Share a deal: "Copy link" puts a link on the clipboard that deals the same deal (by number or deck)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from patience import get_game
from patience.deals import deck_text
from tests.browser.helpers import control, game_object, open_deal, wait_ready

pytestmark = pytest.mark.browser

CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}


def copied_link(page: Any) -> str:
    control(page, "#copy-link").click()
    expect(page.locator("#notice")).to_contain_text("Link copied")
    text: str = page.evaluate("navigator.clipboard.readText()")
    return text


def test_copy_link_deals_the_same_numbered_deal(page_factory: Any, live_server: str) -> None:
    page = page_factory(**CLIPBOARD)
    open_deal(page, live_server, "union-square", 4242)
    link = copied_link(page)
    assert link == f"{live_server}/?game=union-square&deal=4242"
    friend = page_factory(**CLIPBOARD)
    friend.goto(link)
    wait_ready(friend)
    game = game_object(friend)
    assert (game["game"], game["deal"], game["moves"]) == ("union-square", 4242, [])


def test_a_deal_typed_as_a_deck_is_shared_as_its_deck(page_factory: Any, live_server: str) -> None:
    game = get_game("hamilton")
    deck = deck_text(tuple(reversed(game.deck_of(99))))
    page = page_factory(**CLIPBOARD)
    page.goto(live_server + "/?" + f"game=hamilton&deck={deck.replace(' ', '+')}")
    wait_ready(page)
    assert (game_object(page)["deck"], game_object(page)["deal"]) == (deck, None)
    link = copied_link(page)
    assert "deck=" in link and "deal=" not in link
    friend = page_factory(**CLIPBOARD)
    friend.goto(link)
    wait_ready(friend)
    assert game_object(friend)["deck"] == deck


def test_the_win_box_offers_the_link(page_factory: Any, live_server: str) -> None:
    page = page_factory(**CLIPBOARD)
    open_deal(page, live_server, "hamilton", 7)
    button = page.locator("#win-copy-link")
    expect(button).to_be_hidden()  # no win box yet
    page.evaluate("""() => { const box = document.getElementById('message');
        box.hidden = false; box.dataset.kind = 'won'; }""")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator("#notice")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_server}/?game=hamilton&deal=7"
