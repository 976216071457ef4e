"""``/api/rules/{game}``: a game's help page, as safe HTML, in the request's language."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from patience.errors import UnknownGameError
from patience.help import help_page
from patience.i18n import _, get_language
from patience.web.routers.common import errors
from patience.web.schemas import RulesOut

router = APIRouter(prefix="/api/rules", tags=["rules"])


@router.get("/{game}", responses=errors(404))
def rules(game: str) -> RulesOut:
    """The help page of ``game`` (English when the language has none)."""
    try:
        page = help_page(game, get_language())
    except UnknownGameError:
        raise HTTPException(404, _("There is no game called {name}.").format(name=game)) from None
    return RulesOut(game=game, lang=page.lang, title=page.title, html=page.html)
