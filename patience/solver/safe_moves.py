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

**Union Square, second half of a foundation** (``union_square_safe_move``):
a card that fits a foundation holding 13 or more cards (the second King, or
the next card down) goes up. Argument: let the foundation of suit ``s`` hold
``A…K, K…r`` and ``c`` be the next card (rank ``r-1``, or the second King).
Every rank from ``r`` up then has both copies on the foundation and every
rank of the descending part has its other copy in the ascending part. Follow
any line from ``P``, keeping a set ``G`` of "ghost" cards of suit ``s`` that
are in the tableau (or, for ``c`` at first, the waste) in the line but
already on the foundation in our simulation, in foundation order after the
line's foundation top. Cards only ever go onto a ghost card if they are the
next card down after all the ghosts (both copies of higher ranks are on the
simulated foundation, and the other copy of a ghost rank is in the ascending
part), so we send such a card up at once and it joins ``G``. Moves of ghost
cards are skipped (a ghost going to the foundation is the next one in order,
so the foundations agree again). Every other move touches the same top cards
and targets in both (a pile whose top is not a ghost has no ghost in it, since
a ghost is only ever covered by ghosts; the waste's top non-ghost card is the
same). So each move of the line maps to at most one move of ours, and the
line's won position is ours.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from patience.cards import SUIT
from patience.games.hamilton import IDX, HamiltonState
from patience.games.union_square import UnionSquareState
from patience.rules import FOUNDATION, TABLEAU, WASTE, Game, Move

PARTNER: Final = (3, 2, 1, 0)  # the other suit of the same colour: clubs-spades, diamonds-hearts
US_TURN: Final = 13
US_FULL: Final = 26
MAX_CLOSURE: Final = 200  # more safe moves than cards in play would be a bug


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
        if not pile:
            continue
        card = pile[-1]
        step = idx[card]
        if step == 0:
            if empty is not None:
                return Move(TABLEAU + i, FOUNDATION + empty, 1)
            continue
        suit = SUIT[card]
        if second is None and _nobody_needs(step, suit, up):
            second = Move(TABLEAU + i, FOUNDATION + where[suit], 1)
    return second


def _nobody_needs(step: int, suit: int, up: list[int]) -> bool:
    """The "cards no one needs go up" test for a card of ``step`` ≥ 1; ``up`` holds the cards up per suit."""
    return up[suit] == step and (step == 1 or up[PARTNER[suit]] >= step)


def one_card_tests(state: HamiltonState) -> tuple[Callable[[int], bool], Callable[[int], bool]]:
    """Two tests with the foundations of ``state`` (after the choice, closed under the safe moves).

    ``goes_up(card)``: whether a card, once on top of a pile, starts a safe move
    (the same tests as :func:`hamilton_safe_move`, for one card).

    ``comes_back(card)``: whether a card of step ``k`` ≥ 1 taken down from a
    foundation starts a safe move. Taking it down leaves its foundation with
    ``k`` cards and no foundation empty, and lowers only its suit's count, so
    no other card becomes safe; the card itself goes straight back up when
    ``k == 1`` or the other suit of its colour has ``k`` cards or more up. Then
    the move leads back to ``state`` (up to which foundation holds the suit):
    the search skips it. Otherwise the position after the move is already closed.
    """
    idx = IDX[state.start]
    up = [0, 0, 0, 0]
    empty = False
    for foundation in state.foundations:
        if foundation:
            up[SUIT[foundation[0]]] = len(foundation)
        else:
            empty = True

    def goes_up(card: int) -> bool:
        step = idx[card]
        return empty if step == 0 else _nobody_needs(step, SUIT[card], up)

    def comes_back(card: int) -> bool:
        step = idx[card]
        return step == 1 or up[PARTNER[SUIT[card]]] >= step

    return goes_up, comes_back


def union_square_safe_move(state: UnionSquareState) -> Move | None:
    """A top card that fits a foundation already holding 13 cards or more."""
    fits: dict[int, int] = {}  # card that goes up -> foundation index
    for j, foundation in enumerate(state.foundations):
        n = len(foundation)
        if US_TURN <= n < US_FULL:
            top = foundation[-1]
            wanted = top if n == US_TURN else top - 1  # the second King, or one rank down
            fits[wanted] = j
    if not fits:
        return None
    if state.waste and state.waste[-1] in fits:
        return Move(WASTE, FOUNDATION + fits[state.waste[-1]], 1)
    for i, pile in enumerate(state.tableau):
        if pile and pile[-1] in fits:
            return Move(TABLEAU + i, FOUNDATION + fits[pile[-1]], 1)
    return None


def safe_move(slug: str, state: Any) -> Move | None:
    """The next safe move of ``state`` in game ``slug``, or ``None``."""
    if slug == "hamilton":
        return hamilton_safe_move(state)
    if slug == "union-square":
        return union_square_safe_move(state)
    return None


def safe_closure(game: Game[Any], state: Any) -> tuple[tuple[Move, ...], Any]:
    """Play safe moves until none is left; return them and the position reached.

    Each safe move is played with the engine's checked :meth:`Game.apply`.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> full = ",".join(r + "{s}" for r in "A23456789TJQK")
    >>> state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
    ...     "f=-;" + ";".join(full.replace("{s}", s) for s in "CDS") +
    ...     " t=KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H,AH;-;-;-;-;-;-")
    >>> moves, after = safe_closure(game, state)
    >>> len(moves), game.is_won(after)
    (13, True)
    """
    moves: list[Move] = []
    slug = game.slug
    move = safe_move(slug, state)
    while move is not None:
        state = game.apply(state, move)
        moves.append(move)
        if len(moves) > MAX_CLOSURE:
            raise RuntimeError("safe moves do not terminate")
        move = safe_move(slug, state)
    return tuple(moves), state
