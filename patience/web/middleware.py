"""Limits and security headers, as plain ASGI middleware (nothing buffered, no task per request).

- :class:`SecurityHeadersMiddleware` (outermost) adds :data:`SECURITY_HEADERS` to every answer,
  refusals and static files included, and answers an unhandled error with a translated 500.
- :class:`RequestGuardMiddleware` (inside the player's language) refuses, each with
  ``{"detail": sentence}`` in the player's language:

  * a ``Host`` that is neither an IP address, ``localhost`` nor an allowed name: 400
    (against DNS rebinding, whatever address the server listens on);
  * a change (POST, PUT, PATCH, DELETE) from another site, told by ``Origin`` or
    ``Sec-Fetch-Site``, or without a JSON body nor the :data:`CLIENT_HEADER`: 403
    (no cross-site form can send either without the browser asking first);
  * a body over :data:`MAX_BODY_BYTES`: 413, by ``Content-Length`` before reading anything, and by
    counting a streamed (chunked) body as it arrives;
  * a JSON body with a byte-order mark or in UTF-16 or UTF-32 (which Python's ``json`` would
    read): 400, as it arrives.

>>> host_allowed("127.0.0.2:8000", frozenset()), host_allowed("[::1]:80", frozenset())
(True, True)
>>> host_allowed("evil.example", frozenset()), host_allowed("games.example:80", frozenset({"games.example"}))
(False, True)
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience.i18n import _, language
from patience.web.context import cookies_of, header_of, request_language

#: The largest request body accepted (64 KiB): a move list of 500 moves takes under 10 KiB.
MAX_BODY_BYTES: Final = 64 * 1024
#: Larger limits for the paths that take a file: a statistics export of 20,000 games is about 6 MiB.
BODY_LIMITS: Final = {"/api/stats/import": 8 * 1024 * 1024}
#: A change without a JSON body (restart, abandon, resetting statistics) carries this header.
CLIENT_HEADER: Final = "X-Patience"
CLIENT_HEADER_VALUE: Final = "1"
#: Host names always served besides IP addresses; ``--allow-host`` adds more.
LOCAL_NAMES: Final = frozenset({"localhost"})
UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: Byte-order marks of UTF-8, UTF-16 and UTF-32 (little-endian; big-endian UTF-32 starts with NUL).
BYTE_ORDER_MARKS: Final = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
BOM_BYTES: Final = 3
#: A ``Host`` header: a name or IPv4 address, or an IPv6 address in brackets; then maybe a port.
_HOST_RE: Final = re.compile(r"(?:\[(?P<literal>[0-9a-f:.]+)\]|(?P<name>[a-z0-9._-]+))(?::[0-9]{1,5})?",
                             re.ASCII)

CONTENT_SECURITY_POLICY: Final = "; ".join((
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "font-src 'self'",
    "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
    "frame-ancestors 'none'",
))
SECURITY_HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def host_allowed(host: str, allowed: frozenset[str]) -> bool:
    """Whether a ``Host`` header names this server: an IP address, ``localhost`` or an allowed name,
    with an optional port and nothing else (no ``user@``, no path).

    A DNS-rebinding page reaches the server under its own domain name, never under an address.

    >>> host_allowed("127.0.0.1:8783@evil.example", frozenset()), host_allowed("::1", frozenset())
    (False, False)
    """
    match = _HOST_RE.fullmatch(host.strip().lower())
    if match is None:
        return False
    if match["literal"] is not None:
        try:
            return ipaddress.ip_address(match["literal"]).version == 6
        except ValueError:
            return False
    name = match["name"]
    try:
        ipaddress.IPv4Address(name)
    except ValueError:
        return name.rstrip(".") in LOCAL_NAMES | allowed
    return True


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the server the request was sent to (its ``Host``).

    >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin("http://[::1]:9", "[::1]:8")
    (True, False)
    >>> same_origin("null", "127.0.0.1:8000"), same_origin("http://games.example", "games.example:80")
    (False, True)
    """
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https"):
        return False
    default = {"http": ":80", "https": ":443"}[parts.scheme]
    return parts.netloc.lower().removesuffix(default) == host.strip().lower().removesuffix(default)


