"""Converters between the engine's immutable states and the reference's mutable positions.

The engine's state layout is the documented one (the helpers' brief):
``HamiltonState(tableau, foundations, stock, chooser, choices_left, start)``
with ``chooser == -1`` for none and ``start == 0`` until chosen, and
``UnionSquareState(tableau, foundations, stock, waste)``; piles bottom first,
stock top first. The state class is taken from a freshly dealt engine state,
so this module never imports ``patience.games``.

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.new(7)
>>> to_engine("union-square", to_reference("union-square", state)) == state
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from patience.rules import get_game
from tests.reference.hamilton import HamiltonPosition
from tests.reference.hamilton import deal_position as hamilton_deal
from tests.reference.union_square import UnionSquarePosition
from tests.reference.union_square import deal_position as union_square_deal

NO_CHOOSER_CARD = -1
NO_START_RANK = 0


def _lists(piles: Sequence[Sequence[int]]) -> list[list[int]]:
    return [list(p) for p in piles]


def _tuples(piles: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(p) for p in piles)


def to_reference(slug: str, state: Any) -> HamiltonPosition | UnionSquarePosition:
    """The reference position equal to an engine state."""
    if slug == "hamilton":
        return HamiltonPosition(
            tableau=_lists(state.tableau),
            foundations=_lists(state.foundations),
            stock=list(state.stock),
            chooser=None if state.chooser == NO_CHOOSER_CARD else state.chooser,
            choices_left=state.choices_left,
            start_rank=None if state.start == NO_START_RANK else state.start,
        )
    if slug == "union-square":
        return UnionSquarePosition(
            tableau=_lists(state.tableau),
            foundations=_lists(state.foundations),
            stock=list(state.stock),
            waste=list(state.waste),
        )
    raise KeyError(f"the reference has no game {slug!r}")


def _state_class(slug: str) -> Any:
    """The engine's state class for ``slug``, found from a dealt state."""
    return type(get_game(slug).new(1))


def to_engine(slug: str, position: HamiltonPosition | UnionSquarePosition) -> Any:
    """The engine state equal to a reference position."""
    state_class = _state_class(slug)
    if isinstance(position, HamiltonPosition):
        return state_class(
            tableau=_tuples(position.tableau),
            foundations=_tuples(position.foundations),
            stock=tuple(position.stock),
            chooser=NO_CHOOSER_CARD if position.chooser is None else position.chooser,
            choices_left=position.choices_left,
            start=NO_START_RANK if position.start_rank is None else position.start_rank,
        )
    return state_class(
        tableau=_tuples(position.tableau),
        foundations=_tuples(position.foundations),
        stock=tuple(position.stock),
        waste=tuple(position.waste),
    )


def from_deck(slug: str, deck: Sequence[int]) -> HamiltonPosition | UnionSquarePosition:
    """The reference's own deal of a deck in dealing order (the deck strings of docs/formats.md)."""
    if slug == "hamilton":
        return hamilton_deal(list(deck))
    if slug == "union-square":
        return union_square_deal(list(deck))
    raise KeyError(f"the reference has no game {slug!r}")
