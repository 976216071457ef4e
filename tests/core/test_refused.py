"""Positions the compiled core cannot hold are refused with a message, never a crash, and the Python
search answers them: a Union Square pile not built by the rules may grow past 13 cards once its top
cards have left it."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from patience import get_game
from patience.solver import solve
from patience.solver.core import PositionRefused, solve_with_core


def _unbuildable_pile() -> Any:
    """Deal 1 with twelve stock cards put on pile 1, bottom first: nine that no play would stack,
    then 4, 5 and 9 of one suit (which takes nothing); without its 9 the pile would take 6 up to K,
    20 cards in all."""
    game = get_game("union-square")
    fields = dict(word.split("=", 1) for word in game.position_text(game.new(1)).split()[1:])
    stock = fields["stock"].split(",")
    suit = next(s for s in "HSDC" if all(f"{r}{s}" in stock for r in "459"))
    top = [f"{r}{suit}" for r in "459"]
    for card in top:
        stock.remove(card)
    junk = [card for card in stock if not card.endswith(suit)][:9]
    for card in junk:
        stock.remove(card)
    piles = fields["t"].split(";")
    piles[0] = ",".join([piles[0], *junk, *top])
    fields["stock"], fields["t"] = ",".join(stock), ";".join(piles)
    return game.parse_position("union-square " + " ".join(f"{k}={v}" for k, v in fields.items()))


def test_a_pile_that_could_outgrow_the_core_is_refused_and_python_answers(
        core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("union-square")
    state = _unbuildable_pile()
    assert len(state.tableau[0]) == 13
    with pytest.raises(PositionRefused, match="pile 1 could grow past 13 cards"):
        solve_with_core(core, game, state, max_nodes=1000)
    monkeypatch.setenv("PATIENCE_SOLVER", "core")
    result = solve(game, state, max_nodes=1000)
    assert result.nodes > 0  # the Python search ran
