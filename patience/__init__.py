"""patience: Hamilton and Union Square, played and analysed exactly.

>>> game = get_game("union-square")
>>> state = game.new(1)
>>> game.score(state), game.is_won(state)
(0, False)
"""

from __future__ import annotations

from patience.errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    InvalidRecordError,
    PatienceError,
    UnknownGameError,
)
from patience.games import hamilton as _hamilton  # noqa: F401  (registers the game)
from patience.games import union_square as _union_square  # noqa: F401
from patience.rules import Game, Move, View, game_slugs, get_game

__all__ = [
    "Game",
    "IllegalMoveError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRecordError",
    "Move",
    "PatienceError",
    "UnknownGameError",
    "View",
    "game_slugs",
    "get_game",
]
__version__ = "0.1.0"
