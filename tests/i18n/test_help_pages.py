"""Each game has a help page in each language, with every section, naming the key rules."""

from __future__ import annotations

import re

import pytest

from patience.errors import UnknownGameError
from patience.help import available_pages, help_games, help_page, markdown_to_html, page_path
from patience.i18n import LANGUAGES
from patience.rules import game_slugs

#: Section headings (level 2) every page has, in order: layout, goal, rules, scoring, strategy, history.
SECTIONS = {
    "en": ["Layout", "Goal", "Rules", "Scoring", "Strategy", "History"],
    "pt_BR": ["Disposição", "Objetivo", "Regras", "Pontuação", "Estratégia", "História"],
    "ru": ["Расклад", "Цель", "Правила", "Очки", "Стратегия", "История"],
}

#: Phrases that state the key rules, per game and language (lower case; each must appear).
KEY_RULES = {
    ("hamilton", "en"): ["start card", "chooser", "three cards", "bottom of the stock", "24 cards",
                         "28 in all", "downward by colour", "same suit", "empty pile", "7, 7 and 7",
                         "piles 1 and 2", "no redeal", "moved back onto the tableau", "52",
                         "agnes", "basil dalton", "1924", "his father"],
    ("hamilton", "pt_BR"): ["carta inicial", "seletor", "três cartas", "fundo", "24 cartas",
                            "28 ao todo", "decrescente, pela cor", "mesmo naipe", "pilha vazia",
                            "7, 7 e 7", "pilhas 1 e 2", "não há nova distribuição", "pode voltar para a mesa",
                            "52", "agnes", "basil dalton", "1924", "pai"],
    ("hamilton", "ru"): ["стартов", "выбор", "трёх карт", "под низ", "24 карты", "всего 28",
                         "по убыванию, по цвету", "одной масти", "пустой ряд", "7, 7 и 7",
                         "первый и второй ряды", "только один раз", "вернуть в ряды", "52",
                         "агнес", "basil dalton", "1924", "отца"],
    ("union-square", "en"): ["104 cards", "sixteen piles", "88 cards", "no redeal", "only one card",
                             "in suit", "up or down", "direction", "26 cards", "second king",
                             "no other foundation", "out of play", "104"],
    ("union-square", "pt_BR"): ["104 cartas", "dezesseis pilhas", "88 cartas", "não há nova distribuição",
                                "só uma carta", "mesmo naipe", "para cima ou para baixo", "direção",
                                "26 cartas", "segundo rei", "nenhuma outra fundação", "saem do jogo", "104"],
    ("union-square", "ru"): ["104 карты", "шестнадцать", "88 карт", "повторной сдачи нет",
                             "только одна карта", "в масть", "по возрастанию или по убыванию",
                             "направление", "26 карт", "второй король", "ни одна другая",
                             "выходят из игры", "104"],
}


def test_every_registered_game_has_help() -> None:
    assert sorted(help_games()) == sorted(game_slugs())


@pytest.mark.parametrize(("game", "lang"), available_pages())
def test_page_exists_with_every_section(game: str, lang: str) -> None:
    assert page_path(game, lang).is_file()
    page = help_page(game, lang)
    assert page.lang == lang and page.title
    headings = re.findall(r"<h2>(.*?)</h2>", page.html)
    assert headings == SECTIONS[lang]


@pytest.mark.parametrize(("game", "lang"), sorted(KEY_RULES))
def test_page_names_the_key_rules(game: str, lang: str) -> None:
    text = help_page(game, lang).text.lower()
    text = re.sub(r"\s+", " ", text)
    missing = [phrase for phrase in KEY_RULES[game, lang] if phrase not in text]
    assert not missing


def test_every_language_has_key_rules_checked() -> None:
    assert set(KEY_RULES) == {(game, lang) for game in help_games() for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hamilton_page_avoids_the_seed_mistakes(lang: str) -> None:
    """The Russian seed's setup table was copied from another game: no aces first, no 'kings only'."""
    text = re.sub(r"\s+", " ", help_page("hamilton", lang).text.lower())
    for wrong in ("kings only", "only kings", "только корол", "apenas reis", "somente reis",
                  "перед сдачей", "aces are taken out", "нельзя перекладывать"):
        assert wrong not in text


def test_titles_by_language() -> None:
    assert help_page("hamilton", "ru").title == "Гамильтон"
    assert help_page("union-square", "pt_BR").title == "Union Square"
    assert help_page("union-square", "en").title == "Union Square"


def test_language_tags_are_normalized_and_unknown_ones_fall_back_to_english() -> None:
    assert help_page("hamilton", "ru-RU").lang == "ru"
    assert help_page("hamilton", "pt").lang == "pt_BR"
    assert help_page("hamilton", "de").lang == "en"
    assert help_page("hamilton", None).lang == "en"


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError):
        help_page("klondike", "en")


def test_html_is_escaped_and_uses_only_simple_tags() -> None:
    html = markdown_to_html("# A <script>alert(1)</script>\n\nx & y \"q\" **b** *i* `c`\n\n1. one\n2. two")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html and "x &amp; y &quot;q&quot;" in html
    assert "<strong>b</strong> <em>i</em> <code>c</code>" in html
    assert "<ol><li>one</li><li>two</li></ol>" in html
    for game, lang in available_pages():
        tags = set(re.findall(r"</?([a-z0-9]+)", help_page(game, lang).html))
        assert tags <= {"h1", "h2", "h3", "p", "ul", "ol", "li", "strong", "em", "code"}
