"""The layers of docs/design.md, checked by import-linter's contracts in ``pyproject.toml``.

Every import points down the layers, storage and analysis stay apart, the web's routers reach the
storage only through the domain, and no package's members import each other in a circle.
``python scripts/import_graph.py`` counts what these contracts forbid.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept() -> None:
    tool = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if tool is None:
        pytest.fail("lint-imports is not installed; install the test extras: pip install -e '.[test]'")
    result = subprocess.run([tool, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
