"""``GET /page.js``: the page's ES modules in one script (patience/web/bundle.py), made by the server."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience.web.app import PAGE_SCRIPT, PAGE_STYLE, PAGE_STYLESHEETS, STATIC_DIR
from patience.web.bundle import BundleCache, BundleError, bundle, module_files, stylesheet
from patience.web.middleware import CONTENT_SECURITY_POLICY
from patience.web.routers.games import FIRST_GAME

MODULES = STATIC_DIR / "js"


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_page_loads_one_script_with_every_module_it_imports(client: TestClient) -> None:
    page = client.get("/").text
    assert re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", page) == [PAGE_SCRIPT]
    assert "/static/js/" not in page  # no module fetched on its own, nothing preloaded that could go stale
    script = client.get(PAGE_SCRIPT)
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert script.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    parts = re.findall(r"^// ---- (\S+)$", script.text, re.MULTILINE)
    assert parts == module_files(MODULES, "main.js")
    assert parts[-1] == "main.js"
    imported = {name for path in MODULES.glob("*.js")
                for name in re.findall(r'from "\./([\w.-]+\.js)"', path.read_text(encoding="utf-8"))}
    assert imported - {"main.js"} <= set(parts)  # every module some module imports (docs.js is its own page)
    assert not re.search(r"^\s*(import|export)\b", script.text, re.MULTILINE)


def test_a_module_comes_after_the_modules_it_imports() -> None:
    order = module_files(MODULES, "main.js")
    for position, name in enumerate(order):
        text = (MODULES / name).read_text(encoding="utf-8")
        for imported in re.findall(r'from "\./([\w.-]+\.js)"', text):
            assert order.index(imported) < position, (name, imported)


def test_an_unchanged_script_answers_304(client: TestClient) -> None:
    first = client.get(PAGE_SCRIPT)
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = client.get(PAGE_SCRIPT, headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert client.get(PAGE_SCRIPT, headers={"if-none-match": '"other"'}).status_code == 200


def test_each_module_keeps_its_line_numbers_in_its_part(tmp_path: Path) -> None:
    write(tmp_path, {
        "a.js": 'export const A = 1;\nexport async function load() { return A; }\nexport class Box {}\n',
        "main.js": 'import {\n  A,\n  load as fetchIt,\n} from "./a.js";\nconst line5 = A;\n',
    })
    text = bundle(tmp_path, "main.js")
    main_part = text.split("// ---- main.js\n", 1)[1].split("\n")
    assert main_part[0] == "const module$main = (() => {"
    assert main_part[1] == "const { A, load: fetchIt } = module$a;"
    assert main_part[5] == "const line5 = A;"  # the module's line 5
    assert "return { A, load, Box };" in text


def test_a_changed_module_makes_a_new_script(tmp_path: Path) -> None:
    write(tmp_path, {"main.js": 'import { a } from "./a.js";\nconsole.log(a);\n',
                     "a.js": "export const a = 1;\n"})
    cache = BundleCache(tmp_path, "main.js")
    text, etag = cache.get()
    assert "const a = 1;" in text
    time.sleep(0.01)
    write(tmp_path, {"a.js": "export const a = 22;\n"})
    changed, new_etag = cache.get()
    assert "const a = 22;" in changed
    assert new_etag != etag


@pytest.mark.parametrize(("files", "message"), [
    ({"main.js": "export default 1;\n"}, "main.js line 1: cannot bundle 'export default 1;'"),
    ({"main.js": "const x = 1;\nexport { x };\n"}, "main.js line 2: cannot bundle 'export { x };'"),
    ({"main.js": "export let count = 0;\n"}, "main.js line 1: cannot bundle 'export let count = 0;'"),
    ({"main.js": 'import * as all from "./a.js";\n'},
     "main.js line 1: cannot bundle 'import * as all from \"./a.js\";'"),
    ({"main.js": 'const m = await import("./a.js");\n'}, "main.js line 1: cannot bundle"),
    ({"main.js": 'import { a } from "./gone.js";\n'}, "no module gone.js (imported by main.js)"),
    ({"main.js": 'import { a } from "./a.js";\n',
      "a.js": 'import { m } from "./main.js";\nexport const a = 1;\n'},
     "an import cycle cannot be bundled: main.js → a.js → main.js"),
])
def test_what_the_bundle_cannot_keep_is_refused_by_file_and_line(
        tmp_path: Path, files: dict[str, str], message: str) -> None:
    write(tmp_path, files)
    with pytest.raises(BundleError) as refused:
        bundle(tmp_path, "main.js")
    assert str(refused.value).startswith(message)


def test_the_page_loads_one_stylesheet_with_all_of_its_own(client: TestClient) -> None:
    page = client.get("/").text
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', page) == [PAGE_STYLE]
    answer = client.get(PAGE_STYLE)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/css")
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert re.findall(r"^/\* ---- (\S+) \*/$", answer.text, re.MULTILINE) == ["style.css", "looks.css",
                                                                                   "fair.css"]
    for path in PAGE_STYLESHEETS:  # each whole, in this order: the cascade is the same
        assert path.read_text(encoding="utf-8").rstrip() in answer.text
    again = client.get(PAGE_STYLE, headers={"if-none-match": answer.headers["etag"]})
    assert again.status_code == 304
    assert not re.search(r"\.css[\"'`]", client.get("/page.js").text)  # no script loads a stylesheet


def test_a_stylesheet_that_must_come_first_is_not_joined(tmp_path: Path) -> None:
    write(tmp_path, {"a.css": "body { margin: 0; }\n", "b.css": '@import "c.css";\n'})
    with pytest.raises(BundleError, match=re.escape("b.css: cannot join a stylesheet with '@import'")):
        stylesheet([tmp_path / "a.css", tmp_path / "b.css"])


def test_the_page_starts_the_same_game_as_the_server(client: TestClient) -> None:
    """A browser that never chose a game asks for the catalog's first game, the one the server deals to
    a new player; the page names no game itself (tests/web/test_page_layouts.py)."""
    assert client.get("/api/games/catalog").json()[0]["slug"] == FIRST_GAME
    text = (MODULES / "main.js").read_text(encoding="utf-8")
    assert re.findall(r'slug: "([\w-]+)"', text) == []
    assert '|| "' not in text  # no fallback slug written out
