"""What a Union Square player sees: every card but the stock's.

The tableau, the waste and the foundations hold only cards that were turned
face up (the player saw every card under a pile's top two and under the
waste's top card go there); the stock is face down, and no card goes back to
it. The two copies of a card are the same card, so the unseen cards are a
multiset.

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.apply(game.new(1), game.parse_move("s"))
>>> seen = observe(state, ())
>>> seen.hidden, len(seen.unseen), seen.table.waste == state.waste
((('stock', 87),), 87, True)
>>> complete(seen, state.stock) == state
True
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.games.union_square.rules import UnionSquareGame, UnionSquareState
from patience.observation import Observation, filled, masked
from patience.rules import Move

STOCK_PLACE = "stock"


def observe(state: UnionSquareState, played: Sequence[Move]) -> Observation:
    """The player's view of ``state`` (``played``, the moves that led to it, adds nothing here)."""
    return Observation(UnionSquareGame.slug, state._replace(stock=masked(state.stock, known=0)),
                       ((STOCK_PLACE, len(state.stock)),), tuple(sorted(state.stock)))


def complete(observation: Observation, cards: Sequence[int]) -> UnionSquareState:
    """The position with ``cards`` dealt, in order, into the stock (top first)."""
    table: UnionSquareState = observation.table
    return table._replace(stock=filled(table.stock, cards))
