"""The fair review in a real browser: in fair mode the review names the costliest move and shows its board."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from patience.web.app import create_app
from tests.browser.conftest import RESULTS_DIR, serving
from tests.browser.helpers import control, open_deal, post_moves
from tests.test_fair_review import LOST_GAME

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with a quick fair review: 4 completions of 2,000 positions at each decision."""
    app = create_app(tmp_path_factory.mktemp("fair-review") / "patience.sqlite3", winnable_budget=0.5,
                     hint_budget=0.5, winnable_limit=2.0, fair_samples=8, fair_nodes=1000,
                     review_budget=5.0, fair_review_samples=4, fair_review_nodes=2000)
    with serving(app) as url:
        yield url


def test_in_fair_mode_the_review_names_the_costliest_move(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    control(page, "#analysis-mode").select_option("fair")
    post_moves(page, LOST_GAME)
    control(page, "#review-button").click()
    dialog = page.locator("#review-dialog")
    fair = page.locator("#review-fair")
    expect(fair).to_be_visible()
    expect(dialog).to_have_attribute("data-fair", "pending", timeout=60_000)
    expect(fair).to_contain_text("Weighing your moves from what you saw")
    expect(dialog).to_have_attribute("data-fair", "done", timeout=300_000)
    text = fair.inner_text()
    assert re.fullmatch(r"Your costliest move was move 15, a click on the stock: about \d+% of the ways to "
                        r"deal the unseen cards still won before it, about \d+% after\.", text), text
    luck = page.locator("#review-luck")  # the fair review ends with luck or play, the CLI's last line
    expect(luck).to_be_visible()
    assert re.fullmatch(r"Luck or play: about \d+% of the ways to deal the unseen cards won at the deal, "
                        r"\d+% at the end\. Against the best move at each decision your moves cost about "
                        r"\d+ points?\. The cards that turned up (cost|gave back) about \d+ points?\.",
                        luck.inner_text()), luck.inner_text()
    expect(page.locator("#review-summary")).to_contain_text("Move 15 lost the game")  # the exact one stays
    control(page, "#review-costliest").click()
    board = page.locator("#review-table")
    expect(board).to_have_attribute("data-step", "costliest")
    expect(page.locator("#review-step-text")).to_have_text(
        "Before your costliest move (move 15): a click on the stock.")
    assert board.locator("[data-pile='stock'] .review-moved").count() == 1  # its top card
    page.click("#review-next")  # on to the turning point and the winning line
    expect(board).to_have_attribute("data-step", "0")


def test_in_exact_mode_the_review_asks_for_no_fair_review(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    post_moves(page, LOST_GAME[:3])
    with page.expect_response(lambda r: "/review" in r.url) as answer:
        control(page, "#review-button").click()
    assert "fair" not in answer.value.url and "fair" not in answer.value.json()
    expect(page.locator("#review-fair")).to_be_hidden()
    expect(page.locator("#review-luck")).to_be_hidden()
    expect(page.locator("#review-costliest")).to_be_hidden()


#: The first words of luck or play in each language, and of the review's verdict.
LUCK_WORDS = {"en": ("Luck or play: about ", "Move 15 lost the game"),
              "pt_BR": ("Sorte ou jogo: cerca de ", "A jogada 15 perdeu a partida"),
              "ru": ("Везение или игра: при раздаче ", "Ход 15 проиграл партию")}
SIZES = [(390, 844), (1280, 800), (1920, 1080)]


def test_luck_or_play_ends_the_fair_review_in_the_pages_language_on_every_screen(
        page_factory: Any, live_server: str) -> None:
    """One lost game, its fair review worked out once, read in each language at each size.
    Screenshots: ``test-results/fair-luck-<width>x<height>-<lang>.png``."""
    page = page_factory(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    open_deal(page, live_server, "hamilton", 1)
    control(page, "#analysis-mode").select_option("fair")
    post_moves(page, LOST_GAME)
    RESULTS_DIR.mkdir(exist_ok=True)
    for lang, (start, verdict) in LUCK_WORDS.items():
        assert page.request.post(f"{live_server}/api/language", data={"lang": lang}).ok
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        page.reload()
        control(page, "#review-button").click()
        expect(page.locator("#review-dialog")).to_have_attribute("data-fair", "done", timeout=300_000)
        luck = page.locator("#review-luck")
        expect(luck).to_be_visible()
        expect(luck).to_have_text(re.compile("^" + re.escape(start)))
        expect(page.locator("#review-summary")).to_contain_text(verdict)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.locator("#review-luck").scroll_into_view_if_needed()
            sizes = page.locator("#review-dialog").evaluate(
                "el => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right, window.innerWidth]")
            assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"the panel overflows at {width}: {sizes}"
            assert luck.evaluate("el => el.scrollWidth <= el.clientWidth"), f"luck or play clipped at {width}"
            page.screenshot(path=str(RESULTS_DIR / f"fair-luck-{width}x{height}-{lang}.png"))
