"""Auto-finish: when the rest of a game is a sure win by foundation moves alone, the moves that play it.

The rule, exactly: a position is a *sure win* when

1. the stock is empty (Hamilton: the start card has been chosen, so the
   Chooser is empty too), and
2. playing moves to the foundations alone, one card at a time, in any order,
   puts every card up.

Condition 2 is checked by playing any foundation move while one is legal
(:func:`finish_moves`). The order cannot matter: a foundation move takes a
card off the top of a pile (or the waste) and adds to no pile, so every card
that could go up before it still can, except the card played; each card fits
exactly one foundation (its suit's; in Hamilton a start-rank card fits any
empty one, and the empty foundations are alike), and a foundation's next
card is fixed by the cards already on it. So when one order of foundation
moves wins, every order does: there is no choice left that matters.

Every move is an ordinary move checked by the rules engine.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> finish_moves(game, game.new(1)) is None
True
"""

from __future__ import annotations

from typing import TypeVar

from patience.i18n import N_
from patience.kit import kit_of
from patience.rules import STOCK, Game, Move, State, View, is_foundation

S = TypeVar("S", bound=State)

#: Why Finish is refused (translate with ``_`` where it is shown).
NOT_YET = N_("Not yet: the cards go up by themselves once the stock is empty and every remaining card "
             "can go up to the foundations in order.")


def foundation_moves(game: Game[S], state: S) -> list[Move]:
    """The legal single-card moves from a pile (not a foundation) to a foundation."""
    return [m for m in game.legal_moves(state)
            if m.src != STOCK and is_foundation(m.dst) and not is_foundation(m.src) and m.count == 1]


def _stock_empty(game: Game[S], state: S, view: View | None = None) -> bool:
    view = view if view is not None else game.view(state)
    if view.status.get("stock_left"):
        return False
    return not kit_of(game).table.choosing(view)


def finish_moves(game: Game[S], state: S, view: View | None = None) -> list[Move] | None:
    """The foundation moves that win from ``state``, or None when the rest is not a sure win.

    An empty list means the game is already won. ``view`` (``game.view(state)``) saves building it again.
    """
    if game.is_won(state):
        return []
    if not _stock_empty(game, state, view):
        return None
    moves: list[Move] = []
    while not game.is_won(state):
        up = foundation_moves(game, state)
        if not up:
            return None
        move = up[0]
        state = game.apply_legal(state, move)  # from legal_moves: legal by construction
        moves.append(move)
    return moves


def is_sure_win(game: Game[S], state: S, view: View | None = None) -> bool:
    """True when the rest of the game is a sure win by foundation moves alone (and it is not won yet)."""
    return not game.is_won(state) and finish_moves(game, state, view) is not None
