"""The crate in ``core/``: its own tests and clippy pass, and the install built it as ``patience._core``.

Skipped where cargo is absent (the program then searches in Python), failed in CI, where it must be
there (``.ci/run`` puts ``~/.cargo/bin`` on PATH).
"""

from __future__ import annotations

import importlib
import subprocess

import pytest

from tests.core.conftest import CRATE

pytestmark = pytest.mark.slow


def run_cargo(cargo: str, *args: str) -> None:
    """Run ``cargo ARGS`` in the crate; fail with its output's end when it fails."""
    done = subprocess.run([cargo, *args], cwd=CRATE, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        pytest.fail(f"cargo {' '.join(args)} failed ({done.returncode}):\n{done.stdout[-4000:]}\n"
                    f"{done.stderr[-4000:]}")


def test_cargo_test(cargo: str) -> None:
    run_cargo(cargo, "test", "--quiet")


def test_cargo_clippy(cargo: str) -> None:
    run_cargo(cargo, "clippy", "--quiet", "--all-targets", "--", "-D", "warnings")


def test_cargo_clippy_python_module(cargo: str) -> None:
    """The module ``patience._core`` too (the ``python`` feature, left out of plain ``cargo test``)."""
    run_cargo(cargo, "clippy", "--quiet", "--all-targets", "--features", "python", "--", "-D", "warnings")


def test_the_install_built_the_core(cargo: str) -> None:
    try:
        core = importlib.import_module("patience._core")
    except ImportError as exc:
        pytest.fail(f"cargo is at {cargo} but patience._core does not import ({exc}): reinstall with "
                    ".venv/bin/pip install -e . (with cargo on PATH) to build it")
    version = core.version()
    assert isinstance(version, str) and version.count(".") == 2
    assert (CRATE / "Cargo.toml").read_text().count(f'version = "{version}"') >= 1
