"""The browser game: a FastAPI app (JSON API in our move notation) that also serves the page.

Importing this package is cheap (the solver's worker processes import
``patience.workers.analyzer`` without FastAPI); :func:`create_app` is loaded on
first use.

>>> from patience.web import create_app
>>> create_app(":memory:").title
'patience'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.web.app import create_app, default_db_path

__all__ = ["create_app", "default_db_path"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from patience.web import app

        return getattr(app, name)
    raise AttributeError(name)
