"""An independent, slow, obviously-correct reference of both games, for cross-checks.

Written from docs/rules.md and the move identity of docs/formats.md only, without reading the
engine's ``patience/games/``; the engine is checked against it (perft golden
files, random-play agreement). Positions are plain mutable lists; moves are
their text.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> position = to_reference("hamilton", game.new(1))
>>> sorted(reference_moves("hamilton", reference_apply("hamilton", position, "s")))
['c-f1', 'c-f2', 'c-f3', 'c-f4', 's']
>>> reference_perft("hamilton", position, 2)
5
"""

from __future__ import annotations

from tests.reference import hamilton, union_square
from tests.reference.convert import from_deck, to_engine, to_reference
from tests.reference.hamilton import HamiltonPosition
from tests.reference.union_square import UnionSquarePosition

Position = HamiltonPosition | UnionSquarePosition

__all__ = [
    "HamiltonPosition",
    "Position",
    "UnionSquarePosition",
    "from_deck",
    "reference_all_cards",
    "reference_apply",
    "reference_moves",
    "reference_perft",
    "reference_score",
    "to_engine",
    "to_reference",
]


def reference_moves(slug: str, position: Position) -> set[str]:
    """Every legal move in ``position``, as move text."""
    if slug == "hamilton":
        assert isinstance(position, HamiltonPosition)
        return hamilton.moves(position)
    if slug == "union-square":
        assert isinstance(position, UnionSquarePosition)
        return union_square.moves(position)
    raise KeyError(f"the reference has no game {slug!r}")


def reference_apply(slug: str, position: Position, move_text: str) -> Position:
    """The position after the legal move ``move_text`` (a new position; the input is unchanged)."""
    if slug == "hamilton":
        assert isinstance(position, HamiltonPosition)
        return hamilton.apply(position, move_text)
    if slug == "union-square":
        assert isinstance(position, UnionSquarePosition)
        return union_square.apply(position, move_text)
    raise KeyError(f"the reference has no game {slug!r}")


def reference_score(slug: str, position: Position) -> int:
    """Cards on the foundations."""
    if isinstance(position, HamiltonPosition):
        return hamilton.score(position)
    return union_square.score(position)


def reference_all_cards(slug: str, position: Position) -> list[int]:
    """Every card on the table."""
    if isinstance(position, HamiltonPosition):
        return hamilton.all_cards(position)
    return union_square.all_cards(position)


def reference_perft(slug: str, position: Position, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``position`` (perft).

    Plain recursion; at the last level the moves are counted rather than played.
    """
    if depth == 0:
        return 1
    moves = reference_moves(slug, position)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(slug, reference_apply(slug, position, m), depth - 1) for m in sorted(moves))
