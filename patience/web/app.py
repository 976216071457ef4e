"""The FastAPI application: ``create_app(db_path)``; ``app`` is built on first use from the default path.

``uvicorn patience.web.app:app`` serves the player's own database (in the
user's data directory); tests and ``patience serve --db`` call
:func:`create_app` with a path of their own.

>>> application = create_app(":memory:")
>>> sorted(application.openapi()["paths"]["/api/stats"])
['delete', 'get']
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import platformdirs
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from patience import __version__
from patience.i18n import N_, _
from patience.store import Store
from patience.web.analysis import Analyzer
from patience.web.context import RequestContextMiddleware
from patience.web.routers import games, i18n, rules, stats
from patience.web.routers.common import document_context_parameters
from patience.web.service import GameService

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
DATABASE_NAME: Final = "patience.sqlite3"


def default_db_path() -> Path:
    """Where the player's games are kept: the user's data directory (platformdirs)."""
    return Path(platformdirs.user_data_dir("patience", appauthor=False)) / DATABASE_NAME


def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A malformed request: 422 with one translated sentence and the details."""
    assert isinstance(exc, RequestValidationError)
    details = [{"loc": [str(part) for part in e.get("loc", ())], "msg": str(e.get("msg", "")),
                "type": str(e.get("type", ""))} for e in exc.errors()]
    first = details[0] if details else {"loc": [], "msg": ""}
    where = ".".join(str(part) for part in first["loc"])
    detail = _("The request is not valid: {where}: {problem}").format(where=where, problem=first["msg"])
    return JSONResponse({"detail": detail, "errors": details}, status_code=422)


#: Starlette's own refusals, translated when they reach the player.
_STOCK_DETAILS: Final = {"Not Found": N_("Not found."), "Method Not Allowed": N_("Method not allowed.")}


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


def create_app(db_path: str | Path, *, winnable_budget: float = 2.0, hint_budget: float = 1.0,
               warm_up: bool = False, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The web app over the SQLite database at ``db_path`` (created when missing).

    ``warm_up`` starts the solver's worker processes with the server rather than on the first hint.
    ``allowed_hosts`` (Host header names) refuses other names, against DNS rebinding of a local server.
    """
    store = Store(db_path)
    analyzer = Analyzer(winnable_budget=winnable_budget, hint_budget=hint_budget)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if warm_up:
            analyzer.warm_up()
        yield
        analyzer.shutdown()
        store.close()

    app = FastAPI(
        title="patience",
        version=__version__,
        description="Hamilton and Union Square patience. Moves travel in the game's notation "
                    "(`s`, `c-f1`, `t3-f1`, `t3-t5x2`, `w-t12`); every refusal is `{\"detail\": sentence}`.",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.service = GameService(store)
    app.state.analyzer = analyzer
    app.add_middleware(RequestContextMiddleware)
    if allowed_hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    for router in (games.router, stats.router, i18n.router, rules.router):
        app.include_router(router)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = document_context_parameters(get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/", response_class=HTMLResponse, tags=["page"])
    def page() -> FileResponse:
        """The game page."""
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


_app: FastAPI | None = None


def __getattr__(name: str) -> FastAPI:
    """``app``: the application over the default database, created on first use."""
    global _app
    if name != "app":
        raise AttributeError(name)
    if _app is None:
        _app = create_app(default_db_path())
    return _app
