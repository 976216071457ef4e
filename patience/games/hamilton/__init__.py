"""Hamilton (Agnes), registered as one kit: rules, search knowledge, table knowledge, what the player sees."""

from patience.games.hamilton.layout import LAYOUT
from patience.games.hamilton.observe import complete, observe
from patience.games.hamilton.rules import HamiltonGame
from patience.games.hamilton.search import HamiltonSearch, new_game
from patience.games.hamilton.table import HamiltonTable
from patience.kit import Kit, Observing, register_kit

register_kit(Kit(HamiltonGame.slug, new_game, HamiltonSearch(), HamiltonTable(),
                 Observing(observe, complete), LAYOUT))
