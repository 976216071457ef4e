"""Union Square, written again from docs/rules.md alone: slow, plain and easy to check by eye.

Nothing here comes from ``patience/games/``; the only things shared with the
engine are the card numbering (``patience.cards``) and the move text.

A position is a :class:`UnionSquarePosition` of plain mutable lists. Moves
are their text (``s``, ``w-t12``, ``t3-f1``, ``t3-t5``).

>>> position = deal_position([*range(52)] * 2)
>>> sorted(m for m in moves(position) if m.startswith("t1-"))  # the Ace of clubs
['t1-f1', 't1-f2', 't1-f3', 't1-f4', 't1-t2']
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from patience.cards import KING, card_text, rank, suit

TABLEAU_PILES = 16
FOUNDATION_COUNT = 4
HALF_FOUNDATION = 13  # Ace up to King
FULL_FOUNDATION = 26  # then the second King down to Ace


@dataclass
class UnionSquarePosition:
    """Everything on the table.

    ``tableau``, ``foundations`` and ``waste`` list cards bottom first (the
    last one is on top); ``stock`` lists cards top first.
    """

    tableau: list[list[int]] = field(default_factory=lambda: [[] for _ in range(TABLEAU_PILES)])
    foundations: list[list[int]] = field(default_factory=lambda: [[] for _ in range(FOUNDATION_COUNT)])
    stock: list[int] = field(default_factory=list)
    waste: list[int] = field(default_factory=list)

    def describe(self) -> str:
        """The position in card text, for failure messages."""
        def pile(cards: list[int]) -> str:
            return ",".join(card_text(c) for c in cards) or "-"
        return (f"stock={pile(self.stock)} waste={pile(self.waste)} "
                f"f={';'.join(pile(f) for f in self.foundations)} "
                f"t={';'.join(pile(t) for t in self.tableau)}")


def deal_position(deck: list[int]) -> UnionSquarePosition:
    """The dealt position: one card on each of the 16 piles, the other 88 in the stock."""
    assert len(deck) == 104
    position = UnionSquarePosition()
    for pile in range(TABLEAU_PILES):
        position.tableau[pile].append(deck[pile])
    position.stock = list(deck[TABLEAU_PILES:])
    return position


# --- where a card may go ------------------------------------------------------

def goes_on_tableau(card: int, pile: list[int]) -> bool:
    """Empty takes anything; one card takes same suit ±1; longer piles keep their direction."""
    if not pile:
        return True
    top = pile[-1]
    if suit(card) != suit(top):
        return False
    if len(pile) == 1:
        return rank(card) in (rank(top) + 1, rank(top) - 1)
    under = pile[-2]
    if rank(top) == rank(under) + 1:  # rising
        return rank(card) == rank(top) + 1
    if rank(top) == rank(under) - 1:  # falling
        return rank(card) == rank(top) - 1
    raise AssertionError(f"pile {[card_text(c) for c in pile]} has no direction")


def goes_on_foundation(position: UnionSquarePosition, card: int, f: int) -> bool:
    """A to K, the second K, then K down to A, one suit per foundation."""
    foundation = position.foundations[f]
    if not foundation:
        begun = {suit(other[0]) for other in position.foundations if other}
        return rank(card) == 1 and suit(card) not in begun
    top = foundation[-1]
    if suit(card) != suit(top) or len(foundation) >= FULL_FOUNDATION:
        return False
    if len(foundation) < HALF_FOUNDATION:
        return rank(card) == rank(top) + 1
    if len(foundation) == HALF_FOUNDATION:
        return rank(card) == KING
    return rank(card) == rank(top) - 1


# --- legal moves --------------------------------------------------------------

def available_cards(position: UnionSquarePosition) -> list[tuple[str, int]]:
    """(source name, card) for each card that may move: the waste top and each tableau top."""
    sources: list[tuple[str, int]] = []
    if position.waste:
        sources.append(("w", position.waste[-1]))
    for t, pile in enumerate(position.tableau):
        if pile:
            sources.append((f"t{t + 1}", pile[-1]))
    return sources


def moves(position: UnionSquarePosition) -> set[str]:
    """Every legal move, as text (the move identity of docs/formats.md). Only single cards move."""
    result: set[str] = set()
    if position.stock:
        result.add("s")
    for source, card in available_cards(position):
        for f in range(FOUNDATION_COUNT):
            if goes_on_foundation(position, card, f):
                result.add(f"{source}-f{f + 1}")
        for t, pile in enumerate(position.tableau):
            target = f"t{t + 1}"
            if target != source and goes_on_tableau(card, pile):
                result.add(f"{source}-{target}")
    return result


# --- making a move ------------------------------------------------------------

def apply(position: UnionSquarePosition, move: str) -> UnionSquarePosition:
    """The position after a legal move; the input is left as it was."""
    assert move in moves(position), f"{move} is not legal in {position.describe()}"
    after = copy.deepcopy(position)
    if move == "s":
        after.waste.append(after.stock.pop(0))
        return after
    source, target = move.split("-")
    if source == "w":
        card = after.waste.pop()
    else:
        card = after.tableau[int(source[1:]) - 1].pop()
    if target[0] == "f":
        after.foundations[int(target[1:]) - 1].append(card)
    else:
        after.tableau[int(target[1:]) - 1].append(card)
    return after


def score(position: UnionSquarePosition) -> int:
    """Cards on the foundations."""
    return sum(len(f) for f in position.foundations)


def all_cards(position: UnionSquarePosition) -> list[int]:
    """Every card on the table, wherever it is."""
    cards = [c for pile in position.tableau for c in pile]
    cards += [c for pile in position.foundations for c in pile]
    return cards + position.stock + position.waste
