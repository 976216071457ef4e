"""The table fits every screen, in every language; the win screen.

At 390x844 (a phone), 1280x800 and 1920x1080, in English, Portuguese and Russian, one position of
each game (Hamilton deal 1 after 22 moves of its winning line: a pile of 15 cards; Union Square deal
1 mid-game with five cards on the waste), measured in Chromium:

* no card leaves the viewport, and the page does not scroll sideways;
* no control's text is clipped (``scrollWidth > clientWidth``; for selects and the deal field, the
  chosen option's or the placeholder's text width against the room inside), with the menu open too;
* every card under another shows its rank and suit: the next card starts below them;
* the toolbar is one row; on the phone the first tableau pile starts in the upper 30% of the screen.

Also: the phone's toolbar (primary controls in the bar, the rest and any new button in the menu),
refusals and hints in the dock under the table (never over a card, with a pile reaching the bottom,
never over the footer's line; a hint's whole text shows, its bold line naming piles as its sentence
does), the phone's even margin beside the table (cards and empty slots' outlines, shadows included),
the four-colour deck setting, and the win screen (the last move of a stored winning line, played by
drag): its details, streak and records, the cascade (none with reduced motion), Next deal.

Screenshots: ``test-results/layout-<game>-<width>x<height>-<lang>.png``, ``layout-menu-*.png``,
``hint-*.png`` and ``win-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import RESULTS_DIR, new_page
from tests.browser.helpers import (
    control,
    drag,
    game_object,
    open_deal,
    pile_cards,
    post_moves,
    top_card,
    winning_line,
)

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1280, 800), (1920, 1080)]
LANGUAGES = ["en", "pt_BR", "ru"]
UNION_SQUARE_MOVES = ["t15-f1", "t16-t5", "t12-t16", "t11-t15", "t6-t12", "t4-t11", "t14-t6", "t10-t11",
                      "t13-t10", "t5-t14", "t6-t4", "t11-t6", "t16-t4", "t11-t13", "t1-t2",
                      "s", "s", "s", "s", "s"]

#: Everything wrong with the page as it stands, as sentences (an empty list when all is well).
PROBLEMS_JS = """
() => {
  const problems = [];
  const W = window.innerWidth, H = window.innerHeight;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
  };
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > W) problems.push(`page ${pageWidth}px wide`);
  // cards inside the viewport (a squared pile's hidden cards excepted)
  for (const card of document.querySelectorAll("#table [data-card]")) {
    if (!visible(card)) continue;
    const r = card.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      problems.push(`card ${card.dataset.card} of ${card.closest("[data-pile]").dataset.pile} at ` +
                    `${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  // clipped text
  const canvas = document.createElement("canvas").getContext("2d");
  const textWidth = (el, text) => {
    const s = getComputedStyle(el);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const inner = (el) => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const controls = document.querySelectorAll(
    ".toolbar button, .toolbar select, .toolbar input, .toolbar label, #status .stat, .footer span, " +
    ".footer button, .footer p, .footer dt, .footer dd");
  for (const el of controls) {
    if (!visible(el) || el.closest(".visually-hidden")) continue;
    const name = el.id || el.dataset.stat || el.dataset.action || el.dataset.win || el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 0.5) {
      problems.push(`clipped: ${name} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (el.tagName === "SELECT" && el.selectedOptions[0]) {
      const need = textWidth(el, el.selectedOptions[0].text) + 14; // the arrow
      if (need > inner(el) + 0.5) problems.push(`clipped select ${name}: "${el.selectedOptions[0].text}"`);
    }
    const spin = el.type === "number" ? 15 : 0; // Chromium keeps room for the spin buttons
    if (el.tagName === "INPUT" && el.placeholder && textWidth(el, el.placeholder) > inner(el) - spin + 0.5) {
      problems.push(`clipped placeholder of ${name}: "${el.placeholder}"`);
    }
  }
  // every covered card of a fanned (tableau) pile shows its rank and suit above the next card
  for (const pile of document.querySelectorAll('#table [data-kind="tableau"]')) {
    const cards = [...pile.querySelectorAll(":scope > [data-card]")].filter(visible);
    for (let i = 0; i + 1 < cards.length; i++) {
      if (cards[i].dataset.card === "back") continue;
      const next = cards[i + 1].getBoundingClientRect();
      for (const part of cards[i].querySelectorAll(".idx.tl .rank, .idx.tl .idx-suit")) {
        const r = part.getBoundingClientRect();
        const covered = r.bottom > next.top + 0.5 && r.right > next.left && r.left < next.right;
        if (covered || r.height < 4) {
          const what = part.classList.contains("rank") ? "rank" : "suit";
          problems.push(`${pile.dataset.pile}: the ${what} of ${cards[i].dataset.card} is covered ` +
                        `(${Math.round(r.bottom)} > ${Math.round(next.top)})`);
        }
      }
    }
  }
  const bar = document.querySelector(".toolbar");
  const row = [...bar.querySelectorAll("button, select, input")]
    .filter(visible).filter((el) => !el.closest("#menu-panel"));
  const tops = new Set(row.map((el) => Math.round(el.getBoundingClientRect().top / 8)));
  if (tops.size > 1) problems.push(`the toolbar has ${tops.size} rows`);
  return problems;
}
"""


@pytest.fixture(scope="module")
def positions(browser: Any, live_server: str, request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    """One player's two games, played to the measured positions; the page's cookies to reuse them."""
    gen = new_page(browser, request)
    page = next(gen)
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    hamilton = post_moves(page, moves[:22])["id"]
    open_deal(page, live_server, "union-square", 1)
    union_square = post_moves(page, UNION_SQUARE_MOVES)["id"]
    state = page.context.storage_state()
    yield {"hamilton": hamilton, "union-square": union_square, "state": state}
    for _ in gen:
        pass


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_table_fits(browser: Any, live_server: str, positions: dict[str, Any],
                        request: pytest.FixtureRequest, width: int, height: int, lang: str) -> None:
    phone = width < 640
    gen = new_page(browser, request, viewport={"width": width, "height": height}, is_mobile=phone,
                   has_touch=phone, storage_state=positions["state"])
    page = next(gen)
    try:
        assert page.request.post(f"{live_server}/api/language", data={"lang": lang}).ok
        RESULTS_DIR.mkdir(exist_ok=True)
        for game in ("hamilton", "union-square"):
            page.goto(live_server + "/")
            page.wait_for_selector("body[data-ready='true']")  # it saves its own game first
            page.evaluate("id => localStorage.setItem('patience.game', id)", positions[game])
            page.reload()
            page.wait_for_function("id => document.body.dataset.ready && window.patience.app.game.id === id",
                                   arg=positions[game])
            page.wait_for_selector("#table [data-pile]")
            problems = page.evaluate(PROBLEMS_JS)
            shot = RESULTS_DIR / f"layout-{game}-{width}x{height}-{lang}.png"
            page.screenshot(path=str(shot))
            assert problems == [], f"{game} at {width}x{height} in {lang}: {problems}"
            if phone:
                first = page.locator('[data-pile="tableau-1"]').bounding_box()
                assert first is not None and first["y"] <= 0.3 * height, f"pile 1 starts at {first}"
            if game == "union-square":
                expect(page.locator('[data-pile="waste"] .badge')).to_have_text("5")
            # everything in the menu reads in full too
            if page.locator("#menu-button").is_visible():
                page.click("#menu-button")
                expect(page.locator("#menu-panel")).to_be_visible()
                problems = page.evaluate(PROBLEMS_JS)
                if game == "hamilton":
                    page.screenshot(path=str(RESULTS_DIR / f"layout-menu-{width}x{height}-{lang}.png"))
                assert problems == [], f"menu at {width}x{height} in {lang}: {problems}"
                page.keyboard.press("Escape")
                expect(page.locator("#menu-panel")).to_be_hidden()
    finally:
        for _ in gen:
            pass


def test_the_phone_toolbar_keeps_the_primary_controls_and_a_menu(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    open_deal(page, live_server, "hamilton", 5)
    for primary in ("#new-game", "#undo", "#redo", "#hint", "#menu-button"):
        expect(page.locator(primary)).to_be_visible()
    for secondary in ("#game-select", "#restart", "#stats-button", "#lang-select"):
        expect(page.locator(secondary)).to_be_hidden()
    # a button added later (another feature) goes into the menu without any other change
    page.evaluate("""() => { const b = document.createElement('button'); b.id = 'extra'; b.type = 'button';
                     b.textContent = 'Extra'; document.querySelector('.toolbar .group').append(b); }""")
    page.wait_for_function("() => document.getElementById('extra').closest('#menu-panel') !== null")
    page.click("#menu-button")
    expect(page.locator("#menu-panel #restart")).to_be_visible()
    page.click("#menu-panel #stats-button")  # a button in the menu works and closes the menu
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(page.locator("#menu-panel")).to_be_hidden()


def assert_covers_no_card(page: Any, selector: str) -> None:
    """The element is on screen and no card of the table lies under it."""
    expect(page.locator(selector)).to_be_visible()
    box = page.locator(selector).bounding_box()
    assert box is not None
    for card in page.locator("#table [data-card]").all():
        c = card.bounding_box()
        assert c is not None
        apart = (c["y"] + c["height"] <= box["y"] or c["y"] >= box["y"] + box["height"]
                 or c["x"] + c["width"] <= box["x"] or c["x"] >= box["x"] + box["width"])
        assert apart, f"{selector} covers {card.get_attribute('data-card')}"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_refusals_and_hints_show_in_the_dock_not_on_the_cards(
    page_factory: Any, live_server: str, width: int, height: int,
) -> None:
    page = page_factory(viewport={"width": width, "height": height})
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    post_moves(page, moves[:22])  # pile 5 holds 15 cards and reaches the bottom of the table
    assert pile_cards(page, "tableau-7")[-1] == "8S" and pile_cards(page, "tableau-4")[-1] == "JH"
    drag(page, top_card(page, "tableau-7"), page.locator('[data-pile="tableau-4"]'))  # 8♠ on J♥: refused
    assert_covers_no_card(page, "#notice")
    assert_footer_line_shows(page)
    control(page, "#hint").click()
    assert_covers_no_card(page, "#hint-box")
    assert_footer_line_shows(page)


#: Whether anything the dock shows overlaps the element of this selector.
COVERED_JS = """s => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [...document.querySelectorAll("#dock > :not([hidden])")].some((d) => {
    const b = d.getBoundingClientRect();
    return b.height && b.bottom > r.top && b.top < r.bottom && b.right > r.left && b.left < r.right;
  });
}"""


def assert_footer_line_shows(page: Any) -> None:
    """The footer's line (the dot and the deal) shows under the dock, whatever the dock shows."""
    for selector in ("#winnable", "#deal-label"):
        expect(page.locator(selector)).to_be_visible()
        covered = page.evaluate(COVERED_JS, selector)
        assert not covered, f"the dock covers {selector}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_hint_shows_whole_above_the_footer_line(
        page_factory: Any, live_server: str, width: int, height: int, lang: str) -> None:
    page = page_factory(viewport={"width": width, "height": height})
    assert page.request.post(f"{live_server}/api/language", data={"lang": lang}).ok
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    post_moves(page, moves[:22])
    control(page, "#hint").click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    expect(box.locator("small")).not_to_be_empty()
    sizes = box.evaluate("el => [el.scrollHeight, el.clientHeight]")
    assert sizes[0] <= sizes[1] + 1, f"the hint needs {sizes[0]} px and has {sizes[1]} px"
    assert_covers_no_card(page, "#hint-box")
    assert_footer_line_shows(page)
    # the bold line names the card and its target as the sentence does (6♣ → pile 3, not "Tableau pile 3")
    head, sentence = box.locator("strong").inner_text(), box.locator("small").inner_text()
    target = head.replace("\xa0", " ").rsplit("→", 1)[-1].strip() if "→" in head else ""
    assert not target or target in sentence, f"{head!r} / {sentence!r}"
    page.screenshot(path=str(RESULTS_DIR / f"hint-{width}x{height}-{lang}.png"))


