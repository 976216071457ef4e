"""Every relative link in README.md and docs/*.md leads to a file that exists, and every
``#anchor`` to a heading of that file; every test a document names exists, and docs/rules.md
names every rules test; the README stays a front page (at most 200 lines), docs/solver.md an
explanation (at most 500 lines), and no document speaks of the work's history (issues, sessions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading.

    >>> anchor("`patience serve`: the web app")
    'patience-serve-the-web-app'
    >>> anchor("Review, winnable deals and the daily deal (`review`, `daily`)")
    'review-winnable-deals-and-the-daily-deal-review-daily'
    """
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading anchor of a document, numbered as GitHub numbers repeats.

    >>> sorted(anchors("# A\\n## B b\\n```\\n# not a heading\\n```\\n## A\\n"))
    ['a', 'a-1', 'b-b']
    """
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in _HEADING.findall(_FENCE.sub("", markdown)):
        base = anchor(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(markdown: str) -> list[str]:
    """The link targets of a document, leaving out code blocks and inline code.

    >>> links("[a](x.md) `[b](y.md)` [c](https://e.org) ![d](img.png#top)")
    ['x.md', 'https://e.org', 'img.png#top']
    """
    return _LINK.findall(_CODE.sub("", _FENCE.sub("", markdown)))


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def broken_links(document: Path) -> list[str]:
    """The relative links of ``document`` that lead nowhere, each with the reason."""
    problems: list[str] = []
    for target in links(document.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # http:, https:, mailto: — not checked offline
        path_text, _, fragment = target.partition("#")
        path = (document.parent / path_text).resolve() if path_text else document
        if not path.exists():
            problems.append(f"{target}: no file {_shown(path)}")
        elif fragment and path.suffix == ".md" and fragment not in anchors(path.read_text(encoding="utf-8")):
            problems.append(f"{target}: no heading #{fragment} in {_shown(path)}")
    return problems


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document: Path) -> None:
    assert broken_links(document) == []


def test_a_broken_link_and_a_missing_anchor_are_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Present heading\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[fine](other.md#present-heading) [gone](missing.md) [no anchor](other.md#absent)\n"
        "[here](#local) \n## Local\n",
        encoding="utf-8",
    )
    problems = [problem.split(":")[0] for problem in broken_links(page)]
    assert problems == ["missing.md", "other.md#absent"]


def test_the_readme_is_a_front_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200


_TEST_REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")
RULES_TESTS = ("tests/test_hamilton_rules.py", "tests/test_union_square_rules.py")


def _test_names(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_test_a_document_names_exists(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    missing = [f"{file}::{name}" for file, name in _TEST_REFERENCE.findall(text)
               if not (ROOT / file).is_file() or name not in _test_names(ROOT / file)]
    assert missing == []


@pytest.mark.parametrize("rules_tests", RULES_TESTS)
def test_every_rules_test_is_named_in_the_rules(rules_tests: str) -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    named = {name for file, name in _TEST_REFERENCE.findall(rules) if file == rules_tests}
    assert _test_names(ROOT / rules_tests) - named == set()


def test_the_readme_lays_union_square_out_as_the_page_does() -> None:
    """The page draws the sixteen piles in four rows of four, or two rows of eight on a wide screen."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    paragraph = text[text.index("**Union Square** —"):][:400]
    assert "four rows of four" in paragraph and "two rows of eight on a wide screen" in paragraph


SOLVER_DOC_LINES = 500
_HISTORY = re.compile(r"\bissues? #?(?:\d+|N)\b|\bthe issue(?:'s)?\b|\bsessions?\b|\bhelpers?\b",
                      re.IGNORECASE)


def history_words(markdown: str) -> list[str]:
    """The places where a document speaks of the work instead of the product.

    >>> history_words("Fixed in issue 12 by the sixth session; issue #3, as the issue's goals ask.")
    ['issue 12', 'session', 'issue #3', "the issue's"]
    >>> history_words("An id only the server issues. Issues of the game: none.")
    []
    """
    return [match.group(0) for match in _HISTORY.finditer(markdown)]


def test_the_solver_doc_explains_in_at_most_500_lines() -> None:
    lines = (ROOT / "docs" / "solver.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= SOLVER_DOC_LINES


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_document_speaks_of_issues_or_sessions(document: Path) -> None:
    assert history_words(document.read_text(encoding="utf-8")) == []
