"""The table in a real browser: dealing, moving by drag / click / double-click / keyboard, undo, hints.

Hamilton deal 1 (start card chosen from three): the stock turns QC, then 4S, then 6C to the
Chooser; after ``s c-f1`` (start rank Queen) the only tableau move is ``t2-t1`` (6D onto 7D),
and ``t1-t3`` is refused ("7♦ is not one step below 2♦").
Union Square deal 1: t1 holds 6H and t2 7H, so ``t1-t2`` makes t2 a falling pile; after 22 stock
cards a double-click on a foundation autoplays three Aces.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import RESULTS_DIR
from tests.browser.helpers import (
    control,
    drag,
    drag_move,
    game_object,
    open_deal,
    open_deal_by_controls,
    pile_cards,
    post_moves,
    table_position,
    top_card,
    wait_ready,
    wait_version,
    winning_line,
)

pytestmark = pytest.mark.browser


def choose_start(page: Any) -> None:
    """Turn one stock card and drag it from the Chooser to foundation 1 (the start card)."""
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    drag(page, top_card(page, "chooser"), page.locator('[data-pile="foundation-1"]'))
    wait_version(page, 2)


@pytest.mark.parametrize(("game", "tableau_cards", "stock_cards", "piles"), [
    ("hamilton", 28, 24, 13),
    ("union-square", 16, 88, 22),
])
def test_a_new_game_puts_every_card_on_the_table(
    page_factory: Any, live_server: str, game: str, tableau_cards: int, stock_cards: int, piles: int,
) -> None:
    page = page_factory(reduced_motion="no-preference")  # with the deal animation
    open_deal_by_controls(page, live_server, game, 7)
    position = table_position(page)
    assert len(position) == piles
    assert sum(len(cards) for pile, cards in position.items() if pile.startswith("tableau")) == tableau_cards
    assert position["stock"] == ["back"] * stock_cards
    assert page.locator("#table [data-card]").count() == tableau_cards + stock_cards
    expect(page.locator('#status [data-stat="stock"] b')).to_have_text(str(stock_cards))
    label = page.locator('#table [data-pile="tableau-3"] [data-card]').last.get_attribute("aria-label")
    assert label is not None and label.endswith(", Tableau pile 3") and " of " in label
    page.wait_for_timeout(900)  # let the deal animation finish before the picture
    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / f"table-{game}.png"))
    # a card turned from the stock slides to its place (motion is on here)
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    turned_to = "chooser" if game == "hamilton" else "waste"
    assert len(pile_cards(page, turned_to)) == 1
    assert len(pile_cards(page, "stock")) == stock_cards - 1


def test_the_table_fits_a_phone(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    for game in ("hamilton", "union-square"):
        open_deal(page, live_server, game, 3)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{game}: the page is {width}px wide on a 360px screen"
        box = page.locator('[data-pile="tableau-7"]').bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360
        page.screenshot(path=str(RESULTS_DIR / f"phone-{game}.png"))
    # a tap selects, a second tap elsewhere moves: touch works like the mouse
    open_deal(page, live_server, "union-square", 1)
    page.tap('[data-pile="tableau-1"] [data-card]')
    page.tap('[data-pile="tableau-2"]')
    wait_version(page, 1)
    assert pile_cards(page, "tableau-2") == ["7H", "6H"]
    # and a finger drags: real touch events, which the browser turns into pointer events
    source = top_card(page, "tableau-4").bounding_box()
    target = page.locator('[data-pile="tableau-10"]').bounding_box()
    assert source is not None and target is not None
    touch_drag(page, (source["x"] + 10, source["y"] + 10), (target["x"] + 12, target["y"] + 20))
    wait_version(page, 2)
    assert game_object(page)["moves"] == ["t1-t2", "t4-t10"]


def touch_drag(page: Any, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """Drag with one finger through the DevTools protocol (Playwright's touchscreen only taps)."""
    cdp = page.context.new_cdp_session(page)
    first = {"x": start[0], "y": start[1]}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [first]})
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_drag_moves_a_card_and_targets_light_up(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    choose_start(page)
    assert pile_cards(page, "foundation-1") == ["QC"]
    assert pile_cards(page, "chooser") == []
    # while dragging, the legal targets are highlighted
    source = top_card(page, "tableau-2").bounding_box()
    assert source is not None
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 20)
    page.mouse.down()
    page.mouse.move(source["x"] + 40, source["y"] + 60, steps=5)
    assert page.locator("#table [data-pile].target").evaluate_all("els => els.map(e => e.dataset.pile)") == [
        "tableau-1"
    ]
    target = page.locator('[data-pile="tableau-1"]').bounding_box()
    assert target is not None
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=5)
    page.mouse.up()
    wait_version(page, 3)
    assert pile_cards(page, "tableau-1") == ["7D", "6D"]
    assert game_object(page)["moves"] == ["s", "c-f1", "t2-t1"]
    assert page.locator("#table .target").count() == 0


