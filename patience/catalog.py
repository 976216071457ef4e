"""Proven-winnable deals with a difficulty, and the daily deal.

The package ships, per game, a list of numbered deals the solver has won
(``patience/data/winnable-<game>.json.gz``, made from the survey results in
``docs/survey`` by ``scripts/make_catalog.py``), each with its difficulty and
the winning line, so anyone can replay the proof.

**Difficulty** is the solver's effort: the number of positions it expanded
before it found the win (the least over the survey passes that won the deal).
The limits are the terciles of the won deals of the survey, so each level
holds about a third of them:

============  ==============  ==================  ============
game          easy            medium              hard
============  ==============  ==================  ============
hamilton      ≤ 1,100         1,101 – 5,900        > 5,900
union-square  ≤ 480           481 – 1,400          > 1,400
============  ==============  ==================  ============

**The daily deal** of a game on a UTC calendar day is an entry of the
shipped list (sorted by deal number, ``n`` entries): with ``d`` the number of
days since 2000-01-01 (negative before it) and ``h`` the first eight bytes of
SHA-256 of the game's slug read as a big-endian number, the entry is
``(d × STEP + h) mod n``, where ``STEP`` = 7919 (a prime; when it divides
``n`` the next prime is used). ``STEP`` is coprime to ``n``, so any ``n``
consecutive days get ``n`` different deals. Everyone running the same
version of the package gets the same deal.

>>> daily_deal("hamilton", date(2026, 12, 1)).deal == daily_deal("hamilton", date(2026, 12, 1)).deal
True
>>> level_of("hamilton", 900), level_of("hamilton", 5900), level_of("hamilton", 5901)
('easy', 'medium', 'hard')
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import secrets
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import Final

from patience.errors import PatienceError
from patience.i18n import _
from patience.kit import kit_of
from patience.rules import get_game

DIFFICULTIES: Final = ("easy", "medium", "hard")
#: Positions the solver expanded to find the win: at most the first number is easy, at most the second
#: is medium, more is hard.
DATA_DIR: Final = Path(__file__).resolve().parent / "data"
EPOCH: Final = date(2000, 1, 1)
STEP: Final = 7919
YEARS_AROUND: Final = 100  # dates further than this from today are refused
_DAY_RE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


class CatalogError(PatienceError):
    """A difficulty that does not exist, a date that is not a date, or a game without a list."""


@dataclass(frozen=True)
class WinnableDeal:
    """A numbered deal proven winnable: its difficulty, the solver's effort and a winning line."""

    game: str
    deal: int
    difficulty: str
    nodes: int
    line: str  # moves in our notation, separated by spaces

    def moves(self) -> list[str]:
        """The winning line as a list of move texts."""
        return self.line.split()


def level_of(slug: str, nodes: int) -> str:
    """The difficulty of a deal the solver won after expanding ``nodes`` positions."""
    easy, medium = kit_of(slug).table.difficulty_limits
    return "easy" if nodes <= easy else "medium" if nodes <= medium else "hard"


def data_path(slug: str) -> Path:
    """Where the shipped list of a game lives."""
    return DATA_DIR / f"winnable-{slug}.json.gz"


@cache
def shipped(slug: str) -> tuple[WinnableDeal, ...]:
    """The shipped winnable deals of a game, sorted by deal number.

    >>> deals = shipped("union-square")
    >>> len(deals) > 100, {d.difficulty for d in deals} == set(DIFFICULTIES)
    (True, True)
    """
    get_game(slug)  # unknown games raise UnknownGameError
    path = data_path(slug)
    if not path.exists():
        raise CatalogError(_("No winnable deals are known for {game}.").format(game=slug))
    with gzip.open(path, "rt", encoding="utf-8") as data:
        rows = json.load(data)["deals"]
    return tuple(sorted((_entry(slug, row) for row in rows), key=lambda e: e.deal))


def _entry(slug: str, row: dict[str, str | int]) -> WinnableDeal:
    return WinnableDeal(slug, int(row["deal"]), str(row["difficulty"]), int(row["nodes"]), str(row["line"]))


def known_line(slug: str, deal: int | str) -> list[str] | None:
    """The shipped winning line of a numbered deal, or None when the deal is not in the list.

    >>> known_line("hamilton", shipped("hamilton")[0].deal)[:2]
    ['s', 'c-f1']
    """
    if not isinstance(deal, int):
        return None
    try:
        entries = shipped(slug)
    except PatienceError:
        return None
    found = [e for e in entries if e.deal == deal]
    return found[0].moves() if found else None


def check_difficulty(text: str | None) -> str | None:
    """``text`` when it names a difficulty (or is None), else :class:`CatalogError`."""
    if text is None or text in DIFFICULTIES:
        return text
    message = _("There is no difficulty {name}: choose easy, medium or hard.")
    raise CatalogError(message.format(name=repr(text)))


