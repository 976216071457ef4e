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
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

from patience.i18n import _
from patience.store.records import DealResult, PlayedDeal

FORMAT: Final = "patience-statistics"
VERSION: Final = 1
#: The most games one file may hold.
MAX_GAMES: Final = 20_000
FIELDS: Final = ("id", "game", "deal", "deck", "result", "score", "moves", "seconds", "started_at",
                 "finished_at", "used_hints", "used_undo")
_ID: Final = re.compile(r"g_[0-9a-f]{24}")
_SLUG: Final = re.compile(r"[a-z][a-z0-9-]{0,39}")


class ImportRefused(ValueError):
    """The file is not a statistics export this program can read (nothing was imported)."""


def _time(value: float | None) -> str | None:
    return None if value is None else datetime.fromtimestamp(value, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _result_word(won: bool | None) -> str:
    return "in progress" if won is None else "won" if won else "lost"


def _entry(deal: PlayedDeal) -> dict[str, Any]:
    r = deal.result
    return {"id": deal.id, "game": deal.game, "deal": deal.deal, "deck": deal.deck,
            "result": _result_word(r.won), "score": r.score, "moves": r.moves,
            "seconds": math.floor(r.seconds),  # as the game clock shows it
            "started_at": _time(r.started_at), "finished_at": _time(r.finished_at),
            "used_hints": r.used_hints, "used_undo": r.used_undo}


def to_json(deals: Sequence[PlayedDeal]) -> str:
    """The JSON export: ``{"format", "version", "games": [...]}``, one entry per played deal."""
    return json.dumps({"format": FORMAT, "version": VERSION, "games": [_entry(d) for d in deals]},
                      ensure_ascii=False, indent=1)


def to_csv(deals: Sequence[PlayedDeal]) -> str:
    """The CSV export: a header row of :data:`FIELDS`, then one row per played deal."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for deal in deals:
        entry = _entry(deal)
        writer.writerow(["" if entry[f] is None else str(entry[f]).lower() if isinstance(entry[f], bool)
                         else entry[f] for f in FIELDS])
    return out.getvalue()


def read_json(text: str | bytes) -> list[PlayedDeal]:
    """The played deals of a JSON export, or :class:`ImportRefused` naming the first fault."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ImportRefused(_("the file is not JSON")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != {
            "format", "version", "games"}:
        raise ImportRefused(_("the file is not a statistics export of patience"))
    if data["version"] != VERSION or isinstance(data["version"], bool):
        raise ImportRefused(_("the file is a statistics export of another version ({version})").format(
            version=str(data["version"])[:20]))
    games = data["games"]
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise ImportRefused(_("the file's games are not a list of at most {count} games").format(
            count=MAX_GAMES))
    deals = []
    for number, entry in enumerate(games, start=1):
        try:
            deals.append(_deal(entry))
        except (ValueError, TypeError, KeyError, OverflowError) as exc:
            problem = str(exc) if isinstance(exc, ImportRefused) else _("a field has a wrong value")
            raise ImportRefused(_("game {number} of the file: {problem}").format(
                number=number, problem=problem)) from None
    if len({d.id for d in deals}) != len(deals):
        raise ImportRefused(_("the file names a game twice"))
    return deals


def _deal(entry: Any) -> PlayedDeal:
    if not isinstance(entry, dict) or set(entry) != set(FIELDS):
        raise ImportRefused(_("the fields are not those of an export"))
    text = {k: entry[k] for k in ("id", "game", "result", "started_at")}
    if not all(isinstance(v, str) for v in text.values()):
        raise ImportRefused(_("a field has a wrong value"))
    if not _ID.fullmatch(entry["id"]) or not _SLUG.fullmatch(entry["game"]):
        raise ImportRefused(_("a field has a wrong value"))
    won = {"won": True, "lost": False, "in progress": None}[entry["result"]]
    deal, deck = entry["deal"], entry["deck"]
    if not (deal is None or (_whole(deal) and 1 <= deal < 2**32)) or not (deck is None or (
            isinstance(deck, str) and len(deck) <= 2000)) or (deal is None) == (deck is None):
        raise ImportRefused(_("a field has a wrong value"))
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
    return PlayedDeal(entry["id"], entry["game"], deal, deck, DealResult(
        started, finished, won, entry["score"], float(entry["seconds"]), entry["moves"], *flags))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stamp(text: Any) -> float:
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text):
        raise ImportRefused(_("a field has a wrong value"))
    value = datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    if not math.isfinite(value):
        raise ImportRefused(_("a field has a wrong value"))
    return value
