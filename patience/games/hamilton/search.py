"""What the solver knows of Hamilton: canonical keys, safe moves, the value of a position, children.

**Canonical keys.** Foundations are identified by suit: which foundation holds
a suit does not matter, and a foundation's cards are fixed by its suit and its
size. Piles are interchangeable when no future deal reaches them: the deals go
to piles 1-7 while the stock has 7 or more cards and the last deal of 2 cards
goes to piles 1-2. With 2 cards left, piles 3-7 are sorted; with none left, all
7 are. Keys hold the whole stock and the start rank: before the choice the
stock still changes, and each choice gives its own start rank and stock.

The safe moves and their proofs are in :mod:`.safe_moves`; the streamliner
(the restricted game whose wins are wins) is :class:`~patience.solver.expand.Expander`'s
``restricted``.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> state = game.new(1)
>>> hamilton_key(state)[0]
'pre-choice'
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final

from patience.cards import RED, SUIT
from patience.games.hamilton.rules import IDX, NEXT_IN_SUIT, HamiltonGame, HamiltonState, run_length
from patience.games.hamilton.safe_moves import hamilton_safe_move, one_card_tests
from patience.kit import SearchKit
from patience.rules import FOUNDATION, TABLEAU, Game, Move
from patience.solver.canonical import SEPARATOR
from patience.solver.expand import LATER, NO_MORE, in_any, shares_from_env, weight

if TYPE_CHECKING:
    from patience.solver.expand import Child, Expander, Known

W_UP: Final = weight("W_UP", 3.0)
W_EMPTY: Final = weight("W_EMPTY", 3.0)
W_ORDERED: Final = weight("W_ORDERED", 1.0)
W_BLOCKED: Final = weight("W_BLOCKED", 12.0)
W_STOCK: Final = weight("W_STOCK", 0.5)
LAST_DEAL: Final = 2  # Hamilton's last deal puts 2 cards on piles 1-2
LAST_DEAL_PILES: Final = 2
PRE_CHOICE: Final = "pre-choice"


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


PILE_CACHE_LIMIT: Final = 200_000


PileCache = dict[Any, float]


def hamilton_value(state: HamiltonState, cache: PileCache | None = None) -> float:
    """Heuristic worth of a Hamilton position.

    Cards on the foundations and empty piles count for; cards resting on a
    card they may be built on count for (a same-suit one fully, a same-colour
    one half); most of all, a card lying above a card of its own suit that must
    reach the foundation before it ("blocked") counts against. ``cache`` keeps
    each pile's part (a move changes only one or two piles).
    """
    start = state.start
    if start == 0:
        return 0.0
    up = 0
    for foundation in state.foundations:
        up += len(foundation)
    empty = 0
    piles_value = 0.0
    for pile in state.tableau:
        if not pile:
            empty += 1
            continue
        if cache is None:
            piles_value += _pile_value(pile, start)
            continue
        part = cache.get((start, pile))
        if part is None:
            if len(cache) > PILE_CACHE_LIMIT:
                cache.clear()
            part = cache[(start, pile)] = _pile_value(pile, start)
        piles_value += part
    return W_UP * up + W_EMPTY * empty + piles_value - W_STOCK * len(state.stock)


def _pile_value(pile: tuple[int, ...], start: int) -> float:
    idx = IDX[start]
    lowest = [13, 13, 13, 13]  # lowest idx of each suit seen so far, from the bottom
    below = -1
    ordered = 0.0
    blocked = 0
    for card in pile:
        suit = SUIT[card]
        i = idx[card]
        if i > lowest[suit]:
            blocked += 1
        else:
            lowest[suit] = i
        if below >= 0 and idx[below] == i + 1 and RED[below] == RED[card]:
            ordered += 1.0 if SUIT[below] == suit else 0.5
        below = card
    return W_ORDERED * ordered - W_BLOCKED * blocked


def hamilton_children(expand: Expander[HamiltonState], state: HamiltonState, known: Known,
                      closed: bool, later: bool = False) -> list[tuple[float, Child]]:
    """The children; with ``later``, only those of the moves the restricted game leaves out."""
    game = expand.game
    seen: set[Hashable] = set()
    out: list[tuple[float, Child]] = []
    restricted = (expand.restricted or later) and state.start != 0
    left_out = False
    idx = IDX[state.start]
    following = NEXT_IN_SUIT[state.start]
    # When the parent is closed under the safe moves, a move between piles leaves the
    # foundations alone and shows one new card (the one under the group), so only that card
    # can start a safe move: one test instead of the whole closure (same children). A card
    # of step >= 1 taken down from a foundation is the only one that may start a safe move
    # (see one_card_tests): then it goes straight back and the child is the parent.
    parent_closed = expand.safe and state.start != 0 and (closed or hamilton_safe_move(state) is None)
    goes_up, comes_back = one_card_tests(state) if parent_closed else (None, None)
    tableau = state.tableau
    foundations = state.foundations
    for move in game.legal_moves(state):
        src = move.src
        down = foundations[src - FOUNDATION][-1] if FOUNDATION <= src < TABLEAU else -1
        stays_closed = False  # a card of step >= 1 taken down that stays down
        if comes_back is not None and down >= 0 and idx[down] != 0:
            if comes_back(down):
                continue  # the card would go straight back up: the parent itself
            stays_closed = True
        if restricted and (down >= 0 or (
                move.dst >= TABLEAU and move.count < run_length(tableau[src - TABLEAU], following))):
            if not later:
                left_out = True
                continue  # the streamliner's game: no card back from a foundation, no run split
        elif later:
            continue
        child = game.apply_legal(state, move)
        moves: tuple[Move, ...] = (move,)
        if goes_up is not None and src >= TABLEAU and move.dst >= TABLEAU:
            pile = tableau[src - TABLEAU]
            if len(pile) > move.count and goes_up(pile[-move.count - 1]):
                moves, child = expand.finish(moves, child)
        elif not stays_closed:
            moves, child = expand.finish(moves, child)
        key = expand.key(child)
        if key in seen or in_any(key, known):
            continue
        seen.add(key)
        out.append((hamilton_value(child, expand.cache), (moves, child, key)))
    expand.left_out = left_out
    return out



class HamiltonSearch(SearchKit[HamiltonState]):
    """Hamilton's search knowledge; PATIENCE_SOLVER_SHARES_HAMILTON and
    PATIENCE_SOLVER_STREAMLINE_HAMILTON override the shares (for tuning)."""

    shares = shares_from_env("HAMILTON", (3, 1, 1))
    streamline_first = float(os.environ.get("PATIENCE_SOLVER_STREAMLINE_HAMILTON", "0.25"))
    streamliner = True
    position_bytes = 650  # measured: peak resident size over positions held, long searches

    def key(self, state: HamiltonState) -> Hashable:
        return hamilton_key(state)

    def safe_move(self, state: HamiltonState) -> Move | None:
        return hamilton_safe_move(state)

    def value(self, game: Game[HamiltonState], state: HamiltonState, cache: dict[Any, float]) -> float:
        return hamilton_value(state, cache)

    def children(self, expand: Expander[HamiltonState], state: HamiltonState, first: int,
                 last: int | None, known: Known, closed: bool) -> tuple[list[tuple[float, Child]], int]:
        return hamilton_children(expand, state, known, closed, later=first == LATER), NO_MORE


def new_game() -> HamiltonGame:
    """The game (the kit's factory)."""
    return HamiltonGame()
