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

from patience.web.analysis import GameAnalysis
from patience.web.middleware import CLIENT_HEADER, CLIENT_HEADER_VALUE, MAX_BODY_BYTES
from patience.web.schemas import ErrorOut
from patience.web.service import GameService
from patience.workers.analyzer import Analyzer

_DESCRIPTIONS: Final = {
    400: "Malformed input (a move, pile, deck or language that cannot be read)",
    404: "No such game (or another player's), or no such game kind",
    409: "The game changed since the version sent (another tab); reload it",
    415: "The body is not sent as application/json",
    422: "Refused: an illegal move, nothing to undo or redo, a finished game, the game's limit of "
         "10,000 moves, or a malformed request",
    503: "The saved games cannot be read or written now (disk full, I/O error, locked too long); "
         "nothing was changed: retry after Retry-After seconds; or too many long computations are "
         "waiting: try again later",
}

#: An OpenAPI parameter: its name, place, whether required, schema and description.
Parameter = dict[str, str | bool | dict[str, str | list[str]]]

#: Read by :class:`patience.web.context.RequestContextMiddleware` on every request.
CONTEXT_PARAMETERS: Final[list[Parameter]] = [
    {"name": "lang", "in": "query", "required": False, "schema": {"type": "string"},
     "description": "Language (en, pt_BR, ru); else the patience_lang cookie, else Accept-Language"},
    {"name": "patience_player", "in": "cookie", "required": False, "schema": {"type": "string"},
     "description": "Player id (HttpOnly), issued by the server in Set-Cookie; an id the server did not "
                    "issue counts as a new player"},
    {"name": "patience_lang", "in": "cookie", "required": False, "schema": {"type": "string"},
     "description": "Language chosen with POST /api/language"},
]


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for these statuses (and 422 and 503), each answered with :class:`ErrorOut`."""
    return {code: {"model": ErrorOut, "description": _DESCRIPTIONS[code]} for code in (*codes, 422, 503)}


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


def analysis_of(request: Request) -> GameAnalysis:
    """The app's analysis of the players' games."""
    analysis: GameAnalysis = request.app.state.analysis
    return analysis


def analyzer_of(request: Request) -> Analyzer:
    """The app's background analyzer."""
    analyzer: Analyzer = request.app.state.analyzer
    return analyzer


def player_of(request: Request) -> str:
    """The player id of this request (set by the middleware)."""
    return str(request.state.player)


_UNSAFE: Final = ("post", "put", "patch", "delete")
_GUARD_ANSWERS: Final = {
    "400": "A request the server cannot read: a host name it does not serve, or a body that is not "
           "JSON in UTF-8, nested too deeply or with a number of more than 4,300 digits",
    "413": f"The body is larger than {MAX_BODY_BYTES // 1024} KiB (told by Content-Length or counted)",
}
_CROSS_SITE_ANSWER: Final = (
    "Refused as a cross-site request: an Origin or Sec-Fetch-Site of another site, "
    f"or neither a JSON body nor the header {CLIENT_HEADER}: {CLIENT_HEADER_VALUE}")
_CLIENT_PARAMETER: Final[Parameter] = {
    "name": CLIENT_HEADER, "in": "header", "required": True,
    "schema": {"type": "string", "enum": [CLIENT_HEADER_VALUE]},
    "description": "Sent by the game's page with a change that has no JSON body; a cross-site form cannot",
}


def document_guards(schema: dict[str, Any]) -> dict[str, Any]:
    """Add what :mod:`patience.web.middleware` answers to every operation of an OpenAPI schema.

    Every operation may answer 400 and 413; a change under ``/api`` also 403, and a change without
    a JSON body requires the :data:`~patience.web.middleware.CLIENT_HEADER`.
    """
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            answers = operation.setdefault("responses", {})
            for status, description in _GUARD_ANSWERS.items():
                answers.setdefault(status, {"description": description, "content": error})
            if method not in _UNSAFE or not path.startswith("/api/"):
                continue
            answers.setdefault("403", {"description": _CROSS_SITE_ANSWER, "content": error})
            if "requestBody" not in operation:
                parameters = operation.setdefault("parameters", [])
                if all(p["name"] != CLIENT_HEADER for p in parameters):
                    parameters.append(_CLIENT_PARAMETER)
    return schema
