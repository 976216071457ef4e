"""The review panel, the daily deal and winnable deals of a difficulty, in a real browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import control, game_object, open_deal, post_moves, table_position, wait_ready

pytestmark = pytest.mark.browser

CASES = json.loads((Path(__file__).parent.parent / "data" / "review" / "cases.json").read_text("utf-8"))


def test_a_lost_games_review_shows_the_turning_point(page: Any, live_server: str) -> None:
    case = CASES[0]
    open_deal(page, live_server, case["game"], case["deal"])
    post_moves(page, case["moves"])
    table_card = "() => document.querySelector('#table [data-card]').getBoundingClientRect().width"
    width = page.evaluate(table_card)
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-status", "lost", timeout=30_000)
    expect(dialog).to_have_attribute("data-lost-at", str(case["lost_at"]))
    assert page.evaluate(table_card) == width  # the review's smaller board leaves the table's cards alone
    summary = page.locator("#review-summary").inner_text()
    assert f"Move {case['lost_at']} lost the game" in summary and "t2-" not in summary
    expect(page.locator("#review-first")).to_have_text("Turning point")
    step = page.locator("#review-step-text")
    expect(step).to_contain_text(f"after move {case['lost_at'] - 1}")
    expect(page.locator("#review-summary")).to_contain_text("Instead: Queen of spades")
    assert "Queen of spades" not in step.inner_text()  # the turning point's sentence is said once
    board = page.locator("#review-table")
    assert board.locator(".review-moved").count() == 0
    assert board.locator("[data-pile]").count() == 13
    # the better move on the board: its card (the Queen of spades) and where it would go
    expect(board.locator(".card.review-better")).to_have_count(1)
    assert board.locator(".card.review-better").get_attribute("data-card") == "QS"
    expect(board.locator(".review-better-dst")).to_have_count(1)
    before = board.locator("[data-pile='foundation-2'] [data-card]").count()
    page.click("#review-next")
    expect(step).to_contain_text("Move 1 of")
    expect(board).to_have_attribute("data-step", "1")
    assert board.locator("[data-pile='foundation-2'] [data-card]").count() == before + 1
    moved = board.locator(".review-moved")  # the card the step moved is marked
    assert moved.count() == 1
    assert moved.get_attribute("data-card") == board.locator(
        "[data-pile='foundation-2'] [data-card]").last.get_attribute("data-card")
    page.click("#review-play")
    expect(page.locator("#review-play")).to_have_text("Pause")
    page.click("#review-first")  # the turning point stops the replay
    expect(page.locator("#review-play")).to_have_text("Play")
    expect(board).to_have_attribute("data-step", "0")
    page.wait_for_timeout(1000)
    expect(board).to_have_attribute("data-step", "0")
    page.click("#review-next")
    page.click("#review-back")
    expect(board).to_have_attribute("data-step", "0")
    page.click("#review-dialog form button")
    expect(dialog).to_be_hidden()
    assert page.locator("#review-table [data-pile]").count() == 0  # the table's ids stay unique
    assert page.evaluate(table_card) == width


def test_daily_deal_and_a_hard_winnable_deal(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    wait_ready(page)
    control(page, "#game-select").select_option("hamilton")
    page.wait_for_function("() => window.patience.app.game && window.patience.app.game.game === 'hamilton'")
    daily = page.request.get(f"{live_server}/api/daily?game=hamilton").json()
    control(page, "#daily-deal").click()
    page.wait_for_function("d => window.patience.app.game.deal === d", arg=daily["deal"])
    expect(page.locator("#difficulty-label")).to_have_attribute("data-difficulty", daily["difficulty"])
    control(page, "#deal-kind").select_option("hard")
    control(page, "#new-game").click()
    page.wait_for_function("d => window.patience.app.game.deal !== d", arg=daily["deal"])
    assert game_object(page)["difficulty"] == "hard"
    expect(page.locator("#difficulty-label")).to_have_text("Difficulty: Hard")
    control(page, "#stats-button").click()
    page.select_option("#stats-difficulty", "hard")
    expect(page.locator("#stats-table [data-stat='played']")).to_have_text("0")


def test_play_on_from_the_turning_point_puts_a_new_game_on_the_table(page: Any, live_server: str) -> None:
    case = CASES[0]
    open_deal(page, live_server, case["game"], case["deal"])
    reviewed = post_moves(page, case["moves"])
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-status", "lost", timeout=30_000)
    turning_point = {p["pile"]: p["cards"] for p in page.evaluate(
        "() => window.patience.app.review.review.turning_point.piles")}
    page.click("#review-next")  # the button starts from the turning point, whichever step is shown
    page.click("#review-play-on")
    expect(dialog).to_be_hidden()
    page.wait_for_function("id => window.patience.app.game.id !== id", arg=reviewed["id"])
    expect(page.locator("#live")).to_contain_text("A new game at the turning point")
    game = game_object(page)
    assert game["move_count"] == case["lost_at"] - 1 and game["used_hints"]
    assert game["moves"] == case["moves"][:case["lost_at"] - 1]
    page.wait_for_function("n => document.querySelectorAll('#table [data-pile]').length === n", arg=13)
    shown = table_position(page)
    assert {pile: cards for pile, cards in shown.items() if pile != "stock"} == {
        pile: cards for pile, cards in turning_point.items() if pile != "stock"}
    expect(control(page, "#undo")).to_be_enabled()
    old = page.request.get(f"{live_server}/api/games/{reviewed['id']}").json()
    assert old["finished"] and old["moves"] == case["moves"]  # ended, its moves kept: one deal goes on


def test_the_review_of_a_deal_never_winnable_shows_the_deal(page: Any, live_server: str) -> None:
    case = next(c for c in CASES if c["lost_at"] == 0)
    open_deal(page, live_server, case["game"], case["deal"])
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-status", "lost", timeout=30_000)
    board = page.locator("#review-table")
    expect(board.locator("[data-card]").first).to_be_visible()  # the deal as dealt, not an empty box
    step = page.locator("#review-step-text")
    expect(step).to_have_text("The deal as dealt: no order of moves could win it.")
    expect(page.locator("#review-next")).to_be_hidden()  # no line to step through
    expect(page.locator("#review-play-on")).to_be_hidden()


def test_play_on_is_offered_only_for_a_lost_game(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-status", "winnable", timeout=30_000)
    expect(page.locator("#review-play-on")).to_be_hidden()
    # the line starts from the position now, and its first button says so
    expect(page.locator("#review-step-text")).to_have_text("The position now. A winning line from here:")
    expect(page.locator("#review-first")).to_have_text("Position now")


def test_an_undecided_review_shows_the_last_position_known_winnable(page: Any, live_server: str) -> None:
    """A review left undecided between two known ends (the server's answer stood in for here: a real
    one takes tens of seconds) says between which moves the game was lost, shows the last position
    known winnable with a winning line from it, and offers to play on from there."""
    from tests.undecided_review import CASE, undecided_review

    _found, shown = undecided_review()
    last_winnable = CASE["lost_at"] - 1
    open_deal(page, live_server, CASE["game"], CASE["deal"])
    post_moves(page, CASE["moves"])
    page.route("**/api/games/*/review", lambda route: route.fulfill(
        status=200, content_type="application/json", body=shown.model_dump_json()))
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-status", "unknown", timeout=30_000)
    expect(page.locator("#review-summary")).to_contain_text(
        f"could still be won after move {last_winnable} and was lost after move {len(CASE['moves'])}")
    step = page.locator("#review-step-text")
    expect(step).to_contain_text(f"The last position known to be winnable, after move {last_winnable}.")
    expect(page.locator("#review-play-on")).to_be_visible()
    board = page.locator("#review-table")
    assert board.locator("[data-pile]").count() == 13
    expect(board.locator(".review-better")).to_have_count(0)  # no losing move is named
    expect(page.locator("#review-first")).to_have_text("Last winnable position")
    page.click("#review-next")
    expect(step).to_contain_text("Move 1 of")
    # play on: the new game (the server's answer stood in for, as the review's) is announced as
    # starting at the last position known winnable, not at a turning point
    started = page.request.post(f"{live_server}/api/games",
                                data={"game": CASE["game"], "deal": CASE["deal"], "fresh": True}).json()
    page.route("**/api/games/*/review/play-on", lambda route: route.fulfill(
        status=201, content_type="application/json", body=json.dumps(started)))
    page.click("#review-play-on")
    expect(dialog).to_be_hidden()
    expect(page.locator("#live")).to_contain_text("A new game at the last position known to be winnable")
