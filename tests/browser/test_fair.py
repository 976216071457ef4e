"""Fair analysis in a real browser: the setting (remembered), the odds on the dot, the fair hint and
its progress while it thinks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from patience.web.app import create_app
from tests.browser.conftest import serving
from tests.browser.helpers import control, open_deal, post_moves
from tests.test_fair import HAMILTON_MOVES

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with fast fair analysis: at most 16 completions of 1,500 positions each."""
    app = create_app(tmp_path_factory.mktemp("fair") / "patience.sqlite3", winnable_budget=0.5,
                     hint_budget=0.5, winnable_limit=2.0, fair_samples=16, fair_nodes=1500)
    with serving(app) as url:
        yield url


def wait_for_odds(page: Any) -> None:
    """Until the fair dot has all its samples."""
    page.wait_for_function("() => { const d = document.getElementById('winnable');"
                           " return d.dataset.analysis === 'fair' && d.dataset.samples === '16'"
                           " && d.dataset.status !== 'pending'; }", timeout=60000)


def test_fair_mode_shows_odds_and_a_fair_hint_and_is_remembered(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 4)
    setting = control(page, "#analysis-mode")
    assert setting.input_value() == "exact"  # exact by default
    assert page.locator("#show-how").get_attribute("hidden") is None
    setting.select_option("fair")
    assert page.evaluate("localStorage.getItem('patience.analysis')") == "fair"
    wait_for_odds(page)
    dot = page.locator("#winnable")
    # one vocabulary with the fair hint, the count and its interval shown, and why exact may say Lost
    expect(dot).to_contain_text(re.compile(r"^\d+ of \d+ ways to deal the unseen cards can still be won "
                                           r"\(\d+–\d+%\)\s*$"))
    assert "Exact analysis knows how they really lie" in (dot.get_attribute("title") or "")
    # the stock is hidden: no winning line, which would peek
    assert page.locator("#show-how").get_attribute("hidden") is not None

    with page.expect_response(lambda r: "/hint?fair=1" in r.url) as answer:
        control(page, "#hint").click()
    assert answer.value.json()["basis"] == "fair"
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    assert box.get_attribute("data-basis") == "fair"
    expect(box).to_contain_text("Fair hint")
    expect(box).to_contain_text("ways to deal the unseen cards")

    page.reload()
    page.wait_for_function("() => window.patience && window.patience.app.game")
    assert control(page, "#analysis-mode").input_value() == "fair"
    wait_for_odds(page)

    control(page, "#analysis-mode").select_option("exact")
    page.wait_for_function("() => !document.getElementById('winnable').dataset.analysis")
    assert page.evaluate("localStorage.getItem('patience.analysis')") == "exact"
    assert page.locator("#show-how").get_attribute("hidden") is None
    with page.expect_response(lambda r: r.url.endswith("/hint")) as exact:
        control(page, "#hint").click()
    assert exact.value.json()["basis"] != "fair"


# ---------------------------------------------------------------- the fair hint while it thinks

PROGRESS = {"running": True, "decided": 14, "samples": 32, "won": 11}


def hold_the_fair_hint(page: Any, move: str) -> list[Any]:
    """The fair hint's answer is held back (the list gets its request); progress says 14 of 32 decided."""
    held: list[Any] = []

    def progress(route: Any) -> None:
        real = route.fetch()  # the real answer's version, the rest as a hint halfway through
        route.fulfill(response=real, json={**real.json(), **PROGRESS, "move": move})

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/hint/progress", progress)
    page.route("**/hint?fair=1", hold)
    return held


def test_the_fair_hint_shows_its_progress_then_its_answer(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 4)
    game = post_moves(page, list(HAMILTON_MOVES[:6]))  # the start card chosen, tableau moves to weigh
    control(page, "#analysis-mode").select_option("fair")
    move = next(m for m in game["legal"] if m != "s")
    held = hold_the_fair_hint(page, move)
    control(page, "#hint").click()
    box = page.locator("#hint-box")
    expect(box).to_contain_text("Thinking…")
    expect(box).to_contain_text("14 of 32 ways to deal the unseen cards decided: best so far ")
    expect(box).to_contain_text(" wins in 11")
    assert "→" in box.inner_text()  # the move as the table shows it: a card, an arrow, a pile
    expect(box).to_have_attribute("data-thinking", "14")
    assert len(held) == 1
    held[0].continue_()
    expect(box).not_to_have_attribute("data-thinking", "14")
    expect(box).to_contain_text("Fair hint")
    expect(box).to_contain_text("ways to deal the unseen cards can still be won")
    assert box.get_attribute("data-move") in game["legal"]
