"""What a Hamilton player sees: every card but the stock's, and the stock cards seen in the Chooser.

The tableau, the foundations and the Chooser are face up. The stock is face
down, except that a card turned to the Chooser and not chosen went back face
down to the stock's bottom: the player saw it and knows where it lies (it
stays at the bottom until the last deal). So the hidden cards are the stock's
top ones, all but the last ``rejected``.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> played = [game.parse_move(m) for m in ("s", "s", "c-f1")]   # one card sent back, the next chosen
>>> state = game.apply_all(game.new(1), played)
>>> seen = observe(state, played)
>>> seen.hidden, len(seen.unseen), seen.table.stock[-1] == state.stock[-1]
((('stock', 22),), 22, True)
>>> complete(seen, seen.unseen) == state._replace(stock=seen.unseen + state.stock[-1:])
True
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.games.hamilton.rules import INITIAL_CHOICES, NO_START, HamiltonGame, HamiltonState
from patience.observation import Observation, filled, masked
from patience.rules import CHOOSER, STOCK, Move

STOCK_PLACE = "stock"


def observe(state: HamiltonState, played: Sequence[Move]) -> Observation:
    """The player's view of ``state``; ``played`` are the moves that led to it from the deal.

    ``played`` says how many cards were turned to the Chooser before the start
    card was chosen (the position alone no longer does).
    """
    if state.start == NO_START:
        turned = INITIAL_CHOICES - state.choices_left
    else:
        turned = _turned_before_choice(played)
    sent_back = max(turned - 1, 0)
    stock = masked(state.stock, known=sent_back)
    hidden = len(state.stock) - min(sent_back, len(state.stock))
    return Observation(HamiltonGame.slug, state._replace(stock=stock), ((STOCK_PLACE, hidden),),
                       tuple(sorted(state.stock[:hidden])))


def complete(observation: Observation, cards: Sequence[int]) -> HamiltonState:
    """The position with ``cards`` dealt, in order, into the observation's hidden stock places."""
    table: HamiltonState = observation.table
    return table._replace(stock=filled(table.stock, cards))


def _turned_before_choice(played: Sequence[Move]) -> int:
    turned = 0
    for move in played:
        if move.src == CHOOSER:
            return turned
        if move.src == STOCK:
            turned += 1
    raise ValueError("the moves played do not choose a start card, but the position has one")
