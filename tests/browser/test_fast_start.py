"""A fast start: the page draws its first card without asking the API anything (its words, the games,
the player's unfinished games and the game it shows come embedded in the page), and asks when the
embedded game is not the one it shows."""

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


def sent_before_first_card(page: Any) -> list[str]:
    """The API requests before the first card, less the clock's report (it goes out as the game is
    shown; nothing waits for it)."""
    return [r for r in page.evaluate("window.apiBeforeFirstCard") if not r.endswith("/clock")]


def test_no_request_before_the_first_card(page_factory: Any, live_server: str) -> None:
    page = page_factory()
    page.add_init_script(WATCH)
    page.goto(live_server + "/")
    wait_ready(page)
    assert sent_before_first_card(page) == []  # a fresh browser: the page came with a new deal
    game = page.evaluate("window.patience.app.game")
    assert (game["game"], game["moves"], game["finished"]) == ("hamilton", [], False)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#new-game").inner_text() == "New game"
    assert page.locator("#game-select option").count() == 2
    page.reload()
    wait_ready(page)
    assert sent_before_first_card(page) == []  # its game again, embedded
    assert page.evaluate("window.patience.app.game.id") == game["id"]


def test_a_browser_that_played_another_game_asks_for_it(page_factory: Any, live_server: str) -> None:
    page = page_factory()
    played = []
    for slug, deal in (("union-square", 5), ("hamilton", 3)):  # the Hamilton game is changed last
        page.goto(f"{live_server}/?game={slug}&deal={deal}")
        wait_ready(page)
        page.click("#table .pile.stock")
        page.wait_for_function("() => window.patience.app.game.moves.length === 1")
        played.append(page.evaluate("window.patience.app.game.id"))
    page.evaluate(f"localStorage.setItem('patience.game', '{played[0]}')")  # this browser showed the first
    page.add_init_script(WATCH)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.patience.app.game.id") == played[0]
    assert sent_before_first_card(page) == [f"GET /api/games/{played[0]}"]


def test_a_new_player_whose_browser_played_union_square_gets_union_square(
    page_factory: Any, live_server: str
) -> None:
    page = page_factory()
    page.add_init_script("localStorage.setItem('patience.slug', 'union-square')")  # its cookie was lost
    page.add_init_script(WATCH)
    page.goto(live_server + "/")
    wait_ready(page)
    assert page.evaluate("window.patience.app.game.game") == "union-square"
    assert sent_before_first_card(page) == ["POST /api/games"]


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
    assert sent_before_first_card(page) == []  # the server embedded the player's latest unfinished game
    assert page.locator("#new-game").inner_text() == "Новая игра"
