"""Fixtures of the compiled core's tests: cargo (skipped without it, except in CI) and a core that
is there or not, whatever this install has."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from patience.solver.switch import CORE_MODULE, ENV_VAR, core_module

#: The crate, beside the package.
CRATE = Path(__file__).resolve().parents[2] / "core"


def cargo_path() -> str | None:
    """The cargo the install used: ``$CARGO`` (as setuptools-rust reads it), else the one on PATH."""
    return os.environ.get("CARGO") or shutil.which("cargo")


@pytest.fixture
def cargo() -> str:
    """cargo's path; skip on a machine without it, fail in CI (``CI`` set), where it must be there."""
    path = cargo_path()
    if path is None:
        reason = "cargo is not on PATH (install a Rust toolchain: https://rustup.rs)"
        if os.environ.get("CI"):
            pytest.fail(f"the compiled core cannot be checked in CI: {reason}")
        pytest.skip(reason)
    return path


@pytest.fixture
def no_solver_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """``PATIENCE_SOLVER`` unset, whatever the run set (CI's second pass sets it to python)."""
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.fixture
def core_absent(monkeypatch: pytest.MonkeyPatch, no_solver_choice: None) -> None:
    """An install without the compiled core: importing it fails, as it does when cargo was missing."""
    monkeypatch.setitem(sys.modules, CORE_MODULE, None)  # None: the import fails


@pytest.fixture
def core_present(monkeypatch: pytest.MonkeyPatch, no_solver_choice: None) -> ModuleType:
    """An install with a compiled core, version 9.9.9 (a stand-in: these tests are about the choice)."""
    fake = ModuleType(CORE_MODULE)
    fake.version = lambda: "9.9.9"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, CORE_MODULE, fake)
    return fake


@pytest.fixture(scope="module")
def core() -> ModuleType:
    """The built core; skipped without it, except in CI."""
    module = core_module()
    if module is None:
        if os.environ.get("CI"):
            pytest.fail("the compiled core (patience._core) was not built in CI")
        pytest.skip("the compiled core (patience._core) is not built here")
    return module
