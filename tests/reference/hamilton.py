"""Hamilton, written again from docs/rules.md alone: slow, plain and easy to check by eye.

Nothing here comes from ``patience/games/``; the only things shared with the
engine are the card numbering (``patience.cards``) and the move text.

A position is a :class:`HamiltonPosition` of plain mutable lists. Moves are
their text (``s``, ``c-f1``, ``t3-f2x2``, ``t3-t5x2``, ``f1-t4``).

>>> position = deal_position([*range(52)])
>>> sorted(moves(position))
['s']
>>> position = apply(position, "s")
>>> sorted(moves(position))
['c-f1', 'c-f2', 'c-f3', 'c-f4', 's']
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from patience.cards import RED, card_text, rank, suit

TABLEAU_PILES = 7
FOUNDATION_COUNT = 4
FULL_FOUNDATION = 13
STOCK_CLICKS_TO_CHOOSE = 3


@dataclass
class HamiltonPosition:
    """Everything on the table.

    ``tableau`` and ``foundations`` list cards bottom first (the last one is
    on top); ``stock`` lists cards top first (the first one is turned next).
    ``chooser`` is the card in the Chooser or ``None``; ``start_rank`` is
    ``None`` until a Start card has been chosen.
    """

    tableau: list[list[int]] = field(default_factory=lambda: [[] for _ in range(TABLEAU_PILES)])
    foundations: list[list[int]] = field(default_factory=lambda: [[] for _ in range(FOUNDATION_COUNT)])
    stock: list[int] = field(default_factory=list)
    chooser: int | None = None
    choices_left: int = STOCK_CLICKS_TO_CHOOSE
    start_rank: int | None = None

    def describe(self) -> str:
        """The position in card text, for failure messages."""
        def pile(cards: list[int]) -> str:
            return ",".join(card_text(c) for c in cards) or "-"
        chooser = "-" if self.chooser is None else card_text(self.chooser)
        return (f"start={self.start_rank} choices={self.choices_left} chooser={chooser} "
                f"stock={pile(self.stock)} f={';'.join(pile(f) for f in self.foundations)} "
                f"t={';'.join(pile(t) for t in self.tableau)}")


def deal_position(deck: list[int]) -> HamiltonPosition:
    """The dealt position of a deck in dealing order (docs/rules.md, "The deal").

    Row r (r = 0…6) puts one card on each of piles r…6; the other 24 cards
    are the stock, the 29th card of the deck on top.
    """
    assert len(deck) == 52
    position = HamiltonPosition()
    cards = list(deck)
    for row in range(TABLEAU_PILES):
        for pile in range(row, TABLEAU_PILES):
            position.tableau[pile].append(cards.pop(0))
    position.stock = cards
    return position


# --- the cyclic order ---------------------------------------------------------

def idx(position: HamiltonPosition, card: int) -> int:
    """Place of a card in the cyclic order from the start rank: 0 for the start rank, 12 below it."""
    assert position.start_rank is not None
    return (rank(card) - position.start_rank) % 13


def same_colour(a: int, b: int) -> bool:
    """Both red or both black."""
    return RED[a] == RED[b]


def goes_on_tableau_card(position: HamiltonPosition, card: int, top: int) -> bool:
    """Tableau builds down by colour: same colour and idx(top) = idx(card) + 1."""
    return same_colour(card, top) and idx(position, top) == idx(position, card) + 1


def goes_on_foundation(position: HamiltonPosition, card: int, foundation: list[int]) -> bool:
    """An empty foundation takes the start rank; otherwise the next card of the same suit."""
    if not foundation:
        return idx(position, card) == 0
    top = foundation[-1]
    return suit(card) == suit(top) and idx(position, card) == idx(position, top) + 1


def movable_group_sizes(position: HamiltonPosition, pile: list[int]) -> list[int]:
    """Sizes of the groups that may be lifted from a tableau pile: 1 up to its same-suit run.

    A run is top cards of one suit, each one step lower than the card under it.
    """
    if not pile:
        return []
    size = 1
    while size < len(pile):
        over = pile[-size]
        under = pile[-size - 1]
        if suit(under) == suit(over) and idx(position, under) == idx(position, over) + 1:
            size += 1
        else:
            break
    return list(range(1, size + 1))


# --- move text ----------------------------------------------------------------

def move_text(source: str, target: str, count: int = 1) -> str:
    """``t3-t5x2`` style text."""
    return f"{source}-{target}" if count == 1 else f"{source}-{target}x{count}"


def tableau_name(i: int) -> str:
    """``t1`` … ``t7``."""
    return f"t{i + 1}"


def foundation_name(i: int) -> str:
    """``f1`` … ``f4``."""
    return f"f{i + 1}"


# --- legal moves --------------------------------------------------------------

def moves(position: HamiltonPosition) -> set[str]:
    """Every legal move, as text (the move identity of docs/formats.md)."""
    result: set[str] = set()
    if position.start_rank is None:
        # Choosing the Start card: nothing else exists yet.
        if position.choices_left > 0:
            result.add("s")
        if position.chooser is not None:
            for f in range(FOUNDATION_COUNT):
                result.add(move_text("c", foundation_name(f)))
        return result

    if position.stock:
        result.add("s")

    for t, pile in enumerate(position.tableau):
        for count in movable_group_sizes(position, pile):
            group = pile[-count:]
            exposed = group[-1]  # the top card: it lands on the foundation first
            for f, foundation in enumerate(position.foundations):
                if goes_on_foundation(position, exposed, foundation):
                    result.add(move_text(tableau_name(t), foundation_name(f), count))
            bottom = group[0]  # the card that lands on the target pile
            for target, target_pile in enumerate(position.tableau):
                if target == t:
                    continue
                if not target_pile or goes_on_tableau_card(position, bottom, target_pile[-1]):
                    result.add(move_text(tableau_name(t), tableau_name(target), count))

    for f, foundation in enumerate(position.foundations):
        if not foundation:
            continue
        card = foundation[-1]
        for target, target_pile in enumerate(position.tableau):
            if not target_pile or goes_on_tableau_card(position, card, target_pile[-1]):
                result.add(move_text(foundation_name(f), tableau_name(target)))
    return result


# --- making a move ------------------------------------------------------------

def _pile_index(name: str) -> int:
    return int(name[1:]) - 1


def apply(position: HamiltonPosition, move: str) -> HamiltonPosition:
    """The position after a legal move; the input is left as it was."""
    assert move in moves(position), f"{move} is not legal in {position.describe()}"
    after = copy.deepcopy(position)
    if move == "s":
        if after.start_rank is None:
            after.choices_left -= 1
            if after.chooser is not None:
                after.stock.append(after.chooser)  # face down to the bottom of the stock
            after.chooser = after.stock.pop(0)
        else:
            for pile in after.tableau:  # one card on each pile, left to right, while cards last
                if after.stock:
                    pile.append(after.stock.pop(0))
        return after

    pair, _, times = move.partition("x")
    count = int(times) if times else 1
    source, target = pair.split("-")
    if source == "c":
        assert after.chooser is not None
        after.foundations[_pile_index(target)].append(after.chooser)
        after.start_rank = rank(after.chooser)
        after.chooser = None
        after.choices_left = 0  # choosing has ended
        return after

    if source[0] == "t":
        pile = after.tableau[_pile_index(source)]
        group = pile[-count:]
        del pile[-count:]
    else:
        foundation = after.foundations[_pile_index(source)]
        group = [foundation.pop()]

    if target[0] == "f":
        after.foundations[_pile_index(target)].extend(reversed(group))  # top card lands first
    else:
        after.tableau[_pile_index(target)].extend(group)
    return after


def score(position: HamiltonPosition) -> int:
    """Cards on the foundations."""
    return sum(len(f) for f in position.foundations)


def all_cards(position: HamiltonPosition) -> list[int]:
    """Every card on the table, wherever it is."""
    cards = [c for pile in position.tableau for c in pile]
    cards += [c for pile in position.foundations for c in pile]
    cards += position.stock
    if position.chooser is not None:
        cards.append(position.chooser)
    return cards
