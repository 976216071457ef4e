"""Write the court figures of the four-colour deck: diamonds' and clubs' figures in their index colour.

    python scripts/cards/four_colour.py   # writes patience/web/static/cards/four/{J,Q,K}{C,D}.svg

The figures of the vendored CC0 drawings (``static/cards``) are inked in red, black, blue and yellow
whatever their suit. With the four-colour deck (♦ blue, ♣ green: the colours of ``.four-colour`` in
style.css) the page shows these copies, where the suit's ink (red for diamonds; red and the black of
the suit symbol for clubs) takes the index's colour.

>>> recolour('<symbol id="D-Q_svg__a"><path d="M0 0" fill="red"/></symbol><path d="M1 1"/>', "D")
'<symbol id="D-Q_svg__a"><path d="M0 0" fill="#0b5cad"/></symbol><path d="M1 1"/>'
>>> recolour('<symbol id="C-Q_svg__a"><path d="M0 0"/></symbol><path stroke="#000"/>', "C")
'<symbol id="C-Q_svg__a"><path fill="#0a7d50" d="M0 0"/></symbol><path stroke="#0a7d50"/>'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

CARDS: Final = Path(__file__).resolve().parents[2] / "patience" / "web" / "static" / "cards"
#: The index colours of the four-colour deck (style.css ``.four-colour .card.suit-X``).
INK: Final = {"D": "#0b5cad", "C": "#0a7d50"}


def recolour(svg: str, suit: str) -> str:
    """The drawing with its suit ink (red, and black strokes and suit symbols) in the suit's index colour."""
    ink = INK[suit]
    svg = svg.replace('="red"', f'="{ink}"').replace('stroke="#000"', f'stroke="{ink}"')
    # the suit symbol drawn inside the figure has no fill of its own (black): give it the ink
    def ink_symbol(match: re.Match[str]) -> str:
        symbol, path = match.group(1), match.group(2)
        return symbol + (path if "fill=" in path else path.replace("<path ", f'<path fill="{ink}" ', 1))

    return re.sub(r'(<symbol id="[A-Z]-[JQK]_svg__a"[^>]*>)(<path[^>]*>)', ink_symbol, svg)


def main() -> None:
    out = CARDS / "four"
    out.mkdir(exist_ok=True)
    for suit in INK:
        for rank in "JQK":
            name = f"{rank}{suit}.svg"
            (out / name).write_text(recolour((CARDS / name).read_text(), suit))


if __name__ == "__main__":
    main()