#: How far the table's cards and empty slots (their ::before outline) reach, left and right: solid, and
#: with their shadows (each shadow reaches its blur plus its spread beyond the box, shifted by its x).
REACH_JS = """
() => {
  const beyond = (shadows) => {
    let left = 0, right = 0;
    for (const part of shadows === "none" ? [] : shadows.split(/,(?![^(]*\\))/)) {
      if (part.includes("inset")) continue;
      const [x = 0, , blur = 0, spread = 0] =
        (part.replace(/rgba?\\([^)]*\\)/, "").match(/-?[\\d.]+px/g) || []).map(parseFloat);
      left = Math.max(left, blur + spread - x);
      right = Math.max(right, blur + spread + x);
    }
    return [left, right];
  };
  const solid = [Infinity, -Infinity], shaded = [Infinity, -Infinity];
  const add = (left, right, [shadowLeft, shadowRight]) => {
    solid[0] = Math.min(solid[0], left); solid[1] = Math.max(solid[1], right);
    shaded[0] = Math.min(shaded[0], left - shadowLeft); shaded[1] = Math.max(shaded[1], right + shadowRight);
  };
  const px = (value) => parseFloat(value) || 0;
  for (const pile of document.querySelectorAll("#table [data-pile]")) {
    const r = pile.getBoundingClientRect();
    const b = getComputedStyle(pile, "::before");
    if (b.content !== "none" && b.display !== "none") {
      const extra = b.boxSizing === "border-box" ? 0
        : px(b.borderLeftWidth) + px(b.borderRightWidth) + px(b.paddingLeft) + px(b.paddingRight);
      const left = r.left + px(b.left);
      add(left, left + px(b.width) + extra, beyond(b.boxShadow));
    }
    for (const card of pile.querySelectorAll(":scope > [data-card]")) {
      const c = card.getBoundingClientRect();
      add(c.left, c.right, beyond(getComputedStyle(card).boxShadow));
    }
  }
  return { width: window.innerWidth, solid, shaded };
}
"""


