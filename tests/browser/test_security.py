"""The page under its Content-Security-Policy: it plays, its dialogs open, /docs draws, nothing is refused.

Every ``securitypolicyviolation`` event is recorded by a script Playwright adds before the page's
own (Playwright's scripts are not subject to the page's policy); console errors fail the tests
through the ``page`` fixture as well.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from patience.web.middleware import CONTENT_SECURITY_POLICY
from tests.browser.helpers import control, open_deal, top_card, wait_version

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found


def test_the_page_plays_under_its_policy_without_a_violation(page: Any, live_server: str) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(live_server + "/")
    assert response is not None and response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    game = open_deal(page, live_server, "hamilton", 1)
    page.click('[data-pile="stock"]')  # turn a card to the Chooser
    wait_version(page, game["version"] + 1)
    expect(top_card(page, "chooser")).to_be_visible()
    control(page, "#hint").click()
    expect(page.locator("#hint-box")).to_be_visible()
    for button, dialog in (("#rules-button", "#rules-dialog"), ("#stats-button", "#stats-dialog"),
                           ("#saved-button", "#saved-dialog")):
        control(page, button).click()
        expect(page.locator(dialog)).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    expect(page.locator("#rules-body")).not_to_be_empty()
    control(page, "#lang-select").select_option("ru")
    expect(page.locator("#new-game")).to_have_text("Новая игра")
    assert violations(page) == []
    assert page.console_errors == []


def test_the_policy_is_in_force(page: Any, live_server: str) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(live_server + "/")
    page.wait_for_selector("body[data-ready='true']")
    page.evaluate("""() => {
      const s = document.createElement("script");
      s.textContent = "window.__inline = true";
      document.body.append(s);
      document.body.insertAdjacentHTML("beforeend", '<p id="styled" style="color: red">x</p>');
    }""")
    page.wait_for_function("() => window.__violations.length >= 2")
    assert page.evaluate("window.__inline === undefined")
    assert sorted(v.split(" ")[0] for v in violations(page)) == ["script-src-elem", "style-src-attr"]
    page.console_errors.clear()  # the refusals above are logged as errors, on purpose


def test_docs_draw_from_the_apps_own_files(page: Any, live_server: str) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(live_server + "/docs")
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#docs-operations .operation")).not_to_have_count(0)
    expect(page.locator("#post-api-games-game-id-moves")).to_contain_text("413")
    assert requested and all(url.startswith(live_server + "/") for url in requested)
    assert violations(page) == []
