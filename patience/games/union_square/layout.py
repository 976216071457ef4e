"""Union Square's table on the page: stock and waste, the 4×4 tableau, the foundations in a column.

Each tableau pile shows its top two cards (the top one below the other by the height of its rank and
suit). On a wide screen the stock, the waste and the foundations go in a row above the piles in two
rows of eight, when that gives bigger cards.

>>> LAYOUT.keys[:3], LAYOUT.foundation_text
(('s', 'w', 't1'), 'A')
"""

from __future__ import annotations

from typing import Final

from patience.i18n import N_
from patience.page_layout import Arrangement, PageLayout, PileWords, Room, StockTurn

FOUNDATIONS: Final = ("f1", "f2", "f3", "f4")


def piles(first: int, last: int) -> tuple[str, ...]:
    """``t{first}`` … ``t{last}``."""
    return tuple(f"t{i}" for i in range(first, last + 1))


LAYOUT: Final = PageLayout(
    arrangements=(
        Arrangement(
            name="grid",
            columns=("card", 0.6, *("card",) * 4, 0.6, "card"),
            rows=("peek",) * 4,
            areas=tuple(
                (side, ".", *piles(4 * r + 1, 4 * r + 4), ".", f"f{r + 1}")
                for r, side in enumerate(("s", "w", "w", "w"))
            ),
            keys=tuple(
                (side, *piles(4 * r + 1, 4 * r + 4), f"f{r + 1}")
                for r, side in enumerate(("s", "w", "w", "w"))
            ),
            # a row: a card and a peek, each rounded up to the pixel (4 px for the four rows)
            height=(Room(peeks=4, gaps=3, px=16),),
        ),
        Arrangement(
            name="wide",
            columns=("card",) * 8,
            rows=("card", "peek", "peek"),
            areas=(("s", "w", ".", ".", *FOUNDATIONS), piles(1, 8), piles(9, 16)),
            keys=(("s", "w", "w", "w", *FOUNDATIONS), piles(1, 8), piles(9, 16)),
            height=(Room(cards=1, peeks=2, gaps=2.5, px=9),),
        ),
    ),
    keys=("s", "w", *piles(1, 16), *FOUNDATIONS),
    tableau="peek",
    foundation_text="A",
    stock_turn=StockTurn("w", N_("{card} turned up on the waste")),
    piles=(PileWords("waste", N_("the waste")),),
)
