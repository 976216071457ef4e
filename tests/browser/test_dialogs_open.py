"""The Rules dialog opens at its top, and on a phone its key descriptions keep their width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import control, wait_ready

pytestmark = pytest.mark.browser


def open_rules(page: Any, url: str) -> Any:
    page.goto(url + "/")
    wait_ready(page)
    control(page, "#rules-button").click()
    page.wait_for_selector("#rules-dialog[open]")
    page.wait_for_function("() => document.querySelector('#rules-body').textContent.length > 0")
    return page.locator("#rules-dialog")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_rules_open_at_the_top(page_factory: Any, live_server: str, size: tuple[int, int]) -> None:
    page = page_factory(viewport={"width": size[0], "height": size[1]})
    dialog = open_rules(page, live_server)
    page.wait_for_timeout(100)
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # long enough to scroll
    assert dialog.evaluate("d => d.scrollTop") == 0
    assert page.evaluate("document.activeElement.id") == "rules-title"


def test_on_a_phone_key_descriptions_are_not_one_word_a_line(page_factory: Any, live_server: str) -> None:
    page = page_factory(viewport={"width": 390, "height": 844})
    dialog = open_rules(page, live_server)
    width = dialog.evaluate("d => d.clientWidth")
    for dd_width in page.eval_on_selector_all(".keys-table dd", "els => els.map(e => e.clientWidth)"):
        assert dd_width > width * 0.7
