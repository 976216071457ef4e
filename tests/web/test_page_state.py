"""The page's state, ``app`` (``static/js/state.js``), is written by its owner module alone.

Every other module reads ``app`` and changes it through the functions ``state.js`` exports
(``receiveGame``, ``setSelection``, ``setFocus``…), so a reader finds every change of the page's
state in one file. No JavaScript linter runs here (ESLint needs npm), so this reads the sources:
comments and the insides of strings are blanked first, then any assignment, increment, ``delete``,
mutating method or ``Object.assign`` whose target is reached through ``app`` is refused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from patience.web.app import STATIC_DIR

MODULES = STATIC_DIR / "js"
OWNER = "state.js"

#: ``app.x``, ``app.x.y``, ``app["x"]``, ``app.x[i]``: a place reached through ``app``
_PLACE = r"(?<![.\w$])app\s*(?:\??\.\s*[A-Za-z_$][\w$]*|\[[^\]\n]*\])+"
_WRITES = (
    re.compile(_PLACE + r"\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)"),  # app.x = 1, app.x += 1
    re.compile(_PLACE + r"\s*(?:\+\+|--)"),  # app.x++
    re.compile(r"(?:\+\+|--)\s*" + _PLACE),  # ++app.x
    re.compile(r"\bdelete\s+" + _PLACE),
    re.compile(_PLACE + r"\s*\.\s*(?:push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)\s*\("),
    re.compile(r"\bObject\s*\.\s*(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*\(\s*app\b"),
    re.compile(r"\b(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*app\s*[;\n]"),  # an alias to write through
)


def code_of(text: str) -> str:
    """``text`` with its comments and the insides of its strings blanked (lines and columns kept).

    >>> code_of('a = "app.x = 1"; // app.y = 2\\nb = `app.z = ${app.w}`')
    'a = "         ";             \\nb = `        ${app.w}`'
    """
    out: list[str] = []
    i, n = 0, len(text)
    templates: list[int] = []  # the brace depth at which each open template's ${…} started
    depth = 0

    def blank(part: str) -> str:
        return re.sub(r"[^\n]", " ", part)

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(blank(text[i:end]))
            i = end
        elif c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(blank(text[i:end]))
            i = end
        elif c in "\"'" or c == "`" or (c == "}" and templates and templates[-1] == depth):
            if c == "}":  # back inside a template after its ${…}
                templates.pop()
                quote = "`"
            else:
                quote = c
            out.append(c)
            i += 1
            start = i
            while i < n and text[i] != quote:
                if text[i] == "\\":
                    i += 2
                    continue
                if quote == "`" and text.startswith("${", i):
                    break
                i += 1
            out.append(blank(text[start:i]))
            if i < n and text[i] == quote:
                out.append(quote)
                i += 1
            elif i < n:  # "${": code again until its closing brace
                out.append("${")
                i += 2
                depth += 1
                templates.append(depth)
        else:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            out.append(c)
            i += 1
    return "".join(out)


def writes_to_app(text: str) -> list[tuple[int, str]]:
    """The lines (numbered from 1) of ``text`` that write to ``app`` or through it.

    >>> writes_to_app("app.game = g;\\nif (app.game === g) f(app.game);\\napp.pileEls.push(el);")
    [(1, 'app.game = g;'), (3, 'app.pileEls.push(el);')]
    >>> writes_to_app("x.app.y = 1; const a = app;\\n// app.z = 2\\nnotice('app.q = 3'); happ.r = 4;")
    [(1, 'x.app.y = 1; const a = app;')]
    """
    code, lines = code_of(text), text.splitlines()
    found = {code.count("\n", 0, m.start()) + 1 for pattern in _WRITES for m in pattern.finditer(code)}
    return [(number, lines[number - 1].strip()) for number in sorted(found)]


def test_only_the_owner_module_writes_the_page_state() -> None:
    modules = [path for path in sorted(MODULES.glob("*.js")) if path.name != OWNER]
    offenders = [
        f"{path.name}:{number}: {line}"
        for path in modules
        for number, line in writes_to_app(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_owner_module_exports_the_state_and_its_setters() -> None:
    text = (MODULES / OWNER).read_text(encoding="utf-8")
    assert "export const app = {" in text
    assert writes_to_app(text)  # the owner does write it: the check sees writes where they are


@pytest.mark.parametrize(
    "line",
    [
        "app.game = null;",
        "app.pending += 1;",
        "app.count++;",
        "--app.count;",
        "delete app.game;",
        'app["game"] = g;',
        "app.game.view = v;",
        "app.pileEls.push(el);",
        "Object.assign(app, { game });",
        "const state = app;",
        "app.selection ??= null;",
    ],
)
def test_each_kind_of_write_is_seen(tmp_path: Path, line: str) -> None:
    assert writes_to_app(f"import {{ app }} from './state.js';\n{line}\n") == [(2, line)]
