"""Move lists, position text and the game-record file format.

A record is a small text file in the spirit of PGN::

    [Game "hamilton"]
    [Deal "1"]
    [Date "2026-11-30"]

    s c-f1 t7-f1 s t3-t5x2

Headers are ``[Name "value"]`` lines (``Game`` and either ``Deal`` — a deal
number — or ``Deck`` — a deck string — are required); a blank line; then the
moves in our notation separated by white space. ``;`` starts a comment that
runs to the end of the line. The same record may be written as JSON:
``{"game": …, "deal": 1 or "deck string", "moves": [...], "headers": {...}}``.

Limits: a record file is at most :data:`MAX_RECORD_BYTES` (16 MiB, read in
bounded chunks, so ``/dev/zero`` is refused after 16 MiB), a header line at
most :data:`MAX_HEADER_CHARS` characters, JSON nested at most
:data:`MAX_JSON_DEPTH` deep; a deal number is ASCII digits. Every problem
raises :class:`InvalidRecordError` or :class:`InvalidDealError` with one line.

>>> record = Record("hamilton", 1, ["s", "c-f1"])
>>> parse_record(format_record(record)) == record
True
>>> replay(record).score
1
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Final, TypeVar

from patience.errors import InvalidDealError, InvalidRecordError, PatienceError
from patience.i18n import _
from patience.kit import default_slug
from patience.numbers import is_ascii_number, shorten
from patience.rules import Game, Move, State, deal_from_text, get_game

S = TypeVar("S", bound=State)

_HEADER_RE = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
REQUIRED = ("Game",)

#: The largest record file read (16 MiB); larger files are refused without reading the rest.
MAX_RECORD_BYTES: Final = 16 * 1024 * 1024
#: The longest header line (a Union Square deck string is about 310 characters).
MAX_HEADER_CHARS: Final = 4096
#: The deepest nesting of brackets and braces a JSON record may have.
MAX_JSON_DEPTH: Final = 32
_READ_CHUNK: Final = 1024 * 1024
_JSON_SPECIAL_RE: Final = re.compile(r'[\[\]{}"\\]')


def parse_moves(game: Game[S], text: str | Sequence[str]) -> list[Move]:
    """Moves from text (``"s c-f1"``) or a list of move texts; names the bad one.

    >>> from patience import get_game
    >>> [str(m) for m in parse_moves(get_game("hamilton"), "s  c-f1")]
    ['s', 'c-f1']
    """
    return list(iter_moves(game, text))


def iter_moves(game: Game[S], text: str | Sequence[str]) -> Iterator[Move]:
    """:func:`parse_moves` one move at a time, so a replay stops reading at the first bad move."""
    words = text.split() if isinstance(text, str) else text
    for index, word in enumerate(words, start=1):
        try:
            yield game.parse_move(word)
        except PatienceError as exc:
            raise type(exc)(_("move {index}: {problem}").format(index=index, problem=exc)) from None


def moves_text(moves: Sequence[Move]) -> str:
    """Moves as one line of notation."""
    return " ".join(str(m) for m in moves)


@dataclass
class Record:
    """A game: which game, which deal, the moves played (as text), and headers."""

    game: str
    deal: int | str
    moves: list[str] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Replayed:
    """The result of replaying a record."""

    game: Game[State]
    state: State
    moves: list[Move]
    score: int
    won: bool


def format_record(record: Record) -> str:
    """The record as text, moves wrapped ten to a line."""
    lines = [f'[Game "{record.game}"]']
    if isinstance(record.deal, int):
        lines.append(f'[Deal "{record.deal}"]')
    else:
        lines.append(f'[Deck "{record.deal}"]')
    for name, value in record.headers.items():
        if name in ("Game", "Deal", "Deck"):
            continue
        escaped = " ".join(value.splitlines()).replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{name} "{escaped}"]')
    lines.append("")
    for i in range(0, len(record.moves), 10):
        lines.append(" ".join(record.moves[i : i + 10]))
    return "\n".join(lines) + "\n"


def record_json(record: Record) -> str:
    """The record as JSON."""
    return json.dumps({"game": record.game, "deal": record.deal, "moves": record.moves,
                       "headers": record.headers}, indent=1)


def read_record_bytes(stream: BinaryIO, name: str) -> bytes:
    """At most :data:`MAX_RECORD_BYTES` of ``stream``, read in chunks; more raises InvalidRecordError."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_RECORD_BYTES:
        chunk = stream.read(min(_READ_CHUNK, MAX_RECORD_BYTES + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise InvalidRecordError(_("{name} is larger than {limit} MiB: not a game record").format(
        name=name, limit=MAX_RECORD_BYTES // (1024 * 1024)))


def parse_record_bytes(data: bytes, name: str = "the record") -> Record:
    """Read a record from a file's bytes (UTF-8); see :func:`parse_record`.

    >>> parse_record_bytes(b'[Game "hamilton"]\\n[Deal "7"]\\n\\ns').deal
    7
    """
    return parse_record(decode_record(data, name))


def decode_record(data: bytes, name: str) -> str:
    """A record file's text: at most :data:`MAX_RECORD_BYTES` of UTF-8, else InvalidRecordError."""
    if len(data) > MAX_RECORD_BYTES:
        raise InvalidRecordError(_("record is larger than {limit} MiB").format(
            limit=MAX_RECORD_BYTES // (1024 * 1024)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRecordError(_("cannot read {name}: it is not UTF-8 text (byte {offset})").format(
            name=name, offset=exc.start + 1)) from None


def read_record(path: Path) -> Record:
    """Read the record file at ``path`` (at most 16 MiB; a device or pipe is read the same way).

    Every error names the file:

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp) / "notes.txt"
    ...     _ = path.write_text("buy milk\\n[Game x]\\n")
    ...     read_record(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    patience.errors.InvalidRecordError: .../notes.txt: line 2: header after the moves
    """
    try:
        with path.open("rb") as stream:
            data = read_record_bytes(stream, str(path))
    except OSError as exc:
        raise InvalidRecordError(_("cannot read {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)) from None
    text = decode_record(data, str(path))
    try:
        return parse_record(text)
    except (InvalidRecordError, InvalidDealError) as exc:
        raise type(exc)(_("{path}: {problem}").format(path=path, problem=exc)) from None


def parse_record(text: str) -> Record:
    """Read a record (text or JSON); raise :class:`InvalidRecordError` saying where it is wrong."""
    stripped = text.strip()
    if not stripped:
        raise InvalidRecordError(_("record is empty"))
    if stripped.startswith("{"):
        return _parse_json_record(stripped)
    headers: dict[str, str] = {}
    move_words: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            if len(raw) > MAX_HEADER_CHARS:
                raise InvalidRecordError(_("line {number}: a header longer than {limit} characters").format(
                    number=number, limit=MAX_HEADER_CHARS))
            if move_words:
                raise InvalidRecordError(_("line {number}: header after the moves").format(number=number))
            match = _HEADER_RE.match(raw.strip())  # a value may hold ";", so match before comments
            if match and raw.strip()[match.end():].strip()[:1] not in ("", ";"):
                match = None
            if not match:
                raise InvalidRecordError(
                    _('line {number}: expected a header like [Game "{game}"]').format(
                        number=number, game=default_slug()))
            value = re.sub(r"\\(.)", r"\1", match[2])
            headers[match[1]] = value
        else:
            move_words.extend(line.split())
    return _record_from(headers.pop("Game", None), headers.pop("Deal", None),
                        headers.pop("Deck", None), move_words, headers)


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (brackets inside strings skipped).

    >>> json_depth('{"a": [[1], "]]]"]}'), json_depth(r'["\\\\", ["\\"["]]')
    (3, 2)
    """
    depth = deepest = 0
    in_string = False
    escaped_at = -1  # the position of the character after a backslash in a string
    for match in _JSON_SPECIAL_RE.finditer(text):  # linear: no backtracking, however long the strings
        token = match[0]
        if in_string:
            if match.start() == escaped_at:
                continue
            if token == "\\":
                escaped_at = match.end()
            elif token == '"':
                in_string = False
        elif token == '"':
            in_string = True
        elif token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _parse_json_record(text: str) -> Record:
    if json_depth(text) > MAX_JSON_DEPTH:
        raise InvalidRecordError(_("record's JSON is nested more than {limit} deep").format(
            limit=MAX_JSON_DEPTH))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecordError(_("record is not valid JSON: {problem} at line {line}").format(
            problem=exc.msg, line=exc.lineno)) from None
    except (ValueError, RecursionError):  # e.g. a number of more than 4,300 digits
        raise InvalidRecordError(_("record is not valid JSON: a number or nesting is too large")) from None
    if not isinstance(data, dict):
        raise InvalidRecordError(_("a JSON record must be an object"))
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidRecordError(_("record's moves must be a list of move texts"))
    headers = data.get("headers", {})
    if not isinstance(headers, dict) or not all(isinstance(v, str) for v in headers.values()):
        raise InvalidRecordError(_("record's headers must map names to strings"))
    deal = data.get("deal")
    if isinstance(deal, bool) or not isinstance(deal, (int, str, type(None))):
        raise InvalidRecordError(_("record's deal must be a number or a deck string"))
    game = data.get("game")
    if not isinstance(game, (str, type(None))):
        raise InvalidRecordError(_("record's game must be a string"))
    deal_text = str(deal) if isinstance(deal, int) else None
    deck_text = deal if isinstance(deal, str) else None
    return _record_from(game, deal_text, deck_text, moves, dict(headers))


def _record_from(game: str | None, deal: str | None, deck: str | None, moves: list[str],
                 headers: dict[str, str]) -> Record:
    if not game:
        raise InvalidRecordError(_("record names no game (a [Game \"…\"] header)"))
    try:
        get_game(game)
    except PatienceError as exc:
        raise InvalidRecordError(_("record: {problem}").format(problem=exc)) from None
    if (deal is None) == (deck is None):
        raise InvalidRecordError(_("record needs exactly one of a Deal number or a Deck string"))
    dealt: int | str
    if deal is not None:
        if not is_ascii_number(deal.strip()):
            raise InvalidRecordError(_("record's deal {deal} is not a number").format(deal=shorten(deal)))
        dealt = int(deal.strip())
    else:
        assert deck is not None
        dealt = deal_from_text(deck)
    return Record(game, dealt, list(moves), headers)


def replay(record: Record) -> Replayed:
    """Deal and play every move; an unreadable or illegal move raises naming its 1-based index."""
    game = get_game(record.game)
    state = game.new(record.deal)
    moves: list[Move] = []

    def kept(parsed: Iterator[Move]) -> Iterator[Move]:
        for move in parsed:
            moves.append(move)
            yield move

    state = game.apply_all(state, kept(iter_moves(game, record.moves)))
    score = game.score(state)
    return Replayed(game, state, moves, score, game.is_won(state))
