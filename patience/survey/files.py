"""Results files read as the untrusted input they are: bounded, checked row by row, torn tails repaired.

A results file has one JSON object per line (see :mod:`patience.survey.results`).
It is read a line at a time with the same kind of caps as a game record
(:mod:`patience.notation`): at most :data:`MAX_RESULTS_BYTES` in all (after
gunzip, for a ``.gz`` file), at most :data:`MAX_ROW_BYTES` a line, JSON
nested at most :data:`~patience.notation.MAX_JSON_DEPTH` deep, numbers of at
most :data:`~patience.numbers.MAX_DIGITS` digits. Every row must have
``game``, ``deal``, ``outcome`` and ``seconds`` of the right kinds. Any other
problem raises :class:`ResultsFileError` naming the file and the line.

The one exception is a *torn* last line: a line without its newline that is
not yet whole JSON, left by a run that was stopped while writing. Reading
skips it; :func:`repair_torn_line` cuts it off before a resumed run appends,
and finishes (adds the newline to) a last row that is whole but unterminated.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = Path(tmp) / "s.jsonl"
...     _ = path.write_text('{"game": "hamilton", "deal": 1, "outcome": "won", "seconds": 0.5}\\n'
...                         '{"game": "hamilton", "deal": 2, "outc')
...     found = read_results(path)
...     repair_torn_line(path, found)
...     after = path.read_text().count("\\n"), len(path.read_text().splitlines())
>>> [(row["deal"], row["outcome"]) for row in found.rows], after
([(1, 'won')], (1, 1))
>>> check_row({"game": "hamilton", "deal": 1, "outcome": "won"})
Traceback (most recent call last):
...
ValueError: the key "seconds" is missing
"""

from __future__ import annotations

import gzip
import json
import math
import sys
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final, NoReturn, TextIO

from patience.deals import MAX_DEAL, MIN_DEAL
from patience.errors import PatienceError
from patience.i18n import _
from patience.notation import MAX_JSON_DEPTH, json_depth
from patience.numbers import MAX_DIGITS
from patience.rules import game_slugs
from patience.solver import LOST, UNKNOWN, WON
from patience.survey.results import POLICIES, THOUGHTFUL, Row, Summary, policy_of, summarize

#: The most a results file may hold (256 MiB, after gunzip); the largest committed one holds 17 MiB.
MAX_RESULTS_BYTES: Final = 256 * 1024 * 1024
#: The longest row (1 MiB); Union Square's longest winning line makes a row of about 290 KB.
MAX_ROW_BYTES: Final = 1024 * 1024
#: What a row must hold.
REQUIRED_KEYS: Final = ("game", "deal", "outcome", "seconds")
OUTCOMES: Final = (WON, LOST, UNKNOWN)


class ResultsFileError(PatienceError):
    """A results file that cannot be used: too large, unreadable, or a malformed row (said where)."""


def _number_too_long(text: str) -> None:
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise ValueError(_("a number of more than {limit} digits").format(limit=MAX_DIGITS))


def _json_int(text: str) -> int:
    _number_too_long(text)
    return int(text)


def _json_float(text: str) -> float:
    _number_too_long(text)
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("a number too large: {text}").format(text=text))
    return value


def _json_constant(text: str) -> NoReturn:
    raise ValueError(_("{text} is not a number").format(text=text))


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_row(data: object) -> Row:
    """``data`` when it is a well-formed row; else :class:`ValueError` saying what is wrong.

    >>> check_row({"game": "hamilton", "deal": 7, "outcome": "lost", "seconds": 2})["deal"]
    7
    >>> check_row({"game": "hamilton", "deal": "x", "outcome": "lost", "seconds": 2})
    Traceback (most recent call last):
    ...
    ValueError: "deal" must be a deal number from 1 to 4294967295, not 'x'
    """
    if not isinstance(data, dict):
        raise ValueError(_("a row must be a JSON object, not {value}").format(value=_quoted(data)))
    for key in REQUIRED_KEYS:
        if key not in data:
            raise ValueError(_('the key "{key}" is missing').format(key=key))
    game, deal, outcome, seconds = (data[key] for key in REQUIRED_KEYS)
    if game not in game_slugs():
        raise ValueError(_('"game" must be one of {games}, not {value}').format(
            games=", ".join(game_slugs()), value=_quoted(game)))
    if isinstance(deal, bool) or not isinstance(deal, int) or not MIN_DEAL <= deal <= MAX_DEAL:
        raise ValueError(_('"deal" must be a deal number from {low} to {high}, not {value}').format(
            low=MIN_DEAL, high=MAX_DEAL, value=_quoted(deal)))
    if outcome not in OUTCOMES:
        raise ValueError(_('"outcome" must be one of {outcomes}, not {value}').format(
            outcomes=", ".join(OUTCOMES), value=_quoted(outcome)))
    if not _is_number(seconds) or seconds < 0:
        raise ValueError(_('"seconds" must be a number of seconds, 0 or more, not {value}').format(
            value=_quoted(seconds)))
    if data.get("policy", THOUGHTFUL) not in POLICIES:
        raise ValueError(_('"policy" must be one of {policies}, not {value}').format(
            policies=", ".join(POLICIES), value=_quoted(data["policy"])))
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise ValueError(_('"moves" must be a list of move texts'))
    return data


