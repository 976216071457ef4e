"""In a real browser: a lost game's hint says "No useful moves left" and offers to end the game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from patience.analysis.hints import STATUS_LOST, known_hint, positions_seen
from patience.rules import Move, get_game
from tests.browser.helpers import control, open_deal, post_moves

pytestmark = pytest.mark.browser

DEAL = 82  # never winnable (docs/survey/hamilton-1-2000.jsonl.gz)


def hinted_moves(deal: int) -> list[str]:
    """The moves the hints of a lost game propose, one after another, until they propose none."""
    game = get_game("hamilton")
    state, played = game.new(deal), list[Move]()
    while True:
        found = known_hint(game, state, STATUS_LOST, (), played[-1] if played else None,
                           seen=positions_seen(game, game.new(deal), played))
        if found.move is None:
            return [str(m) for m in played]
        state = game.apply_legal(state, found.move)
        played.append(found.move)


def test_the_hint_offers_the_end_of_a_lost_game(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", DEAL)
    moves = hinted_moves(DEAL)
    assert all(Move.parse(m) for m in moves) and len(moves) > 10
    post_moves(page, moves)
    control(page, "#hint").click()
    box = page.locator("#hint-box")
    expect(box).to_have_attribute("data-end", "true")
    expect(box.locator("strong")).to_have_text("No useful moves left")
    expect(box).to_contain_text("this game can no longer be won")
    assert not page.locator("#table .hint-src, #table .hint-dst").count()  # no move is pointed at
    box.get_by_role("button", name="End the game (it counts as lost)").click()
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(page.locator("#message-text")).to_have_text("This game is over.")
    expect(message.locator('[data-action="next"]')).to_be_visible()
    expect(box).to_be_hidden()
    assert page.evaluate("window.patience.app.game.finished") is True
    assert page.evaluate("window.patience.app.game.won") is False


def test_on_a_phone_the_end_fits_in_russian(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844}, locale="ru-RU", is_mobile=True,
                        has_touch=True)
    open_deal(page, live_server, "hamilton", DEAL)
    post_moves(page, hinted_moves(DEAL))
    control(page, "#hint").click()
    page.wait_for_selector("#hint-box[data-end='true']")
    box = page.locator("#hint-box")
    assert box.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the sentence or its button is cut off"
    end = page.locator("#hint-end").bounding_box()
    dock = page.locator(".dock").bounding_box()
    assert end is not None and dock is not None and end["y"] + end["height"] <= dock["y"] + dock["height"] + 1
