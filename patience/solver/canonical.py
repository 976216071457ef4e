"""Canonical keys: one exact, hashable value per class of interchangeable positions.

Positions with equal keys are the same position up to a symmetry of the rules,
so they are won or lost together and the search visits only one of them.
Keys are exact (the cards themselves, not a hash), so two different classes
never share a key. A Union Square key is only meaningful inside one search: the
stock is identified by how many cards are left in it, since its order never
changes after the root position in Union Square. (Hamilton keys hold the
whole stock and the start rank: before the choice the stock still changes,
and each choice gives its own start rank and stock.)

Symmetries used:

* **Foundations** are identified by suit: which foundation pile holds a suit
  does not matter (any empty foundation takes any suit's first card), and a
  foundation's cards are fixed by its suit and its size. So foundations are
  reduced to four counts, one per suit.
* **Hamilton piles** are interchangeable when no future deal reaches them:
  the deals go to piles 1–7 while the stock has 7 or more cards and the last
  deal of 2 cards goes to piles 1–2. With 2 cards left, piles 3–7 are sorted;
  with none left, all 7 are. With more than 2 cards in the stock every pile
  will receive a different card, so no two piles are interchangeable.
* **Union Square piles**: no card is ever dealt to the tableau after the
  first deal, so all 16 piles are interchangeable and sorted. The two copies
  of a card are already the same ``int``.

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.new(7)
>>> swapped = state._replace(tableau=state.tableau[::-1])
>>> union_square_key(state) == union_square_key(swapped)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from patience.cards import SUIT
from patience.games.hamilton import HamiltonState
from patience.games.union_square import UnionSquareState

LAST_DEAL: Final = 2  # Hamilton's last deal puts 2 cards on piles 1-2
LAST_DEAL_PILES: Final = 2
PRE_CHOICE: Final = "pre-choice"
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


def _counts_bytes(foundations: tuple[tuple[int, ...], ...]) -> bytes:
    counts = bytearray(4)
    for pile in foundations:
        if pile:
            counts[SUIT[pile[0]]] = len(pile)
    return bytes(counts)


def hamilton_key(state: HamiltonState) -> Hashable:
    """Canonical key of a Hamilton position (see the module's text for the symmetries).

    After the choice the key is ``bytes``: the start rank, the four foundation
    counts, the stock's cards, then the piles' cards, with a separator (255)
    after the stock and between piles. Cards are 0-51, so the encoding is
    exact; ``bytes`` also keeps its hash, which makes table look-ups cheap.
    The start rank and the whole stock are in the key because the three
    possible choices of start card lead to different start ranks and stocks
    from the same tableau.
    """
    if state.start == 0:
        # Before the choice the stock's order still changes (the Chooser card goes
        # under it), so the whole position is the key.
        return (PRE_CHOICE, state)
    stock = state.stock
    if not stock:
        piles = sorted(map(bytes, state.tableau))
    else:
        piles = list(map(bytes, state.tableau))
        if len(stock) == LAST_DEAL:
            piles[LAST_DEAL_PILES:] = sorted(piles[LAST_DEAL_PILES:])
    head = [state.start, 0, 0, 0, 0]  # the start rank, then the foundation counts by suit
    for pile in state.foundations:
        if pile:
            head[1 + SUIT[pile[0]]] = len(pile)
    return bytes(head) + bytes(stock) + SEPARATOR + SEPARATOR.join(piles)


def union_square_key(state: UnionSquareState) -> bytes:
    """Canonical key of a Union Square position: piles sorted, foundations by suit.

    ``bytes``: the stock's size, the four foundation counts, the waste's cards,
    a separator, then the sorted piles with a separator between them.
    """
    piles = sorted([bytes(pile) for pile in state.tableau])
    return (bytes((len(state.stock),)) + _counts_bytes(state.foundations) + bytes(state.waste)
            + SEPARATOR + SEPARATOR.join(piles))


def canonical_key(slug: str, state: Any) -> Hashable:
    """The canonical key of ``state`` in the game ``slug``."""
    if slug == "hamilton":
        return hamilton_key(state)
    if slug == "union-square":
        return union_square_key(state)
    raise ValueError(f"no canonical key for game {slug!r}")
