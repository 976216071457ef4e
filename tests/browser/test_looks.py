"""Looks chosen in the menu: felts, card backs, the dark theme; every one contrast-checked.

The contrast ratios are computed (WCAG 2.1 relative luminance) from the styles Chromium computes, for
every felt in both themes: text at least 4.5:1 on the lightest part of the felt, the marks of empty
piles (the rank a foundation starts with, the spent stock) at least 3:1, card indices on the card face
at least 4.5:1, dialog text at least 4.5:1.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import control, open_deal, wait_ready

pytestmark = pytest.mark.browser

FELTS = ["green", "blue", "burgundy", "charcoal"]
BACKS = ["blue", "red", "green"]

#: Every ratio that must pass, named, for the felt and theme the page shows now.
CONTRASTS_JS = """async () => {
  const probe = document.createElement("div");
  document.body.append(probe);
  const rgba = (colour) => {
    probe.style.color = "";
    probe.style.color = colour;
    const m = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const over = (fg, bg) => [0, 1, 2].map((i) => fg[3] * fg[i] + (1 - fg[3]) * bg[i]).concat(1);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => v / 255)
      .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const root = getComputedStyle(document.documentElement);
  const felts = ["--felt-top", "--felt", "--felt-dark"].map((v) => rgba(root.getPropertyValue(v).trim()));
  const style = (sel, pseudo = null) => getComputedStyle(document.querySelector(sel), pseudo);
  const worst = (fg, layers = []) => Math.min(...felts.map((felt) => {
    let bg = felt;
    for (const layer of layers) bg = over(layer, bg);
    return ratio(over(fg, bg), bg);
  }));
  const out = {};
  out["status text"] = [worst(rgba(style("#status").color)), 4.5];
  out["footer text"] = [worst(rgba(style(".footer").color), [rgba(style(".footer").backgroundColor)]), 4.5];
  const pileBg = rgba(style(".pile.foundation", "::before").backgroundColor);
  out["empty foundation mark"] = [worst(rgba(style(".pile.foundation", "::after").color), [pileBg]), 3];
  const stock = document.querySelector(".pile.stock");
  const count = stock.dataset.count;
  stock.dataset.count = "0";
  out["spent stock mark"] = [worst(rgba(style(".pile.stock", "::after").color), [pileBg]), 3];
  stock.dataset.count = count;
  const menu = rgba(style(".menu-panel").backgroundColor);
  out["menu label"] = [ratio(rgba(style(".look-setting").color), menu), 4.5];
  const button = style("#sound");
  out["menu button"] = [ratio(rgba(button.color), over(rgba(button.backgroundColor), menu)), 4.5];
  const face = rgba(root.getPropertyValue("--card-face").trim());
  const card = document.createElement("div");
  document.querySelector("#table").append(card);
  for (const [cls, name] of [["card face red suit-H", "red index"],
                             ["card face black suit-S", "black index"]]) {
    card.className = cls;
    out[name] = [ratio(rgba(getComputedStyle(card).color), face), 4.5];
  }
  document.documentElement.classList.add("four-colour");
  for (const [cls, name] of [["card face red suit-D", "blue index"],
                             ["card face black suit-C", "green index"]]) {
    card.className = cls;
    out[name] = [ratio(rgba(getComputedStyle(card).color), face), 4.5];
  }
  document.documentElement.classList.remove("four-colour");
  card.remove();
  const dialog = style("#stats-dialog");
  const paper = rgba(dialog.backgroundColor);
  out["dialog text"] = [ratio(rgba(dialog.color), paper), 4.5];
  out["dialog dim text"] = [ratio(rgba(style(".stats-definition").color), paper), 4.5];
  const hint = style(".hint-box");
  out["hint text"] = [ratio(rgba(hint.color), rgba(hint.backgroundColor)), 4.5];
  probe.remove();
  return out;
}"""


def set_look(page: Any, name: str, value: str) -> None:
    page.evaluate("async ([n, v]) => (await import('/static/js/looks.js')).setLook(n, v)", [name, value])


@pytest.mark.parametrize("game", ["hamilton", "union-square"])
def test_every_felt_in_both_themes_keeps_its_contrast(page: Any, live_server: str, game: str) -> None:
    open_deal(page, live_server, game, 1)
    failures = []
    tops = set()
    for theme in ["light", "dark"]:
        set_look(page, "theme", theme)
        for felt in FELTS:
            set_look(page, "felt", felt)
            shown = page.evaluate("(({ felt, theme }) => [felt, theme])(document.documentElement.dataset)")
            assert shown == [felt, theme]
            tops.add(page.evaluate("getComputedStyle(document.body).backgroundImage"))
            for what, (ratio, least) in page.evaluate(CONTRASTS_JS).items():
                if ratio < least:
                    failures.append(f"{theme} {felt}: {what} {ratio:.2f} < {least}")
    assert failures == []
    assert len(tops) == 8  # every felt in every theme looks different


def test_looks_are_chosen_in_the_menu_and_remembered(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 1920, "height": 1080})
    open_deal(page, live_server, "hamilton", 1)
    # settings always sit in the menu, even where the toolbar has room
    for name in ["felt", "back", "theme"]:
        assert page.locator(f"#menu-panel #look-{name}").count() == 1
    assert page.locator("#look-felt option").all_inner_texts() == [
        "Green felt", "Blue felt", "Burgundy felt", "Charcoal felt"]
    assert page.locator("#look-back option").count() == len(BACKS)
    backs = set()
    for back in BACKS:
        control(page, "#look-back").select_option(back)
        backs.add(page.evaluate("getComputedStyle(document.querySelector('#table .card.back'))"
                                ".backgroundImage"))
    assert len(backs) == len(BACKS)
    control(page, "#look-felt").select_option("charcoal")
    control(page, "#look-theme").select_option("dark")
    page.reload()
    wait_ready(page)
    root = page.evaluate("[document.documentElement.dataset.felt, document.documentElement.dataset.back, "
                         "document.documentElement.dataset.theme]")
    assert root == ["charcoal", "green", "dark"]
    assert page.input_value("#look-felt") == "charcoal"


def test_the_theme_follows_the_system_unless_chosen(page_factory: Any, live_server: str) -> None:
    page = page_factory(color_scheme="dark")
    open_deal(page, live_server, "hamilton", 1)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    control(page, "#look-theme").select_option("dark")
    page.emulate_media(color_scheme="light")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"


def test_four_colour_court_figures_take_their_index_colour(page: Any, live_server: str) -> None:
    # Union Square: Hamilton builds by colour and keeps the two-colour deck
    open_deal(page, live_server, "union-square", 7)
    sources = ("async () => { const m = await import('/static/js/cards.js'); "
               "return ['QD', 'KC', 'JH', 'QS'].map(m.courtSource); }")
    assert page.evaluate(sources) == [f"/static/cards/{c}.svg" for c in ["QD", "KC", "JH", "QS"]]
    control(page, "#four-colour").click()
    assert page.evaluate(sources) == [
        "/static/cards/four/QD.svg", "/static/cards/four/KC.svg", "/static/cards/JH.svg",
        "/static/cards/QS.svg"]
    art = page.evaluate("[...document.querySelectorAll('img.court-art')]"
                        ".map((i) => [i.parentElement.dataset.card, i.getAttribute('src')])")
    assert art, "deal 1 shows court cards"
    for card, src in art:
        assert ("/four/" in src) == (card[1] in "DC")
    # every figure is drawn (a broken SVG would load with no size)
    page.wait_for_function("() => [...document.querySelectorAll('img.court-art')].every((i) => i.complete)")
    assert page.evaluate("[...document.querySelectorAll('img.court-art')].filter((i) => !i.naturalWidth)"
                         ".map((i) => i.getAttribute('src'))") == []
    for name in ["JD", "QD", "KD", "JC", "QC", "KC"]:
        drawn = page.evaluate("""async (u) => { const i = new Image(); i.src = u;
            try { await i.decode(); return i.naturalWidth > 0; } catch (e) { return false; } }""",
                              f"/static/cards/four/{name}.svg")
        assert drawn, name
    for card, ink in [("QD", "#0b5cad"), ("KC", "#0a7d50")]:
        text = page.evaluate("async (u) => (await fetch(u)).text()", f"/static/cards/four/{card}.svg")
        assert ink in text and '"red"' not in text
