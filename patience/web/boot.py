"""The game page as served: ``index.html`` with what its first draw needs, embedded.

The page draws its first card sooner when it need not ask for its words, the list of games and the
player's unfinished games first: ``GET /`` puts them in the page as a JSON data block
(``<script type="application/json" id="boot-data">``), which a browser never runs (so the
Content-Security-Policy, ``script-src 'self'``, has nothing to forbid) and the page reads with
``JSON.parse``. The keys are the answers of ``GET /api/i18n`` (``i18n``), ``GET /api/games/catalog``
(``catalog``) and ``GET /api/games?status=unfinished`` (``unfinished``), as those routes give them, and
``game``: the game the page will most likely show first, as ``GET /api/games/{id}`` answers it, or null
(see :func:`patience.web.routers.games.opening_game`), with ``dealt``: whether it was dealt for this
page (a player with no game at all, opening the page in a browser: :func:`is_navigation`).

>>> page = embed("<head><title>x</title></head>", {"words": "</script><b>&"})
>>> block = page.split('<script type="application/json" id="boot-data">')[1].split("</script>")[0]
>>> block
'{"words":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026"}'
>>> import json
>>> json.loads(block), page.endswith("</script>\\n</head>")
({'words': '</script><b>&'}, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Final

from starlette.types import ASGIApp, Message

BOOT_ID: Final = "boot-data"
#: What HTML would read as markup inside the block, written as JSON escapes instead.
_ESCAPES: Final = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def embed(html: str, data: Mapping[str, object]) -> str:
    """``html`` with ``data`` as a JSON data block at the end of its ``<head>``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_ESCAPES)
    block = f'<script type="application/json" id="{BOOT_ID}">{text}</script>\n'
    return html.replace("</head>", block + "</head>", 1)


def is_navigation(headers: Mapping[str, str]) -> bool:
    """Whether a request for the page is a browser opening it (``Sec-Fetch-Dest: document``), not a
    prefetch, a prerender, a script or a crawler: only then does ``GET /`` deal a new player a game.

    >>> is_navigation({"sec-fetch-dest": "document", "sec-fetch-mode": "navigate"})
    True
    >>> is_navigation({}), is_navigation({"sec-fetch-dest": "document", "sec-purpose": "prefetch"})
    (False, False)
    """
    purpose = headers.get("sec-purpose") or headers.get("purpose") or ""
    return headers.get("sec-fetch-dest") == "document" and "prefetch" not in purpose.lower()


async def warm_up(app: ASGIApp, paths: Iterable[str]) -> list[int]:
    """Answer ``GET`` of each path (with its query) once, in this process, and throw the answers away;
    returns their statuses.

    The first answer of the page costs ~100 ms more than the next ones: FastAPI prepares its routes,
    the words of each language are gathered, the script is joined, all on first use. ``patience serve``
    does it here, as it starts, rather than on its first player's first page. No game is dealt (not a
    browser's navigation) and nothing is written.

    >>> import asyncio
    >>> async def hello(scope, receive, send):
    ...     await send({"type": "http.response.start", "status": 200 if scope["path"] == "/" else 404})
    >>> asyncio.run(warm_up(hello, ["/", "/?lang=ru", "/nothing"]))
    [200, 200, 404]
    """
    statuses: list[int] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            statuses.append(int(message["status"]))

    for target in paths:
        path, _, query = target.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": [(b"host", b"localhost")],
            "client": ("127.0.0.1", 0),
            "server": ("127.0.0.1", 80),
        }
        await app(scope, receive, send)
    return statuses
