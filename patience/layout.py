"""The table as text, for ``patience deal --show`` and the terminal game.

Built from ``game.view(state)`` only, so it shows what the web page shows.
Piles are labelled as in the move notation (``s``, ``c``, ``w``, ``f1``…,
``t1``…); red suits are red when ``colour`` is on. Every word goes through
:mod:`patience.i18n`, and so do card and pile names (:func:`card_name`,
:func:`pile_name`), whole, because word order differs between languages.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> print(layout_text(game, game.new(1), colour=False).splitlines()[0])
Hamilton  score 0/52  stock 24  choices left 3
>>> from patience.rules import TABLEAU
>>> card_name(parse_card("TH")), pile_name(TABLEAU + 2)
('Ten of hearts', 'pile 3')
"""

from __future__ import annotations

import textwrap
from typing import Final, TypeVar

from patience import wording
from patience.cards import card_symbol, is_red, parse_card
from patience.i18n import N_, _
from patience.kit import kit_of
from patience.rules import (
    Game,
    PileView,
    State,
    View,
)

S = TypeVar("S", bound=State)

RED_ON: Final = "\x1b[31m"
BOLD_ON: Final = "\x1b[1m"
RESET: Final = "\x1b[0m"
CELL: Final = 5

#: Rank names (index 1…13), for the start rank.
RANK_NAMES: Final = ("", N_("Ace"), N_("Two"), N_("Three"), N_("Four"), N_("Five"), N_("Six"),
                     N_("Seven"), N_("Eight"), N_("Nine"), N_("Ten"), N_("Jack"), N_("Queen"),
                     N_("King"))

def game_name(game: Game[S]) -> str:
    """The game's name in the current language."""
    return kit_of(game).table.name(game)


def rank_name(rank: int) -> str:
    """``Nine``, ``Jack`` … in the current language."""
    return _(RANK_NAMES[rank])


def card_name(card: int) -> str:
    """``Ten of hearts`` in the current language (see :func:`patience.wording.card_name`)."""
    return wording.card_name(card)


def pile_name(pile: int) -> str:
    """``pile 3``, ``foundation 1``, ``the stock``… (see :func:`patience.wording.pile_text`)."""
    return wording.pile_text(pile)


def card_cell(text: str, colour: bool) -> str:
    """A card as ``10♥``, red when ``colour`` is on."""
    card = parse_card(text)
    label = card_symbol(card)
    if colour and is_red(card):
        return f"{RED_ON}{label}{RESET}"
    return label


def _pad(text: str, visible: str, width: int) -> str:
    return text + " " * max(0, width - len(visible))


def _cell(text: str | None, colour: bool, width: int = CELL) -> str:
    if text is None:
        return _pad("--", "--", width)
    return _pad(card_cell(text, colour), card_symbol(parse_card(text)), width)


def status_line(game: Game[S], view: View) -> str:
    """``Hamilton  score 3/52  stock 21  start rank Eight`` and the like."""
    parts = [game_name(game),
             _("score {score}/{max_score}").format(score=view.score, max_score=view.max_score),
             _("stock {count}").format(count=view.status.get("stock_left", 0))]
    if view.status.get("waste_size") is not None:
        parts.append(_("waste {count}").format(count=view.status["waste_size"]))
    if view.status.get("choices_left") is not None:
        parts.append(_("choices left {count}").format(count=view.status["choices_left"]))
    start = view.status.get("start_rank")
    if isinstance(start, int) and start:
        parts.append(_("start rank {rank}").format(rank=rank_name(start)))
    if view.won:
        parts.append(_("WON"))
    elif view.stuck:
        parts.append(_("no move left"))
    return "  ".join(parts)


def _top(pile: PileView) -> str | None:
    return pile.cards[-1] if pile.cards else None


def _label(text: str, colour: bool) -> str:
    return f"{BOLD_ON}{text}{RESET}" if colour else text


def _upper_rows(piles: list[PileView], colour: bool) -> list[str]:
    labels = "".join(_pad(_label(p.notation, colour), p.notation, CELL) for p in piles)
    cells = []
    for p in piles:
        if p.kind == "stock":
            text = f"[{p.face_down}]" if p.face_down else "[ ]"
            cells.append(_pad(text, text, CELL))
        else:
            cells.append(_cell(_top(p), colour))
    return [labels.rstrip(), "".join(cells).rstrip()]


def _columns(tableau: list[PileView], colour: bool) -> list[str]:
    lines = ["".join(_pad(_label(p.notation, colour), p.notation, CELL) for p in tableau).rstrip()]
    depth = max((len(p.cards) for p in tableau), default=0)
    for row in range(depth):
        lines.append("".join(
            _cell(p.cards[row], colour) if row < len(p.cards) else " " * CELL for p in tableau
        ).rstrip())
    return lines


GRID_CELL: Final = 20  # width of one Union Square pile in the 4×4 grid


def _grid_cell(p: PileView, colour: bool) -> str:
    """One pile of the 4×4 grid: ``t3 ↑ 5♥ 6♥ (4)``: its direction, its top two cards, its size."""
    arrow = {"up": "↑", "down": "↓"}.get(p.direction or "", " ")
    shown = p.cards[-2:]
    cards = " ".join(card_cell(c, colour) for c in shown) or "--"
    visible = " ".join(card_symbol(parse_card(c)) for c in shown) or "--"
    more = f" ({len(p.cards)})" if len(p.cards) > len(shown) else ""
    head = f"{_pad(_label(p.notation, colour), p.notation, 3)} {arrow} "
    return _pad(head + cards + more, f"{p.notation:<3} {arrow} {visible}{more}", GRID_CELL)


def _grid(tableau: list[PileView], colour: bool, columns: int, width: int | None) -> list[str]:
    """Union Square's sixteen piles as the table shows them: four rows of four; in a window too narrow
    for a row (``width`` columns), each row in two (or more) lines, and the legend wrapped."""
    while width is not None and columns > 1 and columns * GRID_CELL > width and columns % 2 == 0:
        columns //= 2
    lines = []
    for row in range(0, len(tableau), columns):
        lines.append("".join(_grid_cell(p, colour) for p in tableau[row:row + columns]).rstrip())
    legend = [_("↑ rising pile (takes one rank higher)  ↓ falling pile (takes one rank lower)"),
              _("Each pile shows its top two cards, and its size when it has more.")]
    if width is not None and max(len(line) for line in legend) > width:
        legend = [part for line in legend for part in line.split("  ")]  # the arrows' two halves apart
        legend = [wrapped for line in legend
                  for wrapped in textwrap.wrap(line, width=max(width, 20), break_long_words=False)]
    return [*lines, "", *legend]


def layout_text(game: Game[S], state: S, colour: bool = True, width: int | None = None) -> str:
    """The whole table as lines of text; piles are labelled as in the notation.

    Hamilton's tableau is shown in columns, bottom card first; Union Square's
    sixteen piles as the 4×4 grid of the table, each with an arrow for its
    direction, its top two cards and its size. In a window of ``width`` columns
    too narrow for a row of the grid, each row takes two lines.
    """
    view = game.view(state)
    lines = [status_line(game, view), ""]
    upper = [p for p in view.piles if p.kind in ("stock", "chooser", "waste", "foundation")]
    lines += _upper_rows(upper, colour)
    lines.append("")
    tableau = [p for p in view.piles if p.kind == "tableau"]
    columns = kit_of(game).table.grid_columns
    if columns is not None:
        lines += _grid(tableau, colour, columns, width)
    else:
        lines += _columns(tableau, colour)
    return "\n".join(lines)
