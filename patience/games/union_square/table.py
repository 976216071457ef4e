"""What the table, the terminal and the texts know of Union Square: the waste, the 4×4 grid, autoplay.

>>> UnionSquareTable.grid_columns, UnionSquareTable.autoplay
(4, True)
"""

from __future__ import annotations

from patience.games.union_square.rules import GRID_COLUMNS
from patience.i18n import _
from patience.kit import TableKit
from patience.rules import WASTE


class UnionSquareTable(TableKit):
    """Union Square: a stock click turns a card to the waste; sixteen piles in a grid."""

    stock_pile = WASTE
    grid_columns = GRID_COLUMNS
    autoplay = True
    difficulty_limits = (480, 1400)
    help_pages = True

    def move_help(self) -> list[str]:
        return [
            _("  w-t12      move the top waste card to pile 12"),
            _("  t3-f1      move the top card of pile 3 to foundation 1"),
            _("  t3-t5      move the top card of pile 3 onto pile 5"),
        ]

    def double_click_help(self) -> list[str]:
        return [
            _("  dc PILE    double-click: dc t3 or dc w sends the top card to a foundation"),
            _("  auto       send every card that fits to the foundations (autoplay)"),
        ]
