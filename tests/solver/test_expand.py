"""The expander's shortcuts build exactly the children the plain definition gives."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from patience.games.hamilton.search import hamilton_key, hamilton_value
from patience.rules import Move
from patience.solver.expand import LATER, Expander, safe_closure
from tests.positions import hamilton_game
from tests.solver.positions import hamilton_near_end

pytestmark = pytest.mark.python_search  # the Python search itself, whatever the switch says


def _plain_children(game: Any, state: Any) -> dict[Hashable, tuple[Move, ...]]:
    """Every legal move, then the whole safe closure, keyed canonically: the definition."""
    out: dict[Hashable, tuple[Move, ...]] = {}
    for move in game.legal_moves(state):
        extra, child = safe_closure(game, game.apply(state, move))
        out.setdefault(hamilton_key(child), (move, *extra))
    return out


def _closed_positions(rng: random.Random, count: int) -> list[Any]:
    game = hamilton_game()
    states: list[Any] = []
    while len(states) < count:
        state = hamilton_near_end(rng, rng.randint(6, 40), rng.choice((0, 2, 9, 16)))
        for _ in range(rng.randint(0, 30)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
        states.append(safe_closure(game, state)[1])
    return states


def test_hamilton_children_match_the_plain_definition() -> None:
    """The one-card safe-move test after a move between piles gives the same children and moves;
    a card taken down from a foundation that would go straight back up (to the parent itself)
    is not tried; and children the search already knows are left out, nothing else."""
    game = hamilton_game()
    expander = Expander(game)
    rng = random.Random(12)
    compared = skipped = came_back = 0
    for state in _closed_positions(rng, 150):
        plain = _plain_children(game, state)
        own = hamilton_key(state)
        for closed in (False, True):
            kids = {key: moves for moves, _child, key in expander.children(state, closed=closed)}
            assert {k: v for k, v in kids.items() if k != own} == {
                k: v for k, v in plain.items() if k != own}, game.position_text(state)
        came_back += own in plain and own not in kids
        compared += len(kids)
        if len(plain) > 1:
            known = {next(iter(plain))}
            fewer = {key for _moves, _child, key in expander.children(state, (known,))}
            assert fewer - {own} == set(plain) - known - {own}
            skipped += 1
    assert compared > 300 and skipped > 20 and came_back > 10


def test_open_positions_get_the_whole_closure() -> None:
    """A position not closed under the safe moves (never a search's parent) still gets exact children."""
    game = hamilton_game()
    expander = Expander(game)
    rng = random.Random(4)
    checked = 0
    for _ in range(200):
        state = hamilton_near_end(rng, rng.randint(6, 40), rng.choice((0, 2, 9)))
        if safe_closure(game, state)[0]:
            kids = {key: moves for moves, _child, key in expander.children(state)}
            assert kids == _plain_children(game, state)
            checked += 1
    assert checked > 5


def test_hamilton_children_carry_their_own_key_and_value() -> None:
    """A child built from its parent's piles (a move between piles that starts no safe move: its
    key and value come from the parent's bytes and parts) has exactly the key and value of the
    position itself, in the full game, the streamliner's and its later batch, with the value
    cache warm or cold."""
    game = hamilton_game()
    rng = random.Random(21)
    checked = 0
    for state in _closed_positions(rng, 120):
        for expander in (Expander(game), Expander(game, restricted=True)):
            for first in (0, LATER):
                kids, _next = expander.batch(state, first, closed=True)
                for _moves, child, key in kids:
                    assert key == hamilton_key(child), game.position_text(child)
                    assert expander.value(child, key) == hamilton_value(child), game.position_text(child)
                    checked += 1
    assert checked > 500
