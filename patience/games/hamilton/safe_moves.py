"""Provably safe automatic moves: moves the search plays without trying anything else.

A move ``m`` is *safe* when, for every position ``P`` where the rule fires,
``P'`` = ``m(P)`` is won in at most as many moves as ``P``. The search then
replaces each position by its closure under the safe rules; a winning line
still exists in the reduced search because the shortest winning length
strictly falls along it (see ``docs/solver.md``). Each rule below carries
its argument; ``tests/solver/test_safe_moves.py`` compares searches with and
without the rules on many random positions.

**Hamilton, start-rank cards** (``hamilton_safe_move``): a card of the start
rank on top of a tableau pile goes to an empty foundation. There is always
one: its suit has not started (its first card is this card) and four
foundations serve at most three other suits. Argument: nothing can ever be
placed on a card of the start rank (a tableau card needs a same-colour card
one step above it, and nothing is above the start rank; a group's bottom card
would need the same). So in any line from ``P`` the card ``c`` only ever sits
on top of its pile or under dealt cards. Play the same line from ``P'``,
skipping every move of ``c`` itself: each other move is legal in ``P'``
because it moves the same cards onto the same targets: a target is never
``c``; ``c`` is never in the middle or at the bottom of a moved group (a card
on ``c`` in a run would be one step below the start rank, which is not a
step); when the line moves a group whose top card is ``c`` we move the same
group without ``c`` (same bottom card, same target; to a foundation, onto
``c`` where it already lies); deals land on the same piles; and a start card
of another suit finds an empty foundation as it did (``c``'s suit takes one,
the other three suits at most three). The line from ``P'`` is a subsequence of
the line from ``P`` and ends in the same won position.

**Hamilton, cards no one needs** (also ``hamilton_safe_move``): a card ``c``
of step ``k >= 1`` (``k`` = its place in the cyclic order, 0 for the start
rank) on top of a tableau pile goes onto its suit's foundation when that
holds ``k`` cards and either ``k == 1`` or the other suit of ``c``'s colour
has ``k`` cards or more up. (The cards that could be placed on ``c`` are
the two of its colour one step lower; both are up, or, for ``k == 1``, they
are start-rank cards.) The argument is in ``docs/solver.md``; in short:
(1) from any position there is a shortest winning line that never places a
start-rank card on a tableau card and never takes a card of a colour down
from a foundation while every lower card of that colour is up (replace the
first such move by "to the foundation", or drop it, and skip the card's later
moves, as in the start-rank argument: nothing can be placed on that card
meanwhile, so it is only covered by deals and only ever the top card of a
moved group; by induction on the step, lowest first); (2) in such a line
nothing is ever placed on ``c``, so the same ghost argument lets ``P'`` follow
the line with no more moves.

"""

from __future__ import annotations

from typing import Final

from patience.cards import SUIT
from patience.games.hamilton.rules import IDX, HamiltonState
from patience.rules import FOUNDATION, TABLEAU, Move
from patience.rules import MOVE_TABLE as MOVES

PARTNER: Final = (3, 2, 1, 0)  # the other suit of the same colour: clubs-spades, diamonds-hearts


def hamilton_safe_move(state: HamiltonState) -> Move | None:
    """The first safe Hamilton move: a start-rank card on a pile's top to an empty foundation;
    else a pile's top card onto its suit's foundation when no card could need it (see above)."""
    if state.start == 0:
        return None
    idx = IDX[state.start]
    up = [0, 0, 0, 0]  # cards up per suit
    where = [0, 0, 0, 0]  # the foundation holding each started suit
    empty: int | None = None
    for j, foundation in enumerate(state.foundations):
        if foundation:
            suit = SUIT[foundation[0]]
            up[suit] = len(foundation)
            where[suit] = j
        elif empty is None:
            empty = j
    second: Move | None = None
    for i, pile in enumerate(state.tableau):
        if pile:
            card = pile[-1]
            step = idx[card]
            if step == 0:
                if empty is not None:
                    return MOVES[TABLEAU + i][FOUNDATION + empty][1]
            elif second is None:
                suit = SUIT[card]
                if up[suit] == step and (step == 1 or up[PARTNER[suit]] >= step):  # nobody needs it
                    second = MOVES[TABLEAU + i][FOUNDATION + where[suit]][1]
    return second


def foundation_counts(state: HamiltonState) -> tuple[list[int], bool]:
    """The cards up per suit, and whether a foundation is empty (what :func:`goes_up` and
    :func:`comes_back` need to know of a position's foundations)."""
    up = [0, 0, 0, 0]
    empty = False
    for foundation in state.foundations:
        if foundation:
            up[SUIT[foundation[0]]] = len(foundation)
        else:
            empty = True
    return up, empty


def goes_up(card: int, idx: tuple[int, ...], up: list[int], empty: bool) -> bool:
    """Whether ``card``, once on top of a pile, starts a safe move: the tests of
    :func:`hamilton_safe_move` for one card, with the foundations' ``up`` and ``empty``
    (:func:`foundation_counts`) and ``idx`` = ``IDX[start]``.

    In a position closed under the safe moves, a move between piles leaves the foundations
    alone and shows one new card (the one under the group), and a deal shows the dealt cards:
    only those can start a safe move.

    >>> from patience.games.hamilton.rules import IDX
    >>> goes_up(0, IDX[1], [0, 0, 0, 0], True), goes_up(1, IDX[1], [1, 0, 0, 0], False)
    (True, True)
    """
    step = idx[card]
    if step == 0:
        return empty
    suit = SUIT[card]
    return up[suit] == step and (step == 1 or up[PARTNER[suit]] >= step)


def comes_back(card: int, idx: tuple[int, ...], up: list[int]) -> bool:
    """Whether a card of step ``k`` >= 1 taken down from its foundation starts a safe move, in a
    position closed under the safe moves (after the choice; ``up`` from :func:`foundation_counts`).

    Taking it down leaves its foundation with ``k`` cards and no foundation empty, and lowers
    only its suit's count, so no other card becomes safe; the card itself goes straight back
    up when ``k == 1`` or the other suit of its colour has ``k`` cards or more up. Then the
    move leads back to the position itself (up to which foundation holds the suit): the search
    skips it. Otherwise the position after the move is already closed.
    """
    step = idx[card]
    return step == 1 or up[PARTNER[SUIT[card]]] >= step
