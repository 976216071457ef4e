"""The page's ES modules joined into one script, so the browser fetches one file instead of ~26 (and its
stylesheets into one: :func:`stylesheet`).

Each module becomes a function run once, in the order a browser would evaluate the modules (a
module's imports first, in the order it names them); its exports are what the function returns, and
an ``import { a, b as c } from "./m.js";`` becomes ``const { a, b: c } = <m's exports>;`` on the same
lines, so a line of a module keeps its number inside the module's part of the bundle. Only the forms
the page uses are taken: named imports of ``./*.js`` files and ``export`` before a ``function``,
``async function``, ``const`` or ``class`` at the start of a line (their bindings never change, so a
copy of them is the binding). Anything else, or an import cycle, is a :class:`BundleError` naming the
file and line.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> words = 'export const hello = "hi";\\nexport function shout(s) { return s + "!"; }\\n'
>>> _ = (folder / "words.js").write_text(words)
>>> main = 'import { hello, shout as loud } from "./words.js";\\nloud(hello);\\n'
>>> _ = (folder / "main.js").write_text(main)
>>> print(bundle(folder, "main.js"))  # doctest: +NORMALIZE_WHITESPACE
// The page's modules in one script, made by the server (patience/web/bundle.py) from static/js/.
// ---- words.js
const module$words = (() => {
const hello = "hi";
function shout(s) { return s + "!"; }
return { hello, shout };
})();
// ---- main.js
const module$main = (() => {
const { hello, shout: loud } = module$words;
loud(hello);
return {};
})();
>>> _ = (folder / "bad.js").write_text('export default 3;\\n')
>>> try:
...     bundle(folder, "bad.js")
... except BundleError as error:
...     print(error)
bad.js line 1: cannot bundle 'export default 3;'
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

HEADER: Final = ("// The page's modules in one script, made by the server (patience/web/bundle.py)"
                  " from static/js/.")
STYLE_HEADER: Final = ("/* The page's stylesheets in one, made by the server (patience/web/bundle.py)"
                        " from static/. */")
#: What must come first in a stylesheet, so cannot follow another one.
_STYLE_FIRST: Final = re.compile(r"@(?:import|charset)\b")
#: ``import { a, b as c } from "./m.js";`` (the braces may span lines).
_IMPORT: Final = re.compile(r'^import\s*\{(?P<names>[^}]*)\}\s*from\s*"\./(?P<file>[\w.-]+\.js)"\s*;?[ \t]*$',
                            re.MULTILINE)
#: ``export`` before a declaration whose binding never changes.
_EXPORT: Final = re.compile(
    r"^export (?P<kind>async function\*?|function\*?|const|class) +(?P<name>[\w$]+)", re.MULTILINE)
#: Lines that are imports or exports of some other form, which the bundle cannot keep.
_OTHER: Final = re.compile(r"^\s*(?:import|export)\b.*$|\bimport\s*\(|\bimport\.meta\b", re.MULTILINE)
_NAME: Final = re.compile(r"^(?P<name>[\w$]+)(?:\s+as\s+(?P<alias>[\w$]+))?$")


class BundleError(ValueError):
    """A module the bundle cannot take, or an import cycle."""


@dataclass(frozen=True)
class _Module:
    file: str
    imports: tuple[str, ...]
    body: str
    exports: tuple[str, ...]


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _variable(file: str) -> str:
    return "module$" + re.sub(r"\W", "_", file.removesuffix(".js"))


def _parse(folder: Path, file: str) -> _Module:
    text = (folder / file).read_text(encoding="utf-8")
    imports: list[str] = []

    def rewrite_import(match: re.Match[str]) -> str:
        pairs = []
        for part in (p.strip() for p in match["names"].split(",")):
            name = _NAME.match(part)
            if part and not name:
                where = _line(text, match.start())
                raise BundleError(f"{file} line {where}: cannot read the import {part!r}")
            if name:
                pairs.append(name["name"] + (f": {name['alias']}" if name["alias"] else ""))
        imports.append(match["file"])
        line_breaks = "\n" * match.group().count("\n")  # the module's later lines keep their numbers
        return f"const {{ {', '.join(pairs)} }} = {_variable(match['file'])};{line_breaks}"

    body = _IMPORT.sub(rewrite_import, text)
    exports = tuple(match["name"] for match in _EXPORT.finditer(body))
    body = _EXPORT.sub(lambda match: match.group().removeprefix("export "), body)
    other = _OTHER.search(body)
    if other:
        rest = body[other.start():].split("\n", 1)[0].strip()
        raise BundleError(f"{file} line {_line(body, other.start())}: cannot bundle {rest!r}")
    return _Module(file, tuple(imports), body, exports)


def _ordered(folder: Path, entry: str) -> list[_Module]:
    """The modules reachable from ``entry``, each after the modules it imports (a browser's order)."""
    done: dict[str, _Module] = {}
    open_files: list[str] = []

    def visit(file: str) -> None:
        if file in done:
            return
        if file in open_files:
            cycle = " → ".join([*open_files[open_files.index(file):], file])
            raise BundleError(f"an import cycle cannot be bundled: {cycle}")
        if not (folder / file).is_file():
            importer = f" (imported by {open_files[-1]})" if open_files else ""
            raise BundleError(f"no module {file}{importer}")
        open_files.append(file)
        module = _parse(folder, file)
        for imported in module.imports:
            visit(imported)
        open_files.pop()
        done[file] = module

    visit(entry)
    return list(done.values())


def bundle(folder: Path, entry: str) -> str:
    """One script with ``entry`` and every module it imports, directly or not, from ``folder``."""
    parts = [HEADER]
    for module in _ordered(folder, entry):
        body = module.body if module.body.endswith("\n") else module.body + "\n"
        exports = f"{{ {', '.join(module.exports)} }}" if module.exports else "{}"
        parts.append(f"// ---- {module.file}\nconst {_variable(module.file)} = (() => {{\n{body}"
                     f"return {exports};\n}})();")
    return "\n".join(parts) + "\n"


def module_files(folder: Path, entry: str) -> list[str]:
    """The files the bundle of ``entry`` is made of, in its order.

    >>> module_files(Path(__file__).parent / "static" / "js", "main.js")[-1]
    'main.js'
    """
    return [module.file for module in _ordered(folder, entry)]


def stylesheet(files: Sequence[Path]) -> str:
    """The stylesheets ``files`` in one, in their order (the cascade is the same as with one ``<link>``
    each, in that order, when none holds ``@import`` or ``@charset``, which must come first).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.css").write_text("body { margin: 0; }\\n")
    >>> _ = (folder / "b.css").write_text(".card { color: red; }")
    >>> print(stylesheet([folder / "a.css", folder / "b.css"]))  # doctest: +NORMALIZE_WHITESPACE
    /* The page's stylesheets in one, made by the server (patience/web/bundle.py) from static/. */
    /* ---- a.css */
    body { margin: 0; }
    /* ---- b.css */
    .card { color: red; }
    """
    parts = [STYLE_HEADER]
    for path in files:
        text = path.read_text(encoding="utf-8")
        first = _STYLE_FIRST.search(text)
        if first:
            raise BundleError(f"{path.name}: cannot join a stylesheet with {first.group()!r}")
        parts.append(f"/* ---- {path.name} */\n{text.rstrip()}")
    return "\n".join(parts) + "\n"


class MadeCache:
    """A text made from files (``make``), made again only when one of ``files`` changed (for editing the
    page with the server running); thread-safe. ``get()`` gives the text and its ETag.

    >>> cache = MadeCache(lambda: [Path(__file__)], lambda: "made")
    >>> cache.get() == cache.get() == ("made", cache.get()[1]), cache.get()[1].startswith('"')
    (True, True)
    """

    def __init__(self, files: Callable[[], Iterable[Path]], make: Callable[[], str]) -> None:
        self.files = files
        self.make = make
        self._lock = threading.Lock()
        self._stamp: tuple[tuple[str, int, int], ...] | None = None
        self._made: tuple[str, str] = ("", "")

    def _current_stamp(self) -> tuple[tuple[str, int, int], ...]:
        return tuple((str(path), stat.st_mtime_ns, stat.st_size)
                     for path in self.files() for stat in [path.stat()])

    def get(self) -> tuple[str, str]:
        """(the text, its ETag)."""
        stamp = self._current_stamp()
        with self._lock:
            if stamp != self._stamp:
                text = self.make()
                etag = '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
                self._made, self._stamp = (text, etag), stamp
            return self._made


class BundleCache(MadeCache):
    """The bundle of ``entry``, made again only when a file in ``folder`` changed.

    >>> cache = BundleCache(Path(__file__).parent / "static" / "js", "main.js")
    >>> text, etag = cache.get()
    >>> cache.get() == (text, etag), text.startswith(HEADER), etag.startswith('"')
    (True, True, True)
    """

    def __init__(self, folder: Path, entry: str) -> None:
        super().__init__(lambda: sorted(folder.glob("*.js")), lambda: bundle(folder, entry))
        self.folder = folder
        self.entry = entry
