"""Canonical keys: one exact, hashable value per class of interchangeable positions.

Positions with equal keys are the same position up to a symmetry of the rules,
so they are won or lost together and the search visits only one of them.
Keys are exact (the cards themselves, not a hash), so two different classes
never share a key. Each game's kit says which symmetries it has (its
``Search.key``, :mod:`.api`); this module holds the parts the games share, such as
foundations identified by suit (any empty foundation takes any suit's first
card, and a foundation's cards are fixed by its suit and its size).

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.new(7)
>>> canonical_key(game, state) == canonical_key(game, state._replace(tableau=state.tableau[::-1]))
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final, TypeVar

from patience.cards import SUIT
from patience.rules import Game, State
from patience.solver.api import search_of

S = TypeVar("S", bound=State)

SEPARATOR: Final = b"\xff"


def foundation_counts(foundations: tuple[tuple[int, ...], ...]) -> tuple[int, int, int, int]:
    """Cards on the foundations per suit (clubs, diamonds, hearts, spades).

    >>> foundation_counts(((), (13, 14), (), (0,)))
    (1, 2, 0, 0)
    """
    counts = [0, 0, 0, 0]
    for pile in foundations:
        if pile:
            counts[SUIT[pile[0]]] = len(pile)
    return (counts[0], counts[1], counts[2], counts[3])


def counts_bytes(foundations: tuple[tuple[int, ...], ...]) -> bytes:
    """:func:`foundation_counts` as four bytes (part of a ``bytes`` key).

    >>> counts_bytes(((), (13, 14), (), (0,)))
    b'\\x01\\x02\\x00\\x00'
    """
    counts = bytearray(4)
    for pile in foundations:
        if pile:
            counts[SUIT[pile[0]]] = len(pile)
    return bytes(counts)


def canonical_key(game: Game[S], state: S) -> Hashable:
    """The canonical key of ``state`` in ``game`` (its search knowledge's key)."""
    return search_of(game).key(state)
