"""No module of the package grows past 600 lines: a reader should find one idea per file."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "patience"
MOST_LINES = 600


def oversized(package: Path, most: int = MOST_LINES, exempt: Collection[str] = ()) -> list[str]:
    """The ``.py`` and ``.js`` files under ``package`` longer than ``most`` lines, with their lengths."""
    found: list[str] = []
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.js")]):
        name = path.relative_to(package.parent).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > most and name not in exempt:
            found.append(f"{name}: {lines} lines")
    return found


def test_no_module_is_over_600_lines() -> None:
    assert oversized(PACKAGE) == []


def test_a_long_module_is_found(tmp_path: Path) -> None:
    package = tmp_path / "patience"
    (package / "js").mkdir(parents=True)
    (package / "short.py").write_text("x = 1\n" * MOST_LINES, encoding="utf-8")
    (package / "long.py").write_text("x = 1\n" * (MOST_LINES + 1), encoding="utf-8")
    (package / "js" / "long.js").write_text("let x;\n" * (MOST_LINES + 1), encoding="utf-8")
    assert oversized(package) == ["patience/js/long.js: 601 lines", "patience/long.py: 601 lines"]
    assert oversized(package, exempt={"patience/js/long.js"}) == ["patience/long.py: 601 lines"]
