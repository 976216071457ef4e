"""Hamilton's table on the page: stock, Chooser and four foundations above seven fanned piles.

On a wide screen the stock and the Chooser go in a column on the left and the foundations two by two
on the right, when that gives bigger cards.

>>> LAYOUT.keys[:6], LAYOUT.foundation_field
(('s', 'c', 'f1', 'f2', 'f3', 'f4'), 'start_rank_name')
"""

from __future__ import annotations

from typing import Final

from patience.i18n import N_
from patience.page_layout import Arrangement, PageLayout, PileWords, Room, StatusItem, StockTurn, Tip

PILES: Final = tuple(f"t{i}" for i in range(1, 8))
FOUNDATIONS: Final = ("f1", "f2", "f3", "f4")
#: up from a pile goes to the row of the stock, the Chooser and the foundations, in both arrangements
KEYS: Final = (("s", "c", "c", *FOUNDATIONS), PILES)

LAYOUT: Final = PageLayout(
    arrangements=(
        Arrangement(
            name="top",
            columns=("card",) * 7,
            rows=(),
            areas=(("s", "c", "gap", *FOUNDATIONS), PILES),
            keys=KEYS,
            height=(Room(cards=1, piles=1, gaps=2, px=2),),
            row_gap=2,
            above=Room(cards=1, gaps=2),
        ),
        Arrangement(
            name="side",
            columns=("card", 0.5, *("card",) * 7, 0.5, "card", "card"),
            rows=("card", "auto"),
            areas=(("s", ".", *PILES, ".", "f1", "f2"), ("c", ".", *PILES, ".", "f3", "f4")),
            keys=KEYS,
            height=(Room(piles=1, px=2), Room(cards=2, gaps=1)),
            above=Room(px=2),
        ),
    ),
    keys=("s", "c", *FOUNDATIONS, *PILES),
    tableau="fan",
    sizing_cards=13,
    foundation_field="start_rank_name",
    status=(
        StatusItem("choices", "choices_left", N_("Choices left {count}"), "count"),
        StatusItem("start", "start_rank_name", N_("Start rank {rank}"), "rank"),
    ),
    tip=Tip(
        "choices_left",
        N_(
            "Choose the start card: click the stock to turn a card to the Chooser (the dashed box), "
            "up to three times, then drag it to a foundation. Its rank is the start rank."
        ),
    ),
    stock_turn=StockTurn("c", N_("{card} turned up on the chooser"), while_field="choices_left"),
    piles=(PileWords("chooser", N_("the Chooser"), label=N_("Chooser")),),
)