def is_json(content_type: str | None) -> bool:
    """``application/json`` or ``application/...+json``, whatever parameters follow.

    >>> is_json("application/json; charset=utf-8"), is_json("text/plain"), is_json(None)
    (True, False, False)
    """
    if not content_type:
        return False
    kind = content_type.split(";")[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


async def refuse(send: Send, status: int, detail: str, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """Answer ``{"detail": detail}`` with ``status``."""
    body = json.dumps({"detail": detail}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


class JsonBodyCheck:
    """Told a JSON body piece by piece, says whether it can be UTF-8 JSON: no byte-order mark, no NUL.

    Python's ``json.loads`` reads bytes in UTF-16 and UTF-32 too (and skips a BOM);
    JSON text never holds a NUL byte, and UTF-16 or UTF-32 JSON always does.

    >>> check = JsonBodyCheck()
    >>> check.feed(b"{"), check.feed(b'"a": 1}')
    (True, True)
    >>> JsonBodyCheck().feed('{"a": 1}'.encode("utf-16-le")), JsonBodyCheck().feed(b"\\xef\\xbb\\xbf{}")
    (False, False)
    """

    def __init__(self) -> None:
        self.head = b""

    def feed(self, chunk: bytes) -> bool:
        """Whether the body so far may be UTF-8 JSON."""
        if len(self.head) < BOM_BYTES:
            self.head += chunk[:BOM_BYTES - len(self.head)]
            if self.head.startswith(BYTE_ORDER_MARKS):
                return False
        return b"\x00" not in chunk


class UnreadableBodyError(HTTPException):
    """A JSON body that is not UTF-8 (a BOM, UTF-16 or UTF-32): raised from ``receive``, answered 400."""

    def __init__(self) -> None:
        super().__init__(400, _("The request body cannot be read: send JSON in UTF-8, not nested too deeply, "
                                "with numbers of at most 4,300 digits."))


class BodyTooLargeError(HTTPException):
    """A streamed body went past the limit: raised from ``receive``, answered 413 by the app's handler."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large(limit), headers={"Connection": "close"})


class SecurityHeadersMiddleware:
    """Adds the security headers to every answer; an unhandled error becomes a translated 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name.lower() for name, _value in message.get("headers", [])}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if not started:
                with language(request_language(scope, cookies_of(scope))):
                    detail = _("Something went wrong on the server; try again.")
                await refuse(send_with_headers, 500, detail)
            raise


class RequestGuardMiddleware:
    """Refuses foreign host names, cross-site changes and oversized bodies (see the module)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] | None = None,
                 max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = header_of(scope, b"host") or ""
        if self.allowed is not None and not host_allowed(host, self.allowed):
            detail = _("This server does not answer to the name {host}.").format(host=host[:100])
            await refuse(send, 400, detail)
            return
        limit = BODY_LIMITS.get(scope["path"], self.max_body)
        length = (header_of(scope, b"content-length") or "").strip()
        if length.isascii() and length.isdigit() and int(length) > limit:
            await refuse(send, 413, too_large(limit), [(b"connection", b"close")])
            return
        if scope["method"] in UNSAFE_METHODS and scope["path"].startswith("/api/") and has_route(scope):
            problem = cross_site_problem(scope, host)
            if problem is not None:
                await refuse(send, 403, problem)
                return
        await self.guard_stream(scope, receive, send, limit)

    async def guard_stream(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        """Run the app, counting the body as it streams in; past ``limit`` bytes, answer 413."""
        received = 0
        started = False
        encoding = JsonBodyCheck() if is_json(header_of(scope, b"content-type")) else None

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                body = message.get("body", b"")
                received += len(body)
                if received > limit:
                    raise BodyTooLargeError(limit)
                if encoding is not None and not encoding.feed(body):
                    raise UnreadableBodyError
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLargeError:
            if started:
                raise
            await refuse(send, 413, too_large(limit), [(b"connection", b"close")])


def has_route(scope: Scope) -> bool:
    """Whether the app has a route for this method and path (else it answers 404 or 405 itself)."""
    router = getattr(scope.get("app"), "router", None)
    if router is None:
        return True
    return any(route.matches(scope)[0] is Match.FULL for route in router.routes)


def too_large(limit: int) -> str:
    """The translated refusal of a body over ``limit`` bytes."""
    return _("The request is too large: at most {size} KiB.").format(size=limit // 1024)


def cross_site_problem(scope: Scope, host: str) -> str | None:
    """Why a change cannot be accepted as coming from the game's own page, or None."""
    origin = header_of(scope, b"origin")
    fetch_site = (header_of(scope, b"sec-fetch-site") or "").strip().lower()
    if (origin is not None and not same_origin(origin, host)) or fetch_site in ("cross-site", "same-site"):
        return _("Refused: this request came from another site.")
    client = header_of(scope, CLIENT_HEADER.lower().encode())
    if not is_json(header_of(scope, b"content-type")) and client != CLIENT_HEADER_VALUE:
        return _("Refused: a change needs a JSON body or the header {header}: {value}.").format(
            header=CLIENT_HEADER, value=CLIENT_HEADER_VALUE)
    return None
