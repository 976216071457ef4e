"""The browser fixtures (Chromium, a live server, pages) shared with ``tests/browser``."""

from tests.browser.conftest import browser, live_server, page, page_factory, pytest_runtest_makereport

__all__ = ["browser", "live_server", "page", "page_factory", "pytest_runtest_makereport"]
