"""A fast start: the page draws its first card after one API request (its words, the games and the
player's unfinished games come embedded in the page)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import wait_ready

pytestmark = pytest.mark.browser

#: Notes the API requests the page sends before its first card enters the board.
WATCH = """
window.apiBeforeFirstCard = [];
const realFetch = window.fetch;
window.fetch = (path, init) => {
  if (window.firstCard === undefined && String(path).includes("/api/")) {
    window.apiBeforeFirstCard.push(`${(init && init.method) || "GET"} ${path}`);
  }
  return realFetch(path, init);
};
new MutationObserver((_, observer) => {
  if (document.querySelector("[data-pile] [data-card]")) {
    window.firstCard = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def test_one_request_before_the_first_card(page_factory: Any, live_server: str) -> None:
    page = page_factory()
    page.add_init_script(WATCH)
    page.goto(live_server + "/")
    wait_ready(page)
    assert page.evaluate("window.apiBeforeFirstCard") == ["POST /api/games"]  # a fresh browser: a new deal
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#new-game").inner_text() == "New game"
    assert page.locator("#game-select option").count() == 2
    page.reload()
    wait_ready(page)
    game_id = page.evaluate("window.patience.app.game.id")
    assert page.evaluate("window.apiBeforeFirstCard") == [f"GET /api/games/{game_id}"]  # its game again


def test_a_new_browser_of_a_player_with_a_game_resumes_it(page_factory: Any, live_server: str) -> None:
    page = page_factory(locale="ru-RU")
    page.goto(live_server + "/?game=union-square&deal=5")
    wait_ready(page)
    game_id = page.evaluate("window.patience.app.game.id")
    page.click("#table .pile.stock")
    page.wait_for_function("() => window.patience.app.game.moves.length === 1")
    page.evaluate("localStorage.clear()")  # this browser forgets the game; the server lists it
    page.add_init_script(WATCH)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.patience.app.game.id") == game_id
    # the clock's report of the time already played goes out as the game is shown; nothing waits for it
    sent = [r for r in page.evaluate("window.apiBeforeFirstCard") if not r.endswith("/clock")]
    assert sent == [f"GET /api/games/{game_id}"]
    assert page.locator("#new-game").inner_text() == "Новая игра"
