"""Pieces of the one-line position text shared by the games.

A position is ``<game> key=value key=value …``; piles are separated by ``;``,
cards within a pile by ``,`` (bottom first), and ``-`` is an empty pile.

>>> fields = parse_fields("hamilton start=7 t=AS,2S;-", "hamilton")
>>> fields["start"], parse_piles(fields["t"], 2)
('7', ((39, 40), ()))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from patience.cards import DECK_SIZE, CardError, card_text, parse_card
from patience.errors import InvalidRecordError


def cards_field(cards: Iterable[int]) -> str:
    """``AS,2S`` or ``-`` for none."""
    text = ",".join(card_text(c) for c in cards)
    return text or "-"


def piles_field(piles: Iterable[Iterable[int]]) -> str:
    """Piles separated by ``;``."""
    return ";".join(cards_field(p) for p in piles)


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards of one pile from ``AS,2S`` or ``-``."""
    if text == "-":
        return ()
    try:
        return tuple(parse_card(word) for word in text.split(","))
    except CardError as exc:
        raise InvalidRecordError(f"position: {exc}") from None


def parse_piles(text: str, count: int) -> tuple[tuple[int, ...], ...]:
    """Exactly ``count`` piles separated by ``;``."""
    parts = text.split(";")
    if len(parts) != count:
        raise InvalidRecordError(f"position: expected {count} piles, found {len(parts)} in {text!r}")
    return tuple(parse_cards(p) for p in parts)


def parse_fields(text: str, slug: str) -> dict[str, str]:
    """Split ``<slug> key=value …`` into a dict; the first word must be ``slug``."""
    words = text.split()
    if not words or words[0] != slug:
        found = words[0] if words else "nothing"
        raise InvalidRecordError(f"position: expected it to start with {slug!r}, found {found!r}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise InvalidRecordError(f"position: expected key=value, found {word!r}")
        if key in fields:
            raise InvalidRecordError(f"position: {key!r} given twice")
        fields[key] = value
    return fields


def require(fields: dict[str, str], names: Sequence[str]) -> None:
    """Raise unless the fields are exactly ``names``."""
    missing = [n for n in names if n not in fields]
    unknown = [k for k in fields if k not in names]
    if missing:
        raise InvalidRecordError(f"position: missing {', '.join(missing)}")
    if unknown:
        raise InvalidRecordError(f"position: unknown field {', '.join(unknown)}")


def check_conservation(cards: Iterable[int], copies: int) -> None:
    """Raise unless the cards are the whole deck, each card ``copies`` times."""
    counts = Counter(cards)
    total = sum(counts.values())
    if total != DECK_SIZE * copies:
        raise InvalidRecordError(f"position holds {total} cards, expected {DECK_SIZE * copies}")
    wrong = sorted(c for c, n in counts.items() if n != copies)
    if wrong:
        raise InvalidRecordError(
            f"position holds {', '.join(card_text(c) for c in wrong)} a wrong number of times"
        )
