"""The solver agrees with an independent brute-force search on every small position it can finish."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from patience import get_game
from patience.games.hamilton.rules import HamiltonState
from patience.solver import solve
from tests.solver.brute_force import TooBig, brute_force_winnable
from tests.solver.mini import MiniHamilton, mini_hamilton, mini_union_square
from tests.solver.positions import union_square_near_end


def _agree(game: Any, state: Any, limit: int, piles_alike: bool) -> bool | None:
    """None when the brute force gives up; else whether the two agree (asserting the solver decided)."""
    try:
        expected = brute_force_winnable(game, state, limit, piles_alike=piles_alike)
    except TooBig:
        return None
    result = solve(game, state, max_seconds=30)
    assert result.decided, game.position_text(state) if game.max_score in (52, 104) else state
    assert result.won == expected, (state, result.outcome, expected)
    if result.won:
        assert game.is_won(game.apply_all(state, result.moves))
    return expected


def test_mini_union_square_positions_agree() -> None:
    rng = random.Random(2024)
    outcomes = []
    for _ in range(120):
        game, state = mini_union_square(rng, rng.randint(4, 10), piles=rng.randint(2, 4),
                                        stock=rng.randint(0, 3), waste=rng.randint(0, 2),
                                        up=rng.randint(0, 8))
        outcomes.append(_agree(game, state, 50_000, piles_alike=True))
    assert outcomes.count(True) >= 40 and outcomes.count(False) >= 5, outcomes


def test_mini_hamilton_positions_agree() -> None:
    rng = random.Random(7)
    outcomes = []
    for _ in range(30):
        game, state = mini_hamilton(rng, rng.randint(3, 7), rng.choice([0, 0, 2]), rng.randint(0, 4))
        outcomes.append(_agree(game, state, 10_000, piles_alike=not state.stock))
    assert outcomes.count(True) >= 10, outcomes


DATA = Path(__file__).resolve().parent.parent / "data" / "solver"
LOST_MINI = json.loads((DATA / "hamilton-mini-lost.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", [pytest.param(i, marks=[] if f["cards"] < 10 else [pytest.mark.slow])
                                   for i, f in enumerate(LOST_MINI)])
def test_lost_mini_hamilton_positions_agree(index: int) -> None:
    """Lost Hamilton positions are rare when small; these were found by the brute force and frozen."""
    fixture = LOST_MINI[index]
    game = MiniHamilton(fixture["cards"])
    state = HamiltonState(tuple(tuple(p) for p in fixture["tableau"]), ((),) * 4, (), -1, 0, fixture["start"])
    assert _agree(game, state, 100_000, piles_alike=True) is False


def test_union_square_near_end_positions_agree() -> None:
    """Full 104-card positions with a few cards left: foundations in their second half."""
    game = get_game("union-square")
    rng = random.Random(11)
    outcomes = []
    for _ in range(30):
        state = union_square_near_end(rng, rng.randint(3, 7), rng.randint(0, 3), rng.randint(0, 2),
                                      rng.randint(1, 3))
        outcomes.append(_agree(game, state, 50_000, piles_alike=True))
    assert outcomes.count(True) >= 15, outcomes


def test_hand_made_union_square_loss_agrees() -> None:
    """The hand-made lost Union Square position (fixtures.json) is lost for the brute force too."""
    fixtures = json.loads((Path(__file__).resolve().parent.parent / "data" / "solver" / "fixtures.json")
                          .read_text(encoding="utf-8"))
    lost = [f for f in fixtures["positions"] if f["game"] == "union-square" and f["outcome"] == "lost"]
    assert lost
    game = get_game("union-square")
    for fixture in lost:
        state = game.parse_position(fixture["position"])
        assert game.legal_moves(state), "a loss that needs a search, not a position without moves"
        assert _agree(game, state, 50_000, piles_alike=True) is False
