"""Every string the page asks for is served by ``GET /api/i18n`` (so every one can be translated)."""

from __future__ import annotations

import re
from pathlib import Path

from patience.web.messages import CARD_NAMES, LOOKS_MESSAGES, MESSAGES, _plural_sources, translated_catalog

STATIC = Path(__file__).resolve().parents[2] / "patience" / "web" / "static"
CALL = re.compile(r"""\b(?:t|fmt|plural)\(\s*(["'`])((?:(?!\1).)+)\1""")
ATTRIBUTE = re.compile(r'data-i18n(?:-aria|-placeholder|-title)?="([^"]+)"')


def page_strings() -> set[str]:
    """English strings the page's HTML and JS look up (template literals are built from served names)."""
    found: set[str] = set()
    for path in STATIC.rglob("*"):
        if path.suffix in (".js", ".html"):
            text = path.read_text(encoding="utf-8")
            found |= {m.group(2) for m in CALL.finditer(text) if "${" not in m.group(2)}
            found |= {m.group(1) for m in ATTRIBUTE.finditer(text)}
    return found


def test_every_page_string_is_served() -> None:
    assert (STATIC / "index.html").exists()
    missing = page_strings() - set(MESSAGES) - set(LOOKS_MESSAGES) - set(_plural_sources())
    assert not missing, f"add these to patience/web/messages.py: {sorted(missing)}"


def test_no_string_is_listed_twice() -> None:
    assert len(MESSAGES) == len(set(MESSAGES))
    assert not set(LOOKS_MESSAGES) & set(MESSAGES) and len(LOOKS_MESSAGES) == len(set(LOOKS_MESSAGES))
    assert len(CARD_NAMES) == 52 and len(set(CARD_NAMES.values())) == 52


def test_placeholders_survive_translation() -> None:
    from patience.i18n import language

    names = re.compile(r"\{(\w+)\}")
    for lang in ("pt_BR", "ru"):
        with language(lang):
            catalog = translated_catalog()
        for source, text in catalog.messages.items():
            assert set(names.findall(text)) == set(names.findall(source)), (lang, source, text)
