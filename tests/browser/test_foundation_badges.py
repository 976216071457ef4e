"""Union Square foundations say how many cards they hold and whether they go up or down."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import open_deal, post_moves

pytestmark = pytest.mark.browser

CASES = json.loads((Path(__file__).parent.parent / "data" / "review" / "cases.json").read_text("utf-8"))


def test_union_square_foundations_show_count_and_direction(page: Any, live_server: str) -> None:
    case = next(c for c in CASES if c["game"] == "union-square")
    open_deal(page, live_server, case["game"], case["deal"])
    game = post_moves(page, case["moves"])
    shown = 0
    for pile in game["view"]["piles"]:
        if pile["kind"] != "foundation" or not pile["cards"]:
            continue
        el = page.locator(f"#table [data-pile='{pile['pile']}']")
        assert el.locator(".badge").inner_text() == str(len(pile["cards"]))
        expected = "↑" if len(pile["cards"]) < 13 else "↓"
        assert el.locator(".direction").inner_text() == expected
        assert ("rising" if expected == "↑" else "falling") in (el.get_attribute("aria-label") or "")
        shown += 1
    assert shown > 0
