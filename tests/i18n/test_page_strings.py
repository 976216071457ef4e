"""Every string the page's JavaScript and HTML look up is sent by ``GET /api/i18n``, so it gets translated.

The page keeps no text of its own: ``t("…")``, ``fmt("…")`` and ``plural("…")`` in the scripts and the
``data-i18n*`` attributes of ``index.html`` look the English source up in what the server sends
(``patience.web.messages``). A string missing there would show in English whatever the language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from patience.i18n import language

messages = pytest.importorskip("patience.web.messages")

STATIC = Path(messages.__file__).resolve().parent / "static"
LOOKUP = re.compile(r"""\b(t|fmt|plural)\(\s*(["'])((?:(?!\2)[^\\]|\\.)*)\2""")
#: ``tc("context", "source")``: looked up as ``context\x04source``
CONTEXT_LOOKUP = re.compile(r"""\btc\(\s*"([^"]*)",\s*"([^"]*)"\s*\)""")
ATTRIBUTE = re.compile(r'data-i18n(?:-aria|-placeholder)?="([^"]*)"')


def page_strings() -> dict[str, str]:
    """Source string -> where the page uses it."""
    found: dict[str, str] = {}
    for script in sorted(STATIC.rglob("*.js")):
        for match in LOOKUP.finditer(script.read_text(encoding="utf-8")):
            found.setdefault(match.group(3), f"{script.name}: {match.group(1)}()")
        for match in CONTEXT_LOOKUP.finditer(script.read_text(encoding="utf-8")):
            found.setdefault(f"{match.group(1)}\x04{match.group(2)}", f"{script.name}: tc()")
    for html in sorted(STATIC.rglob("*.html")):
        for match in ATTRIBUTE.finditer(html.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), f"{html.name}: data-i18n")
    return found


def test_the_page_looks_strings_up() -> None:
    assert len(page_strings()) > 50


def test_every_page_string_is_sent_translated() -> None:
    with language("en"):
        catalog = messages.translated_catalog()
    known = set(catalog.messages) | set(catalog.plurals)
    missing = {text: where for text, where in page_strings().items() if text not in known}
    assert not missing, f"add these to patience/web/messages.py: {missing}"
