"""Canonical keys put symmetric positions together and keep different positions apart."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.games.hamilton.rules import HamiltonState
from patience.games.hamilton.search import hamilton_key
from patience.games.union_square.rules import UnionSquareState
from patience.games.union_square.search import union_square_key
from patience.rules import State
from tests.positions import hamilton_game, union_square_game

HAMILTON = hamilton_game()
UNION_SQUARE = union_square_game()


def _playout(game_slug: str, deal: int, steps: int, seed: int) -> list[State]:
    game = get_game(game_slug)
    rng = random.Random(seed)
    state = game.new(deal)
    states = [state]
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_legal(state, rng.choice(moves))
        states.append(state)
    return states


deals = st.integers(min_value=1, max_value=2**32 - 1)
seeds = st.integers(min_value=0, max_value=10**6)


@settings(max_examples=40, deadline=None)
@given(deals, seeds, st.randoms())
def test_union_square_piles_and_foundations_are_interchangeable(deal: int, seed: int,
                                                                rnd: random.Random) -> None:
    for state in _playout("union-square", deal, 120, seed)[::20]:
        assert isinstance(state, UnionSquareState)
        piles = list(state.tableau)
        rnd.shuffle(piles)
        foundations = list(state.foundations)
        rnd.shuffle(foundations)
        moved = state._replace(tableau=tuple(piles), foundations=tuple(foundations))
        assert union_square_key(moved) == union_square_key(state)


@settings(max_examples=40, deadline=None)
@given(deals, seeds, st.randoms())
def test_hamilton_symmetries(deal: int, seed: int, rnd: random.Random) -> None:
    for state in _playout("hamilton", deal, 150, seed)[::10]:
        assert isinstance(state, HamiltonState)
        if state.start == 0:
            continue
        foundations = list(state.foundations)
        rnd.shuffle(foundations)
        same = state._replace(foundations=tuple(foundations))
        assert hamilton_key(same) == hamilton_key(state)
        piles = list(state.tableau)
        if not state.stock:
            rnd.shuffle(piles)  # no deal left: every pile is alike
        elif len(state.stock) == 2:
            rest = piles[2:]
            rnd.shuffle(rest)  # the last deal reaches piles 1-2 only
            piles[2:] = rest
        assert hamilton_key(state._replace(tableau=tuple(piles))) == hamilton_key(state)


@settings(max_examples=60, deadline=None)
@given(deals, seeds)
def test_distinct_positions_have_distinct_keys(deal: int, seed: int) -> None:
    """Along a random game, two positions share a key only when they are the same up to symmetry."""
    for slug in ("hamilton", "union-square"):
        states = _playout(slug, deal, 80, seed)
        by_key: dict[object, object] = {}
        for state in states:
            if isinstance(state, HamiltonState):
                key: object = hamilton_key(state)
            else:
                assert isinstance(state, UnionSquareState)
                key = union_square_key(state)
            if key in by_key:
                assert _normal(slug, by_key[key]) == _normal(slug, state)
            by_key[key] = state


def _normal(slug: str, state: object) -> object:
    """The position up to the symmetries, written out the slow way."""
    if slug == "union-square":
        assert isinstance(state, UnionSquareState)
        return (sorted(state.tableau), sorted(state.foundations), state.stock, state.waste)
    assert isinstance(state, HamiltonState)
    piles = list(state.tableau)
    if state.start and not state.stock:
        piles = sorted(piles)
    elif state.start and len(state.stock) == 2:
        piles = piles[:2] + sorted(piles[2:])
    foundations = sorted(state.foundations) if state.start else list(state.foundations)
    return (piles, foundations, state.stock, state.chooser, state.choices_left, state.start)


def test_moving_a_card_changes_the_key() -> None:
    state = UNION_SQUARE.new(3)
    for move in UNION_SQUARE.legal_moves(state):
        child = UNION_SQUARE.apply_legal(state, move)
        assert union_square_key(child) != union_square_key(state)
    chosen = HAMILTON.apply_all(HAMILTON.new(3), [HAMILTON.parse_move("s"), HAMILTON.parse_move("c-f1")])
    keys = {hamilton_key(chosen)}
    for move in HAMILTON.legal_moves(chosen):
        keys.add(hamilton_key(HAMILTON.apply_legal(chosen, move)))
    assert len(keys) == 1 + len(HAMILTON.legal_moves(chosen))


def test_each_choice_of_start_card_has_its_own_key() -> None:
    """The three choices share the tableau; the start rank and the stock tell them apart."""
    state = HAMILTON.new(14)
    keys = set()
    for clicks in range(1, 4):
        moves = [HAMILTON.parse_move("s")] * clicks + [HAMILTON.parse_move("c-f1")]
        chosen = HAMILTON.apply_all(state, moves)
        keys.add(hamilton_key(chosen))
    assert len(keys) == 3
