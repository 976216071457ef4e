"""The page in Portuguese (from Accept-Language) and in Russian (from the switcher), in Chromium.

Hamilton deal 1: the stock turns QC to the Chooser; after ``s c-f1`` (start rank Queen) the
drop ``t1-t3`` is refused (7♦ is not one step below 2♦), and the refusal comes in the language.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    control,
    drag,
    open_deal,
    post_moves,
    top_card,
    wait_ready,
    wait_version,
    winning_line,
)

pytestmark = pytest.mark.browser


def choose_start(page: Any) -> None:
    """Turn one stock card and drag it from the Chooser to foundation 1."""
    page.click('[data-pile="stock"]')
    wait_version(page, 1)
    drag(page, top_card(page, "chooser"), page.locator('[data-pile="foundation-1"]'))
    wait_version(page, 2)


def refuse_a_drop(page: Any) -> None:
    """Drop 7D on 2D, which the rules refuse."""
    drag(page, top_card(page, "tableau-1"), page.locator('[data-pile="tableau-3"]'))
    expect(page.locator("#notice")).to_be_visible()


def open_rules(page: Any) -> Any:
    control(page, "#rules-button").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    return dialog


def test_portuguese_from_accept_language(page_factory: Any, live_server: str) -> None:
    page = page_factory(locale="pt-BR")
    open_deal(page, live_server, "hamilton", 1)
    assert page.evaluate("document.documentElement.lang") == "pt-BR"
    expect(page.locator("#rules-button")).to_have_text("Regras")
    expect(page.locator("#status")).to_contain_text("Monte")
    expect(page.locator('[data-pile="tableau-1"]')).to_have_attribute("aria-label", "Pilha 1: Sete de ouros")
    choose_start(page)
    expect(page.locator("#status")).to_contain_text("Valor inicial")
    refuse_a_drop(page)
    refusal = "Não permitido: 7♦ (pilha 1 → pilha 3). 7♦ não está um passo abaixo de 2♦"
    expect(page.locator("#notice")).to_contain_text(refusal)
    dialog = open_rules(page)
    expect(page.locator("#rules-title")).to_have_text("Hamilton")
    expect(dialog.locator("#rules-body h2").first).to_have_text("Disposição")
    expect(dialog).to_contain_text("carta inicial")


def test_russian_from_the_switcher_and_remembered(page: Any, live_server: str) -> None:
    open_deal(page, live_server, "hamilton", 1)
    expect(page.locator("#rules-button")).to_have_text("Rules")
    control(page, "#lang-select").select_option("ru")
    expect(page.locator("#rules-button")).to_have_text("Правила")
    expect(page.locator("#status")).to_contain_text("Колода")
    expect(page.locator('[data-pile="tableau-1"]')).to_have_attribute("aria-label", "Ряд 1: Семёрка бубен")
    choose_start(page)
    refuse_a_drop(page)
    refusal = "Нельзя: 7♦ (ряд 1 → ряд 3). 7♦ — не на один шаг младше 2♦"
    expect(page.locator("#notice")).to_contain_text(refusal)
    expect(page.locator("#live")).to_contain_text("Нельзя: 7♦ (ряд 1 → ряд 3)")
    dialog = open_rules(page)
    expect(page.locator("#rules-title")).to_have_text("Гамильтон")
    expect(dialog.locator("#rules-body h2").first).to_have_text("Расклад")
    expect(dialog).to_contain_text("стартовой картой")
    # the choice is remembered: a reload comes back in Russian
    page.reload()
    wait_ready(page)
    expect(page.locator("#rules-button")).to_have_text("Правила")
    assert page.evaluate("document.documentElement.lang") == "ru"


@pytest.mark.parametrize(("locale", "result"), [("en", "Won"), ("pt-BR", "Vitória"), ("ru", "Победа")])
def test_the_dot_of_a_won_game_names_its_result(page_factory: Any, live_server: str, locale: str,
                                                 result: str) -> None:
    """One game's result ("Vitória"), not the statistics' column of wins ("Vitórias")."""
    page = page_factory(locale=locale)
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    open_deal(page, live_server, game, deal)
    assert post_moves(page, moves)["won"]
    expect(page.locator("#winnable")).to_have_text(result)
