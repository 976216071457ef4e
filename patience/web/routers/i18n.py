"""``/api/i18n`` (every string of the page, translated) and ``/api/language`` (choose the language)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Response

from patience.i18n import LANGUAGES, _, get_language
from patience.web.context import COOKIE_MAX_AGE, LANGUAGE_COOKIE
from patience.web.messages import bcp47, language_names, translated_catalog
from patience.web.routers.common import errors
from patience.web.schemas import I18nOut, LanguageIn, LanguageOut

router = APIRouter(prefix="/api", tags=["language"])


@router.get("/i18n", responses=errors())
async def messages() -> I18nOut:
    """Every UI string in the request's language; see the schema for plurals."""
    lang = get_language()
    catalog = translated_catalog()
    return I18nOut(lang=lang, bcp47=bcp47(lang), languages=language_names(), messages=catalog.messages,
                   plurals=catalog.plurals, cards=catalog.cards, piles=catalog.piles)


def supported(tag: str) -> str | None:
    """The supported language ``tag`` names (``pt-BR``, ``pt_BR``, ``ru``, ``en``...), else None.

    >>> supported("pt-br"), supported("ru_RU"), supported("de")
    ('pt_BR', 'ru', None)
    """
    t = tag.strip().replace("-", "_").lower()
    for lang in LANGUAGES:
        if t == lang.lower() or t.split("_")[0] == lang.lower().split("_")[0]:
            return lang
    return None


@router.post("/language", responses=errors(400))
async def choose_language(body: LanguageIn, response: Response) -> LanguageOut:
    """Choose the language (cookie ``patience_lang``) for the page and every answer."""
    lang = supported(body.lang)
    if lang is None:
        raise HTTPException(400, _("Unknown language {lang}: choose one of {languages}.").format(
            lang=repr(body.lang), languages=", ".join(LANGUAGES)))
    response.set_cookie(LANGUAGE_COOKIE, lang, max_age=COOKIE_MAX_AGE, path="/", samesite="lax")
    return LanguageOut(lang=lang)
