"""Counting Union Square's tableau as runs: how many piles its cards need at the fewest.

Every pile is a *run* (one suit, consecutive ranks, rising or falling), so the fewest piles a set of
cards can lie in is the fewest runs it splits into (:func:`fewest_runs`); the searches of
:mod:`.runs` and :mod:`.loose` are built on this count.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from patience.cards import RANK, SUIT
from patience.games.union_square.rules import (
    FOUNDATION_TURN,
    FULL_FOUNDATION,
    UnionSquareState,
    fits_foundation,
)
from patience.rules import Move

Counts = list[list[int]]  # counts[suit][rank], ranks 1..13, with empty ends at 0 and 14
Answer = tuple[str, tuple[Move, ...]]
SLICE: Final = 64  # positions between two yields of the searches on runs


def rank_counts(tableau: Sequence[tuple[int, ...]]) -> Counts:
    """How many cards of each suit and rank lie in ``tableau``."""
    counts = [[0] * 15 for _ in range(4)]
    for pile in tableau:
        for card in pile:
            counts[SUIT[card]][RANK[card]] += 1
    return counts


def suit_runs(counts: list[int]) -> int:
    """The fewest runs one suit's cards split into: one starts wherever a rank has more copies than below.

    >>> suit_runs([0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])  # A, 2, 2, 3: A-2-3 and 2
    2
    """
    return sum(max(0, counts[r] - counts[r - 1]) for r in range(1, 14))


def fewest_runs(tableau: Sequence[tuple[int, ...]]) -> int:
    """The fewest piles the tableau's cards could lie in, each pile a run."""
    return sum(suit_runs(counts) for counts in rank_counts(tableau))


def added_runs(counts: list[int], rank: int, change: int) -> int:
    """How ``suit_runs`` changes when one card of ``rank`` is added (``change=1``) or taken (``-1``)."""
    below, here, above = counts[rank - 1], counts[rank], counts[rank + 1]
    after = here + change
    return (max(0, after - below) - max(0, here - below)) + (max(0, above - after) - max(0, above - here))


def foundation_of(state: UnionSquareState, card: int) -> int | None:
    """The foundation ``card`` may go to now, or ``None``."""
    for j, foundation in enumerate(state.foundations):
        if fits_foundation(card, foundation, state.foundations):
            return j
    return None


def wanted_card(foundation: tuple[int, ...], suit: int) -> int | None:
    """The card of ``suit`` a foundation holding these cards takes next (A up to K, K, down to A)."""
    n = len(foundation)
    if n >= FULL_FOUNDATION:
        return None
    if n < FOUNDATION_TURN:
        return suit * 13 + n
    if n == FOUNDATION_TURN:
        return suit * 13 + 12
    return suit * 13 + (FULL_FOUNDATION - n) - 1



def foundation_sizes(state: UnionSquareState) -> tuple[int, ...]:
    """The sizes of the four suits' foundations, by suit."""
    sizes = [0, 0, 0, 0]
    for foundation in state.foundations:
        if foundation:
            sizes[SUIT[foundation[0]]] = len(foundation)
    return tuple(sizes)



def piles_are_runs(state: UnionSquareState) -> bool:
    """Whether every pile is a run (always so in play; a typed-in position may differ)."""
    for pile in state.tableau:
        if len(pile) < 2:
            continue
        step = RANK[pile[1]] - RANK[pile[0]]
        if step not in (1, -1):
            return False
        for below, above in pairwise(pile):
            if SUIT[above] != SUIT[below] or RANK[above] - RANK[below] != step:
                return False
    return True
