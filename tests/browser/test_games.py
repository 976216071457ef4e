"""Whole games in a real browser: winning a numbered deal, statistics, saved games, a killed server.

The winning line of Hamilton deal 1 is stored as a game record in ``data/`` (``patience replay``
checks it); most of it is played through the API with the page's own cookie, the last move
by double-click in the page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from patience.web.service import RECENT_MOVES
from tests.browser.conftest import RESULTS_DIR, ServerProcess
from tests.browser.helpers import (
    control,
    drag,
    game_object,
    open_deal,
    pile_cards,
    post_moves,
    table_position,
    top_card,
    wait_ready,
    wait_version,
    winning_line,
)

pytestmark = pytest.mark.browser


def stat(page: Any, key: str) -> str:
    text: str = page.locator(f'#stats-table [data-stat="{key}"]').inner_text()
    return text


def open_stats(page: Any) -> None:
    control(page, "#stats-button").click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(page.locator("#stats-table [data-stat='played']")).to_be_visible()


def test_finishing_a_winning_line_shows_the_win_and_counts_it(page: Any, live_server: str) -> None:
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    assert moves[-1] == "t3-f2x4"
    open_deal(page, live_server, game, deal)
    open_stats(page)
    assert stat(page, "played") == "0" and stat(page, "won") == "0"
    page.keyboard.press("Escape")
    post_moves(page, moves[:-1])
    assert game_object(page)["view"]["score"] == 48
    expect(page.locator("#message")).to_be_hidden()
    # the last move by the page: double-click sends t3's run of four to the foundation
    page.dblclick('[data-pile="tableau-3"] [data-card] >> nth=-1')
    page.wait_for_function("() => window.patience.app.game.won")
    final = game_object(page)
    assert final["moves"] == moves[-RECENT_MOVES:] and final["move_count"] == len(moves)
    assert final["won"] and final["view"]["score"] == 52
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message")).to_have_attribute("data-kind", "won")
    assert final["message"] and final["message"] in page.locator("#message-text").inner_text()
    expect(page.locator("#live")).to_contain_text(final["message"])
    expect(page.locator("#winnable")).to_have_attribute("data-status", "won")
    assert sum(len(pile_cards(page, f"foundation-{i}")) for i in range(1, 5)) == 52
    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / "won-hamilton-1.png"))
    open_stats(page)
    expect(page.locator('#stats-table [data-stat="won"]')).to_have_text("1")
    assert stat(page, "played") == "1"
    assert page.locator("#stats-chart svg .bar.won").count() == 1
    page.keyboard.press("Escape")
    # the message offers a new game
    page.click('#message [data-action="new"]')
    page.wait_for_function("id => window.patience.app.game.id !== id", arg=final["id"])
    expect(page.locator("#message")).to_be_hidden()


def test_statistics_chart_and_reset_with_confirmation(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 5)
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    control(page, "#restart").click()  # an unfinished game with moves counts as lost: the page asks first
    expect(page.locator("#confirm-dialog")).to_contain_text("This counts as a loss.")
    page.click("#confirm-yes")
    page.wait_for_function("() => window.patience.app.game.moves.length === 0")
    open_stats(page)
    assert stat(page, "played") == "1" and stat(page, "won") == "0"
    assert page.locator("#stats-chart svg .bar.lost").count() == 1
    page.click("#stats-reset")
    expect(page.locator("#confirm-dialog")).to_contain_text("This cannot be undone.")
    page.click("#confirm-no")  # changing one's mind keeps them
    assert stat(page, "played") == "1"
    page.click("#stats-reset")
    page.click("#confirm-yes")
    expect(page.locator('#stats-table [data-stat="played"]')).to_have_text("0")
    expect(page.locator("#stats-chart svg .chart-empty")).to_have_count(1)


def test_saved_games_resume(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 11)
    page.click('[data-pile="stock"]')
    hamilton = wait_version(page, 1)
    position = table_position(page)
    open_deal(page, live_server, "union-square", 12)
    control(page, "#saved-button").click()
    entry = page.locator(f'#saved-list [data-game-id="{hamilton["id"]}"]')
    expect(entry).to_contain_text("Hamilton")
    entry.click()
    page.wait_for_function("id => window.patience.app.game.id === id", arg=hamilton["id"])
    assert table_position(page) == position
    expect(page.locator("#game-select")).to_have_value("hamilton")


def test_a_change_from_another_tab_is_picked_up(page: Any, live_server: str) -> None:
    game = open_deal(page, live_server, "union-square", 1)
    # another tab plays t1-t2 behind this page's back
    response = page.request.post(f"{live_server}/api/games/{game['id']}/moves",
                                 data={"moves": ["t1-t2"], "version": game["version"]})
    assert response.status == 200
    page.click('[data-pile="stock"]')  # sent with the old version: refused, then the page catches up
    expect(page.locator("#notice")).to_be_visible()
    page.wait_for_function("() => window.patience.app.game.moves.length === 1")
    assert pile_cards(page, "tableau-2") == ["7H", "6H"]
    page.click('[data-pile="stock"]')
    assert wait_version(page, 2)["moves"] == ["t1-t2", "s"]


def test_the_page_speaks_the_chosen_language(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    control(page, "#lang-select").select_option("pt_BR")
    page.wait_for_function("() => document.documentElement.lang === 'pt-BR'")  # a function: no eval under CSP
    expect(page.locator("#undo")).to_contain_text("Desfazer")
    # the cards are labelled again a moment after the buttons: wait for it
    expect(page.locator('[data-pile="tableau-1"] [data-card]')).to_have_attribute(
        "aria-label", re.compile(r"^Seis de copas"))
    page.reload()  # the choice is remembered (cookie)
    wait_ready(page)
    expect(page.locator("#undo")).to_contain_text("Desfazer")
    control(page, "#lang-select").select_option("en")
    expect(page.locator("#undo")).to_contain_text("Undo")


def test_a_killed_server_loses_nothing(browser: Any, server_process: ServerProcess, request: Any) -> None:
    from tests.browser.conftest import new_page

    pages = new_page(browser, request)
    page = next(pages)
    open_deal(page, server_process.url, "union-square", 1)
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-2"]'))
    wait_version(page, 1)
    page.click('[data-pile="stock"]')
    wait_version(page, 2)
    before = table_position(page)
    moves = game_object(page)["moves"]
    server_process.kill9()
    server_process.start()
    page.reload()
    wait_ready(page)
    assert table_position(page) == before
    assert game_object(page)["moves"] == moves
    expect(page.locator('[data-pile="tableau-2"] .direction')).to_have_class(re.compile("down"))
    # and play goes on
    control(page, "#undo").click()
    wait_version(page, 3)
    for _ in pages:
        pass
