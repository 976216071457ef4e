"""Union Square, registered as one kit: rules, search knowledge, table knowledge, what the player sees."""

from patience.games.union_square.layout import LAYOUT
from patience.games.union_square.observe import complete, observe
from patience.games.union_square.rules import UnionSquareGame
from patience.games.union_square.search import UnionSquareSearch, new_game
from patience.games.union_square.table import UnionSquareTable
from patience.kit import Kit, Observing, register_kit

register_kit(Kit(UnionSquareGame.slug, new_game, UnionSquareSearch(), UnionSquareTable(),
                 Observing(observe, complete), LAYOUT))
