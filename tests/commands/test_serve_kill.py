"""``patience serve`` killed with ``kill -9`` and started again: no "leaked semaphore" warning.

The worker pools' semaphores are cleaned up by Python's resource tracker when
the server dies; its multi-line warning about them told the player nothing.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children(pid: int) -> list[str]:
    """The command lines of a process's children (Linux)."""
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        found.append(Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode())
    return found


def start(db: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "patience", "serve", "--port", str(free_port()),
                             "--db", str(db), "--solver-workers", "1"],
                            cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert "patience is running at" in proc.stdout.readline()
    return proc


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_restart_after_kill_9_prints_no_leaked_semaphore_warning(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = start(db)
    deadline = time.monotonic() + 30
    while not any("resource_tracker" in line for line in children(server.pid)):
        assert time.monotonic() < deadline, "the worker pools did not start"
        time.sleep(0.1)
    server.send_signal(signal.SIGKILL)
    _out, err = server.communicate(timeout=60)  # until every process holding stderr is gone
    assert "leaked" not in err and "Warning" not in err, err
    again = start(db)
    again.terminate()
    _out, err = again.communicate(timeout=60)
    assert "leaked" not in err and "Traceback" not in err, err
