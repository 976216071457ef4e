"""The command line and the compiled core: ``--version``, the absent notice, a bad ``PATIENCE_SOLVER``."""

from __future__ import annotations

import os
import subprocess
import sys
from types import ModuleType

import pytest

from patience import __version__
from patience.cli import main
from patience.solver.switch import ENV_VAR, which_search


def version(capsys: pytest.CaptureFixture[str]) -> str:
    """What ``patience --version`` prints (it exits 0)."""
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    return out.strip()


def test_version_names_the_core(core_present: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert version(capsys) == f"patience {__version__} (search: core 9.9.9)"


def test_version_says_the_core_is_absent(core_absent: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert version(capsys) == f"patience {__version__} (search: python; compiled core absent)"


def test_version_says_python_was_chosen(core_present: ModuleType, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "python")
    assert version(capsys) == (f"patience {__version__} (search: python, chosen by PATIENCE_SOLVER; "
                               "compiled core 9.9.9 not used)")


def test_the_installed_command_says_which_search() -> None:
    """The real program, in its own process, with this install's core or without it."""
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    done = subprocess.run([sys.executable, "-m", "patience", "--version"], env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    search = which_search({})
    assert done.stdout.startswith(f"patience {__version__} (search: {search}")


@pytest.mark.parametrize("argv", [["--version"], ["deal", "hamilton", "1"],
                                  ["solve", "hamilton", "--deal", "1"], ["serve", "--port", "1"], []])
def test_an_unknown_solver_is_one_line_and_status_2(argv: list[str], core_present: ModuleType,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "fast")
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "patience: PATIENCE_SOLVER='fast' is not a search; use python or core\n"


def test_core_asked_for_but_absent_is_one_line_and_status_2(
        core_absent: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "core")
    assert main(["deal", "hamilton", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("patience: PATIENCE_SOLVER=core, but ")


def test_solve_prints_the_notice_without_the_core(core_absent: None,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "hamilton", "--deal", "1", "--max-nodes", "5000"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("won") and err.count("\n") == 1 and "compiled search core is not installed" in err


def test_solve_is_quiet_with_the_core(core_present: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "hamilton", "--deal", "1", "--max-nodes", "5000"]) == 0
    assert capsys.readouterr().err == ""


def test_a_refusal_stays_one_line_without_the_core(core_absent: None,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "hamilton", "--deck", "2C"]) == 2
    assert main(["serve", "--port", "1", "--solver-workers", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "compiled search core" not in err
