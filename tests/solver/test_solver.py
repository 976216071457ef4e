"""The solver on fixtures, from any position, within budgets; won lines replay to a win."""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from patience import get_game
from patience.games.hamilton import dead_ends
from patience.games.hamilton import search as hamilton_search
from patience.kit import kit_of
from patience.rules import Game
from patience.solver import LOST, UNKNOWN, WON, Result, solve
from patience.solver.expand import Expander
from tests.solver.positions import hamilton_won_position_text

FIXTURES = json.loads((Path(__file__).resolve().parent.parent / "data" / "solver" / "fixtures.json")
                      .read_text(encoding="utf-8"))
search_module = importlib.import_module("patience.solver.search")
room_module = importlib.import_module("patience.solver.room")


def _deal_params() -> list[Any]:
    return [pytest.param(f["game"], f["deal"], f["outcome"], id=f"{f['game']}-{f['deal']}",
                         marks=[pytest.mark.slow] if f.get("slow") else [])
            for f in FIXTURES["deals"]]


@pytest.mark.parametrize(("slug", "deal", "outcome"), _deal_params())
def test_numbered_deals(slug: str, deal: int, outcome: str) -> None:
    game = get_game(slug)
    result = solve(game, game.new(deal), max_seconds=60)
    assert result.outcome == outcome
    if outcome == WON:
        assert game.is_won(game.apply_all(game.new(deal), result.moves))
    else:
        assert result.moves == ()


@pytest.mark.parametrize("fixture", FIXTURES["positions"], ids=lambda f: f"{f['game']}-{f['outcome']}")
def test_positions(fixture: dict[str, str]) -> None:
    game = get_game(fixture["game"])
    state = game.parse_position(fixture["position"])
    result = solve(game, state, max_seconds=30)
    assert result.outcome == fixture["outcome"], fixture["why"]
    if result.won:
        assert game.is_won(game.apply_all(state, result.moves))


