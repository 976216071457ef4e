"""Proofs shared between the compiled core's searches of one deal (the review's ``Proven``).

A position the core proved lost is not searched again by a later search given the same
:class:`~patience.solver.Proven`; answers with shared proofs are the answers without them; proofs of
one game are refused for another.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from patience import get_game
from patience.rules import Game
from patience.solver import LOST, UNKNOWN, WON, Proven, solve

ROOT = Path(__file__).resolve().parents[2]
LOST_GAMES = ROOT / "bench" / "data" / "lost-games.json"
#: A Hamilton deal the core proves lost in about 600 positions.
LOST_DEAL = 82
#: Moves of the first recorded lost Union Square game after which its looser game is lost in
#: about 1,450 positions.
LOOSER_LOST_AFTER = 360


@pytest.fixture(autouse=True)
def core_search(monkeypatch: pytest.MonkeyPatch, core: ModuleType) -> None:
    """Every solve of these tests goes to the compiled core."""
    monkeypatch.setenv("PATIENCE_SOLVER", "core")


def test_a_lost_deal_is_not_searched_again(core: ModuleType) -> None:
    game = get_game("hamilton")
    proven = Proven.for_game(game)
    first = solve(game, game.new(LOST_DEAL), proven=proven)
    assert first.outcome == LOST and first.nodes > 100
    proofs = proven.core_proofs(core, game)
    assert len(proofs) > 100 and proofs.game == "hamilton"
    again = solve(game, game.new(LOST_DEAL), proven=proven)
    assert (again.outcome, again.nodes) == (LOST, 0)


def test_positions_below_a_lost_deal_cost_less_with_its_proofs(core: ModuleType) -> None:
    game = get_game("hamilton")
    deal = game.new(LOST_DEAL)
    proven = Proven.for_game(game)
    assert solve(game, deal, proven=proven).outcome == LOST
    children = [game.apply_legal(deal, move) for move in game.legal_moves(deal)]
    alone = [solve(game, child) for child in children]
    shared = [solve(game, child, proven=proven) for child in children]
    assert [r.outcome for r in alone] == [r.outcome for r in shared] == [LOST] * len(children)
    assert sum(r.nodes for r in shared) < sum(r.nodes for r in alone) / 10


def _lost_games(slug: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(LOST_GAMES.read_text(encoding="utf-8"))
    return [g for g in games if g["game"] == slug]


@pytest.mark.parametrize("slug", ["hamilton", "union-square"])
def test_answers_along_a_lost_game_are_the_same_with_shared_proofs(slug: str) -> None:
    """From the end of a recorded lost game back towards its deal, in the review's order (lost ends
    first): each position's answer with the proofs of the later ones equals its answer alone."""
    game: Game[Any] = get_game(slug)
    record = _lost_games(slug)[0]
    states = [game.new(record["deal"])]
    for text in record["moves"]:
        states.append(game.apply_legal(states[-1], game.parse_move(text)))
    proven = Proven.for_game(game)
    picks = states[::-max(1, len(states) // 12)]  # from the lost end back to the deal
    shared = [solve(game, s, max_nodes=20_000, proven=proven, tidy=False).outcome for s in picks]
    alone = [solve(game, s, max_nodes=20_000, tidy=False).outcome for s in picks]
    assert shared[0] == LOST and WON in alone
    # wherever both decide they agree (the proofs may decide what the budget left unknown alone)
    assert all(a == b for a, b in zip(shared, alone, strict=True) if UNKNOWN not in (a, b))
    assert sum(UNKNOWN not in (a, b) for a, b in zip(shared, alone, strict=True)) >= 4


def test_proofs_of_another_game_are_refused(core: ModuleType) -> None:
    hamilton, union_square = get_game("hamilton"), get_game("union-square")
    proofs = core.Proofs("hamilton", 1 << 20)
    with pytest.raises(ValueError, match='these proofs are of "hamilton", not of "union-square"'):
        core.solve("union-square", union_square.position_text(union_square.new(1)), max_nodes=10,
                   proofs=proofs)
    with pytest.raises(ValueError, match="knows no game"):
        core.Proofs("klondike", 1)
    assert core.solve("hamilton", hamilton.position_text(hamilton.new(1)), max_nodes=5000,
                      proofs=proofs).status == "won"
    assert len(proofs) == 0  # a win proves nothing lost


def test_the_looser_game_keeps_its_proofs_in_the_core(core: ModuleType) -> None:
    """Union Square's looser game, searched through ``solve`` with a ``Proven``, keeps the positions
    it finished in the core's proofs (none in the Python table), and the next search of a lost
    position of the same game goes on from them."""
    game: Game[Any] = get_game("union-square")
    record = _lost_games("union-square")[0]
    state = game.new(record["deal"])
    for text in record["moves"][:LOOSER_LOST_AFTER]:
        state = game.apply_legal(state, game.parse_move(text))
    proven = Proven.for_game(game)
    alone = solve(game, state, tidy=False, looser=(50_000, 1.0))
    stopped = solve(game, state, max_nodes=400, tidy=False, proven=proven, looser=(50_000, 1.0))
    assert (alone.outcome, stopped.outcome) == (LOST, UNKNOWN)
    proofs = proven.core_proofs(core, game)
    assert proofs.looser_len() > 0 and not proven.looser
    again = solve(game, state, tidy=False, proven=proven, looser=(50_000, 1.0))
    assert again.outcome == LOST and again.nodes <= alone.nodes - 300
    assert solve(game, state, tidy=False, proven=proven).nodes == 0  # its root is kept now


def test_looser_proofs_of_another_game_are_refused(core: ModuleType) -> None:
    union_square = get_game("union-square")
    with pytest.raises(ValueError, match='these proofs are of "hamilton", not of "union-square"'):
        core.looser("union-square", union_square.position_text(union_square.new(1)),
                    proofs=core.Proofs("hamilton", 1 << 20))
