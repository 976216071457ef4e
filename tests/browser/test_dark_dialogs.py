"""Every dialog and box in the dark theme, on a laptop and a phone: every text shown reads at 4.5:1 or
more on what lies under it (WCAG 2.1 relative luminance, from the colours Chromium computes, the
backgrounds of the text's ancestors laid over each other).

Opened: the menu with the looks and the Analysis setting, the Rules and help, Statistics and its reset
confirmation, Saved games, the Review, the new-game confirmation and the win box.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import control, open_deal, post_moves, wait_ready, winning_line

pytestmark = pytest.mark.browser

#: The texts under ``selector`` that read at less than 4.5:1: [text, ratio, colour, background].
LOW_CONTRAST_JS = """(selector) => {
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g);
    if (!m) return [0, 0, 0, 0];
    const v = m.map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => v / 255)
      .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const over = (fg, bg) => [0, 1, 2].map((i) => fg[3] * fg[i] + (1 - fg[3]) * bg[i]).concat(1);
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = parse(getComputedStyle(document.documentElement).getPropertyValue("--felt-dark")
      || "rgb(0, 0, 0)");
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  };
  const low = [];
  const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!node.textContent.trim() || !box.width || !box.height || style.visibility === "hidden") continue;
    const bg = background(el);
    const fg = over(parse(style.color), bg);
    const r = ratio(fg, bg);
    if (r < 4.5) low.push([node.textContent.trim().slice(0, 40), r.toFixed(2), style.color, String(bg)]);
  }
  return low;
}"""


def low_contrast(page: Any, selector: str) -> list[list[str]]:
    page.wait_for_selector(selector, state="visible")
    found: list[list[str]] = page.evaluate(LOW_CONTRAST_JS, selector)
    return found


def close_dialog(page: Any) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog[open]')")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_dialog_reads_in_the_dark_theme(page_factory: Any, live_server: str,
                                              size: tuple[int, int]) -> None:
    page = page_factory(viewport={"width": size[0], "height": size[1]}, color_scheme="dark")
    open_deal(page, live_server, "hamilton", 3)
    post_moves(page, ["s", "c-f1", "s"])
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    found: dict[str, list[list[str]]] = {}
    page.click("#menu-button")
    found["menu"] = low_contrast(page, "#menu-panel")
    page.click("#menu-button")
    for button, dialog in [("#rules-button", "#rules-dialog"), ("#stats-button", "#stats-dialog"),
                           ("#saved-button", "#saved-dialog"), ("#review-button", "#review-dialog")]:
        control(page, button).click()
        page.wait_for_selector(f"{dialog}[open]")
        page.wait_for_timeout(300)  # the answer that fills it
        found[dialog] = low_contrast(page, dialog)
        if dialog == "#rules-dialog":
            page.evaluate("document.querySelector('#rules-dialog').scrollTop = 1e6")  # the keys
            found["help keys"] = low_contrast(page, dialog)
        if dialog == "#stats-dialog":
            page.click("#stats-reset")
            found["reset confirmation"] = low_contrast(page, "#confirm-dialog")
            page.click("#confirm-no")
        close_dialog(page)
    control(page, "#new-game").click()
    found["new game confirmation"] = low_contrast(page, "#confirm-dialog")
    page.click("#confirm-no")
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    post_moves(page, moves)
    wait_ready(page)
    found["win box"] = low_contrast(page, "#message")
    assert {name: texts for name, texts in found.items() if texts} == {}


def test_on_a_phone_each_statistics_label_stays_beside_its_menu(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844})
    page.goto(live_server + "/")
    wait_ready(page)
    control(page, "#stats-button").click()
    page.wait_for_selector("#stats-dialog[open]")
    rows = page.evaluate("""() => [...document.querySelectorAll('#stats-dialog > label')].map((label) => {
      const text = label.querySelector('span').getBoundingClientRect();
      const menu = label.querySelector('select').getBoundingClientRect();
      return [text.top + text.height / 2, menu.top, menu.bottom];
    })""")
    assert len(rows) == 2
    for middle, top, bottom in rows:
        assert top <= middle <= bottom  # the label's text on its menu's line