def test_from_the_middle_of_a_game() -> None:
    """Solving after the first moves of a won line finds a line from there."""
    game = get_game("hamilton")
    start = game.new(358)
    line = solve(game, start, max_seconds=30).moves
    for cut in (1, 2, 5, len(line) // 2, len(line) - 1):
        middle = game.apply_all(start, line[:cut])
        rest = solve(game, middle, max_seconds=30)
        assert rest.won and game.is_won(game.apply_all(middle, rest.moves))


def test_before_the_choice_every_chooser_card_is_tried() -> None:
    """Deal 454 is lost whichever of the three cards starts; each choice alone is lost too."""
    game = get_game("hamilton")
    s = game.parse_move("s")
    for clicks in (1, 2, 3):
        chosen = game.apply_all(game.new(454), [s] * clicks + [game.parse_move("c-f2")])
        assert solve(game, chosen, max_seconds=30).outcome == LOST


def test_a_won_position_needs_no_move() -> None:
    game = get_game("hamilton")
    won = game.parse_position(hamilton_won_position_text())
    result = solve(game, won)
    assert result.outcome == WON and result.moves == ()


@pytest.mark.parametrize(("slug", "deal"), [("hamilton", 515), ("hamilton", 358), ("union-square", 9)])
def test_budgets_give_unknown_never_a_wrong_answer(slug: str, deal: int) -> None:
    game = get_game(slug)
    state = game.new(deal)
    truth = solve(game, state, max_seconds=60)
    assert truth.decided
    answers: set[str] = set()
    for nodes in (1, 3, 10, 30, 100, 300, 1000, 3000):
        result = solve(game, state, max_nodes=nodes)
        assert result.outcome in (UNKNOWN, truth.outcome)
        assert result.nodes <= nodes
        if result.outcome == UNKNOWN:
            assert result.stopped == "nodes"
        answers.add(result.outcome)
    assert UNKNOWN in answers
    tiny = solve(game, state, max_seconds=0.0)
    assert tiny.outcome in (UNKNOWN, truth.outcome)


def test_time_budget_is_kept() -> None:
    game = get_game("union-square")
    result = solve(game, game.new(2), max_seconds=0.3)
    assert result.seconds < 0.8
    if result.outcome == UNKNOWN:
        assert result.stopped == "seconds"


def test_small_table_still_proves_a_loss() -> None:
    """With a table cap far below the number of positions the answer is the same (more work)."""
    game = get_game("hamilton")
    state = game.new(454)
    full = solve(game, state)
    capped = solve(game, state, table_cap=100)
    assert full.outcome == capped.outcome == LOST
    assert capped.peak_table <= room_module.DEEP_PER_POSITION * 100 + 1  # a key-only entry weighs a quarter


@pytest.fixture(params=["no dead-end test", "dead-end test at every position"])
def expander(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A factory of expanders whose pruning is a function of the position alone.

    Hamilton's dead-end test asks one position in ``SPARSE`` where it seldom answers, so which
    positions it prunes depends on the order of the search; the tests of one enumeration shared
    by the searches take it off, or ask it at every position (``SPARSE`` = 1).
    """
    if request.param == "no dead-end test":
        return lambda game: Expander(game, dead_ends=False)
    monkeypatch.setattr(dead_ends, "SPARSE", 1)
    return Expander


def test_depth_first_and_best_first_agree_exactly(expander: Any) -> None:
    """Both searches enter every reachable position exactly once when the table holds them all."""
    game = get_game("hamilton")
    for deal in (109, 454, 515):
        best = search_module.search(game, game.new(deal), expander=expander(game), strategy="best-first")
        deep = search_module.search(game, game.new(deal), expander=expander(game), strategy="depth-first")
        both = search_module.search(game, game.new(deal), expander=expander(game))
        assert best.outcome == deep.outcome == both.outcome == LOST
        assert best.nodes == deep.nodes
        shares = sum(kit_of(game).search.shares)
        assert deep.nodes <= both.nodes <= shares * deep.nodes + shares * search_module.SLICE


def test_side_by_side_searches_share_one_enumeration_of_a_loss(expander: Any) -> None:
    """Best-first and depth-first search skip what the other entered: a loss costs one enumeration.

    Without the streamliner, the portfolio expands each reachable position once
    (the root twice), whatever the shares, so it proves the loss in the
    positions one search alone needs, not the sum of both.
    """
    game = get_game("hamilton")
    for deal in (109, 454, 515):
        chosen = _start_card(game, deal)  # one part (one start card), so one root
        deep = search_module.search(game, chosen, expander=expander(game), strategy="depth-first")
        for shares in ((3, 1, 0), (1, 3, 0), (1, 1, 0)):
            both = search_module.search(game, chosen, expander=expander(game), shares=shares,
                                        streamline_first=0)
            assert both.outcome == deep.outcome == LOST
            assert deep.nodes <= both.nodes <= deep.nodes + 1, (deal, shares)


def test_the_streamliner_shares_the_one_enumeration_of_a_loss(monkeypatch: pytest.MonkeyPatch,
                                                              expander: Any) -> None:
    """The streamliner's positions are completed by best-first search, not searched again.

    Every reachable position is expanded once in full, or once by the
    streamliner and once more for the moves its game leaves out (LATER);
    only the root is expanded by each search. So the positions entered are
    the ones a search alone needs.
    """
    game = get_game("hamilton")
    plain = hamilton_search.hamilton_children
    calls: list[tuple[str, Hashable]] = []

    def counted(expand: Expander[Any], state: Any, known: Any, closed: bool, later: bool = False) -> Any:
        kind = "restricted" if expand.restricted else "later" if later else "full"
        calls.append((kind, expand.key(state)))
        return plain(expand, state, known, closed, later)

    monkeypatch.setattr(hamilton_search, "hamilton_children", counted)
    for deal in (109, 454, 515):
        chosen = _start_card(game, deal)
        deep = search_module.search(game, chosen, expander=expander(game), strategy="depth-first")
        for shares, first in (((3, 1, 1), 0.25), ((3, 1, 1), 0.0), ((1, 1, 1), 1.0), ((3, 1, 0), 0.5)):
            calls.clear()
            both = search_module.search(game, chosen, expander=expander(game), shares=shares,
                                        streamline_first=first)
            assert both.outcome == deep.outcome == LOST
            full = [key for kind, key in calls if kind == "full"]
            lined = {key for kind, key in calls if kind == "restricted"}
            later = [key for kind, key in calls if kind == "later"]
            assert lined, (deal, shares)  # the streamliner did expand positions
            root = calls[0][1]
            assert len(set(full)) == len(full) - full.count(root) + 1  # each once, but the root
            assert set(later) <= lined and len(set(later)) == len(later)
            assert not (set(full) - {root}) & lined
            assert deep.nodes <= len(set(full) | lined) <= deep.nodes + 1, (deal, shares)


@pytest.mark.python_search
def test_side_by_side_loss_survives_a_full_best_first_table() -> None:
    """When best-first search stops at its table cap, a depth-first search takes its heap over: still lost.
    With the streamliner, its heap and the positions it left to complete are handed over too."""
    game = get_game("hamilton")
    for table_cap in (50, 500, 3000):
        for shares, first in (((3, 1, 0), 0.0), ((3, 1, 1), 0.25), ((1, 1, 1), 0.0), ((3, 1, 0), 1.0)):
            for deal in (454, 109):
                result = search_module.search(game, game.new(deal), expander=Expander(game),
                                              table_cap=table_cap, shares=shares, streamline_first=first)
                assert result.outcome == LOST, (deal, table_cap, shares, first)
    for deal, cap in ((1, 200), (1, 300), (2, 300), (1, 1000)):
        result = search_module.search(game, game.new(deal), expander=Expander(game), table_cap=_room_for(cap),
                                      shares=(3, 1, 1), streamline_first=0.25, max_nodes=1_000_000)
        assert result.outcome == WON and result.peak_table > cap // 3, (deal, cap)
        assert game.is_won(game.apply_all(game.new(deal), result.moves))


def test_a_full_best_first_table_hands_its_heap_to_depth_first_search() -> None:
    """With best-first search alone and a small table, the heap's positions are searched below: the
    win is found there (its line goes through best-first search's parents) and the loss is proven."""
    game = get_game("hamilton")
    for deal, clicks, outcome, cap in ((1, 1, WON, 2000), (454, 3, LOST, 100), (109, 3, LOST, 100)):
        chosen = _start_card(game, deal, clicks)
        result = search_module.search(game, chosen, expander=Expander(game), table_cap=_room_for(cap),
                                      shares=(1, 0, 0), streamline_first=0, max_seconds=60)
        assert result.outcome == outcome, deal
        assert result.peak_table > cap  # best-first search did fill its table
        if outcome == WON:
            assert game.is_won(game.apply_all(chosen, result.moves))
    union_square = get_game("union-square")
    result = search_module.search(union_square, union_square.new(2558), table_cap=_room_for(500),
                                  shares=(1, 0, 0), max_seconds=60, looser_games=False)
    assert result.outcome == WON and result.peak_table > 500
    assert union_square.is_won(union_square.apply_all(union_square.new(2558), result.moves))


def _start_card(game: Game[Any], deal: int, clicks: int = 3) -> Any:
    """Deal ``deal`` with the card of the ``clicks``-th stock click chosen as the start card: one part
    of the game (the third is the largest of deals 109 and 454)."""
    return game.apply_all(game.new(deal), [game.parse_move("s")] * clicks + [game.parse_move("c-f1")])


def _room_for(best_first_cap: int) -> int:
    """The table cap at which best-first search stops after ``best_first_cap`` positions."""
    share: float = room_module.FIRST_SHARE
    return math.ceil(best_first_cap / share)


def test_result_helpers() -> None:
    result = Result(WON, (), 3, 0.1, 3)
    assert result.won and result.decided and result.moves_text() == ""


def test_each_strategy_finds_the_same_answers() -> None:
    """Every strategy is exact: the same outcome on won and lost deals, and won lines replay."""
    game = get_game("hamilton")
    for deal, outcome in ((1, WON), (454, LOST)):
        for strategy in search_module.STRATEGIES:
            result = search_module.search(game, game.new(deal), max_seconds=60, strategy=strategy)
            assert result.outcome == outcome, (deal, strategy)
            if outcome == WON:
                assert game.is_won(game.apply_all(game.new(deal), result.moves))


def test_unknown_strategy_is_refused() -> None:
    game = get_game("hamilton")
    with pytest.raises(ValueError, match="unknown search strategy 'sideways'"):
        search_module.search(game, game.new(1), strategy="sideways")


def test_won_lines_have_no_loops() -> None:
    """A reported line never passes the same position twice (wandering is cut out)."""
    game = get_game("union-square")
    result = search_module.search(game, game.new(28), max_seconds=60, strategy="depth-first")
    assert result.outcome == WON
    state = game.new(28)
    seen = {state}
    for move in result.moves:
        state = game.apply(state, move)
        assert state not in seen
        seen.add(state)
    assert game.is_won(state)


@pytest.mark.parametrize(("slug", "deal"), [("hamilton", 1), ("hamilton", 4), ("union-square", 1)])
def test_an_untidied_line_wins_with_the_same_outcome_and_work(slug: str, deal: int) -> None:
    """``tidy=False`` only skips shortening the line: same outcome, same positions, a line that wins."""
    game = get_game(slug)
    tidied = solve(game, game.new(deal), max_nodes=5000)
    untidied = solve(game, game.new(deal), max_nodes=5000, tidy=False)
    assert (untidied.outcome, untidied.nodes) == (tidied.outcome, tidied.nodes) == (WON, tidied.nodes)
    assert game.is_won(game.apply_all(game.new(deal), untidied.moves))
    assert len(untidied.moves) >= len(tidied.moves)


def test_the_looser_games_leave_most_of_a_small_node_budget_to_the_real_game() -> None:
    """A position whose looser positions cost ~30 ms each (met in the fair survey of Union Square deal 22)
    once took a fair solve's whole budget in them; now each looser game takes at most its share."""
    from patience.solver.search import looser_first
    from patience.solver.tuning import LOOSER_SHARE

    lines = (Path(__file__).resolve().parent.parent / "data" / "solver" / "union-square-costly-looser.txt")
    game = get_game("union-square")
    state = game.parse_position(lines.read_text().splitlines()[-1])
    budget = 100
    result = looser_first(game, state, max_nodes=budget)
    phases = len(kit_of(game).search.looser(game, state, lambda: True))
    assert result.nodes <= phases * math.ceil(LOOSER_SHARE * budget) < budget, result
