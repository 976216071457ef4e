"""Per-request context: who the player is (a server-issued id in an HttpOnly cookie) and their language.

:class:`RequestContextMiddleware` is plain ASGI (no per-request task): it
reads the cookies, issues a player id when there is none or when the one
sent was not issued by this server (see :mod:`patience.web.players`), and
runs the request inside :func:`patience.i18n.language`, so every ``_()`` in
a route, an error handler or the rules answers in the player's language.
"""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from typing import Final
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience.i18n import language, negotiate, normalize
from patience.web.players import PlayerIds

PLAYER_COOKIE: Final = "patience_player"
LANGUAGE_COOKIE: Final = "patience_lang"
COOKIE_MAX_AGE: Final = 2 * 365 * 24 * 3600


def cookies_of(scope: Scope) -> dict[str, str]:
    """The request's cookies (none when the header cannot be read)."""
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except CookieError:
                return {}
            return {key: morsel.value for key, morsel in jar.items()}
    return {}


def header_of(scope: Scope, wanted: bytes) -> str | None:
    """The first value of the header named ``wanted`` (lower case), or None."""
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
    return negotiate(header_of(scope, b"accept-language"))


class RequestContextMiddleware:
    """Sets ``request.state.player`` and ``request.state.lang`` and the language context."""

    def __init__(self, app: ASGIApp, players: PlayerIds) -> None:
        self.app = app
        self.players = players

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = cookies_of(scope)
        player = cookies.get(PLAYER_COOKIE, "")
        issue = not self.players.accepts(player)
        if issue:
            player = self.players.issue()
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