def _quoted(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def parse_row(line: bytes) -> Row:
    """One line of a results file as a row; :class:`ValueError` (with its reason) when it is not one.

    A line that is not yet whole JSON raises :class:`json.JSONDecodeError`, a
    subclass, so a caller can tell a torn line from a wrong one.
    """
    if len(line) > MAX_ROW_BYTES:
        raise ValueError(_("a line of more than {limit} bytes").format(limit=MAX_ROW_BYTES))
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(_("not UTF-8 text (byte {offset})").format(offset=exc.start + 1)) from None
    if not text.strip():
        raise ValueError(_("an empty line, not a row"))
    if json_depth(text) > MAX_JSON_DEPTH:
        raise ValueError(_("JSON nested more than {limit} deep").format(limit=MAX_JSON_DEPTH))
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        problem = _("not JSON: {problem}").format(problem=exc.msg)
        raise json.JSONDecodeError(problem, exc.doc, exc.pos) from None
    return check_row(data)


@dataclass(frozen=True)
class ResultsFile:
    """What reading a results file found: its rows, and whether its last line lacks its newline."""

    rows: list[Row]
    #: Where the last line starts when it has no newline (torn or unterminated), else None.
    open_tail: int | None = None
    #: Whether that last line is a whole row (finish it with a newline) rather than torn (cut it off).
    tail_whole: bool = False


@contextmanager
def _open(path: Path) -> Iterator[BinaryIO]:
    """The file's bytes, gunzipped when the name ends in ``.gz``."""
    with path.open("rb") as raw:
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=raw, mode="rb") as unpacked:
                yield unpacked  # type: ignore[misc]  # GzipFile is a binary stream
        else:
            yield raw


def read_results(path: Path) -> ResultsFile:
    """Read and check every row of the results file at ``path`` (see the module for the caps)."""
    rows: list[Row] = []
    offset = 0
    number = 0
    try:
        with _open(path) as stream:
            while True:
                line = stream.readline(MAX_ROW_BYTES + 1)
                if not line:
                    return ResultsFile(rows)
                number += 1
                start, offset = offset, offset + len(line)
                if offset > MAX_RESULTS_BYTES:
                    raise ResultsFileError(_("{path} is larger than {limit} MiB: not a results file").format(
                        path=path, limit=MAX_RESULTS_BYTES // (1024 * 1024)))
                whole = line.endswith(b"\n")  # else the file ends here, or the line is too long
                try:
                    rows.append(parse_row(line[:-1] if whole else line))
                except json.JSONDecodeError as exc:
                    if whole:
                        raise _row_error(path, number, exc) from None
                    return ResultsFile(rows, open_tail=start)  # torn: the run stopped while writing it
                except ValueError as exc:
                    raise _row_error(path, number, exc) from None
                if not whole:
                    return ResultsFile(rows, open_tail=start, tail_whole=True)
    except (OSError, EOFError, zlib.error) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise ResultsFileError(_("cannot read {path}: {reason}").format(path=path, reason=reason)) from None


def _row_error(path: Path, number: int, problem: ValueError) -> ResultsFileError:
    reason = problem.msg if isinstance(problem, json.JSONDecodeError) else str(problem)
    return ResultsFileError(_("{path} line {number}: {problem}").format(
        path=path, number=number, problem=reason))


def read_rows(path: Path) -> list[Row]:
    """The rows of a results file (none when it does not exist); a torn last line is skipped."""
    if not path.exists():
        return []
    return read_results(path).rows


def repair_torn_line(path: Path, found: ResultsFile) -> None:
    """Make the file end with a whole line before rows are appended: cut off a torn last line,
    or add the missing newline to a whole last row (``found`` is what :func:`read_results` read)."""
    if found.open_tail is None:
        return
    with path.open("r+b") as stream:
        if found.tail_whole:
            stream.seek(0, 2)
            stream.write(b"\n")
        else:
            stream.truncate(found.open_tail)


def merge_rows(paths: Sequence[Path], slug: str, deals: range | None = None,
               policy: str | None = None) -> list[Row]:
    """One row per deal of game ``slug`` from several results files: the latest row wins.

    Latest means the last one read, files in the order given and rows in file
    order, so list an older run's file before a newer one. Rows of other games
    (and, given ``deals``, of other deals; given ``policy``, of other policies)
    are left out. A missing file, or one with no rows at all, is an error.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     a, b = Path(tmp) / "a.jsonl", Path(tmp) / "b.jsonl"
    ...     _ = a.write_text('{"game": "hamilton", "deal": 1, "outcome": "unknown", "seconds": 9}\\n'
    ...                      '{"game": "hamilton", "deal": 2, "outcome": "won", "seconds": 1}\\n')
    ...     _ = b.write_text('{"game": "hamilton", "deal": 1, "outcome": "lost", "seconds": 30}\\n')
    ...     [(row["deal"], row["outcome"]) for row in merge_rows([a, b], "hamilton")]
    [(1, 'lost'), (2, 'won')]
    """
    latest: dict[int, Row] = {}
    for path in paths:
        if not path.exists():
            raise ResultsFileError(_("no such results file: {path}").format(path=path))
        rows = read_results(path).rows
        if not rows:
            raise ResultsFileError(_("{path} has no rows: not a results file").format(path=path))
        for row in rows:
            deal = row["deal"]
            if row["game"] == slug and (deals is None or deal in deals) and (
                    policy is None or policy_of(row) == policy):
                latest[deal] = row
    return [latest[deal] for deal in sorted(latest)]


def main_summary(path: Path, stream: TextIO = sys.stdout) -> Summary:
    """Print the summary of an existing survey file."""
    summary = summarize(read_rows(path))
    stream.write(summary.text() + "\n")
    return summary


__all__ = ["MAX_RESULTS_BYTES", "MAX_ROW_BYTES", "ResultsFile", "ResultsFileError", "check_row",
           "main_summary", "merge_rows", "parse_row", "read_results", "read_rows", "repair_torn_line"]
