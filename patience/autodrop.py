"""Auto-play to the foundations ("autodrop"): the cards that go up by themselves after a move.

Three modes (:data:`AUTODROP_MODES`):

* ``off``: nothing moves by itself;
* ``safe`` (:data:`DEFAULT_AUTODROP`): only the moves the solver proves can never lower the chance
  of winning, the kit's ``safe_move`` played until none is left (Hamilton: a start-rank card on top
  of a pile to an empty foundation, and a card no other card could ever need; Union Square: a card
  that fits a foundation holding 13 cards or more; see ``docs/rules.md``);
* ``all``: every card that fits a foundation, from a pile (or the waste), as other patience programs
  do; that can spoil a game.

Only cards on top of a pile (or the waste) go up: never Hamilton's Chooser card, whose choice stays
the player's, and never a card from a foundation. A move that takes a card down from a foundation
sets off nothing (else the card would go straight back up). Each automatic move is an ordinary move:
:class:`~patience.table.Table` saves it in the same action as the move that set it off, so one undo
takes back both.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> state = game.apply_all(game.new(1), [Move.parse("s"), Move.parse("c-f1")])
>>> [str(m) for m in automatic_moves(game, state, "safe")]
[]
>>> automatic_moves(game, state, "sometimes")
Traceback (most recent call last):
...
ValueError: autodrop is off, safe or all, not 'sometimes'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeVar, cast

from patience.finish import foundation_moves
from patience.kit import kit_of
from patience.rules import CHOOSER, Game, Move, State, is_foundation

S = TypeVar("S", bound=State)

#: The modes, in the order a menu lists them.
AUTODROP_MODES: Final = ("off", "safe", "all")
#: What a player gets before choosing.
DEFAULT_AUTODROP: Final = "safe"

Autodrop = Literal["off", "safe", "all"]

#: More automatic moves than this after one move would be a bug (a game has at most 104 cards).
_MOST: Final = 200


def check_mode(mode: str) -> Autodrop:
    """``mode`` when it is one of :data:`AUTODROP_MODES`; else ValueError (one sentence).

    >>> check_mode("all")
    'all'
    """
    if mode not in AUTODROP_MODES:
        raise ValueError(f"autodrop is off, safe or all, not {mode!r}")
    return cast(Autodrop, mode)


def next_automatic(game: Game[S], state: S, mode: Autodrop) -> Move | None:
    """The next card to go up by itself from ``state`` in ``mode``, or None.

    ``safe`` plays the kit's safe move (when it goes to a foundation); ``all`` plays the safe move
    first, then any card that fits, the first in the rules' order of moves. So what ``safe`` plays
    after a move is where ``all`` starts.
    """
    if mode == "off":
        return None
    safe = kit_of(game).search.safe_move(state)
    if safe is not None and is_foundation(safe.dst) and not is_foundation(safe.src):
        return safe
    if mode == "safe":
        return None
    return next((m for m in foundation_moves(game, state) if m.src != CHOOSER), None)


def automatic_moves(game: Game[S], state: S, mode: str, after: Sequence[Move] = ()) -> list[Move]:
    """The moves that play by themselves from ``state`` (the position after the moves ``after``).

    Nothing when the last of ``after`` took a card down from a foundation.
    """
    checked = check_mode(mode)
    if after and is_foundation(after[-1].src):
        return []
    moves: list[Move] = []
    while len(moves) < _MOST:
        move = next_automatic(game, state, checked)
        if move is None:
            break
        moves.append(move)
        state = game.apply_legal(state, move)
    return moves
