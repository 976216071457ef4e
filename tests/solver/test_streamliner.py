"""The streamliner: a search of a restricted Hamilton game; its wins are wins, its losses prove nothing."""

from __future__ import annotations

import importlib
import random

import pytest

from patience import get_game
from patience.games.hamilton.rules import NEXT_IN_SUIT, run_length
from patience.rules import FOUNDATION, TABLEAU
from patience.solver import LOST, UNKNOWN, WON
from patience.solver.expand import LATER, Expander, safe_closure
from tests.solver.positions import hamilton_near_end

pytestmark = pytest.mark.python_search  # the Python search itself, whatever the switch says

search_module = importlib.import_module("patience.solver.search")
STREAMLINER_ALONE = (0, 0, 1)


def test_restricted_children_are_full_children_without_the_forbidden_moves() -> None:
    """No card comes back from a foundation and no run is split; every other child is kept."""
    game = get_game("hamilton")
    full, restricted = Expander(game), Expander(game, restricted=True)
    rng = random.Random(5)
    dropped = 0
    for _ in range(60):
        state = hamilton_near_end(rng, rng.randint(8, 30), rng.choice((0, 2, 9)))
        kids = {key: moves for moves, _child, key in full.children(state)}
        narrow = {key: moves for moves, _child, key in restricted.children(state)}
        assert set(narrow) <= set(kids)
        following = NEXT_IN_SUIT[state.start]
        for key, moves in kids.items():
            first = moves[0]
            forbidden = FOUNDATION <= first.src < TABLEAU or (
                first.src >= TABLEAU and first.dst >= TABLEAU
                and first.count < run_length(state.tableau[first.src - TABLEAU], following))
            if key not in narrow:
                assert forbidden, (game.position_text(state), str(first))
                dropped += 1
    assert dropped > 0


def test_the_streamliner_alone_never_calls_a_deal_lost() -> None:
    """Exhausting the restricted game is not a proof: the answer is unknown (deal 454 is lost)."""
    game = get_game("hamilton")
    result = search_module.search(game, game.new(454), shares=STREAMLINER_ALONE, streamline_first=0)
    assert result.outcome == UNKNOWN
    first_only = search_module.search(game, game.new(454), shares=(0, 0, 0), streamline_first=1.0)
    assert first_only.outcome == UNKNOWN and first_only.nodes > 0
    for shares, first in (((3, 1, 1), 0.0), ((3, 1, 0), 0.25), ((3, 1, 0), 1.0)):
        full = search_module.search(game, game.new(454), shares=shares, streamline_first=first)
        assert full.outcome == LOST


def test_streamliner_wins_replay_and_answers_agree_with_and_without_it() -> None:
    """With and without the streamliner the same answers; a streamliner win is a full-game win."""
    game = get_game("hamilton")
    for deal, outcome in ((1, WON), (9, WON), (14, LOST), (109, LOST)):
        for shares, first in (((3, 1, 0), 0.0), ((3, 1, 1), 0.0), (STREAMLINER_ALONE, 0.0),
                              ((3, 1, 0), 0.25)):
            result = search_module.search(game, game.new(deal), max_seconds=60, shares=shares,
                                          streamline_first=first)
            if shares == STREAMLINER_ALONE and outcome == LOST:
                assert result.outcome == UNKNOWN
                continue
            if shares == STREAMLINER_ALONE and result.outcome == UNKNOWN:
                continue  # this deal has no win in the restricted game
            assert result.outcome == outcome, (deal, shares)
            if outcome == WON:
                assert game.is_won(game.apply_all(game.new(deal), result.moves))


def test_the_streamliner_first_keeps_to_the_budget() -> None:
    """Its share comes out of the budget: the node count never exceeds ``max_nodes``."""
    game = get_game("hamilton")
    for nodes in (1, 10, 100, 1000, 5000):
        result = search_module.search(game, game.new(2), max_nodes=nodes, streamline_first=0.5)
        assert result.nodes <= nodes
        assert result.outcome in (WON, UNKNOWN)


def test_the_later_batch_is_what_the_restricted_game_left_out() -> None:
    """Restricted children and the LATER batch together are every child; when the restricted game
    left no move out (``left_out`` False), the LATER batch is empty, so nothing is left to complete."""
    game = get_game("hamilton")
    full, restricted = Expander(game), Expander(game, restricted=True)
    rng = random.Random(7)
    with_later = without = 0
    for _ in range(200):
        state = safe_closure(game, hamilton_near_end(rng, rng.randint(8, 30), rng.choice((0, 2, 9))))[1]
        narrow = {key for _moves, _child, key in restricted.children(state, closed=True)}
        left_out = restricted.left_out
        later = {key for _moves, _child, key in full.batch(state, LATER, closed=True)[0]}
        every = {key for _moves, _child, key in full.children(state, closed=True)}
        assert narrow | later == every, game.position_text(state)
        if left_out:
            with_later += 1
        else:
            assert not later, game.position_text(state)
            without += 1
    assert with_later > 10 and without > 10
