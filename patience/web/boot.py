"""The game page as served: ``index.html`` with what its first draw needs, embedded.

The page draws its first card sooner when it need not ask for its words, the list of games and the
player's unfinished games first: ``GET /`` puts them in the page as a JSON data block
(``<script type="application/json" id="boot-data">``), which a browser never runs (so the
Content-Security-Policy, ``script-src 'self'``, has nothing to forbid) and the page reads with
``JSON.parse``. The keys are the answers of ``GET /api/i18n`` (``i18n``), ``GET /api/games/catalog``
(``catalog``) and ``GET /api/games?status=unfinished`` (``unfinished``), as those routes give them.

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
from collections.abc import Mapping
from typing import Any, Final

BOOT_ID: Final = "boot-data"
#: What HTML would read as markup inside the block, written as JSON escapes instead.
_ESCAPES: Final = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def embed(html: str, data: Mapping[str, Any]) -> str:
    """``html`` with ``data`` as a JSON data block at the end of its ``<head>``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_ESCAPES)
    block = f'<script type="application/json" id="{BOOT_ID}">{text}</script>\n'
    return html.replace("</head>", block + "</head>", 1)
