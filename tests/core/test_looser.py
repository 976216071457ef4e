"""The compiled run view of Union Square agrees with the Python one: same answers, same work.

``patience._core.looser`` runs the looser game (its loss proves the position lost) and the
fewest-run searches (their wins are wins) in Python's order within Python's per-phase limits;
wherever both run with the same node budget they must give the same outcome after the same number
of positions, the same winning line (replayed through the Python engine), and a loss must say it
was proven in the looser game. Skipped where the core was not built, failed in CI.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.games.union_square.search import UnionSquareSearch
from patience.rules import STOCK_MOVE
from patience.solver import solve
from patience.solver.core import looser_with_core
from patience.solver.result import LOOSER_GAME, LOST, WON
from patience.solver.search import looser_first
from tests.solver.test_runs import LOST_DECK

GAME = get_game("union-square")
SLUG = "union-square"


def _agree(core: ModuleType, state: Any, max_nodes: int | None = None,
           looser: tuple[int, float] | None = None) -> str:
    """Both run views on ``state`` with a node budget (no clock): the same result; its outcome."""
    python = looser_first(GAME, state, max_nodes=max_nodes, looser=looser)
    rust = looser_with_core(core, GAME, state, max_nodes=max_nodes, looser=looser)
    text = GAME.position_text(state)
    assert (rust.outcome, rust.nodes, rust.searched, rust.stopped) == \
        (python.outcome, python.nodes, python.searched, python.stopped), text
    assert [str(m) for m in rust.moves] == [str(m) for m in python.moves], text
    if rust.won:
        assert GAME.is_won(GAME.apply_all(state, rust.moves)), text
    return str(rust.outcome)


@pytest.mark.parametrize("deals", [range(1, 21), range(100001, 100021)], ids=["1-20", "100001-100020"])
def test_numbered_deals_agree(core: ModuleType, deals: range) -> None:
    outcomes = [_agree(core, GAME.new(deal)) for deal in deals]
    assert outcomes.count(str(WON)) == len(deals)  # the fewest-run search wins them all


def test_the_lost_deck_is_proven_lost_in_the_looser_game(core: ModuleType) -> None:
    state = GAME.new(LOST_DECK)
    assert _agree(core, state) == str(LOST)
    assert looser_with_core(core, GAME, state).searched == LOOSER_GAME
    result = solve(GAME, state, max_nodes=10_000)  # through the core, the looser game first
    assert (result.outcome, result.searched) == (LOST, LOOSER_GAME)


@pytest.mark.parametrize("max_nodes", [1, 64, 100, 204, 300, 5_100, 10_100])
def test_the_whole_budget_is_counted_as_python_counts_it(core: ModuleType, max_nodes: int) -> None:
    for state in (GAME.new(LOST_DECK), GAME.new(7), _playout(3, 11, 200)):
        _agree(core, state, max_nodes)


@pytest.mark.parametrize("limit", [0, 1, 64, 65, 150, 700])
def test_the_looser_game_gets_its_own_limit(core: ModuleType, limit: int) -> None:
    """The looser game takes at most its limit of positions, exactly, as in Python (204 prove it lost)."""
    state = GAME.new(LOST_DECK)
    _agree(core, state, looser=(limit, 1.0))
    if limit:
        answer = core.looser(SLUG, GAME.position_text(state), limit=limit, share=1.0)
        assert answer.parts[0] == min(204, limit)


def _playout(deal: int, seed: int, length: int, clicks: float = 0.0) -> Any:
    """The position after ``length`` random legal moves from ``deal`` (fewer if play ends), each a
    click with probability ``clicks`` (the more clicks, the fuller the waste, the likelier a loss)."""
    rng = random.Random(seed)
    state = GAME.new(deal)
    for _ in range(length):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        click = STOCK_MOVE in moves and rng.random() < clicks
        state = GAME.apply(state, STOCK_MOVE if click else rng.choice(moves))
    return state


def _along_a_win(deal: int, step: int) -> Any:
    """The position ``step`` moves into the run view's winning line of ``deal``."""
    state = GAME.new(deal)
    line = looser_first(GAME, state).moves
    return GAME.apply_all(state, line[:step])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=st.integers(1, 2**32 - 1), seed=st.integers(0, 2**32), length=st.integers(1, 400),
       clicks=st.sampled_from([0.0, 0.2, 0.3, 0.6]), max_nodes=st.sampled_from([None, 700, 6_000]))
def test_random_reachable_positions_agree(core: ModuleType, deal: int, seed: int, length: int,
                                          clicks: float, max_nodes: int | None) -> None:
    _agree(core, _playout(deal, seed, length, clicks), max_nodes)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=st.integers(1, 2**32 - 1), step=st.integers(0, 400))
def test_positions_along_a_winning_line_agree(core: ModuleType, deal: int, step: int) -> None:
    _agree(core, _along_a_win(deal, step))


def test_random_playouts_give_both_answers(core: ModuleType) -> None:
    """The positions the hypothesis tests draw from hold losses as well as wins."""
    outcomes = [_agree(core, _playout(deal, deal, 250, 0.3)) for deal in range(1, 13)]
    assert outcomes.count(str(WON)) >= 2 and outcomes.count(str(LOST)) >= 8


def test_hamilton_has_no_looser_game_and_bad_input_is_refused(core: ModuleType) -> None:
    hamilton = get_game("hamilton")
    answer = core.looser("hamilton", hamilton.position_text(hamilton.new(1)))
    assert (answer.status, answer.nodes, answer.moves) == ("unknown", 0, [])
    with pytest.raises(ValueError, match="knows no game"):
        core.looser("klondike", "")
    with pytest.raises(ValueError):
        core.looser(SLUG, hamilton.position_text(hamilton.new(1)))


def test_solve_runs_the_compiled_looser_game(core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through :func:`solve` with the core, Python's run view is not used."""
    monkeypatch.delenv("PATIENCE_SOLVER", raising=False)

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the Python looser games ran")

    monkeypatch.setattr(UnionSquareSearch, "looser", refused)
    result = solve(GAME, GAME.new(1), max_nodes=20_000)
    assert result.won and GAME.is_won(GAME.apply_all(GAME.new(1), result.moves))
