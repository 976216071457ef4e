"""Cards as small ints, and their text.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1`` with suits in the
order clubs, diamonds, hearts, spades and ranks 1 (Ace) to 13 (King).

>>> card = parse_card("TH")
>>> rank(card), suit(card), card_text(card)
(10, 2, 'TH')
>>> parse_card("10h") == card
True
>>> is_red(parse_card("QD")), is_red(parse_card("QS"))
(True, False)
"""

from __future__ import annotations

from typing import Final

Card = int

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)

ACE: Final = 1
KING: Final = 13
RANKS_PER_SUIT: Final = 13
DECK_SIZE: Final = 52

RANK_LETTERS: Final = "A23456789TJQK"
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
)

#: Lookup tables indexed by card, for the hot paths of the rules and solver.
RANK: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(DECK_SIZE))
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(DECK_SIZE))
RED: Final[tuple[bool, ...]] = tuple(c // 13 in (DIAMONDS, HEARTS) for c in range(DECK_SIZE))


class CardError(ValueError):
    """Card text that names no card."""


def make_card(rank_: int, suit_: int) -> Card:
    """The card of this rank (1-13) and suit (0-3).

    >>> card_text(make_card(1, SPADES))
    'AS'
    """
    if not (ACE <= rank_ <= KING) or suit_ not in SUITS:
        raise CardError(f"no card has rank {rank_} and suit {suit_}")
    return suit_ * RANKS_PER_SUIT + rank_ - 1


def rank(card: Card) -> int:
    """Rank from 1 (Ace) to 13 (King)."""
    return card % 13 + 1


def suit(card: Card) -> int:
    """Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


def is_red(card: Card) -> bool:
    """True for diamonds and hearts."""
    return RED[card]


def card_text(card: Card) -> str:
    """Two-letter text such as ``TH`` or ``AS``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: Card) -> str:
    """Text with a suit symbol, such as ``10♥``, for display.

    >>> card_symbol(parse_card("TH"))
    '10♥'
    """
    r = card % 13 + 1
    label = "10" if r == 10 else RANK_LETTERS[r - 1]
    return label + SUIT_SYMBOLS[card // 13]


def rank_label(rank_: int) -> str:
    """Rank as players write it: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``.

    >>> rank_label(10), rank_label(1)
    ('10', 'A')
    """
    return "10" if rank_ == 10 else RANK_LETTERS[rank_ - 1]


def card_name(card: Card) -> str:
    """English name such as ``Ten of hearts``."""
    return f"{RANK_NAMES[rank(card)]} of {SUIT_NAMES[suit(card)]}"


def parse_card(text: str) -> Card:
    """Parse ``TH``, ``10H``, ``th`` or ``AS``; raise :class:`CardError` otherwise.

    >>> parse_card("AS") == make_card(1, SPADES)
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    patience.cards.CardError: unknown card '1H'
    """
    t = text.strip().upper()
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise CardError(f"unknown card {text.strip()!r}")
    return SUIT_LETTERS.index(t[1]) * RANKS_PER_SUIT + RANK_LETTERS.index(t[0])
