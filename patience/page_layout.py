"""How the page lays out a game's table: its grid of piles, how the tableau shows, its own words.

Each game declares one :class:`PageLayout` beside its rules (``patience/games/<game>/layout.py``) and
registers it with its kit; the catalog sends it to the page (``GET /api/games/catalog``, also
embedded in the page), which draws the table from it and so knows no game by name or shape.

Piles are named by their notation (``s``, ``c``, ``w``, ``t3``, ``f1``). An :class:`Arrangement` is
one way to place them: a CSS grid (``columns``, ``rows``, ``areas``), the grid the arrow keys move
in (``keys``) and what bounds the card size in it (``height``, besides the width the columns need).
The page takes the first arrangement, or a later one when that gives bigger cards (a wide screen).

Words are English source texts the page translates with the words the server sends
(``GET /api/i18n``): each is one of the page's messages (``patience.web.messages``), so it has its
translations.

>>> from patience.games.union_square.layout import LAYOUT
>>> [a.name for a in LAYOUT.arrangements], LAYOUT.tableau, len(LAYOUT.keys)
(['grid', 'wide'], 'peek', 22)
>>> LAYOUT.arrangements[0].across()
(6, 8.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: A column of the grid: ``"card"`` (a card's width) or a spacer, in gaps (``0.5``: half a gap).
Column = Literal["card"] | float
#: A row of the grid: ``"card"`` (a card's height), ``"peek"`` (a card and the peek of the one beneath),
#: or ``"auto"`` (as high as what is in it).
Row = Literal["card", "peek", "auto"]


@dataclass(frozen=True)
class Room:
    """Height a part of the table takes, as a sum: card heights (``cards``), rows of a card and the
    peek of the one beneath (``peeks``), fanned tableau piles (``piles``), gaps and pixels."""

    cards: float = 0
    peeks: float = 0
    piles: float = 0
    gaps: float = 0
    px: float = 0


@dataclass(frozen=True)
class Arrangement:
    """One way to place the piles."""

    #: its name, also a class of the page's layout element
    name: str
    columns: tuple[Column, ...]
    #: empty: the rows are as high as the piles in them
    rows: tuple[Row, ...]
    #: the grid's areas, row by row: a pile's notation, ``.`` for nothing, any other name for a spacer
    areas: tuple[tuple[str, ...], ...]
    #: the grid the arrow keys move in, row by row (a pile may span several cells)
    keys: tuple[tuple[str, ...], ...]
    #: each bounds the card width: (the table's height less its gaps and pixels) / its cards, peeks
    #: and piles (in card widths); the smallest wins
    height: tuple[Room, ...]
    #: the space between rows, in gaps
    row_gap: float = 1
    #: fanned tableau piles: what sits above them (their fan fits in the height left below it)
    above: Room = Room()

    def across(self) -> tuple[int, float]:
        """The cards and the gaps a row of the grid is wide: gaps between columns plus spacers."""
        cards = sum(1 for c in self.columns if c == "card")
        spacers = sum(c for c in self.columns if not isinstance(c, str))
        return cards, len(self.columns) - 1 + spacers


@dataclass(frozen=True)
class StatusItem:
    """An item of the status bar, shown while the view's status has ``field`` (not null, not empty)."""

    #: the item's ``data-stat``
    stat: str
    field: str
    #: its words, with one placeholder, ``{value}``'s name: ``"Choices left {count}"``
    words: str
    value: str


@dataclass(frozen=True)
class StockTurn:
    """What a stock click turns up, said when it happens: ``words`` with the ``{card}`` that lands on
    ``pile`` (its top card), while the view's status had ``while_field`` before it (empty: always)."""

    pile: str
    words: str
    while_field: str = ""


@dataclass(frozen=True)
class Tip:
    """A sentence shown below the table while the view's status has ``field``."""

    field: str
    words: str


@dataclass(frozen=True)
class PileWords:
    """Words of a kind of pile the page does not know by itself (the Chooser, the waste)."""

    kind: str
    #: as a hint's sentence names it: ``"the Chooser"``
    short: str
    #: shown on it while it is empty (empty: nothing)
    label: str = ""


@dataclass(frozen=True)
class PageLayout:
    """A game's table as the page draws it."""

    arrangements: tuple[Arrangement, ...]
    #: the piles in the order Tab and the keyboard's roving focus go through them
    keys: tuple[str, ...]
    #: ``"fan"``: tableau piles fanned down, every card's rank and suit showing; ``"peek"``: squared,
    #: the top card below the one it covers by the height of a rank and suit
    tableau: Literal["fan", "peek"]
    #: fanned piles: cards are sized so that a pile this long fits
    sizing_cards: int = 0
    #: what an empty foundation shows faintly: this text, or the view's status field ``foundation_field``
    foundation_text: str = ""
    foundation_field: str = ""
    #: status bar items after the score, moves, time and stock: the first one present shows
    status: tuple[StatusItem, ...] = ()
    tip: Tip | None = None
    stock_turn: StockTurn | None = None
    piles: tuple[PileWords, ...] = ()

    def words(self) -> list[str]:
        """Every English text of the layout, for the page to translate."""
        texts = [item.words for item in self.status] + [p.short for p in self.piles]
        texts += [p.label for p in self.piles if p.label]
        if self.tip:
            texts.append(self.tip.words)
        if self.stock_turn:
            texts.append(self.stock_turn.words)
        return texts

    def notations(self) -> set[str]:
        """The piles the layout places: those of its keyboard order."""
        return set(self.keys)
