"""What the solver knows of Union Square: canonical keys, the safe move, values, macro moves, runs.

**Canonical keys.** No card is ever dealt to the tableau after the first deal,
so all 16 piles are interchangeable and sorted; foundations are identified by
suit. The stock is identified by how many cards are left in it, since its
order never changes after the root: a key is only meaningful inside one search.
The two copies of a card are already the same ``int``.

**The stock (partial-order reduction, macro moves).** Turning a stock card
changes nothing but the waste's top card, so a tableau move played right
after a click could have been played just before it. The search's moves are
the tableau and waste moves, plus for each ``k`` the macro "click ``k``
times, then move the new waste card", in batches of increasing ``k``.

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

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.new(7)
>>> swapped = state._replace(tableau=state.tableau[::-1])
>>> union_square_key(state) == union_square_key(swapped)
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from patience.cards import ACE, KING, RANK, SUIT
from patience.games.union_square.rules import (
    FOUNDATION_TURN,
    FULL_FOUNDATION,
    UnionSquareGame,
    UnionSquareState,
)
from patience.games.union_square.runs import piles_are_runs, relaxed_search, run_search
from patience.kit import SearchKit
from patience.rules import FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, WASTE, Game, Move
from patience.solver.api import NO_MORE, Child, Expanding, KitCache, Known, Steps, Take, in_any
from patience.solver.canonical import SEPARATOR, counts_bytes
from patience.solver.tuning import shares_from_env, streamline_from_env, weight

#: A child of a position (:data:`patience.solver.api.Child`) in this game.
UnionSquareChild = Child[UnionSquareState]

W_US_UP: Final = weight("W_US_UP", 10.0)
W_US_EMPTY: Final = weight("W_US_EMPTY", 1.0)
W_WASTE: Final = weight("W_WASTE", 4.0)
W_US_STOCK: Final = weight("W_US_STOCK", 0.5)
MACRO_BATCH: Final = int(weight("MACRO_BATCH", 6))


def union_square_key(state: UnionSquareState) -> bytes:
    """Canonical key of a Union Square position: piles sorted, foundations by suit.

    ``bytes``: the stock's size, the four foundation counts, the waste's cards,
    a separator, then the sorted piles with a separator between them.
    """
    piles = sorted([bytes(pile) for pile in state.tableau])
    return (bytes((len(state.stock),)) + counts_bytes(state.foundations) + bytes(state.waste)
            + SEPARATOR + SEPARATOR.join(piles))


def union_square_safe_move(state: UnionSquareState) -> Move | None:
    """A top card that fits a foundation already holding 13 cards or more."""
    fits: dict[int, int] = {}  # card that goes up -> foundation index
    for j, foundation in enumerate(state.foundations):
        n = len(foundation)
        if FOUNDATION_TURN <= n < FULL_FOUNDATION:
            top = foundation[-1]
            wanted = top if n == FOUNDATION_TURN else top - 1  # the second King, or one rank down
            fits[wanted] = j
    if not fits:
        return None
    if state.waste and state.waste[-1] in fits:
        return Move(WASTE, FOUNDATION + fits[state.waste[-1]], 1)
    for i, pile in enumerate(state.tableau):
        if pile and pile[-1] in fits:
            return Move(TABLEAU + i, FOUNDATION + fits[pile[-1]], 1)
    return None


def union_square_children(expand: Expanding[UnionSquareState], state: UnionSquareState, first: int,
                          last: int | None, known: Known) -> tuple[list[tuple[float, UnionSquareChild]], int]:
    game = expand.game
    seen: set[Hashable] = set()
    out: list[tuple[float, UnionSquareChild]] = []

    def add(moves: tuple[Move, ...], child: UnionSquareState) -> None:
        moves, child = expand.finish(moves, child)
        key = expand.key(child)
        if key in seen or in_any(key, known):
            return
        seen.add(key)
        out.append((union_square_value(child), (moves, child, key)))

    if first == 0:
        for move in game.legal_moves(state):
            if move.src != STOCK:
                add((move,), game.apply_legal(state, move))
    stock = state.stock
    first_k = max(first, 1)
    last_k = len(stock) if last is None else min(last, len(stock))
    if first_k > last_k:
        return out, NO_MORE
    targets, empty_target = waste_targets(state)
    turned = state
    clicks = 0
    legal: dict[tuple[int, int], bool] = {}  # a waste move's legality depends on the card only
    for k in range(first_k, last_k + 1):
        card = stock[k - 1]
        dsts = targets.get(card, ())
        if empty_target is not None:
            dsts = (*dsts, empty_target)
        if not dsts:
            continue
        while clicks < k:
            turned = game.apply_legal(turned, STOCK_MOVE)
            clicks += 1
        for dst in dsts:
            move = Move(WASTE, dst, 1)
            ok = legal.get((card, dst))
            if ok is None:
                ok = legal[(card, dst)] = game.is_legal(turned, move)
            if ok:
                add((STOCK_MOVE,) * k + (move,), game.apply_legal(turned, move))
    return out, (last_k + 1 if last_k < len(stock) else NO_MORE)




def waste_targets(state: UnionSquareState) -> tuple[dict[int, tuple[int, ...]], int | None]:
    """Where each card might go from the waste (a superset the engine then checks), and an empty pile.

    A pile's top takes only its suit one rank up or down; each foundation takes
    one card; only the first empty pile and the first empty foundation are
    offered, since the others give the same canonical position.
    """
    targets: dict[int, list[int]] = {}
    empty_target: int | None = None
    for i, pile in enumerate(state.tableau):
        if not pile:
            if empty_target is None:
                empty_target = TABLEAU + i
            continue
        top = pile[-1]
        rank = RANK[top]
        if rank > ACE:
            targets.setdefault(top - 1, []).append(TABLEAU + i)
        if rank < KING:
            targets.setdefault(top + 1, []).append(TABLEAU + i)
    started = set()
    first_empty_foundation: int | None = None
    for j, foundation in enumerate(state.foundations):
        n = len(foundation)
        if n == 0:
            if first_empty_foundation is None:
                first_empty_foundation = FOUNDATION + j
            continue
        top = foundation[-1]
        started.add(SUIT[top])
        if n < FOUNDATION_TURN:
            wanted = top + 1
        elif n == FOUNDATION_TURN:
            wanted = top  # the second King
        else:
            wanted = top - 1 if n < FULL_FOUNDATION else -1
        if wanted >= 0:
            targets.setdefault(wanted, []).append(FOUNDATION + j)
    if first_empty_foundation is not None:
        for suit in range(4):
            if suit not in started:
                targets.setdefault(suit * 13, []).append(first_empty_foundation)  # its Ace
    return {card: tuple(dsts) for card, dsts in targets.items()}, empty_target


def macro_bound(state: UnionSquareState, first: int) -> float:
    """A hopeful value for the children of the macros from ``first`` clicks on (for best-first)."""
    return union_square_value(state) + W_US_UP - (W_WASTE - W_US_STOCK) * (first - 1)


def union_square_value(state: UnionSquareState) -> float:
    """Heuristic worth of a Union Square position: cards up and empty piles for, waiting cards against."""
    up = 0
    for foundation in state.foundations:
        up += len(foundation)
    empty = 0
    for pile in state.tableau:
        if not pile:
            empty += 1
    return W_US_UP * up + W_US_EMPTY * empty - W_WASTE * len(state.waste) - W_US_STOCK * len(state.stock)


class UnionSquareSearch(SearchKit[UnionSquareState]):
    """Union Square's search knowledge; PATIENCE_SOLVER_SHARES_UNION_SQUARE overrides the shares."""

    shares = shares_from_env("UNION_SQUARE", (3, 1, 0))
    streamline_first = streamline_from_env("UNION_SQUARE", 0.0)
    position_bytes = 1300  # measured: peak resident size over positions held, long searches

    def key(self, state: UnionSquareState) -> Hashable:
        return union_square_key(state)

    def safe_move(self, state: UnionSquareState) -> Move | None:
        return union_square_safe_move(state)

    def value(self, game: Game[UnionSquareState], state: UnionSquareState, cache: KitCache) -> float:
        return union_square_value(state)

    def children(self, expand: Expanding[UnionSquareState], state: UnionSquareState, first: int,
                 last: int | None, known: Known,
                 closed: bool) -> tuple[list[tuple[float, UnionSquareChild]], int]:
        return union_square_children(expand, state, first, last, known)

    def batch_end(self, first: int) -> int | None:
        return max(first, 1) + MACRO_BATCH - 1

    def bound(self, state: UnionSquareState, first: int) -> float:
        return macro_bound(state, first)

    def looser(self, game: Game[UnionSquareState], state: UnionSquareState,
               take: Take, lost: dict[Hashable, None] | None = None) -> Sequence[tuple[Steps, bool]]:
        """The tableau seen as runs (:mod:`.runs`): first the looser game, whose loss is a proof
        (``lost``: its positions proven lost before, see :func:`.relaxed_search`); then the search
        over fewest-run positions keeping one pile empty, then with none (their wins are wins;
        their running out proves nothing)."""
        if not piles_are_runs(state):
            return ()
        return [
            (relaxed_search(state, take, lost=lost), True),
            (run_search(game, state, take, spare=1), False),
            (run_search(game, state, take, spare=0), False),
        ]


def new_game() -> UnionSquareGame:
    """The game (the kit's factory)."""
    return UnionSquareGame()
