"""Statistics to keep and move: the export file (JSON or CSV) and reading a JSON export back.

One entry per played deal, finished or not. Reading checks everything and
refuses the whole file with one :class:`ImportRefused` sentence at the first
fault, so a bad file changes nothing.

>>> deal = PlayedDeal("g_00000000000000000000000a", "hamilton", 7, None,
...                   DealResult(0.0, 60.0, True, 52, 60.0, 98, False, True))
>>> text = to_json([deal])
>>> read_json(text) == [deal]
True
>>> to_csv([deal]).splitlines()[1]
'g_00000000000000000000000a,hamilton,7,,won,52,98,60,1970-01-01T00:00:00Z,1970-01-01T00:01:00Z,false,true'
>>> read_json('{"format": "patience-statistics", "version": 1, "games": [{"id": 1}]}')
Traceback (most recent call last):
...
patience.store.exchange.ImportRefused: game 1 of the file: the fields are not those of an export
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Final, TypeGuard

from babel.numbers import format_decimal

from patience.deals import deck_text
from patience.errors import InvalidDealError, UnknownGameError
from patience.i18n import _, get_language
from patience.rules import Game, State, get_game
from patience.store.records import MAX_MOVES_PER_GAME, DealResult, PlayedDeal, TooManyResults

FORMAT: Final = "patience-statistics"
VERSION: Final = 1
#: The most games one file may hold.
MAX_GAMES: Final = 20_000
FIELDS: Final = ("id", "game", "deal", "deck", "result", "score", "moves", "seconds", "started_at",
                 "finished_at", "used_hints", "used_undo")
_ID: Final = re.compile(r"g_[0-9a-f]{24}")
_SLUG: Final = re.compile(r"[a-z][a-z0-9-]{0,39}")
#: What a CSV cell may not start with, lest a spreadsheet read it as a formula (CSV injection).
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
#: How far past the reader's clock a date may lie (clocks of two computers disagree a little).
CLOCK_SLACK_SECONDS: Final = 86_400
#: About how many characters of an export are made at a time when it is written out piece by piece.
CHUNK_CHARACTERS: Final = 64 * 1024


class ImportRefused(ValueError):
    """The file is not a statistics export this program can read (nothing was imported)."""


class TooManyGames(ImportRefused):
    """The file is fine, but its new games would take the player past the games the statistics hold
    (nothing was imported)."""


def too_many_games(exc: TooManyResults) -> TooManyGames:
    """The refusal of an import past :data:`MAX_RESULTS_PER_PLAYER`, in one sentence naming the cap.

    >>> print(too_many_games(TooManyResults(45_000, 10_000, 50_000)))
    Nothing was added: a player's statistics hold at most 50,000 games, and this file would make 55,000.
    """
    lang = get_language()
    return TooManyGames(_("Nothing was added: a player's statistics hold at most {limit} games, and this "
                          "file would make {total}.").format(limit=format_decimal(exc.limit, locale=lang),
                                                             total=format_decimal(exc.kept + exc.adding,
                                                                                  locale=lang)))


def _time(value: float | None) -> str | None:
    return None if value is None else datetime.fromtimestamp(value, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _result_word(won: bool | None) -> str:
    return "in progress" if won is None else "won" if won else "lost"


def _entry(deal: PlayedDeal) -> dict[str, str | int | bool | None]:
    r = deal.result
    return {"id": deal.id, "game": deal.game, "deal": deal.deal, "deck": deal.deck,
            "result": _result_word(r.won), "score": r.score, "moves": r.moves,
            # as the game clock shows it; a win took some time
            "seconds": max(1, math.floor(r.seconds)) if r.won else math.floor(r.seconds),
            "started_at": _time(r.started_at), "finished_at": _time(r.finished_at),
            "used_hints": r.used_hints, "used_undo": r.used_undo}


def to_json(deals: Iterable[PlayedDeal]) -> str:
    """The JSON export: ``{"format", "version", "games": [...]}``, one entry per played deal."""
    return "".join(json_chunks(deals))


def to_csv(deals: Iterable[PlayedDeal]) -> str:
    """The CSV export: a header row of :data:`FIELDS`, then one row per played deal (cells made safe for
    spreadsheets by :func:`csv_cell`)."""
    return "".join(csv_chunks(deals))


def json_chunks(deals: Iterable[PlayedDeal], size: int = CHUNK_CHARACTERS) -> Iterator[str]:
    """:func:`to_json` in pieces of about ``size`` characters, reading ``deals`` as it goes (an export
    of any length holds one piece in memory).

    >>> from patience.rules import game_slugs
    >>> deal = PlayedDeal("g_00000000000000000000000a", game_slugs()[0], 7, None,
    ...                   DealResult(0.0, 60.0, True, 52, 60.0, 98, False, True))
    >>> all("".join(json_chunks(deals)) == json.dumps(
    ...     {"format": FORMAT, "version": VERSION, "games": [_entry(d) for d in deals]},
    ...     ensure_ascii=False, indent=1) for deals in ([], [deal], [deal] * 3))
    True
    """
    head = f'{{\n "format": {json.dumps(FORMAT)},\n "version": {VERSION},\n "games": ['
    pieces, length, first = [head], len(head), True
    for deal in deals:
        text = json.dumps(_entry(deal), ensure_ascii=False, indent=1).replace("\n", "\n  ")
        pieces.append(("\n  " if first else ",\n  ") + text)
        length += len(pieces[-1])
        first = False
        if length >= size:
            yield "".join(pieces)
            pieces, length = [], 0
    pieces.append("]\n}" if first else "\n ]\n}")
    yield "".join(pieces)


def csv_chunks(deals: Iterable[PlayedDeal], size: int = CHUNK_CHARACTERS) -> Iterator[str]:
    """:func:`to_csv` in pieces of about ``size`` characters, reading ``deals`` as it goes."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for deal in deals:
        entry = _entry(deal)
        writer.writerow([csv_cell("" if entry[f] is None else str(entry[f]).lower()
                                  if isinstance(entry[f], bool) else str(entry[f])) for f in FIELDS])
        if out.tell() >= size:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def csv_cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as text: one starting with ``=``, ``+``, ``-``, ``@``, a tab or a
    carriage return gets a leading apostrophe (the usual guidance against CSV injection).

    >>> csv_cell("=cmd|' /C calc'!A0"), csv_cell("AS 2H"), csv_cell("-1")
    ("'=cmd|' /C calc'!A0", 'AS 2H', "'-1")
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def read_json(text: str | bytes) -> list[PlayedDeal]:
    """The played deals of a JSON export, or :class:`ImportRefused` naming the first fault.

    Memory stays bounded whatever the file: an export holds one list and an object a game, each of a
    dozen values, so a file with more brackets or commas than that is refused before it is parsed
    (8 MiB of ``[]`` would be four million lists).
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    values = (len(FIELDS) + 1) * (MAX_GAMES + 1)
    if raw.count(b"[") + raw.count(b"{") > MAX_GAMES + 2 or raw.count(b",") > values:
        raise ImportRefused(_("the file's games are not a list of at most {count} games").format(
            count=MAX_GAMES))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ImportRefused(_("the file is not JSON")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != {
            "format", "version", "games"}:
        raise ImportRefused(_("the file is not a statistics export of patience"))
    if not _whole(data["version"]) or data["version"] != VERSION:
        raise ImportRefused(_("the file is a statistics export of another version ({version})").format(
            version=json.dumps(data["version"])[:20]))
    games = data["games"]
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise ImportRefused(_("the file's games are not a list of at most {count} games").format(
            count=MAX_GAMES))
    deals = []
    for number, entry in enumerate(games, start=1):
        try:
            deals.append(_deal(entry))
        except (ValueError, TypeError, KeyError, OverflowError, UnicodeError) as exc:
            problem = str(exc) if isinstance(exc, ImportRefused) else _("a field has a wrong value")
            raise ImportRefused(_("game {number} of the file: {problem}").format(
                number=number, problem=problem)) from None
    if len({d.id for d in deals}) != len(deals):
        raise ImportRefused(_("the file names a game twice"))
    return deals


def _deal(entry: object) -> PlayedDeal:
    if not isinstance(entry, dict) or set(entry) != set(FIELDS):
        raise ImportRefused(_("the fields are not those of an export"))
    text = {k: entry[k] for k in ("id", "game", "result", "started_at")}
    if not all(isinstance(v, str) for v in text.values()):
        raise ImportRefused(_("a field has a wrong value"))
    if not _ID.fullmatch(entry["id"]) or not _SLUG.fullmatch(entry["game"]):
        raise ImportRefused(_("a field has a wrong value"))
    try:
        game = get_game(entry["game"])
    except UnknownGameError:
        raise ImportRefused(_("it names an unknown game")) from None
    won = {"won": True, "lost": False, "in progress": None}[entry["result"]]
    deal, deck = entry["deal"], entry["deck"]
    if not (deal is None or (_whole(deal) and 1 <= deal < 2**32)) or not (deck is None or (
            isinstance(deck, str) and len(deck) <= 2000)) or (deal is None) == (deck is None):
        raise ImportRefused(_("a field has a wrong value"))
    if deck is not None:
        deck = _deck(game, deck)
    numbers = [entry[k] for k in ("score", "moves", "seconds")]
    if not all(_whole(n) and 0 <= n < 10**9 for n in numbers):
        raise ImportRefused(_("a field has a wrong value"))
    flags = entry["used_hints"], entry["used_undo"]
    if not all(isinstance(f, bool) for f in flags):
        raise ImportRefused(_("a field has a wrong value"))
    started = _stamp(entry["started_at"])
    finished = None if entry["finished_at"] is None else _stamp(entry["finished_at"])
    if (finished is None) != (won is None):
        raise ImportRefused(_("a field has a wrong value"))
    result = DealResult(started, finished, won, entry["score"], float(entry["seconds"]), entry["moves"],
                        *flags)
    _check_possible(_(game.name), game.max_score, game.min_winning_moves, result)
    return PlayedDeal(entry["id"], entry["game"], deal, deck, result)


def _deck(game: Game[State], text: str) -> str:
    """The deck string as the game writes it, or :class:`ImportRefused` (also for text that is no text,
    such as a lone surrogate: it is no card)."""
    try:
        return deck_text(game.deck_of(text))
    except InvalidDealError as exc:
        raise ImportRefused(_("the deck is not a deck of {game}: {reason}").format(
            game=_(game.name), reason=str(exc)[:200])) from None


def _check_possible(name: str, cards: int, fewest: int, r: DealResult) -> None:
    """Refuse a result the game's rules make impossible, in one sentence."""
    if r.score > cards:
        raise ImportRefused(_("a score of {score} is more than the {cards} cards of {game}").format(
            score=r.score, cards=cards, game=name))
    if r.moves > MAX_MOVES_PER_GAME:
        raise ImportRefused(_("{moves} moves are more than a game may have ({limit})").format(
            moves=r.moves, limit=MAX_MOVES_PER_GAME))
    if r.won and r.score != cards:
        raise ImportRefused(_("a won game of {game} has all {cards} cards up, not {score}").format(
            game=name, cards=cards, score=r.score))
    if r.won and r.moves < fewest:
        raise ImportRefused(_("a won game of {game} takes at least {fewest} moves, not {moves}").format(
            game=name, fewest=fewest, moves=r.moves))
    if r.won and r.seconds < 1:
        raise ImportRefused(_("a won game takes at least a second, not 0"))
    if r.finished_at is not None and r.finished_at < r.started_at:
        raise ImportRefused(_("it finished before it started"))


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _stamp(text: object) -> float:
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text):
        raise ImportRefused(_("a field has a wrong value"))
    value = datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    if not math.isfinite(value):
        raise ImportRefused(_("a field has a wrong value"))
    if not 0 <= value <= time.time() + CLOCK_SLACK_SECONDS:
        raise ImportRefused(_("the date {date} is before 1970 or in the future").format(date=text))
    return value
