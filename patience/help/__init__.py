"""Help pages: one Markdown file per game and language, ``<game>.<lang>.md``.

:func:`help_page` reads a page and gives its title, a plain-text rendering
for the terminal and a small, safe HTML rendering for the web page (every
character of the source is escaped; only the handful of Markdown forms the
pages use become tags).

>>> page = help_page("hamilton", "pt-BR")
>>> page.title, page.lang
('Hamilton', 'pt_BR')
>>> page.html.startswith('<p>Uma paciência')   # the title is apart, for the dialog's heading
True
>>> help_page("union-square", "ru").title
'Юнион-сквер'
>>> markdown_to_html("Text with **bold** and <b>tags</b>")
'<p>Text with <strong>bold</strong> and &lt;b&gt;tags&lt;/b&gt;</p>'
"""

from __future__ import annotations

import html
import re
import textwrap
from functools import cache
from pathlib import Path
from typing import Final, NamedTuple

from patience.errors import UnknownGameError
from patience.i18n import DEFAULT_LANGUAGE, LANGUAGES, normalize
from patience.kit import kits

HELP_DIR: Final = Path(__file__).resolve().parent

_HEADING: Final = re.compile(r"^(#{1,6})\s+(.*)$")
_BULLET: Final = re.compile(r"^[-*]\s+(.*)$")
_NUMBERED: Final = re.compile(r"^\d+[.)]\s+(.*)$")
_STRONG: Final = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS: Final = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE: Final = re.compile(r"`([^`]+)`")


class HelpPage(NamedTuple):
    """A help page: title, text for the terminal (title included), HTML body for the browser (title apart)."""

    game: str
    lang: str
    title: str
    text: str
    html: str


def page_path(game: str, lang: str) -> Path:
    """Where the page of ``game`` in ``lang`` (a supported language code) lives."""
    return HELP_DIR / f"{game}.{lang}.md"


def help_page(game: str, lang: str | None = None) -> HelpPage:
    """The help page of ``game`` in ``lang`` (any tag :func:`patience.i18n.normalize` accepts).

    Falls back to English when the language has no page; raises
    :class:`~patience.errors.UnknownGameError` for a game without help.
    """
    games = help_games()
    if game not in games:
        raise UnknownGameError(f"no help page for game {game!r}; games: {', '.join(games)}")
    chosen = normalize(lang)
    if not page_path(game, chosen).exists():
        chosen = DEFAULT_LANGUAGE
    return _rendered(game, chosen)


@cache
def _rendered(game: str, lang: str) -> HelpPage:
    """Read and render a page once per process (the files ship with the package and do not change)."""
    source = page_path(game, lang).read_text(encoding="utf-8")
    return HelpPage(game, lang, page_title(source), markdown_to_text(source),
                    markdown_to_html(without_title(source)))


def help_games() -> list[str]:
    """Games that have help pages, by slug (their kits say so).

    >>> help_games()
    ['hamilton', 'union-square']
    """
    return [kit.slug for kit in kits() if kit.table.help_pages]


def available_pages() -> list[tuple[str, str]]:
    """Every (game, language) pair that should have a page."""
    return [(game, lang) for game in help_games() for lang in LANGUAGES]


def page_title(source: str) -> str:
    """The text of the first ``# `` heading.

    >>> page_title("intro\\n# Union Square\\n\\ntext")
    'Union Square'
    """
    for line in source.splitlines():
        match = _HEADING.match(line.strip())
        if match and len(match.group(1)) == 1:
            return _strip_inline(match.group(2))
    return ""


def without_title(source: str) -> str:
    """The Markdown without its first ``# `` heading (the page's title, shown apart).

    >>> without_title("# Title\\n\\ntext")
    '\\ntext'
    """
    lines = source.splitlines()
    for number, line in enumerate(lines):
        match = _HEADING.match(line.strip())
        if match and len(match.group(1)) == 1:
            return "\n".join(lines[:number] + lines[number + 1:])
    return source


def _inline_html(text: str) -> str:
    """Escape ``text`` and turn ``**strong**``, ``*emphasis*`` and ```code``` into tags."""
    escaped = html.escape(text, quote=True)
    escaped = _CODE.sub(r"<code>\1</code>", escaped)
    escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
    return _EMPHASIS.sub(r"<em>\1</em>", escaped)


def _strip_inline(text: str) -> str:
    """Plain text: the Markdown markers of strong, emphasis and code removed."""
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    return _EMPHASIS.sub(r"\1", text)


def _blocks(source: str) -> list[tuple[str, list[str]]]:
    """Split Markdown into blocks: ("h1".."h6", [text]), ("p", [text]), ("ul" / "ol", [item, ...])."""
    blocks: list[tuple[str, list[str]]] = []
    current: tuple[str, list[str]] | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            blocks.append(current)
            current = None

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        heading = _HEADING.match(line)
        item_match = _BULLET.match(line) or _NUMBERED.match(line)
        if heading:
            close()
            blocks.append((f"h{len(heading.group(1))}", [heading.group(2)]))
        elif item_match:
            kind = "ul" if item_match.re is _BULLET else "ol"
            item = item_match.group(1)
            if current is None or current[0] != kind:
                close()
                current = (kind, [])
            current[1].append(item)
        elif current is not None and current[0] in ("ul", "ol") and raw[:1].isspace():
            current[1][-1] += " " + line
        elif current is not None and current[0] == "p":
            current[1][0] += " " + line
        else:
            close()
            current = ("p", [line])
    close()
    return blocks


def markdown_to_html(source: str) -> str:
    """Safe HTML for the Markdown the help pages use: headings, paragraphs, lists, strong, emphasis, code.

    >>> print(markdown_to_html("# Title\\n\\n- one\\n  more\\n- *two*"))
    <h1>Title</h1>
    <ul><li>one more</li><li><em>two</em></li></ul>
    """
    parts: list[str] = []
    for kind, items in _blocks(source):
        if kind in ("ul", "ol"):
            inner = "".join(f"<li>{_inline_html(item)}</li>" for item in items)
            parts.append(f"<{kind}>{inner}</{kind}>")
        else:
            parts.append(f"<{kind}>{_inline_html(items[0])}</{kind}>")
    return "\n".join(parts)


def markdown_to_text(source: str, width: int = 78) -> str:
    """Plain text for a terminal: headings underlined, paragraphs and list items wrapped to ``width``.

    >>> print(markdown_to_text("# Title\\n\\nSome **bold** words.\\n\\n- an item"))
    Title
    =====
    <BLANKLINE>
    Some bold words.
    <BLANKLINE>
      • an item
    """
    out: list[str] = []
    for kind, items in _blocks(source):
        if out:
            out.append("")
        if kind.startswith("h"):
            title = _strip_inline(items[0])
            out.append(title)
            if kind in ("h1", "h2"):
                out.append(("=" if kind == "h1" else "-") * len(title))
        elif kind in ("ul", "ol"):
            for number, item in enumerate(items, start=1):
                mark = "•" if kind == "ul" else f"{number}."
                out.extend(textwrap.wrap(_strip_inline(item), width, initial_indent=f"  {mark} ",
                                         subsequent_indent=" " * (len(mark) + 3)))
        else:
            out.extend(textwrap.wrap(_strip_inline(items[0]), width))
    return "\n".join(out)
