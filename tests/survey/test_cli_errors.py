"""``patience survey`` refuses bad combinations with one clear line and exit status 2, solving nothing."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from patience.cli import main


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line, no traceback
    return err


def test_scheduler_without_dask_installed(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    monkeypatch.delitem(sys.modules, "patience.survey.dask", raising=False)
    out = tmp_path / "s.jsonl"
    assert main(["survey", "hamilton", "--deals", "1-3", "--scheduler", "tcp://127.0.0.1:1",
                 "--out", str(out)]) == 2
    assert "pip install 'patience[cluster]'" in error_line(capsys)
    assert not out.exists()


def test_scheduler_that_cannot_be_reached(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dask = pytest.importorskip("dask")
    out = tmp_path / "s.jsonl"
    address = f"tcp://127.0.0.1:{free_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main(["survey", "hamilton", "--deals", "1-3", "--scheduler", address, "--out", str(out)]) == 2
    assert f"cannot reach the Dask scheduler at {address}" in error_line(capsys)
    assert not out.exists()


def test_option_mistakes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    assert main(["survey", "hamilton", "--deals", "1-3", "--batch", "4", "--out", str(out)]) == 2
    assert "--batch is for a Dask cluster" in error_line(capsys)
    assert main(["survey", "hamilton", "--deals", "1-3", "--batch", "0", "--scheduler", "tcp://127.0.0.1:9",
                 "--out", str(out)]) == 2
    assert "--batch must be at least 1" in error_line(capsys)  # said before trying to connect
    assert main(["survey", "hamilton", "--out", str(out)]) == 2
    assert "--deals" in error_line(capsys)
    assert main(["survey", "hamilton", "--deals", "1-3", "--out", str(tmp_path / "s.jsonl.gz")]) == 2
    assert "gunzip it first" in error_line(capsys)
    with pytest.raises(SystemExit) as stop:  # argparse: the cluster has its own workers
        main(["survey", "hamilton", "--deals", "1-3", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
    assert not out.exists()


def test_the_base_install_never_imports_dask() -> None:
    code = ("import sys\n"
            "sys.modules['dask'] = sys.modules['distributed'] = None  # as if not installed\n"
            "from patience.cli import main\n"
            "import patience.survey\n"
            "assert main(['survey', 'hamilton', '--deals', '1-2', '--scheduler', 'tcp://127.0.0.1:9']) == 2\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['dask', 'distributed']"  # only the two blocked names
    assert "pip install 'patience[cluster]'" in result.stderr
