"""Proofs shared between searches (patience/solver/proven.py): the same answers, less work."""

from __future__ import annotations

import json
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from patience import get_game
from patience.analysis.review import positions_of
from patience.games.union_square.runs import _finished, relaxed_search
from patience.rules import Game
from patience.solver import LOST, WON, Proven, solve
from patience.solver.expand import Expander
from tests.solver.test_runs import _finish

LOST_GAMES = json.loads((Path(__file__).parents[2] / "bench" / "data" / "lost-games.json").read_text("utf-8"))


def _positions(slug: str, deal: int) -> tuple[Game[Any], list[Any]]:
    game = get_game(slug)
    record = next(r for r in LOST_GAMES if r["game"] == slug and r["deal"] == deal)
    return game, positions_of(game, deal, [game.parse_move(m) for m in record["moves"]])


@pytest.fixture(autouse=True)
def python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shared proofs are the Python search's (the compiled core has none yet): both sides of each
    comparison search in Python."""
    monkeypatch.setenv("PATIENCE_SOLVER", "python")


def test_shared_losses_give_the_same_answers_with_less_work() -> None:
    """Hamilton deal 6 as played (bench/data): lost from move 2 on, won after move 1. Solved from
    the end back, as the review does, each proof skips the positions the later ones proved lost."""
    game, states = _positions("hamilton", 6)
    proven = Proven.for_game(game)
    alone, shared = [], []
    for k in (20, 10, 5, 3, 2):
        without = solve(game, states[k], tidy=False)
        with_table = solve(game, states[k], tidy=False, proven=proven)
        assert without.outcome == with_table.outcome == LOST, k
        alone.append(without.nodes)
        shared.append(with_table.nodes)
    assert sum(shared) < sum(alone) * 2 // 3 and shared[-1] < alone[-1] // 2, (shared, alone)
    assert len(proven) >= shared[-1]  # the positions of the proofs are kept
    won = solve(game, states[1], proven=proven)  # replayed by solve; the losses did not hide the win
    assert won.outcome == WON and game.is_won(game.apply_all(states[1], won.moves))


def test_a_position_in_the_table_is_skipped() -> None:
    """The table is used: a won position's children all put in it by hand (wrongly) make it lost."""
    game, states = _positions("hamilton", 6)
    expand = Expander(game)
    _moves, root = expand.normalize(states[1])
    proven = Proven.for_game(game)
    proven.add_lost((key for _m, _child, key in expand.children(root)), root=None)
    assert solve(game, states[1], proven=proven).outcome == LOST
    assert solve(game, states[1]).outcome == WON


def test_a_lost_root_in_the_table_costs_nothing() -> None:
    game, states = _positions("hamilton", 6)
    proven = Proven.for_game(game)
    assert solve(game, states[5], proven=proven).outcome == LOST
    again = solve(game, states[5], proven=proven)
    assert (again.outcome, again.nodes) == (LOST, 0)


class _Counter:
    def __init__(self) -> None:
        self.count = 0

    def take(self) -> bool:
        self.count += 1
        return True


def test_the_looser_game_shares_its_losses() -> None:
    """Union Square deal 1 as played: the looser game proves moves 370, 355 and 345 lost; with the
    table the earlier proofs skip what the later ones entered."""
    _game, states = _positions("union-square", 1)
    lost: dict[Any, None] = {}
    counts: list[tuple[int, int]] = []
    for k in (370, 355, 345):
        alone, shared = _Counter(), _Counter()
        assert _finish(relaxed_search(states[k], alone.take))[0] == LOST
        assert _finish(relaxed_search(states[k], shared.take, lost=lost))[0] == LOST
        counts.append((alone.count, shared.count))
    assert all(shared <= alone for alone, shared in counts), counts
    assert sum(s for _a, s in counts[1:]) < sum(a for a, _s in counts[1:]), counts
    assert lost


def test_the_table_keeps_to_its_cap() -> None:
    proven = Proven(cap=10, looser_cap=6)
    proven.add_lost(range(8), root="r")
    proven.looser.update({("x", n): None for n in range(8)})
    proven.trim()
    assert len(proven.lost) + len(proven.roots) <= 10 and len(proven.looser) <= 6 and proven.is_lost("r")
    proven.add_lost(range(8, 20), root=None)
    assert len(proven.lost) + len(proven.roots) <= 10 and proven.is_lost("r") and 19 in proven.lost


class _Allowance:
    """A ``take`` that allows ``n`` positions, then refuses."""

    def __init__(self, n: int) -> None:
        self.left = n

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


def test_a_stopped_looser_search_keeps_only_what_it_finished() -> None:
    """Union Square deal 1 as played: stopped looser searches (out of positions, or closed between
    two slices) leave their finished positions in the table. The next search of a won position still
    wins (a position on the stopped search's path kept as lost would hide the win: the root is on
    it), and a lost one is proven in fewer positions than alone. (The looser game's wins here are
    found without a step back, so the won roots' stopped searches finish nothing.)"""
    _game, states = _positions("union-square", 1)
    for k in (0, 255, 303):
        lost: dict[Any, None] = {}
        for allowance in (20, 60, 120):
            assert _finish(relaxed_search(states[k], _Allowance(allowance).take, lost=lost))[0] == "unknown"
        closed = relaxed_search(states[k], _Counter().take, lost=lost)
        next(closed)
        closed.close()
        assert _finish(relaxed_search(states[k], _Counter().take, lost=lost))[0] == WON, k
    alone, resumed = _Counter(), _Counter()
    assert _finish(relaxed_search(states[345], alone.take))[0] == LOST
    lost = {}
    assert _finish(relaxed_search(states[345], _Allowance(alone.count // 2).take, lost=lost))[0] == "unknown"
    assert _finish(relaxed_search(states[345], resumed.take, lost=lost))[0] == LOST
    assert resumed.count < alone.count * 3 // 4, (resumed.count, alone.count)


def test_finished_positions_are_those_off_the_path() -> None:
    seen: dict[Hashable, None] = dict.fromkeys("abcde")
    stack: list[tuple[object, object, Hashable]] = [([], None, "a"), ([], None, "b")]
    assert set(_finished(seen, stack, "c")) == {"d", "e"}
    assert set(_finished(seen, [], None)) == set("abcde")
