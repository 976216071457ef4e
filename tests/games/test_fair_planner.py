"""The fair player that plans: plans stop at the first card shown, their counts are what they win, its
ends and seeds, and its survey rows (what both fair players must do: ``test_fair_player.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import patience.analysis.fair_planner as fair_planner
from patience import get_game
from patience.analysis.fair import Budget, completions
from patience.analysis.fair_planner import FairPlan, fair_plan, play_planned
from patience.analysis.fair_player import (
    END_MOVE_CAP,
    END_NO_MOVE,
    END_NO_WINNING_SAMPLE,
    END_REPEATED,
    MAX_VISITS,
    decision_seed,
)
from patience.errors import PatienceError
from patience.kit import observing
from patience.notation import Record, replay
from patience.rules import STOCK_MOVE, Move
from patience.solver import LOST, WON, solve
from patience.survey import read_rows, survey
from tests.games.tiny_game import TinyGame


# Hamilton 2 after "s c-f1": three plans, the best wins 5 completions, only 1 by its own line.
@pytest.mark.parametrize("slug, deal, played", [("hamilton", 5, ""), ("hamilton", 1, "s c-f1"),
                                                ("hamilton", 2, "s c-f1"), ("union-square", 3, "")])
def test_a_plan_stops_at_its_first_card_shown_and_wins_the_completions_it_counts(
        slug: str, deal: int, played: str) -> None:
    game = get_game(slug)
    moves = tuple(game.parse_move(text) for text in played.split())
    state = game.apply_all(game.new(deal), moves)
    seen = observing(game).observe(state, moves)
    budget = Budget(max_nodes=3000)
    plan = fair_plan(game, seen, samples=6, seed=11, budget=budget, played=moves)
    assert plan.samples == 6 and plan.moves and 0 < plan.won <= 6
    unseen = len(seen.unseen)
    after = list(moves)
    for index, move in enumerate(plan.moves):
        state = game.apply(state, move)  # the real deal: every planned move is legal
        after.append(move)
        shown = len(observing(game).observe(state, after).unseen) < unseen
        assert shown == (index == len(plan.moves) - 1) or game.is_won(state)
    wins = 0
    for completion in completions(game, seen, 6, 11):
        reached = game.apply_all(completion, plan.moves)
        wins += game.is_won(reached) or solve(game, reached, max_nodes=3000, tidy=False).outcome == WON
    assert wins == plan.won


def scripted(plans: list[FairPlan]) -> Any:
    def plan(*args: Any, **kwargs: Any) -> FairPlan:
        return plans.pop(0) if len(plans) > 1 else plans[0]
    return plan


def test_the_other_ends(tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_planner, "fair_plan", scripted([FairPlan((), 0, 0)]))
    assert play_planned(tiny, 1, samples=2).end == END_NO_MOVE
    monkeypatch.setattr(fair_planner, "fair_plan", scripted([FairPlan((), 0, 2)]))
    played = play_planned(tiny, 1, samples=2)
    assert (played.outcome, played.end, played.moves) == (LOST, END_NO_WINNING_SAMPLE, ())
    monkeypatch.setattr(fair_planner, "fair_plan", scripted([FairPlan((STOCK_MOVE, STOCK_MOVE), 1, 2)]))
    played = play_planned(tiny, 1, samples=2, max_moves=2)
    assert (played.outcome, played.end, played.moves, played.decisions) == (
        LOST, END_MOVE_CAP, (STOCK_MOVE, STOCK_MOVE), 1)
    deal = next(d for d in range(1, 200) if Move.parse("t1-t3") in tiny.legal_moves(tiny.new(d)))
    there, back = Move.parse("t1-t3"), Move.parse("t3-t1")
    monkeypatch.setattr(fair_planner, "fair_plan", scripted([FairPlan((there, back), 1, 2)]))
    played = play_planned(tiny, deal, samples=2)
    assert (played.outcome, played.end) == (LOST, END_REPEATED)
    assert len(played.moves) == 2 * (MAX_VISITS - 1)


def test_the_seed_of_each_plan_comes_from_the_deal_and_the_moves_played(
        tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[tuple[int, int]] = []

    def spy(game: Any, seen: Any, samples: int, seed: int, budget: Any, played: tuple[Move, ...]) -> FairPlan:
        seeds.append((seed, len(played)))
        return fair_plan(game, seen, samples, seed, budget, played)

    monkeypatch.setattr(fair_planner, "fair_plan", spy)
    play_planned(tiny, 3, samples=2)
    assert seeds and all(seed == decision_seed(3, moves) for seed, moves in seeds)


def test_a_move_the_rules_refuse_is_never_played(tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_planner, "fair_plan", scripted([FairPlan((Move.parse("t1-f2"),), 2, 2)]))
    deal = next(d for d in range(1, 200) if Move.parse("t1-f2") not in tiny.legal_moves(tiny.new(d)))
    with pytest.raises(PatienceError):
        play_planned(tiny, deal, samples=2)


def test_the_survey_plays_with_the_planner_and_keeps_its_rows_apart(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    survey("hamilton", range(4, 7), out, policy="fair", samples=2, max_nodes=1000)
    planned = survey("hamilton", range(4, 7), out, policy="fair-plan", samples=2, max_nodes=1000)
    rows = [row for row in read_rows(out) if row["policy"] == "fair-plan"]
    assert planned.deals == 3 and sorted(row["deal"] for row in rows) == [4, 5, 6]
    for row in rows:
        assert (row["samples"], row["max_nodes"]) == (2, 1000)
        assert replay(Record("hamilton", row["deal"], row["moves"])).won == (row["outcome"] == "won")
    again = survey("hamilton", range(4, 7), out, policy="fair-plan", samples=2, max_nodes=1000)
    assert (again.won, again.lost) == (planned.won, planned.lost)
    assert len(read_rows(out)) == 6  # every deal decided: the second run plays none again
