"""A real Dask cluster on loopback for tests and benchmarks: ``dask scheduler`` and ``dask worker`` processes.

Every process runs in its own process group, so killing one (``kill``) takes
its nanny and worker process with it, and ``stop`` (also on any failure, as a
context manager) leaves nothing behind; even if the test runner is killed,
the scheduler stops once idle for five minutes and the workers a minute
after it. Ports are random free ones; no dashboard; logs go to files in
``folder``.

    with LoopbackCluster(folder, workers=2) as cluster:
        ... cluster.address ...
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import IO

DASK = Path(sys.executable).with_name("dask")
STARTUP_SECONDS = 90.0
# Should the test runner itself be killed, the cluster still goes away: the scheduler after this
# long without work, the workers this long after losing the scheduler.
IDLE_TIMEOUT = "300s"
DEATH_TIMEOUT = "60s"


class LoopbackCluster:
    """A scheduler on 127.0.0.1 and ``workers`` one-thread workers named ``w1``, ``w2``, …"""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        self.folder = folder
        self.workers = workers
        self.address = ""
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self._logs: list[IO[bytes]] = []

    def __enter__(self) -> LoopbackCluster:
        try:
            self._start_all()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    def _start_all(self) -> None:
        import distributed

        scheduler_file = self.folder / "scheduler.json"
        scheduler_file.unlink(missing_ok=True)  # a stale one would give an old address
        self._start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                    "--scheduler-file", str(scheduler_file), "--idle-timeout", IDLE_TIMEOUT)
        deadline = time.monotonic() + STARTUP_SECONDS
        while not scheduler_file.exists() or not scheduler_file.read_text().strip():
            if self.processes["scheduler"].poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the Dask scheduler did not start:\n" + self.log_tail())
            time.sleep(0.1)
        self.address = str(json.loads(scheduler_file.read_text())["address"])
        for number in range(1, self.workers + 1):
            name = f"w{number}"
            self._start(name, "worker", self.address, "--name", name, "--host", "127.0.0.1",
                        "--nworkers", "1", "--nthreads", "1", "--no-dashboard",
                        "--local-directory", str(self.folder / name), "--death-timeout", DEATH_TIMEOUT)
        with distributed.Client(self.address, set_as_default=False, timeout=STARTUP_SECONDS) as client:
            client.wait_for_workers(self.workers, timeout=STARTUP_SECONDS)

    def _start(self, name: str, *args: str) -> None:
        log = (self.folder / f"{name}.log").open("wb")
        self._logs.append(log)
        self.processes[name] = subprocess.Popen([str(DASK), *args], cwd=self.folder, stdout=log,
                                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                                start_new_session=True)

    def kill(self, name: str, sig: signal.Signals = signal.SIGKILL) -> None:
        """Send ``sig`` to a process and everything it started; wait for it (SIGKILL after 10 s)."""
        process = self.processes[name]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # anything of the group that outlived its leader

    def stop(self) -> None:
        """Stop the workers, then the scheduler."""
        for name in reversed(list(self.processes)):
            self.kill(name, signal.SIGTERM)
        for log in self._logs:
            log.close()

    def log_tail(self) -> str:
        """The end of every process's log, for a failure message."""
        return "\n".join(f"--- {path.name}\n" + path.read_text(errors="replace")[-2000:]
                         for path in sorted(self.folder.glob("*.log")))
