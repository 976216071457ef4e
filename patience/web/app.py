"""The FastAPI application: ``create_app(db_path)``; ``app`` is built on first use from the default path.

``uvicorn patience.web.app:app`` serves the player's own database (in the
user's data directory); tests and ``patience serve --db`` call
:func:`create_app` with a path of their own.

>>> application = create_app(":memory:")
>>> sorted(application.openapi()["paths"]["/api/stats"])
['delete', 'get']
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from patience import __version__
from patience.errors import (
    ActionRefusedError,
    GameNotFoundError,
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    LimitReachedError,
    StaleVersionError,
    StorageUnavailableError,
)
from patience.i18n import LANGUAGES, N_, _
from patience.store import Store
from patience.store.files import DATABASE_NAME as DATABASE_NAME  # re-exported: the names stay where they were
from patience.store.files import default_db_path as default_db_path
from patience.table import Table
from patience.web import boot
from patience.web.analysis import GameAnalysis
from patience.web.boot import embed, is_navigation
from patience.web.bundle import BundleCache, MadeCache, stylesheet
from patience.web.context import RequestContextMiddleware
from patience.web.middleware import RequestGuardMiddleware, SecurityHeadersMiddleware
from patience.web.players import PlayerIds, database_secret
from patience.web.reviews import GameReviews
from patience.web.routers import fair, games, i18n, review, rules, stats
from patience.web.routers.common import document_context_parameters, document_guards
from patience.web.schemas import DEAL_AND_DECK
from patience.web.service import GameService
from patience.workers import HINT_QUEUE, WINNABLE_LIMIT, Workers, catalog_for
from patience.workers.fair_reviews import SERVER_NODES, SERVER_SAMPLES
from patience.workers.imports import Imports
from patience.workers.odds import HINT_SAMPLES, MAX_NODES, MAX_SAMPLES

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
#: The page's script: its modules in one file (patience/web/bundle.py).
PAGE_SCRIPT: Final = "/page.js"
#: The page's stylesheets in one file, in this order (patience/web/bundle.py).
PAGE_STYLE: Final = "/page.css"
PAGE_STYLESHEETS: Final = (STATIC_DIR / "style.css", STATIC_DIR / "looks.css", STATIC_DIR / "fair.css")


#: What a validation error means, by pydantic's error type (others: :data:`_OTHER_PROBLEM`).
_PROBLEMS: Final = {
    "missing": N_("it is missing"),
    "extra_forbidden": N_("there is no such field"),
    "int_type": N_("it must be a whole number"), "int_parsing": N_("it must be a whole number"),
    "int_from_float": N_("it must be a whole number"),
    "string_type": N_("it must be text"), "list_type": N_("it must be a list"),
    "model_attributes_type": N_("it must be a JSON object"), "dict_type": N_("it must be a JSON object"),
    "model_type": N_("it must be a JSON object"),
    "too_short": N_("it is too short"), "string_too_short": N_("it is too short"),
    "too_long": N_("it is too long"), "string_too_long": N_("it is too long"),
    "greater_than_equal": N_("it is too small"), "greater_than": N_("it is too small"),
    "less_than_equal": N_("it is too large"), "less_than": N_("it is too large"),
    "literal_error": N_("it is not one of the allowed values"),
    "enum": N_("it is not one of the allowed values"),
    "json_invalid": N_("it is not valid JSON"),
}
_OTHER_PROBLEM: Final = N_("it is not valid")


def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A malformed request: 422 with one translated sentence and the details.

    The sentence names where the first problem is and what it is, in the player's language; a
    model's own check (such as "not both a deal and a deck") gives its own translated sentence.
    """
    assert isinstance(exc, RequestValidationError)
    details = [{"loc": [str(part) for part in e.get("loc", ())], "msg": str(e.get("msg", "")),
                "type": str(e.get("type", ""))} for e in exc.errors()]
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()))
    kind = str(first.get("type", ""))
    if kind in _PROBLEMS:
        problem = _(_PROBLEMS[kind])
    elif kind == DEAL_AND_DECK:
        problem = str(first.get("msg", ""))  # translated when the model checked it, in the request's language
    else:
        problem = _(_OTHER_PROBLEM)
    detail = _("The request is not valid: {where}: {problem}").format(where=where, problem=problem)
    return JSONResponse({"detail": detail, "errors": details}, status_code=422)


#: Starlette's and FastAPI's own refusals, translated when they reach the player.
_STOCK_DETAILS: Final = {
    "Not Found": N_("Not found."), "Method Not Allowed": N_("Method not allowed."),
    "There was an error parsing the body": N_(
        "The request body cannot be read: send JSON in UTF-8, not nested too deeply, "
        "with numbers of at most 4,300 digits."),
}


