"""What the table, the terminal and the texts know of Hamilton: the Chooser and its start card.

>>> from patience.rules import CHOOSER
>>> HamiltonTable.stock_pile == CHOOSER, HamiltonTable.start_card
(True, True)
"""

from __future__ import annotations

from patience.i18n import _
from patience.kit import TableKit
from patience.rules import CHOOSER, View


class HamiltonTable(TableKit):
    """Hamilton: a stock click turns a card to the Chooser until the start card is chosen, then deals."""

    stock_pile = CHOOSER
    start_card = True
    builds_by_colour = True
    difficulty_limits = (1100, 5900)
    help_pages = True

    def stock_click(self, view: View) -> str:
        if self.choosing(view):
            return _("turn a stock card to the Chooser")
        return _("deal a card from the stock onto each pile")

    def move_help(self) -> list[str]:
        return [
            _("  c-f1       move the Chooser card to foundation 1 (it becomes the start card)"),
            _("  t3-f1      move the top card of pile 3 to foundation 1"),
            _("  t3-t5x2    move the top two cards of pile 3, as a group, onto pile 5"),
            _("  f1-t4      take the top card of foundation 1 back to pile 4"),
        ]

    def pile_help(self) -> str:
        return _("c Chooser")

    def double_click_help(self) -> list[str]:
        return [
            _("  dc PILE    double-click: dc c makes the Chooser card the start card;"),
            _("             dc t3 sends the longest run on pile 3 that fits to a foundation"),
        ]
