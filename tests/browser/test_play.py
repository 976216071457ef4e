"""Play in the browser: the honest clock, asking before a loss, tidy saved games, Finish."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import RESULTS_DIR
from tests.browser.helpers import (
    control,
    game_object,
    open_deal,
    pile_cards,
    post_moves,
    wait_ready,
    wait_version,
    winning_line,
)


def shown_seconds(page: Any) -> int:
    """The clock in the status bar, in seconds."""
    text = page.locator('#status [data-stat="time"] b').inner_text()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def set_visibility(page: Any, state: str) -> None:
    """Make the page believe its tab was hidden or shown again (as switching tabs does)."""
    page.evaluate("""s => {
        Object.defineProperty(document, "visibilityState", { value: s, configurable: true });
        Object.defineProperty(document, "hidden", { value: s === "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""", state)


def server_seconds(page: Any, live_server: str, game_id: str) -> int:
    seconds: int = page.request.get(f"{live_server}/api/games/{game_id}").json()["elapsed_seconds"]
    return seconds


def clock_report(page: Any, visible: bool) -> Any:
    """Wait for the answer to the page's next clock report saying ``visible`` (use in a ``with``)."""
    return page.expect_response(lambda r: r.url.endswith("/clock") and r.request.method == "POST"
                                and r.request.post_data_json == {"visible": visible})


def stopped_seconds(page: Any) -> int:
    """The clock of a page whose clock stands still, once it shows the server's count (the status bar
    is redrawn every second, so it may still show an older second for a moment)."""
    page.wait_for_function("""() => {
        const g = window.patience.app.game;
        const text = document.querySelector('#status [data-stat="time"] b').textContent;
        const seconds = text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
        return !g.clock_running && seconds >= g.elapsed_seconds;
    }""")
    return shown_seconds(page)


def test_the_clock_keeps_its_time_on_reload_and_stops_while_hidden(page: Any, live_server: str) -> None:
    game = open_deal(page, live_server, "hamilton", 41)
    assert shown_seconds(page) == 0
    page.click('[data-pile="stock"]')  # the first move starts the clock
    wait_version(page, 1)
    time.sleep(3.2)
    reloading = time.monotonic()
    before = shown_seconds(page)
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => window.patience.app.game.clock_running === true")  # it runs again
    after = shown_seconds(page)
    # the same time, not back to the last move's: at most the seconds that passed meanwhile (while a
    # page showed the game) more, and 2 for rounding (the page counts on from whole seconds)
    assert before <= after <= before + 2 + (time.monotonic() - reloading)
    # hidden: the clock stops, here and on the server
    with clock_report(page, visible=False) as hidden:
        set_visibility(page, "hidden")
    stored = hidden.value.json()["elapsed_seconds"]
    hidden_at = stopped_seconds(page)
    assert server_seconds(page, live_server, game["id"]) == stored <= hidden_at
    time.sleep(3.2)
    assert server_seconds(page, live_server, game["id"]) == stored
    assert shown_seconds(page) == hidden_at
    resuming = time.monotonic()
    with clock_report(page, visible=True) as shown:
        set_visibility(page, "visible")
    assert shown.value.json() == {"version": 1, "elapsed_seconds": stored, "clock_running": True}
    page.wait_for_function("() => window.patience.app.game.clock_running === true")
    resumed = shown_seconds(page)  # the hidden seconds did not count
    assert hidden_at <= resumed <= hidden_at + 1 + (time.monotonic() - resuming)
    page.click('[data-pile="stock"]')
    moved = wait_version(page, 2)
    assert hidden_at <= moved["elapsed_seconds"] <= hidden_at + 1 + (time.monotonic() - resuming)


def test_restart_and_new_game_ask_once_and_only_after_a_move(page: Any, live_server: str) -> None:
    first = open_deal(page, live_server, "union-square", 42)
    control(page, "#restart").click()  # no move played: nothing to lose, no question
    page.wait_for_function("id => window.patience.app.game.id !== id", arg=first["id"])
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    page.click('[data-pile="stock"]')
    played = wait_version(page, 1)
    control(page, "#new-game").click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Start a new game?")
    expect(dialog).to_contain_text("This counts as a loss.")
    page.click("#confirm-no")  # changing one's mind changes nothing
    expect(dialog).to_be_hidden()
    assert game_object(page)["id"] == played["id"] and game_object(page)["moves"] == ["s"]
    control(page, "#restart").click()
    expect(dialog).to_contain_text("Restart this deal?")
    page.click("#confirm-yes")
    page.wait_for_function("id => window.patience.app.game.id !== id", arg=played["id"])
    assert game_object(page)["moves"] == [] and game_object(page)["deal"] == 42
    control(page, "#new-game").click()  # the restarted deal has no move yet: no question
    page.wait_for_function("() => window.patience.app.game.deal !== 42")
    expect(dialog).to_be_hidden()
    page.click('[data-pile="stock"]')  # a game under way counts as played, not won, in every figure
    wait_version(page, 1)
    control(page, "#stats-button").click()
    expect(page.locator('#stats-table [data-stat="played"]')).to_have_text("2")
    expect(page.locator('#stats-table [data-stat="won"]')).to_have_text("0")
    expect(page.locator("#stats-definition")).to_contain_text("Played: every deal with at least one move")
    expect(page.locator("#stats-chart svg .bar.lost")).to_have_count(1)
    expect(page.locator("#stats-chart svg .bar.playing")).to_have_count(1)
    expect(page.locator("#stats-chart svg .chart-empty")).to_have_count(0)


def test_saved_games_list_only_played_games_and_delete_after_asking(page: Any, live_server: str) -> None:
    hamilton = open_deal(page, live_server, "hamilton", 43)
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    # asking for the same deal again returns the game in progress, not a second one
    control(page, "#deal-number").fill("43")
    page.click("#deal-go")
    page.wait_for_timeout(300)
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    assert game_object(page)["id"] == hamilton["id"] and game_object(page)["moves"] == ["s"]
    open_deal(page, live_server, "union-square", 44)  # no move: not a saved game
    control(page, "#saved-button").click()
    rows = page.locator("#saved-list li")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Score 0/52")
    expect(rows.first).to_contain_text("Moves 1")
    expect(rows.first).to_contain_text("Last played")
    page.click(f'#saved-list [data-delete-id="{hamilton["id"]}"]')
    expect(page.locator("#confirm-dialog")).to_contain_text("This counts as a loss.")
    page.click("#confirm-no")
    expect(rows).to_have_count(1)
    page.click(f'#saved-list [data-delete-id="{hamilton["id"]}"]')
    page.click("#confirm-yes")
    expect(page.locator("#saved-list .empty")).to_be_visible()
    assert page.request.get(f"{live_server}/api/games/{hamilton['id']}").status == 404
    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / "saved-games-after-delete.png"))


def test_finish_plays_the_rest_up_and_can_do_it_by_itself(page: Any, live_server: str) -> None:
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    post_moves(page, moves[:64])
    expect(page.locator("#finish")).to_be_hidden()  # the stock still has cards
    post_moves(page, moves[64:65])
    expect(page.locator("#finish")).to_be_visible()
    control(page, "#finish").click()
    page.wait_for_function("() => window.patience.app.game.won")
    won = page.evaluate("async (id) => (await fetch(`/api/games/${id}?history=full`)).json()",
                        game_object(page)["id"])
    assert won["moves"][:65] == moves[:65] and len(won["moves"]) == won["move_count"] == 65 + 24
    assert sum(len(pile_cards(page, f"foundation-{i}")) for i in range(1, 5)) == 52
    expect(page.locator("#finish")).to_be_hidden()
    # with "Finish automatically" ticked, the page finishes as soon as it is a sure thing
    open_deal(page, live_server, game, deal)
    page.check("#auto-finish")
    post_moves(page, moves[:65])  # reloads: the setting is kept in this browser
    page.wait_for_function("() => window.patience.app.game.won")
    assert page.is_checked("#auto-finish")