@pytest.mark.parametrize("game", ["hamilton", "union-square"])
def test_the_phone_table_has_an_even_margin_with_its_outlines_and_shadows(
        page_factory: Any, live_server: str, game: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    open_deal(page, live_server, game, 1)
    reach = page.evaluate(REACH_JS)
    width = reach["width"]
    left, right = reach["solid"][0], width - reach["solid"][1]
    assert min(left, right) >= 6 and abs(left - right) <= 1, f"{game}: margins {left:.1f} px, {right:.1f} px"
    left, right = reach["shaded"][0], width - reach["shaded"][1]
    assert min(left, right) >= 1, f"{game}: with the shadows, {left:.1f} px left, {right:.1f} px right"


#: Each toolbar select's width and the width its chosen option's text needs (its font, its padding).
SELECT_ROOM_JS = """() => [...document.querySelectorAll(".toolbar select")].map((el) => {
  const s = getComputedStyle(el);
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const text = el.selectedOptions[0] ? el.selectedOptions[0].text : "";
  return [el.id, el.getBoundingClientRect().width, canvas.measureText(text).width];
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_1280_px_the_deal_field_stays_in_the_bar_and_selects_fit_their_choice(
        page_factory: Any, live_server: str, lang: str) -> None:
    page = page_factory(viewport={"width": 1280, "height": 800})
    assert page.request.post(f"{live_server}/api/language", data={"lang": lang}).ok
    open_deal(page, live_server, "hamilton", 1)
    for name, width, text in page.evaluate(SELECT_ROOM_JS):
        assert width <= text + 48, f"{name} is {width:.0f} px wide for {text:.0f} px of text"
    assert page.locator("#menu-panel #deal-number").count() == 0, "the deal field went into the menu"
    expect(page.locator("#deal-number")).to_be_visible()


def test_four_colour_deck_setting(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "union-square", 1)
    diamond = page.locator("#table .card.suit-D").first
    before = diamond.evaluate("el => getComputedStyle(el).color")
    if not page.locator("#four-colour").is_visible():  # in the menu when the toolbar is full
        page.click("#menu-button")
    control(page, "#four-colour").click()
    expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "true")
    assert diamond.evaluate("el => getComputedStyle(el).color") != before
    page.reload()
    page.wait_for_selector("#table .card.suit-D")
    expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_win_screen(page_factory: Any, live_server: str, motion: str) -> None:
    page = page_factory(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    before = post_moves(page, moves[:-1])
    last = moves[-1]  # "t3-f2x4": the last four cards go up
    assert not before["won"] and last.startswith("t")
    src, dst = last.split("x")[0].split("-")
    pile_of = {p["notation"]: p["pile"] for p in before["view"]["piles"]}
    count = int(last.split("x")[1]) if "x" in last else 1
    source = page.locator(f'#table [data-pile="{pile_of[src]}"] > [data-card]').nth(-count)
    page.wait_for_function("() => document.getAnimations().length === 0")  # the deal has landed
    drag(page, source, page.locator(f'[data-pile="{pile_of[dst]}"]'))
    page.wait_for_function("() => window.patience.app.game.won")
    won = game_object(page)
    box = page.locator("#message")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-kind", "won")
    expect(page.locator('#win-details [data-win="deal"]')).to_contain_text(str(deal))
    expect(page.locator('#win-details [data-win="moves"]')).to_have_text(str(won["move_count"]))
    expect(page.locator('#win-details [data-win="hints"]')).to_have_text("No")
    expect(page.locator('#win-details [data-win="undo"]')).to_have_text("No")
    expect(page.locator('#win-details [data-win="streak"]')).to_have_text("1")
    expect(page.locator('#win-details [data-win="fewest-moves"]')).to_have_text(str(won["move_count"]))
    expect(page.locator("#win-records")).to_contain_text("New record: fewest moves!")
    cascading = page.locator("#celebration .card").count()
    if motion == "reduce":
        assert cascading == 0
    else:
        assert cascading > 0
        page.wait_for_timeout(600)  # mid-cascade for the picture
    page.screenshot(path=str(RESULTS_DIR / f"win-hamilton-1-{motion}.png"))
    page.click('#message [data-action="next"]')
    page.wait_for_function("d => window.patience.app.game.deal === d && !window.patience.app.game.won",
                           arg=deal + 1)
    expect(box).to_be_hidden()
    assert page.locator("#celebration .card").count() == 0
