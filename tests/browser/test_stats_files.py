"""The Statistics dialog's files and reset, in a real browser: export, import, reset behind a confirmation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import control, open_deal, wait_version

pytestmark = pytest.mark.browser


def played(page: Any) -> str:
    text: str = page.locator('#stats-table [data-stat="played"]').inner_text()
    return text


def test_export_import_and_reset(page: Any, live_server: str, tmp_path: Path) -> None:
    open_deal(page, live_server, "hamilton", 21)
    page.click('[data-pile="stock"]')
    game = wait_version(page, 1)
    control(page, "#stats-button").click()
    expect(page.locator('#stats-table [data-stat="played"]')).to_have_text("1")
    with page.expect_download() as json_download:
        page.click("#stats-export-json")
    exported = tmp_path / "export.json"
    json_download.value.save_as(exported)
    assert json_download.value.suggested_filename == "patience-statistics.json"
    assert game["id"] in exported.read_text("utf-8") and json.loads(exported.read_text("utf-8"))
    with page.expect_download() as csv_download:
        page.click("#stats-export-csv")
    csv_file = tmp_path / "export.csv"
    csv_download.value.save_as(csv_file)
    assert game["id"] in csv_file.read_text("utf-8")
    # importing the file just exported adds nothing
    page.set_input_files("#stats-import-file", str(exported))
    result = page.locator("#stats-file-result")
    expect(result).to_have_text("Games added: 0. Already kept: 1.")
    assert played(page) == "1"
    # a file that is not an export: the server's 400 sentence, nothing added
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": 3}', "utf-8")
    page.set_input_files("#stats-import-file", str(bad))
    expect(result).to_contain_text("This is not a statistics file of patience")
    expect(result).to_have_attribute("data-result", "refused")
    assert played(page) == "1"
    # reset asks first, in the confirmation dialog; changing one's mind keeps them
    page.click("#stats-reset")
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Reset the statistics of Hamilton?")
    expect(confirm).to_contain_text("This cannot be undone.")
    page.click("#confirm-no")
    expect(confirm).to_be_hidden()
    assert played(page) == "1"
    page.click("#stats-reset")
    page.click("#confirm-yes")
    expect(page.locator('#stats-table [data-stat="played"]')).to_have_text("0")
    expect(page.locator("#stats-dialog")).to_be_visible()
    # the exported file brings them back
    page.set_input_files("#stats-import-file", str(exported))
    expect(result).to_have_text("Games added: 1. Already kept: 0.")
    expect(page.locator('#stats-table [data-stat="played"]')).to_have_text("1")
