"""Per-request context: who the player is (a random id in an HttpOnly cookie) and their language.

:class:`RequestContextMiddleware` is plain ASGI (no per-request task): it
reads the cookies, issues a player id when there is none, and runs the
request inside :func:`patience.i18n.language`, so every ``_()`` in a route,
an error handler or the rules answers in the player's language.
"""

from __future__ import annotations

import re
import secrets
from http.cookies import CookieError, SimpleCookie
from typing import Final
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience.i18n import language, negotiate, normalize

PLAYER_COOKIE: Final = "patience_player"
LANGUAGE_COOKIE: Final = "patience_lang"
COOKIE_MAX_AGE: Final = 2 * 365 * 24 * 3600
_PLAYER_ID: Final = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def new_player_id() -> str:
    """A fresh random player id (24 URL-safe characters)."""
    return secrets.token_urlsafe(18)


def _cookies(scope: Scope) -> dict[str, str]:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except CookieError:
                return {}
            return {key: morsel.value for key, morsel in jar.items()}
    return {}


def _header(scope: Scope, wanted: bytes) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return str(value.decode("latin-1"))
    return None


def request_language(scope: Scope, cookies: dict[str, str]) -> str:
    """``?lang=``, else the ``patience_lang`` cookie, else Accept-Language."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if query.get("lang"):
        return normalize(query["lang"][0])
    if cookies.get(LANGUAGE_COOKIE):
        return normalize(cookies[LANGUAGE_COOKIE])
    return negotiate(_header(scope, b"accept-language"))


class RequestContextMiddleware:
    """Sets ``request.state.player`` and ``request.state.lang`` and the language context."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = _cookies(scope)
        player = cookies.get(PLAYER_COOKIE, "")
        issue = not _PLAYER_ID.match(player)
        if issue:
            player = new_player_id()
        lang = request_language(scope, cookies)
        state = scope.setdefault("state", {})
        state["player"] = player
        state["lang"] = lang

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = (f"{PLAYER_COOKIE}={player}; Path=/; Max-Age={COOKIE_MAX_AGE}; "
                          "HttpOnly; SameSite=Lax")
                headers = [*message.get("headers", []), (b"set-cookie", cookie.encode("latin-1"))]
                message = {**message, "headers": headers}
            await send(message)

        with language(lang):
            await self.app(scope, receive, send_with_cookie if issue else send)
