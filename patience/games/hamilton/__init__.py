"""Hamilton (Agnes), registered as one kit: rules, search knowledge, table knowledge."""

from patience.games.hamilton.layout import LAYOUT
from patience.games.hamilton.rules import HamiltonGame
from patience.games.hamilton.search import HamiltonSearch, new_game
from patience.games.hamilton.table import HamiltonTable
from patience.kit import Kit, register_kit

register_kit(Kit(HamiltonGame.slug, new_game, HamiltonSearch(), HamiltonTable(), LAYOUT))
