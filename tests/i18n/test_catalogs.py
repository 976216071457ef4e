"""The catalogs are complete, keep every placeholder, have the right plural forms, and are compiled."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from patience.i18n import _, language, ngettext, translations
from scripts import i18n as pipeline

LOCALES = ("pt_BR", "ru")


@pytest.fixture(scope="module")
def template() -> Catalog:
    return pipeline.extract()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_of_the_sources_is_in_the_catalog(template: Catalog, locale: str) -> None:
    catalog = pipeline.load(pipeline.po_path(locale), locale)
    missing = pipeline.message_keys(template) - pipeline.message_keys(catalog)
    assert not missing, f"run python scripts/i18n.py and translate: {sorted(missing)[:10]}"


def test_template_is_up_to_date(template: Catalog) -> None:
    committed = pipeline.load(pipeline.TEMPLATE)
    assert pipeline.message_keys(committed) == pipeline.message_keys(template), "run python scripts/i18n.py"


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_is_complete_with_placeholders_and_plurals(locale: str) -> None:
    catalog = pipeline.load(pipeline.po_path(locale), locale)
    assert len(pipeline.message_keys(catalog)) > 100
    assert list(pipeline.problems(catalog)) == []


@pytest.mark.parametrize(("locale", "forms"), [("pt_BR", 2), ("ru", 3)])
def test_plural_form_count(locale: str, forms: int) -> None:
    catalog = pipeline.load(pipeline.po_path(locale), locale)
    assert catalog.num_plurals == forms
    plural_messages = [m for m in catalog if m.id and m.pluralizable]
    assert plural_messages, "the catalog has plural messages"
    for message in plural_messages:
        translated = pipeline.forms_of(message)
        assert len(translated) == forms and all(translated), message.id


@pytest.mark.parametrize("locale", LOCALES)
def test_committed_mo_matches_po(locale: str) -> None:
    catalog = pipeline.load(pipeline.po_path(locale), locale)
    assert pipeline.compiled_messages(pipeline.mo_path(locale)) == pipeline.expected_messages(catalog), (
        "the .mo file is stale: run python scripts/i18n.py"
    )


def test_check_mode_reports_nothing() -> None:
    assert pipeline.build(write=False) == []


def test_placeholder_check_catches_lost_and_invented_fields() -> None:
    catalog = Catalog(locale="ru")
    catalog.mime_headers = [("Plural-Forms", pipeline.PLURAL_FORMS["ru"])]
    catalog.add("Deal {number}", "Раздача {numero}")
    catalog.add("Score", "")
    catalog.add(("{count} card", "{count} cards"), ("{count} карта", "{count} карты", "карт"))
    found = "\n".join(pipeline.problems(catalog))
    assert "Раздача {numero}" in found
    assert "'Score' is not translated" in found
    assert "'карт'" in found


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"), (11, "11 карт"), (12, "12 карт"),
     (21, "21 карта"), (22, "22 карты"), (25, "25 карт"), (104, "104 карты"), (111, "111 карт")],
)
def test_russian_plurals_at_run_time(count: int, expected: str) -> None:
    with language("ru"):
        assert ngettext("{count} card", "{count} cards", count).format(count=count) == expected


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 carta"), (1, "1 carta"), (2, "2 cartas"), (52, "52 cartas")],
)
def test_portuguese_plurals_at_run_time(count: int, expected: str) -> None:
    with language("pt_BR"):
        assert ngettext("{count} card", "{count} cards", count).format(count=count) == expected


def test_compiled_catalogs_are_used() -> None:
    translations.cache_clear()
    with language("pt-BR"):
        assert _("Rules") == "Regras"
        assert _("Ten of hearts") == "Dez de copas"
    with language("ru"):
        assert _("Rules") == "Правила"
        assert _("Ten of hearts") == "Десятка червей"
    with language("en"):
        assert _("Rules") == "Rules"
