"""HTTP is the web edge's business: the domain raises its own errors, the app maps them in one place."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "patience"
EDGE = ("web/app.py", "web/middleware.py", "web/routers/")


def test_no_module_outside_the_web_edge_raises_or_imports_http_exception() -> None:
    speaking_http = sorted(
        str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
        if "HTTPException" in path.read_text(encoding="utf-8")
        and not str(path.relative_to(PACKAGE)).startswith(EDGE)
    )
    assert speaking_http == []


def test_the_table_knows_no_web() -> None:
    imports = [line for line in (PACKAGE / "table.py").read_text(encoding="utf-8").splitlines()
               if line.startswith(("from ", "import "))]
    assert imports and not [line for line in imports if "fastapi" in line or "starlette" in line
                            or "patience.web" in line]
