"""Fixtures for the browser tests: a live server and Debian's Chromium driven by Playwright.

One browser per test module, a fresh context (so a fresh player cookie) per test.
Without Chromium the tests skip with the reason, except when ``CI`` is set, where a
missing browser is a failure. Screenshots go to ``test-results/``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from patience.web.app import create_app

PROJECT_ROOT = Path(__file__).resolve().parents[2]
RESULTS_DIR = PROJECT_ROOT / "test-results"
DATA_DIR = Path(__file__).resolve().parent / "data"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: Console errors the page may cause on purpose: the browser logs every refused request (an illegal
#: move is a 422, a stale version a 409, a route that does not exist yet a 404).
EXPECTED_CONSOLE = "Failed to load resource: the server responded with a status of 4"


def chromium_path() -> str | None:
    """Debian's Chromium (or $CHROMIUM_PATH), if installed."""
    for candidate in (os.environ.get("CHROMIUM_PATH"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def missing_browser(reason: str) -> None:
    """Skip on a developer's machine; fail in CI, where the browser must be there."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for the whole module."""
    path = chromium_path()
    if path is None:
        missing_browser("Chromium not found at /usr/bin/chromium "
                        "(apt-get install chromium, or set CHROMIUM_PATH)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_browser("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on a free port; yields its address, stops it after.

        with serving(create_app(db)) as url:
            ...
    """
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app over a fresh database, served by uvicorn in a thread."""
    db = tmp_path_factory.mktemp("web") / "patience.sqlite3"
    # small budgets for the background solver: the answers settle fast and leave the CPU to the browser
    with serving(create_app(db, winnable_budget=0.5, hint_budget=0.5, winnable_limit=2.0)) as url:
        yield url


class ServerProcess:
    """``python -m patience serve --port P --db PATH`` as a child process that can be killed and restarted."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "patience", "serve", "--port", str(self.port), "--db", str(self.db)],
            cwd=PROJECT_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"patience serve exited with {self.proc.returncode}: {err}")
            try:
                if httpx.get(self.url + "/api/games/catalog", timeout=0.5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("patience serve did not start")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no shutdown handlers run
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    """The real entry point in a subprocess, over a database in ``tmp_path``."""
    server = ServerProcess(tmp_path / "patience.sqlite3")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def new_page(browser: Any, request: pytest.FixtureRequest, **options: Any) -> Iterator[Any]:
    """A page in a fresh context that records console errors; fails the test if any are unexpected."""
    context_options: dict[str, Any] = {"viewport": {"width": 1280, "height": 860}, "reduced_motion": "reduce"}
    context_options.update(options)
    context = browser.new_context(**context_options)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith(EXPECTED_CONSOLE) else None)
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.console_errors = errors
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        RESULTS_DIR.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS_DIR / f"failed-{request.node.name}.png"))
    context.close()
    if report is not None and report.passed:
        assert errors == [], f"console errors: {errors}"


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A desktop-sized page with reduced motion (deterministic positions for drags)."""
    yield from new_page(browser, request)


@pytest.fixture
def page_factory(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Pages with other options (a phone's viewport, motion on)."""
    generators: list[Iterator[Any]] = []

    def make(**options: Any) -> Any:
        gen = new_page(browser, request, **options)
        generators.append(gen)
        return next(gen)

    yield make
    for gen in generators:
        for _ in gen:
            pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None],
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, for the failure screenshot."""
    report = yield
    setattr(item, "rep_" + report.when, report)
    return report
