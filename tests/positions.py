"""Hand-built positions for the rules tests.

Positions built here hold only the cards a test needs (the rules never check
that the whole deck is present), so each test shows just what its rule is
about. Cards are written as in deck strings, piles bottom first:

>>> state = hamilton_position(["8H 7H", "9D"], start=5)
>>> state.tableau[0], state.start
((33, 32), 5)
>>> us = union_square_position(["5H 6H"], waste="7H")
>>> len(us.tableau), us.waste
(16, (32,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from patience import get_game
from patience.cards import parse_card
from patience.games.hamilton.rules import FOUNDATIONS as HAMILTON_FOUNDATIONS
from patience.games.hamilton.rules import NO_CARD, NO_START, HamiltonGame, HamiltonState
from patience.games.hamilton.rules import TABLEAU_PILES as HAMILTON_PILES
from patience.games.union_square.rules import FOUNDATIONS as US_FOUNDATIONS
from patience.games.union_square.rules import TABLEAU_PILES as US_PILES
from patience.games.union_square.rules import UnionSquareGame, UnionSquareState
from patience.rules import Game, Move


def hamilton_game() -> HamiltonGame:
    """The registered Hamilton game as its own class, so its states are ``HamiltonState``.

    >>> hamilton_game() is get_game("hamilton")
    True
    """
    game = get_game("hamilton")
    assert isinstance(game, HamiltonGame)
    return game


def union_square_game() -> UnionSquareGame:
    """The registered Union Square game as its own class, so its states are ``UnionSquareState``."""
    game = get_game("union-square")
    assert isinstance(game, UnionSquareGame)
    return game


HAMILTON: Game[HamiltonState] = hamilton_game()
UNION_SQUARE: Game[UnionSquareState] = union_square_game()


def cards(text: str) -> tuple[int, ...]:
    """Cards from ``"7H 6H"`` (empty text: no cards).

    >>> cards("AC KS")
    (0, 51)
    """
    return tuple(parse_card(word) for word in text.split())


def card(text: str) -> int:
    """One card from its text."""
    return parse_card(text)


def _piles(texts: Sequence[str], count: int) -> tuple[tuple[int, ...], ...]:
    if len(texts) > count:
        raise ValueError(f"{len(texts)} piles given, the game has {count}")
    return tuple(cards(t) for t in texts) + ((),) * (count - len(texts))


def hamilton_position(
    tableau: Sequence[str] = (),
    foundations: Sequence[str] = (),
    stock: str = "",
    start: int = 7,
    chooser: str = "",
    choices: int = 0,
) -> HamiltonState:
    """A Hamilton position: missing piles are empty; ``start=NO_START`` while choosing."""
    return HamiltonState(
        tableau=_piles(tableau, HAMILTON_PILES),
        foundations=_piles(foundations, HAMILTON_FOUNDATIONS),
        stock=cards(stock),
        chooser=parse_card(chooser) if chooser else NO_CARD,
        choices_left=choices if start == NO_START else 0,
        start=start,
    )


def union_square_position(
    tableau: Sequence[str] = (),
    foundations: Sequence[str] = (),
    stock: str = "",
    waste: str = "",
) -> UnionSquareState:
    """A Union Square position: missing piles are empty."""
    return UnionSquareState(
        tableau=_piles(tableau, US_PILES),
        foundations=_piles(foundations, US_FOUNDATIONS),
        stock=cards(stock),
        waste=cards(waste),
    )


def texts(moves: Sequence[Move]) -> list[str]:
    """Moves as their notation, for readable assertions."""
    return [str(m) for m in moves]


def play(game: Game[Any], state: Any, line: str) -> Any:
    """The position after the moves in ``line`` (each checked for legality)."""
    for word in line.split():
        state = game.apply(state, game.parse_move(word))
    return state
