"""The real server (``python -m patience serve``), killed with SIGKILL, resumes every game exactly."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from patience.cli import main

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    """``python -m patience serve`` on ``port``, waiting until it answers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "patience", "serve", "--port", str(port), "--db", str(db)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games/catalog", timeout=0.5)
            return process
        except httpx.HTTPError:
            if process.poll() is not None:
                raise RuntimeError(process.stderr.read().decode() if process.stderr else "died") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def children(pid: int) -> set[int]:
    """Child processes of ``pid`` (Linux ``/proc``)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def kill_hard(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server; its solver worker processes must then go away by themselves."""
    deadline = time.monotonic() + 20
    while len(workers := children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)  # the server starts its solver workers as it starts
    assert len(workers) >= 2
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    assert process.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "solver workers outlived the server"


@pytest.mark.slow
def test_sigkill_then_restart_resumes_the_same_position_and_undo_history(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    port = free_port()
    server = start_server(port, db)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base) as browser:
            assert browser.get("/").status_code == 200
            game = browser.post("/api/games", json={"game": "union-square", "deal": 42}).json()
            for _ in range(6):
                game = browser.post(f"/api/games/{game['id']}/moves",
                                    json={"moves": [game["legal"][-1]], "version": game["version"]}).json()
            game = browser.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]}).json()
            cookies = dict(browser.cookies)
        kill_hard(server)  # no chance to flush anything: what was answered must already be on disk

        server = start_server(port, db)
        with httpx.Client(base_url=base, cookies=cookies) as browser:
            resumed = browser.get("/api/games/current").json()
            # the same game; its running clock counted up to now (at most 30 s for the stopped server)
            assert {k: v for k, v in resumed.items() if k != "elapsed_seconds"} == {
                k: v for k, v in game.items() if k != "elapsed_seconds"}
            assert game["elapsed_seconds"] <= resumed["elapsed_seconds"] <= game["elapsed_seconds"] + 30
            assert len(resumed["moves"]) == 5 and len(resumed["redo"]) == 1
            redone = browser.post(f"/api/games/{game['id']}/redo", json={"version": game["version"]})
            assert redone.status_code == 200 and len(redone.json()["moves"]) == 6
        with httpx.Client(base_url=base) as stranger:
            assert stranger.get(f"/api/games/{game['id']}").status_code == 404
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:  # a loaded machine: the cleanup must not fail the test
                server.kill()
                server.wait(timeout=10)


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", str(tmp_path / "games.sqlite3")])
    assert status == 2
    assert capsys.readouterr().err == f"patience: port {port} is already in use; choose another with --port\n"
    assert not (tmp_path / "games.sqlite3").exists()


def test_serve_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "from 1 to 65535" in capsys.readouterr().err


def test_plain_patience_runs_serve() -> None:
    from patience.cli import build_parser, default_command

    assert default_command(build_parser()) == ["serve"]
