"""What every router shares: declared error answers, the service and the player of a request.

Routes take the :class:`~starlette.requests.Request` and use these helpers
rather than FastAPI dependencies: a move is the hot path, and each
dependency costs time on every request. The parameters the request-context
middleware reads (``?lang=``, the cookies) are added to the OpenAPI schema by
:func:`document_context_parameters`.
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import Request

from patience.web.analysis import Analyzer
from patience.web.schemas import ErrorOut
from patience.web.service import GameService

_DESCRIPTIONS: Final = {
    400: "Malformed input (a move, pile, deck or language that cannot be read)",
    404: "No such game (or another player's), or no such game kind",
    409: "The game changed since the version sent (another tab); reload it",
    503: "Busy: too many long computations are waiting; try again later",
    422: "Refused: an illegal move, nothing to undo or redo, a finished game, or a malformed request",
}

#: Read by :class:`patience.web.context.RequestContextMiddleware` on every request.
CONTEXT_PARAMETERS: Final[list[dict[str, Any]]] = [
    {"name": "lang", "in": "query", "required": False, "schema": {"type": "string"},
     "description": "Language (en, pt_BR, ru); else the patience_lang cookie, else Accept-Language"},
    {"name": "patience_player", "in": "cookie", "required": False, "schema": {"type": "string"},
     "description": "Player id (random, HttpOnly); issued in Set-Cookie when missing"},
    {"name": "patience_lang", "in": "cookie", "required": False, "schema": {"type": "string"},
     "description": "Language chosen with POST /api/language"},
]


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for these statuses (and 422), each answered with :class:`ErrorOut`."""
    return {code: {"model": ErrorOut, "description": _DESCRIPTIONS[code]} for code in (*codes, 422)}


def document_context_parameters(schema: dict[str, Any]) -> dict[str, Any]:
    """Add the context parameters to every ``/api`` operation of an OpenAPI schema."""
    for path, operations in schema.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for operation in operations.values():
            parameters = operation.setdefault("parameters", [])
            known = {(p["name"], p["in"]) for p in parameters}
            parameters.extend(p for p in CONTEXT_PARAMETERS if (p["name"], p["in"]) not in known)
    return schema


def service_of(request: Request) -> GameService:
    """The app's game service."""
    service: GameService = request.app.state.service
    return service


def analyzer_of(request: Request) -> Analyzer:
    """The app's background analyzer."""
    analyzer: Analyzer = request.app.state.analyzer
    return analyzer


def player_of(request: Request) -> str:
    """The player id of this request (set by the middleware)."""
    return str(request.state.player)
