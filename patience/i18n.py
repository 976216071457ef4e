"""Translations: every user-visible string goes through :func:`_` or :func:`ngettext`.

The language is per context (a web request, the terminal game), held in a
context variable; catalogs are compiled gettext files under
``patience/locale/<lang>/LC_MESSAGES/patience.mo``, shipped in the package.

>>> with language("en"):
...     _("Score")
'Score'
>>> negotiate("pt-BR,pt;q=0.9,en;q=0.8"), negotiate("ru-RU"), negotiate("de")
('pt_BR', 'ru', 'en')
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

DOMAIN: Final = "patience"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE: Final = "en"
#: Supported languages, as gettext locale names.
LANGUAGES: Final = ("en", "pt_BR", "ru")
#: Names of the languages in themselves, for the language switcher.
LANGUAGE_NAMES: Final = {"en": "English", "pt_BR": "Português (Brasil)", "ru": "Русский"}

_current: ContextVar[str] = ContextVar("patience_language", default=DEFAULT_LANGUAGE)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English needs none)."""
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def normalize(lang: str | None) -> str:
    """A supported language for a tag such as ``pt-BR``, ``pt``, ``ru_RU.UTF-8``; English otherwise.

    >>> normalize("pt"), normalize("ru_RU.UTF-8"), normalize(None)
    ('pt_BR', 'ru', 'en')
    """
    if not lang:
        return DEFAULT_LANGUAGE
    tag = lang.split(".")[0].split("@")[0].replace("-", "_").lower()
    for known in LANGUAGES:
        if tag == known.lower():
            return known
    base = tag.split("_")[0]
    for known in LANGUAGES:
        if known.lower().split("_")[0] == base:
            return known
    return DEFAULT_LANGUAGE


def negotiate(accept_language: str | None) -> str:
    """Best supported language for an HTTP ``Accept-Language`` header."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    choices: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            choices.append((-quality, order, tag))
    for _q, _order, tag in sorted(choices):
        lang = normalize(tag)
        if lang != DEFAULT_LANGUAGE or tag.lower().startswith("en"):
            return lang
    return DEFAULT_LANGUAGE


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The supported language a terminal's locale asks for: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``.

    >>> language_from_environment({"LANG": "ru_RU.UTF-8"}), language_from_environment({"LANG": "C"})
    ('ru', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return normalize(env[name])
    return DEFAULT_LANGUAGE


def get_language() -> str:
    """The language of the current context."""
    return _current.get()


def set_language(lang: str | None) -> str:
    """Set the current context's language (normalized); returns it."""
    chosen = normalize(lang)
    _current.set(chosen)
    return chosen


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Use ``lang`` inside a ``with`` block."""
    token = _current.set(normalize(lang))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with the plural form right for ``n`` in the current language."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context``: the same English words may need other words
    elsewhere ("Won" as a count of games, "Won" as one game's result)."""
    return translations(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` in ``context`` for extraction without translating it now (see :func:`pgettext`);
    gives both, for a later ``pgettext(*NC_(context, message))``."""
    return context, message
