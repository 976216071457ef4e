"""axe-core (the copy the ``axe-playwright-python`` package ships, nothing fetched) finds nothing on
the page: both games, at 1280x800 and on a phone, in English and Russian, with the menu open too."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.helpers import open_deal

pytestmark = pytest.mark.browser


def findings(page: Any) -> list[str]:
    """Every axe-core violation on the page as it is now, one line each."""
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
@pytest.mark.parametrize("game", ["hamilton", "union-square"])
def test_axe_core_finds_nothing(page_factory: Any, live_server: str, game: str, width: int, height: int,
                                lang: str) -> None:
    page = page_factory(viewport={"width": width, "height": height})
    assert page.request.post(f"{live_server}/api/language", data={"lang": lang}).ok
    open_deal(page, live_server, game, 1)
    assert findings(page) == []
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")
        assert findings(page) == [], "with the menu open"