def allowed_methods(request: Request) -> list[str]:
    """Every method the OpenAPI schema documents at this path (Starlette's 405 names only one route's).

    A fixed path (``/api/games/current``) answers for itself, not for the ``/api/games/{game_id}``
    it also matches.
    """
    paths: dict[str, dict[str, object]] = request.app.openapi()["paths"]
    if request.url.path in paths:
        return sorted(method.upper() for method in paths[request.url.path])
    table: list[tuple[re.Pattern[str], set[str]]] | None = getattr(request.app.state, "methods", None)
    if table is None:
        table = [
            (re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "$"),
             {method.upper() for method in operations})
            for path, operations in paths.items()
        ]
        request.app.state.methods = table
    found: set[str] = set()
    for pattern, methods in table:
        if pattern.match(request.url.path):
            found |= methods
    return sorted(found)


def http_error(request: Request, exc: Exception) -> JSONResponse:
    """Every HTTP refusal as ``{"detail": sentence}``; a 405 lists every allowed method."""
    assert isinstance(exc, StarletteHTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        headers["Allow"] = ", ".join(allowed_methods(request))
    detail = exc.detail
    if detail in _STOCK_DETAILS:
        detail = _(_STOCK_DETAILS[detail])
    return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=headers)


#: Seconds a client should wait before retrying after a storage failure (503).
RETRY_AFTER_SECONDS: Final = 5


