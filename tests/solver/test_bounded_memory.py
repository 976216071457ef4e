"""Bounded memory: with tables far too small for the graph the answers stay the same, only slower.

The tables' cap may make a search forget positions (depth-first search's
table) or stop and hand its unexpanded positions on (best-first search and
the streamliner); neither may ever turn a win into a loss or a loss into a
win. Checked against an independent brute force on the test-only game Tiny,
and against the uncapped solver on lost numbered deals.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.kit import kit_of
from patience.solver import LOST, WON, default_table_cap, solve
from patience.solver.expand import Expander
from tests.games.tiny_game import CARDS, TinyState, registered
from tests.solver.brute_force import TooBig, brute_force_winnable

search_module = importlib.import_module("patience.solver.search")
budget_module = importlib.import_module("patience.solver.budget")
room_module = importlib.import_module("patience.solver.room")
TINY_CAPS = (1, 3, 8)
STOCK_PLACE, WASTE_PLACE = 3, 4
SMALL = 80  # reachable positions of a Tiny position searched with caps of 1 to 8


def _checked_answer(game: Any, state: Any, table_cap: int, strategy: str) -> bool:
    """Whether the solver wins ``state`` with ``table_cap`` (a win's line replays); it must decide."""
    result = search_module.search(game, state, table_cap=table_cap, strategy=strategy)
    assert result.decided, (state, table_cap, strategy)
    if result.won:
        assert game.is_won(game.apply_all(state, result.moves))
    return bool(result.outcome == WON)


def _tiny_position(deck: list[int], places: list[int]) -> TinyState:
    """Tiny's eight cards laid out: place 0-2 a pile, 3 the stock, 4 the waste (foundations empty)."""
    piles = tuple(tuple(card for card, place in zip(deck, places, strict=True) if place == pile)
                  for pile in range(3))
    stock = tuple(card for card, place in zip(deck, places, strict=True) if place == STOCK_PLACE)
    waste = tuple(card for card, place in zip(deck, places, strict=True) if place == WASTE_PLACE)
    return TinyState(piles, ((), ()), stock, waste)


def test_tiny_caps_answer_tiny_positions_as_the_brute_force_does() -> None:
    """Every strategy, caps of 1, 3 and 8 positions: random positions of Tiny until 8 won and 5 lost.

    The positions are small (at most 80 reachable): with a table of one
    position, depth-first search is kept finite by its path alone, and on a
    larger lost position it enumerates paths for minutes (time, never a
    wrong answer)."""
    rng = random.Random(3)
    with registered() as game:
        states = []
        found = {True: 0, False: 0}
        while found[True] < 8 or found[False] < 5:
            deck = list(CARDS)
            rng.shuffle(deck)
            state = _tiny_position(deck, [rng.randrange(5) for _ in deck])
            try:
                truth = brute_force_winnable(game, state, SMALL)
            except TooBig:
                continue
            if found[truth] < (8 if truth else 5):
                found[truth] += 1
                states.append(state)
        for state in states:
            truth = brute_force_winnable(game, state)
            for table_cap in TINY_CAPS:
                for strategy in search_module.STRATEGIES:
                    assert _checked_answer(game, state, table_cap, strategy) == truth, (state, table_cap)


# derandomized: a rare example takes minutes, and a test run's length should not depend on luck
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much])
@given(deck=st.permutations(CARDS), places=st.lists(st.integers(0, 4), min_size=8, max_size=8),
       table_cap=st.integers(1, 30), strategy=st.sampled_from(search_module.STRATEGIES))
def test_any_cap_answers_any_tiny_position_as_the_brute_force_does(
        deck: list[int], places: list[int], table_cap: int, strategy: str) -> None:
    """Any small position of Tiny (see :data:`SMALL`), any cap up to 30, any strategy."""
    with registered() as game:
        state = _tiny_position(deck, places)
        try:
            truth = brute_force_winnable(game, state, SMALL)
        except TooBig:
            assume(False)
        assert _checked_answer(game, state, table_cap, strategy) == truth


def test_a_loss_under_a_tiny_cap_is_the_uncapped_loss() -> None:
    """Lost numbered deals stay lost with 10 and 60 positions of room, by every strategy."""
    game = get_game("hamilton")
    for deal in (109, 454):
        assert solve(game, game.new(deal)).outcome == LOST
        for table_cap in (10, 60):
            for strategy in search_module.STRATEGIES:
                result = search_module.search(game, game.new(deal), table_cap=table_cap, strategy=strategy)
                assert result.outcome == LOST, (deal, table_cap, strategy)


def test_the_tables_together_stay_within_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every position expanded, best-first search's and the streamliner's tables hold at most
    their share of the cap, and depth-first search's table what is left, in quarters of a position,
    less the children waiting on its paths (half a position each), or the floor when the path is long."""
    game = get_game("hamilton")
    table_cap = 400
    rooms: list[Any] = []
    tables: list[Any] = []
    plain_room, plain_tables = search_module.Room, search_module._Tables

    def room(cap: int) -> Any:
        rooms.append(plain_room(cap))
        return rooms[-1]

    def made_tables() -> Any:
        tables.append(plain_tables())
        return tables[-1]

    worst = [0.0]
    plain_take = budget_module.Budget.take

    def take(budget: Any) -> bool:
        if tables:
            held: list[dict[Hashable, Any]] = [tables[-1].best, tables[-1].lined]
            first = sum(map(len, held))
            assert first <= room_module.first_share(table_cap) + 1
            quarters = room_module.DEEP_PER_POSITION
            left = quarters * (table_cap - room_module.first_share(table_cap))
            allowed = max(left - room_module.WAITING_WEIGHT * rooms[-1].waiting, left // 2)
            worst[0] = max(worst[0], len(tables[-1].deep) / allowed)
        answer: bool = plain_take(budget)
        return answer

    monkeypatch.setattr(search_module, "Room", room)
    monkeypatch.setattr(search_module, "_Tables", made_tables)
    monkeypatch.setattr(budget_module.Budget, "take", take)
    result = search_module.search(game, game.new(100851), expander=Expander(game), table_cap=table_cap,
                                  max_nodes=20_000)
    assert result.nodes > 5_000 and tables[-1].deep  # depth-first search did run, beyond the cap
    assert worst[0] <= 1 + 1 / table_cap


def test_the_default_cap_follows_the_memory_budget() -> None:
    """The default cap fits the game's bytes per position in the memory budget, less the process."""
    for slug in ("hamilton", "union-square"):
        game = get_game(slug)
        cap = default_table_cap(game, 300)
        per_position = kit_of(game).search.position_bytes
        assert cap == int((300 - room_module.BASE_MB) * 2**20 / per_position)
        assert default_table_cap(game, 100) < cap