def test_a_group_drags_as_one(page: Any, live_server: str) -> None:
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    assert moves[11] == "t2-t3x3"
    open_deal(page, live_server, game, deal)
    before = post_moves(page, moves[:11])
    group = page.locator('[data-pile="tableau-2"] > [data-card]').nth(-3)
    box = group.bounding_box()
    target = page.locator('[data-pile="tableau-3"]').bounding_box()
    assert box is not None and target is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 30, box["y"] + 40, steps=4)
    assert page.locator("#drag-layer [data-card]").count() == 3  # the three cards above it come along
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=4)
    page.mouse.up()
    game_now = wait_version(page, before["version"] + 1)
    assert game_now["moves"][-1] == "t2-t3x3"


def test_click_to_move(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    choose_start(page)
    top_card(page, "tableau-2").click()
    expect(top_card(page, "tableau-2")).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator('[data-pile="tableau-1"]')).to_have_class(re.compile(r"\btarget\b"))
    page.wait_for_timeout(500)  # not a double-click
    page.locator('[data-pile="tableau-1"]').click()
    wait_version(page, 3)
    assert pile_cards(page, "tableau-1") == ["7D", "6D"]
    expect(page.locator("#status [data-stat='moves'] b")).to_have_text("3")


def test_an_illegal_drop_is_refused_and_says_why(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    choose_start(page)
    before = table_position(page)
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-3"]'))
    expect(page.locator("#notice")).to_be_visible()
    refusal = "Not allowed: 7♦ from pile 1 to pile 3. 7♦ is not one step below 2♦."
    expect(page.locator("#notice")).to_contain_text(refusal)
    expect(page.locator("#live")).to_contain_text(refusal)
    assert table_position(page) == before
    assert game_object(page)["version"] == 2
    # the card is back in its pile, where it was
    assert page.locator("#drag-layer [data-card]").count() == 0


def test_double_click_conveniences(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    page.dblclick('[data-pile="chooser"] [data-card]')  # the Chooser's card becomes the start card
    game = wait_version(page, 2)
    assert game["moves"][-1].startswith("c-f")
    # deal 1 line: after s c-f1 t2-t1 s t5-t2 s, t2's top card fits a foundation
    post_moves(page, ["t2-t1", "s", "t5-t2", "s"])
    before = game_object(page)
    page.dblclick('[data-pile="tableau-2"] [data-card] >> nth=-1')
    game = wait_version(page, before["version"] + 1)
    assert game["applied"] == [game["moves"][len(before["moves"])]] and game["applied"][0].startswith("t2-f")
    # then the cards it freed go up by themselves (safe, the page's default)
    assert game["moves"][len(before["moves"]) + 1:] == game["automatic"]
    assert game["view"]["score"] == before["view"]["score"] + 1 + len(game["automatic"])


def test_union_square_autoplay_by_double_click_on_a_foundation(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    # after 22 cards turned, two Aces wait (one on the waste, AH on t15) and a third under the first
    before = post_moves(page, ["s"] * 22)
    assert before["view"]["score"] == 0
    page.dblclick('[data-pile="foundation-1"]')
    game = wait_version(page, before["version"] + 1)
    assert game["moves"][22:] == ["w-f1", "t15-f2", "w-f3"]
    assert game["view"]["score"] == 3
    expect(page.locator("#live")).to_contain_text("Moved 3 cards to the foundations")
    # nothing more goes up: the server says so, and nothing changes
    page.dblclick('[data-pile="foundation-1"]')
    expect(page.locator("#notice")).to_be_visible()
    assert game_object(page)["version"] == game["version"]


def test_undo_and_redo_by_buttons_and_keys(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-2"]'))
    wait_version(page, 1)
    page.click('[data-pile="stock"]')
    game = wait_version(page, 2)
    assert game["moves"] == ["t1-t2", "s"]
    control(page, "#undo").click()
    game = wait_version(page, 3)
    assert game["moves"] == ["t1-t2"] and game["redo"] == ["s"]
    page.keyboard.press("Control+z")
    game = wait_version(page, 4)
    assert game["moves"] == []
    assert pile_cards(page, "tableau-1") == ["6H"]
    expect(page.locator("#undo")).to_be_disabled()
    control(page, "#redo").click()
    game = wait_version(page, 5)
    assert game["moves"] == ["t1-t2"]
    page.keyboard.press("Control+Shift+Z")
    game = wait_version(page, 6)
    assert game["moves"] == ["t1-t2", "s"]
    page.keyboard.press("Control+z")
    wait_version(page, 7)
    page.keyboard.press("Control+y")
    game = wait_version(page, 8)
    assert game["moves"] == ["t1-t2", "s"]
    expect(page.locator("#redo")).to_be_disabled()


def test_hamilton_start_card_is_chosen_from_three(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    choices = page.locator('#status [data-stat="choices"] b')
    expect(choices).to_have_text("3")
    seen = []
    for left in (2, 1, 0):
        page.click('[data-pile="stock"]')
        wait_version(page, 3 - left)
        expect(choices).to_have_text(str(left))
        seen.append(pile_cards(page, "chooser"))
        assert len(pile_cards(page, "stock")) == 23  # the card that was there went back under the stock
    assert seen == [["QC"], ["4S"], ["6C"]]
    # a fourth click does nothing: the third card must be taken
    page.click('[data-pile="stock"]')
    expect(page.locator("#notice")).to_be_visible()
    assert game_object(page)["version"] == 3
    drag(page, top_card(page, "chooser"), page.locator('[data-pile="foundation-2"]'))
    wait_version(page, 4)
    assert pile_cards(page, "foundation-2") == ["6C"]
    expect(page.locator('#status [data-stat="start"] b')).to_have_text("6")
    expect(page.locator('#status [data-stat="choices"]')).to_have_count(0)


def test_a_union_square_pile_takes_its_direction(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    assert page.locator('[data-pile="tableau-2"] .direction').count() == 0
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-2"]'))
    wait_version(page, 1)
    pile = page.locator('[data-pile="tableau-2"]')
    assert pile_cards(page, "tableau-2") == ["7H", "6H"]
    expect(pile.locator(".direction")).to_have_class(re.compile(r"\bdown\b"))
    expect(pile).to_have_attribute("aria-label", re.compile(r"falling"))
    # both cards show: the top one sits lower, so the second one's index stays visible
    under, top = (c.bounding_box() for c in pile.locator("[data-card]").all())
    assert under is not None and top is not None
    assert top["y"] - under["y"] >= 0.2 * under["height"]
    assert pile_cards(page, "tableau-1") == []
    # the other way round makes a rising pile
    control(page, "#undo").click()
    wait_version(page, 2)
    drag(page, top_card(page, "tableau-2"), page.locator('[data-pile="tableau-1"]'))
    wait_version(page, 3)
    expect(page.locator('[data-pile="tableau-1"] .direction')).to_have_class(re.compile(r"\bup\b"))
    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / "union-square-direction.png"))


def test_hint_shows_a_move_and_the_indicator_settles(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    control(page, "#hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Hint")
    expect(box).to_have_attribute("data-move", "s")  # before the choice, only the stock moves
    expect(page.locator('[data-pile="stock"].hint-src')).to_have_count(1)
    assert box.get_attribute("data-basis") in ("winning line", "heuristic")
    expect(page.locator("#winnable")).not_to_have_attribute("data-status", "pending", timeout=15000)
    assert page.locator("#winnable").get_attribute("data-status") in ("winnable", "lost", "unknown")


#: Every status the dot takes from now on, in window.dotStatuses.
WATCH_DOT_JS = """() => {
  window.dotStatuses = [];
  const dot = document.getElementById("winnable");
  new MutationObserver(() => window.dotStatuses.push(dot.dataset.status))
    .observe(dot, { attributes: true, attributeFilter: ["data-status"] });
}"""


def test_on_a_known_winning_line_the_dot_never_says_thinking(page: Any, live_server: str) -> None:
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    version = post_moves(page, moves[:22])["version"]
    dot = page.locator("#winnable")
    expect(dot).to_have_attribute("data-status", "winnable", timeout=30000)  # the server knows a line
    hint = page.request.post(f"{live_server}/api/games/{game_object(page)['id']}/hint", data={}).json()
    assert hint["basis"] == "winning line" and len(hint["line"]) >= 3, hint
    page.evaluate(WATCH_DOT_JS)
    for step, move in enumerate(hint["line"][:3], start=1):
        drag_move(page, move)
        wait_version(page, version + step)
        expect(dot).to_have_attribute("data-status", "winnable")
    page.wait_for_timeout(1000)
    statuses = page.evaluate("window.dotStatuses")
    assert "pending" not in statuses, statuses


def test_the_first_screen_of_hamilton_says_what_the_chooser_is(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Chooser (the dashed box)")
    label = page.evaluate("""() => getComputedStyle(
        document.querySelector('[data-pile="chooser"]'), '::after').content""")
    assert label == '"Chooser"'
    version = post_moves(page, ["s"])["version"]  # a card in the Chooser: the box shows it, not its name
    assert page.evaluate("""() => getComputedStyle(
        document.querySelector('[data-pile="chooser"]'), '::after').display""") == "none"
    expect(tip).to_be_visible()
    control(page, "#hint").click()  # anything else in the dock takes the tip's place
    expect(page.locator("#hint-box")).to_be_visible()
    expect(tip).to_be_hidden()
    post_moves(page, ["c-f1"])  # the start card is chosen: no more tip
    wait_version(page, version + 1)
    expect(tip).to_be_hidden()


def test_a_union_square_pile_shows_every_card_on_its_badge(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    game = post_moves(page, ["t1-t2", "t4-t10", "t5-t16", "t9-t11", "t12-t14", *["s"] * 9, "w-t7",
                             *["s"] * 5, "w-t8", "s", "w-t6", "s", "w-t6"])  # pile 6 holds three cards
    pile = next(p for p in game["view"]["piles"] if p["kind"] == "tableau" and len(p["cards"]) > 2)
    badge = page.locator(f'#table [data-pile="{pile["pile"]}"] .peek-all')
    expect(badge).to_have_text(str(len(pile["cards"])))
    badge.click()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    cards = " ".join(("10" if c[0] == "T" else c[0]) + symbols[c[1]] for c in pile["cards"])
    expect(notice).to_have_text(f"pile {pile['pile'].split('-')[1]}, bottom to top: {cards}")
    assert game_object(page)["version"] == game["version"]  # a look, not a move
    assert page.locator(".selected").count() == 0


def test_keyboard_only_play(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    page.reload()  # the same game comes back; focus starts at the top of the page
    wait_ready(page)
    page.keyboard.press("Tab")  # the skip link comes first
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    focused = "document.activeElement.dataset.pile"
    assert page.evaluate(focused) == "tableau-1"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(focused) == "stock"
    page.keyboard.press("Enter")  # deal: the first card goes to the Chooser
    wait_version(page, 1)
    assert page.evaluate(focused) == "stock"  # focus stays where it was
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "chooser"
    page.keyboard.press("Enter")  # pick up
    expect(page.locator("#live")).to_contain_text("Queen of clubs")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "foundation-1"
    page.keyboard.press("Enter")  # put down: the start card
    wait_version(page, 2)
    assert pile_cards(page, "foundation-1") == ["QC"]
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == "tableau-4"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == "tableau-2"
    page.keyboard.press("Space")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    wait_version(page, 3)
    assert pile_cards(page, "tableau-1") == ["7D", "6D"]
    expect(page.locator("#live")).to_contain_text("Moved Six of diamonds to Tableau pile 1")
    page.keyboard.press("d")  # deal a row
    game = wait_version(page, 4)
    assert game["moves"] == ["s", "c-f1", "t2-t1", "s"]
    page.keyboard.press("Control+z")
    wait_version(page, 5)
    page.keyboard.press("h")
    expect(page.locator("#hint-box")).to_be_visible()
    # every pile has a name for screen readers, and the focused one shows a ring
    piles = page.locator("#table [data-pile]")
    labels = piles.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels) and any(label.startswith("Tableau pile 1: Seven of diamonds") for label in labels)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_reload_returns_to_the_same_position(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-2"]'))
    wait_version(page, 1)
    for version in (2, 3, 4):
        page.click('[data-pile="stock"]')
        wait_version(page, version)
    before = table_position(page)
    moves = game_object(page)["moves"]
    page.reload()
    wait_ready(page)
    assert table_position(page) == before
    assert game_object(page)["moves"] == moves
