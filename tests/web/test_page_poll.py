"""The page polls the server in one way (``static/js/poll.js``): the winnable dot and the fair odds
both use it, and no other module grows its own delay between questions."""

from __future__ import annotations

import re

from patience.web.app import STATIC_DIR
from tests.web.test_page_state import code_of

MODULES = STATIC_DIR / "js"


def test_the_dot_and_the_odds_use_the_one_polling_loop() -> None:
    for name in ("advice.js", "fair.js"):
        text = (MODULES / name).read_text(encoding="utf-8")
        assert 'import { poller } from "./poll.js";' in text, name
        assert re.search(r"\bpoller\(\)", code_of(text)), name


def test_no_other_module_grows_a_delay_between_questions() -> None:
    growing = re.compile(r"\bdelay\s*\*|Math\.min\(\s*\w+\s*\*\s*[\d.]+")
    found = [path.name for path in sorted(MODULES.glob("*.js"))
             if path.name != "poll.js" and growing.search(code_of(path.read_text(encoding="utf-8")))]
    assert found == []
    assert growing.search(code_of((MODULES / "poll.js").read_text(encoding="utf-8")))