def parse_day(text: str | None, today: date | None = None) -> date:
    """A calendar day from ``YYYY-MM-DD`` (today in UTC when None), within 100 years of today.

    >>> parse_day("2026-12-01")
    datetime.date(2026, 12, 1)
    >>> parse_day("2026-13-01")
    Traceback (most recent call last):
    ...
    patience.catalog.CatalogError: '2026-13-01' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-01.
    >>> parse_day("2026-W01-1")
    Traceback (most recent call last):
    ...
    patience.catalog.CatalogError: '2026-W01-1' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-01.
    """
    now = today or datetime.now(UTC).date()
    if text is None:
        return now
    try:
        if _DAY_RE.fullmatch(text) is None:  # fromisoformat also reads week dates such as 2026-W01-1
            raise ValueError(text)
        day = date.fromisoformat(text)
    except ValueError:
        raise CatalogError(_("{text} is not a date: write it as YYYY-MM-DD, e.g. 2026-12-01.").format(
            text=repr(text))) from None
    if abs(day.year - now.year) > YEARS_AROUND:
        raise CatalogError(_("{day} is too far away: choose a date within {years} years of today.").format(
            day=day.isoformat(), years=YEARS_AROUND))
    return day


def _step(n: int) -> int:
    step = STEP
    while n % step == 0 or any(step % p == 0 for p in range(2, int(step**0.5) + 1)):
        step += 1
    return step


def daily_index(slug: str, day: date, n: int) -> int:
    """The index of the daily deal in a list of ``n`` deals (see the module's description).

    >>> len({daily_index("hamilton", date(2026, 1, 1).fromordinal(738000 + k), 600) for k in range(600)})
    600
    """
    offset = int.from_bytes(hashlib.sha256(slug.encode("utf-8")).digest()[:8], "big")
    return ((day - EPOCH).days * _step(n) + offset) % n


def daily_deal(slug: str, day: date) -> WinnableDeal:
    """The daily deal of ``slug`` on ``day`` (UTC), from the shipped list only."""
    deals = shipped(slug)
    return deals[daily_index(slug, day, len(deals))]


class Catalog:
    """The shipped deals plus those proven later (topped up), kept in a JSON file when ``path`` is given.

    >>> catalog = Catalog()
    >>> catalog.choose("hamilton", "hard").difficulty
    'hard'
    >>> catalog.difficulty("hamilton", catalog.choose("hamilton", None).deal) in DIFFICULTIES
    True
    """

    #: At most this many topped-up deals are kept per game.
    EXTRA_LIMIT: Final = 2000

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._extra: dict[str, list[WinnableDeal]] = {}
        self._next: dict[str, int] = {}
        self._levels: dict[str, dict[int, str]] = {}  # deal number -> difficulty, built on first use
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                for slug, part in data.items():
                    self._extra[slug] = [_entry(slug, row) for row in part.get("deals", [])]
                    self._next[slug] = int(part.get("next", 0))
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                self._extra, self._next = {}, {}  # an unreadable file only costs the topped-up deals

    def deals(self, slug: str, difficulty: str | None = None) -> list[WinnableDeal]:
        """Every known winnable deal of ``slug`` (of one difficulty when given)."""
        with self._lock:
            extra = list(self._extra.get(slug, ()))
        return [d for d in (*shipped(slug), *extra) if difficulty in (None, d.difficulty)]

    def choose(self, slug: str, difficulty: str | None) -> WinnableDeal:
        """A deal chosen at random among the known winnable deals (of that difficulty when given)."""
        check_difficulty(difficulty)
        found = self.deals(slug, difficulty)
        if not found:
            raise CatalogError(_("No winnable deals are known for {game}.").format(game=slug))
        return found[secrets.randbelow(len(found))]

    def difficulty(self, slug: str, deal: int | None) -> str | None:
        """The difficulty of a numbered deal when it is known to be winnable, else None."""
        if deal is None:
            return None
        return self._by_deal(slug).get(deal)

    def deals_of(self, slug: str, difficulty: str) -> frozenset[int]:
        """The deal numbers of one difficulty."""
        return frozenset(deal for deal, level in self._by_deal(slug).items() if level == difficulty)

    def _by_deal(self, slug: str) -> dict[int, str]:
        levels = self._levels.get(slug)
        if levels is None:
            try:
                levels = {d.deal: d.difficulty for d in self.deals(slug)}
            except PatienceError:
                levels = {}
            with self._lock:
                self._levels[slug] = levels
        return levels

    # --- topping up ---------------------------------------------------------------------------------
    def next_candidate(self, slug: str, first: int) -> int | None:
        """The next deal number to try for ``slug`` (from ``first`` on), or None when the list is full."""
        with self._lock:
            if len(self._extra.get(slug, ())) >= self.EXTRA_LIMIT:
                return None
            return max(self._next.get(slug, 0), first)

    def record(self, slug: str, deal: int, found: WinnableDeal | None) -> None:
        """Remember that ``deal`` was tried (and proven winnable when ``found``), and save.

        A save that fails (a full disk) raises :class:`OSError` and leaves the file as it was; what
        was learned stays in memory and is saved with the next record.
        """
        with self._lock:
            self._next[slug] = max(self._next.get(slug, 0), deal + 1)
            if found is not None and deal not in {d.deal for d in self._extra.get(slug, ())}:
                self._extra.setdefault(slug, []).append(found)
                self._levels.pop(slug, None)
            data = {s: {"next": self._next.get(s, 0),
                        "deals": [{k: v for k, v in asdict(d).items() if k != "game"}
                                  for d in self._extra.get(s, ())]}
                    for s in sorted(set(self._next) | set(self._extra))}
        if self.path is not None:
            temporary = self.path.with_suffix(".tmp")
            try:
                temporary.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
                temporary.replace(self.path)
            except OSError:
                temporary.unlink(missing_ok=True)  # a full disk leaves no half-written file behind
                raise
