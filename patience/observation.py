"""What the player sees: a position with the cards never shown masked, and the cards not yet seen.

Every game that offers fair play declares, when its kit is registered, an
``observe(state, played)`` that builds an :class:`Observation` and a
``complete(observation, cards)`` that deals cards into the hidden places to
make a full position again (:class:`patience.kit.Observing`).
:mod:`patience.analysis.fair` draws the cards' order at random.

>>> seen = Observation("toy", table=(5, HIDDEN, HIDDEN), hidden=(("stock", 2),), unseen=(7, 9))
>>> seen.hidden_in("stock"), seen.hidden_in("waste"), seen.hidden_total
(2, 0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

#: Stands in an observation's ``table`` for a card the player has not seen (cards are 0-51).
HIDDEN: Final = -2


@dataclass(frozen=True)
class Observation:
    """The player's view of a position.

    ``table`` is the game's own position with every card the player has not
    seen replaced by :data:`HIDDEN` (face-up cards stay where they lie);
    ``hidden`` the number of hidden cards in each place that holds some
    (``("stock", 24)``); ``unseen`` the cards not yet seen, sorted: a
    multiset, so Union Square's two copies of a card both appear. Two
    positions that differ only in the order of the cards the player has not
    seen give equal observations.
    """

    game: str
    table: Any
    hidden: tuple[tuple[str, int], ...]
    unseen: tuple[int, ...]

    def hidden_in(self, place: str) -> int:
        """How many hidden cards lie in ``place`` (``stock``, ``waste``…)."""
        return sum(count for name, count in self.hidden if name == place)

    @property
    def hidden_total(self) -> int:
        """How many cards are hidden in all."""
        return sum(count for _name, count in self.hidden)


def masked(cards: Sequence[int], known: int) -> tuple[int, ...]:
    """A pile whose last ``known`` cards the player has seen, the others masked as :data:`HIDDEN`.

    >>> masked((4, 8, 15, 16), known=1)
    (-2, -2, -2, 16)
    """
    shown = min(known, len(cards))
    return (HIDDEN,) * (len(cards) - shown) + tuple(cards[len(cards) - shown:])


def filled(cards: Sequence[int], deal: Sequence[int]) -> tuple[int, ...]:
    """A masked pile with its :data:`HIDDEN` places filled by ``deal``, in order (all of ``deal`` used).

    >>> filled((-2, -2, 16), (4, 8))
    (4, 8, 16)
    """
    places = sum(1 for card in cards if card == HIDDEN)
    if places != len(deal):
        raise ValueError(f"{len(deal)} cards for {places} hidden places")
    fill = iter(deal)
    return tuple(next(fill) if card == HIDDEN else card for card in cards)
