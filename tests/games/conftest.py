"""Fixtures: the test-only game Tiny, registered for one test, and the web app."""

from tests.games.tiny_game import tiny as tiny
from tests.web.conftest import app as app

__all__ = ["app", "tiny"]
