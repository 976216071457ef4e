"""Numbered deals and deck strings.

A numbered deal is reproducible by any program: start from the ordered deck
(clubs, diamonds, hearts, spades, each Ace to King; Union Square repeats that
52-card order twice), then run a Fisher-Yates shuffle driven by SplitMix64
seeded with the deal number:

* ``state = deal``; each draw adds ``0x9E3779B97F4A7C15`` to ``state``
  (mod 2**64) and returns ``z = state``, mixed as
  ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``,
  ``z = (z ^ z >> 27) * 0x94D049BB133111EB``, ``z ^ z >> 31`` (all mod 2**64).
* for ``i`` from ``n - 1`` down to ``1``: ``j = draw() % (i + 1)``, swap
  ``deck[i]`` and ``deck[j]``.
* The result is in dealing order: ``deck[0]`` is dealt first.

>>> deck = shuffled_deck(1, copies=1)
>>> len(deck), len(set(deck))
(52, 52)
>>> parse_deck(deck_text(deck), copies=1) == deck
True
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from patience.cards import DECK_SIZE, Card, CardError, card_text, parse_card
from patience.errors import InvalidDealError
from patience.i18n import _

MIN_DEAL: Final = 1
MAX_DEAL: Final = 2**32 - 1

_MASK64: Final = 2**64 - 1
_GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15


class SplitMix64:
    """The documented generator behind numbered deals.

    >>> SplitMix64(0).next()
    16294208416658607535
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


def ordered_deck(copies: int) -> tuple[Card, ...]:
    """Clubs, diamonds, hearts, spades, Ace to King, ``copies`` times over."""
    return tuple(range(DECK_SIZE)) * copies


def check_deal_number(deal: int) -> int:
    """Return ``deal`` if it is a valid deal number, else raise :class:`InvalidDealError`."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not MIN_DEAL <= deal <= MAX_DEAL:
        raise InvalidDealError(_("deal number must be from {low} to {high}, not {deal!r}").format(
            low=MIN_DEAL, high=MAX_DEAL, deal=deal))
    return deal


def shuffled_deck(deal: int, copies: int) -> tuple[Card, ...]:
    """The deck of numbered ``deal``, in dealing order."""
    check_deal_number(deal)
    deck = list(ordered_deck(copies))
    rng = SplitMix64(deal)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deck_text(deck: tuple[Card, ...]) -> str:
    """Cards separated by single spaces, first dealt first."""
    return " ".join(card_text(c) for c in deck)


def parse_deck(text: str, copies: int) -> tuple[Card, ...]:
    """Parse a deck string that must hold every card exactly ``copies`` times.

    >>> parse_deck("AS 2S", copies=1)
    Traceback (most recent call last):
    ...
    patience.errors.InvalidDealError: deck has 2 cards, expected 52
    """
    words = text.split()
    expected = DECK_SIZE * copies
    cards: list[Card] = []
    for position, word in enumerate(words, start=1):
        try:
            cards.append(parse_card(word))
        except CardError:
            raise InvalidDealError(_("card {position} of the deck, {word!r}, is not a card").format(
                position=position, word=word)) from None
    if len(cards) != expected:
        raise InvalidDealError(_("deck has {count} cards, expected {expected}").format(
            count=len(cards), expected=expected))
    counts = Counter(cards)
    extra = sorted(c for c, n in counts.items() if n > copies)
    if extra:
        names = ", ".join(card_text(c) for c in extra)
        if copies == 1:
            raise InvalidDealError(_("deck has {names} more than once").format(names=names))
        raise InvalidDealError(
            _("deck has {names} more than {copies} times").format(names=names, copies=copies))
    return tuple(cards)
