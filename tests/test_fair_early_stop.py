"""The fair hint's early stop and progress: the same move as the full run, told as it goes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.analysis.fair import Budget, FairProgress, completions, fair_hint, observe
from patience.rules import Game, Move, get_game
from patience.solver import WON

BUDGET = Budget(max_nodes=5_000)


def walk(game: Game[Any], deal: int, steps: int, seed: int) -> list[Move]:
    """``steps`` moves from ``deal``, each a seeded random choice of a legal one (the stock less often)."""
    rng = random.Random(seed)
    state, played = game.new(deal), []
    for _step in range(steps):
        moves = game.legal_moves(state)
        if not moves or game.is_won(state):
            break
        tableau = [m for m in moves if str(m) != "s"]
        move = rng.choice(tableau) if tableau and rng.random() < 0.8 else rng.choice(moves)
        state = game.apply_legal(state, move)
        played.append(move)
    return played


# (game, deal, random moves, seed): openings (one candidate), middles with 2 to 4 candidates where the
# early stop stops (Hamilton 9, 19, 29, 39), and Union Square, where many moves win every completion
POSITIONS = [("hamilton", 1, 0, 0), ("hamilton", 4, 3, 1), ("hamilton", 7, 6, 2), ("hamilton", 9, 9, 3),
             ("hamilton", 19, 7, 19), ("hamilton", 29, 10, 29), ("hamilton", 39, 10, 39),
             ("union-square", 2, 4, 6), ("union-square", 5, 10, 7)]


@pytest.mark.parametrize("slug, deal, steps, seed", POSITIONS)
def test_the_early_stop_gives_the_full_run_s_move(slug: str, deal: int, steps: int, seed: int) -> None:
    game = get_game(slug)
    seen = observe(game, deal, walk(game, deal, steps, seed))
    full = fair_hint(game, seen, samples=16, seed=seed, budget=BUDGET)
    early = fair_hint(game, seen, samples=16, seed=seed, budget=BUDGET, early_stop=True)
    assert early.move == full.move
    if early.samples < full.samples:  # stopped early: its count is over the completions it solved
        assert 0 < early.won <= early.samples


def test_the_early_stop_stops_early_and_its_count_is_exact() -> None:
    game = get_game("hamilton")
    seen = observe(game, 2, [])  # one move only (the stock): it leads as soon as it wins more than are left
    early = fair_hint(game, seen, samples=32, seed=0, budget=BUDGET, early_stop=True)
    full = fair_hint(game, seen, samples=32, seed=0, budget=BUDGET)
    assert early.move == full.move and early.samples < full.samples
    states = completions(game, seen, early.samples, 0)
    won = sum(fair_hint_outcome(game, state, early.move) for state in states)
    assert early.won == won > full.samples - early.samples


def fair_hint_outcome(game: Game[Any], state: Any, move: Move | None) -> bool:
    from patience.solver import solve

    assert move is not None
    return solve(game, game.apply_legal(state, move), max_nodes=BUDGET.max_nodes).outcome == WON


def test_progress_is_told_after_each_completion() -> None:
    game = get_game("hamilton")
    seen = observe(game, 7, walk(game, 7, 6, 2))
    told: list[FairProgress] = []
    answer = fair_hint(game, seen, samples=12, seed=2, budget=BUDGET, progress=told.append)
    assert [p.decided for p in told] == list(range(1, 13)) and {p.samples for p in told} == {12}
    assert told[-1].won <= 12 and all(p.move is not None or p.won == 0 for p in told)
    assert answer == fair_hint(game, seen, samples=12, seed=2, budget=BUDGET)  # progress changes nothing
    assert told[-1].as_json().keys() == {"decided", "samples", "move", "won"}
