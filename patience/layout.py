"""The table as text, for ``patience deal --show`` and the terminal game.

Built from ``game.view(state)`` only, so it shows what the web page shows.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> print(layout_text(game, game.new(1), colour=False).splitlines()[0])
Hamilton  score 0/52  stock 24  choices left 3
"""

from __future__ import annotations

from typing import Any

from patience.cards import card_symbol, is_red, parse_card
from patience.rules import Game, PileView, View

RED_ON = "\x1b[31m"
BOLD_ON = "\x1b[1m"
RESET = "\x1b[0m"
CELL = 5


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


def status_line(game: Game[Any], view: View) -> str:
    """``Hamilton  score 3/52  stock 21  start rank 8`` and the like."""
    parts = [game.name, f"score {view.score}/{view.max_score}",
             f"stock {view.status.get('stock_left', 0)}"]
    if view.status.get("choices_left") is not None:
        parts.append(f"choices left {view.status['choices_left']}")
    if view.status.get("start_rank_name"):
        parts.append(f"start rank {view.status['start_rank_name']}")
    if view.won:
        parts.append("WON")
    elif view.stuck:
        parts.append("no move left")
    return "  ".join(parts)


def _top(pile: PileView) -> str | None:
    return pile.cards[-1] if pile.cards else None


def layout_text(game: Game[Any], state: Any, colour: bool = True) -> str:
    """The whole table as lines of text; piles are labelled as in the notation."""
    view = game.view(state)
    lines = [status_line(game, view), ""]
    upper = [p for p in view.piles if p.kind in ("stock", "chooser", "waste", "foundation")]
    labels = "".join(_pad(p.notation, p.notation, CELL) for p in upper)
    cells = []
    for p in upper:
        if p.kind == "stock":
            text = f"[{p.face_down}]" if p.face_down else "[ ]"
            cells.append(_pad(text, text, CELL))
        else:
            cells.append(_cell(_top(p), colour))
    lines += [labels.rstrip(), "".join(cells).rstrip(), ""]
    tableau = [p for p in view.piles if p.kind == "tableau"]
    if game.slug == "hamilton":
        lines.append("".join(_pad(p.notation, p.notation, CELL) for p in tableau).rstrip())
        depth = max((len(p.cards) for p in tableau), default=0)
        for row in range(depth):
            lines.append("".join(
                _cell(p.cards[row], colour) if row < len(p.cards) else " " * CELL for p in tableau
            ).rstrip())
    else:
        for p in tableau:
            arrow = {"up": "↑", "down": "↓"}.get(p.direction or "", " ")
            cards = " ".join(card_cell(c, colour) for c in p.cards) or "--"
            lines.append(f"{p.notation:>3} {arrow} {cards}")
    return "\n".join(lines)
