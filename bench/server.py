"""What the web benchmarks share: a free port, the real server started and waited for, memory.

    from bench.server import free_port, rss_mb, start_server
    server = start_server(free_port(), Path(tmp) / "bench.sqlite3", "--solver-workers", "1")

The scripts under ``bench/`` run as ``python bench/NAME.py`` from the project's root; each puts the
root on ``sys.path`` before importing this module.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).resolve().parent.parent
#: Seconds the server may take to answer its first request.
START_SECONDS = 60.0


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path, *options: str,
                 stderr: IO[bytes] | int | None = None) -> subprocess.Popen[bytes]:
    """``patience serve`` on ``port`` over ``db`` (plus ``options``), returned once it answers.

    Raises ``RuntimeError`` when it exits or does not answer within ``START_SECONDS``.
    """
    command = [sys.executable, "-m", "patience", "serve", "--port", str(port), "--db", str(db), *options]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games/catalog", timeout=0.5)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def rss_mb(pid: int) -> float:
    """Resident memory of one process (Linux ``/proc``), MB; 0 when it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