def storage_error(request: Request, exc: Exception) -> JSONResponse:
    """Any storage failure (disk full, I/O error, locked too long, damage): 503 with a translated
    sentence and ``Retry-After``; the write it interrupted was rolled back whole."""
    assert isinstance(exc, sqlite3.Error | StorageUnavailableError)
    detail = _("Your games cannot be saved or read right now, and nothing was changed; "
               "try again in a moment.")
    return JSONResponse({"detail": detail}, status_code=503,
                        headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


#: The HTTP status of each domain refusal (:mod:`patience.errors`); the sentence is the ``detail``.
DOMAIN_STATUS: Final[dict[type[Exception], int]] = {
    GameNotFoundError: 404,
    StaleVersionError: 409,
    ActionRefusedError: 422,
    LimitReachedError: 422,
    IllegalMoveError: 422,
    InvalidMoveError: 400,
    InvalidDealError: 400,
}


def domain_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal of the table as ``{"detail": sentence}`` with the status of its kind
    (:data:`DOMAIN_STATUS`); storage unavailable is :func:`storage_error`'s 503."""
    if isinstance(exc, StorageUnavailableError):
        return storage_error(request, exc)
    status = next(code for kind, code in DOMAIN_STATUS.items() if isinstance(exc, kind))
    return JSONResponse({"detail": str(exc)}, status_code=status)


def made_answer(request: Request, cache: MadeCache, media_type: str) -> Response:
    """The text a cache made, or 304 when the browser has it (``If-None-Match``); revalidated each time."""
    text, etag = cache.get()
    headers = {"cache-control": "no-cache", "etag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type=media_type, headers=headers)


def create_app(db_path: str | Path, *, winnable_budget: float = 2.0, hint_budget: float = 1.0,
               warm_up: bool = False, allowed_hosts: list[str] | None = None,
               winnable_limit: float = WINNABLE_LIMIT, solver_workers: int | None = None,
               hint_queue: int = HINT_QUEUE, review_budget: float = 20.0, top_up: bool = False,
               fair_samples: int | None = None, fair_nodes: int | None = None,
               fair_review_samples: int = SERVER_SAMPLES, fair_review_nodes: int = SERVER_NODES) -> FastAPI:
    """The web app over the SQLite database at ``db_path`` (created when missing).

    ``warm_up`` starts the solver's worker processes with the server rather than on the first hint,
    and answers the page once (:func:`patience.web.boot.warm_up`) rather than for its first player.
    ``allowed_hosts``: host names served besides IP addresses and ``localhost`` (``--allow-host``);
    other names are refused, against DNS rebinding. None turns the check off (in-process tests).
    The dot searches a position with budgets from ``winnable_budget`` up to ``winnable_limit``
    seconds; ``solver_workers`` (default: one per CPU) searches run at once; ``hint_queue`` hints
    may wait for a hint worker (see :mod:`patience.workers.analyzer`).
    ``review_budget``: seconds a review (``/api/games/{id}/review``) may search in all. ``top_up``: prove
    more winnable deals in the background while the server runs (kept next to the database).
    ``fair_samples`` and ``fair_nodes``: the most completions the fair odds solve for one position,
    and the positions searched per completion (defaults in :mod:`patience.workers.odds`);
    ``fair_review_samples`` and ``fair_review_nodes`` the same for each move of a fair review
    (``/review?fair=1``, see :mod:`patience.workers.fair_reviews`).
    """
    store = Store(db_path)
    players = PlayerIds(database_secret(db_path),
                        known=lambda player: bool(store.list_games(player, limit=1, played_only=False)))
    catalog = catalog_for(db_path)
    imports = Imports(db_path)
    workers = Workers(catalog, winnable_budget=winnable_budget, hint_budget=hint_budget,
                      winnable_limit=winnable_limit, solver_workers=solver_workers, hint_queue=hint_queue,
                      review_budget=review_budget, top_up=top_up,
                      fair_samples=MAX_SAMPLES if fair_samples is None else fair_samples,
                      fair_hint_samples=min(fair_samples or HINT_SAMPLES, HINT_SAMPLES),
                      fair_nodes=MAX_NODES if fair_nodes is None else fair_nodes,
                      fair_review_samples=fair_review_samples, fair_review_nodes=fair_review_nodes)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        workers.start(warm_up=warm_up)
        if warm_up:  # the page's first answers, prepared now rather than for the first player
            others = [f"/?lang={lang}" for lang in LANGUAGES[1:]]
            await boot.warm_up(app, ["/", PAGE_SCRIPT, PAGE_STYLE, *others])
        yield
        workers.stop()
        imports.shutdown()
        store.close()

    app = FastAPI(
        title="patience",
        version=__version__,
        description="Hamilton and Union Square patience. Moves travel in the game's notation "
                    "(`s`, `c-f1`, `t3-f1`, `t3-t5x2`, `w-t12`); every refusal is `{\"detail\": sentence}`.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.store = store
    app.state.service = GameService(Table(store, catalog=catalog))
    app.state.analysis = GameAnalysis(app.state.service, workers)
    app.state.reviews = GameReviews(app.state.service, workers)
    app.state.workers = workers
    app.state.imports = imports
    app.state.analyzer = workers.analyzer
    app.state.players = players
    app.state.reviewer = workers.reviewer
    # Last added runs first: headers on every answer, then the player's language, then the guards.
    app.add_middleware(RequestGuardMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(RequestContextMiddleware, players=players)
    app.add_middleware(SecurityHeadersMiddleware)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(sqlite3.Error, storage_error)
    for kind in (*DOMAIN_STATUS, StorageUnavailableError):
        app.add_exception_handler(kind, domain_error)
    for router in (games.router, fair.router, review.router, stats.router, i18n.router, rules.router):
        app.include_router(router)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = document_guards(document_context_parameters(get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes)))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/", response_class=HTMLResponse, tags=["page"])
    async def page(request: Request) -> HTMLResponse:
        """The game page, with its words, the games, this player's unfinished games and the game it
        will most likely show first embedded (a new player opening it in a browser is dealt one)."""
        first, dealt = None, False
        if "game" not in request.query_params:  # else a link to a deal: the page opens that one
            # on a storage failure the page asks for its game itself, and says why it cannot have one
            with contextlib.suppress(sqlite3.Error, StorageUnavailableError):
                first, dealt = games.opening_game(request, may_deal=is_navigation(request.headers))
        data = {"i18n": (await i18n.messages()).model_dump(mode="json"),
                "catalog": [entry.model_dump(mode="json") for entry in await games.catalog()],
                "unfinished": [game.model_dump(mode="json")
                               for game in await games.list_games(request, "unfinished")],
                "game": None if first is None else first.model_dump(mode="json"), "dealt": dealt}
        html = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
        return HTMLResponse(embed(html, data), headers={"cache-control": "no-cache"})

    scripts = BundleCache(STATIC_DIR / "js", "main.js")
    styles = MadeCache(lambda: PAGE_STYLESHEETS, lambda: stylesheet(PAGE_STYLESHEETS))

    @app.get(PAGE_SCRIPT, response_class=Response, tags=["page"],
             responses={200: {"content": {"text/javascript": {}}}})
    async def page_script(request: Request) -> Response:
        """The page's modules (``static/js/main.js`` and all it imports) in one script: one request
        instead of ~26 before the page can draw."""
        return made_answer(request, scripts, "text/javascript")

    @app.get(PAGE_STYLE, response_class=Response, tags=["page"],
             responses={200: {"content": {"text/css": {}}}})
    async def page_style(request: Request) -> Response:
        """The page's stylesheets (``static/style.css``, ``static/looks.css``, then ``static/fair.css``)
        in one: one request instead of three before the page can draw, answered from memory."""
        return made_answer(request, styles, "text/css")

    @app.get("/docs", response_class=HTMLResponse, tags=["page"])
    def docs() -> FileResponse:
        """The API reference, drawn from ``/openapi.json`` by the app's own script (nothing from a CDN)."""
        return FileResponse(STATIC_DIR / "docs.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


_app: FastAPI | None = None


def __getattr__(name: str) -> FastAPI:
    """``app``: the application over the default database, created on first use."""
    global _app
    if name != "app":
        raise AttributeError(name)
    if _app is None:
        _app = create_app(default_db_path(), allowed_hosts=[])
    return _app
