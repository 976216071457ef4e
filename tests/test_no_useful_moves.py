"""In a lost game, following the hints ends ("no useful moves left") instead of going round in circles.

Hamilton deals 82, 130 and 16 can never be won (``docs/survey/hamilton-1-2000.jsonl.gz``). From the
deal, the hint in a lost position used to be the heuristic's move, which only never took back the
move just played: deal 82 went ``f1-t2``, ``f1-t2``, ``t2-f1x2``, ... for ever.
"""

from __future__ import annotations

from typing import Any

import pytest

from patience.analysis.hints import STATUS_LOST, known_hint, positions_seen, undoes, useful_moves
from patience.rules import Move, get_game
from patience.store import Store
from patience.table import Table
from tests.test_terminal import Dealt, play

LOST_DEALS = (82, 130, 16)
PLAYER = "p"
MOST_MOVES = 400


def test_the_old_hint_goes_round_in_circles() -> None:
    """What the hint was: without the game's positions it cycles (the case this is about)."""
    game = get_game("hamilton")
    state, last, keys = game.new(82), None, []
    for _step in range(60):
        found = known_hint(game, state, STATUS_LOST, (), last)
        assert found.move is not None
        state, last = game.apply_legal(state, found.move), found.move
        keys.append(state.key())
    assert len(set(keys)) < len(keys)


@pytest.mark.parametrize("deal", LOST_DEALS)
def test_useful_hints_never_return_and_end(deal: int) -> None:
    game = get_game("hamilton")
    state, played = game.new(deal), list[Move]()
    seen = {state.key()}
    for _step in range(MOST_MOVES):
        found = known_hint(game, state, STATUS_LOST, (), played[-1] if played else None,
                           seen=positions_seen(game, game.new(deal), played))
        if found.move is None:
            break
        assert not undoes(found.move, played[-1] if played else None)
        state = game.apply_legal(state, found.move)
        played.append(found.move)
        assert state.key() not in seen, f"back to a position after {[str(m) for m in played]}"
        seen.add(state.key())
    else:
        pytest.fail("the hints never ended")
    assert found.end and game.legal_moves(state)  # moves are left, none of them useful
    assert found.explanation.startswith("No useful moves left: this game can no longer be won")
    assert useful_moves(game, state, played[-1], seen) == []


def follow_table_hints(table: Table, deal: int) -> tuple[Any, list[str]]:
    """A game of ``deal`` at ``table``, each hint played until one plays nothing: the last hint, the moves."""
    record, _state = table.create(PLAYER, "hamilton", deal, None)
    moves: list[str] = []
    positions = {table.state_of(record).key()}
    for _step in range(MOST_MOVES):
        record, state, found = table.hint(PLAYER, record.id, budget=30.0)
        if found.move is None:
            return found, moves
        assert found.status == STATUS_LOST
        record, state = table.play(PLAYER, record.id, [str(found.move)], record.version)
        moves.append(str(found.move))
        assert state.key() not in positions, f"the hints went back to a position: {moves}"
        positions.add(state.key())
    raise AssertionError("the hints never ended")


def test_the_terminal_s_hint_ends_a_lost_game() -> None:
    table = Table(Store(":memory:"))
    found, moves = follow_table_hints(table, 130)
    assert found.end and found.explanation.endswith(
        "Type restart to end this game (it counts as lost) and deal it again, or new for another deal.")
    record = table.store.list_games(PLAYER, limit=1)[0]
    out, _terminal = play(Dealt(table, record), "hint\nquit\n")
    assert "No useful moves left" in out and "Type restart" in out and "To play it" not in out
    assert "This position can no longer be won." in out
    assert len(moves) < MOST_MOVES and Move.parse(moves[0])  # it played some moves first
