""""Show me how" in a real browser: the winning line played move by move, paused, stepped, to a win."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import control, game_object, open_deal, post_moves, wait_version, winning_line

pytestmark = pytest.mark.browser


Game = dict[str, Any]


def start_showing(page: Any, live_server: str, step_ms: int) -> tuple[list[str], Game, Game]:
    """Twelve moves before the end of a won Hamilton deal, "Show me how": the line, the game before, after."""
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    before = post_moves(page, moves[:-12])
    page.evaluate(f"window.patience.app.showStepMs = {step_ms}")
    control(page, "#show-how").click()
    expect(page.locator("#show-panel")).to_be_visible()
    return moves, before, wait_version(page, before["version"] + 1)  # the first move is played at once


def test_show_me_how_wins_the_game_step_by_step(page: Any, live_server: str) -> None:
    moves, _before, first = start_showing(page, live_server, 600)
    page.click("#show-pause")
    expect(page.locator("#show-step")).to_be_enabled()
    paused = game_object(page)
    page.click("#show-step")
    stepped = wait_version(page, paused["version"] + 1)
    assert stepped["move_count"] == paused["move_count"] + 1 >= first["move_count"] + 1
    page.evaluate("window.patience.app.showStepMs = 40")
    page.click("#show-pause")  # play on
    page.wait_for_function("() => window.patience.app.game.won", timeout=30000)
    expect(page.locator("#show-panel")).to_be_hidden()
    won = page.evaluate("async (id) => (await fetch(`/api/games/${id}?history=full`)).json()",
                        game_object(page)["id"])
    assert won["used_hints"] and won["view"]["score"] == 52
    assert won["moves"][:len(moves) - 12] == moves[:-12]


def test_the_speed_is_chosen_and_remembered(page: Any, live_server: str) -> None:
    page.add_init_script("if (!localStorage.getItem('patience.showSpeed')) "
                         "localStorage.setItem('patience.showSpeed', 'slow')")
    _moves, _before, first = start_showing(page, live_server, 0)  # 0: the chosen speed's own pace
    speed = page.locator("#show-speed")
    expect(speed).to_have_value("slow")
    page.wait_for_timeout(900)
    assert game_object(page)["version"] == first["version"]  # slow: 1.6 s between two moves
    speed.select_option("fast")
    assert page.evaluate("localStorage.getItem('patience.showSpeed')") == "fast"
    wait_version(page, first["version"] + 3)  # fast: 0.2 s between two moves
    page.reload()
    expect(page.locator("#show-speed")).to_have_value("fast")


def test_taking_over_stops_the_show(page: Any, live_server: str) -> None:
    _moves, before, after_one = start_showing(page, live_server, 5000)
    page.click("#show-stop")
    expect(page.locator("#show-panel")).to_be_hidden()
    page.wait_for_timeout(300)
    assert game_object(page)["version"] == after_one["version"]
    control(page, "#undo").click()  # every step is an ordinary move: undo takes it back
    undone = wait_version(page, after_one["version"] + 1)
    assert undone["moves"] == before["moves"]


def test_the_dot_keeps_thinking_then_says_how_long_it_searched(page: Any, live_server: str) -> None:
    # Hamilton deal 70165 is not decided in 150 s by either search (docs/winnability.md); this server
    # stops at 2 s (0.5 s, then 2 s)
    open_deal(page, live_server, "hamilton", 70165)
    dot = page.locator("#winnable")
    expect(dot).to_have_attribute("data-status", "pending")
    expect(dot).to_have_text("Still thinking…", timeout=15000)  # the 0.5 s search ended undecided
    expect(dot).to_have_attribute("data-status", "unknown", timeout=30000)
    expect(dot).to_have_text("Not decided in 2 s")
