"""The table (``patience/table.py``): what a player does, the domain errors it raises, the play clock."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from patience import table as table_module
from patience.errors import (
    ActionRefusedError,
    GameNotFoundError,
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    LimitReachedError,
    StaleVersionError,
    StorageUnavailableError,
)
from patience.notation import parse_record
from patience.store import Store
from patience.table import Table

ROOT = Path(__file__).resolve().parent.parent
PLAYER = "player-table-00000001"
WON = parse_record((ROOT / "tests/data/records/hamilton-22-won.txt").read_text(encoding="utf-8"))


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(clock: FakeClock) -> Table:
    return Table(Store(":memory:"), clock=clock)


def test_play_undo_redo_restart_as_a_player_does(table: Table) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    record, _state = table.play(PLAYER, record.id, ["s", "c-f1"], record.version)
    record, _state = table.play(PLAYER, record.id, ["t1-t7"], record.version)
    assert (record.move_count, record.actions) == (3, 2)
    record, _state = table.undo(PLAYER, record.id, record.version)
    assert (record.move_count, record.redo_actions, record.used_undo) == (2, 1, True)
    record, _state = table.redo(PLAYER, record.id, record.version)
    assert (record.move_count, record.redo_actions) == (3, 0)
    fresh, _state = table.restart(PLAYER, record.id)
    assert fresh.id != record.id and fresh.deal == 22 and fresh.move_count == 0
    old, _state = table.load(PLAYER, record.id)
    assert old.finished and not old.won


def test_double_click_and_finish_are_one_action(table: Table) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    record, _state = table.play(PLAYER, record.id, ["s"], record.version)
    record, _state, applied = table.double_click(PLAYER, record.id, "c", record.version)
    assert applied == ["c-f1"] and record.actions == 2
    record, _state = table.play(PLAYER, record.id, WON.moves[2:-3], record.version)
    record, _state, applied = table.finish(PLAYER, record.id, record.version)
    assert applied[0] == WON.moves[-3] and record.won and record.finished and record.actions == 4


def test_refusals_are_domain_errors_that_change_nothing(table: Table,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    refusals: list[tuple[type[Exception], object]] = [
        (GameNotFoundError, lambda: table.load(PLAYER, "g_nothing")),
        (GameNotFoundError, lambda: table.create(PLAYER, "klondike", deal=1, deck=None)),
        (GameNotFoundError, lambda: table.load("player-someone-else00", record.id)),
        (StaleVersionError, lambda: table.play(PLAYER, record.id, ["s"], record.version + 1)),
        (IllegalMoveError, lambda: table.play(PLAYER, record.id, ["t1-f1"], record.version)),
        (InvalidMoveError, lambda: table.play(PLAYER, record.id, ["t9-"], record.version)),
        (InvalidMoveError, lambda: table.double_click(PLAYER, record.id, "w", record.version)),
        (ActionRefusedError, lambda: table.double_click(PLAYER, record.id, "t1", record.version)),
        (ActionRefusedError, lambda: table.undo(PLAYER, record.id, record.version)),
        (ActionRefusedError, lambda: table.redo(PLAYER, record.id, record.version)),
        (ActionRefusedError, lambda: table.finish(PLAYER, record.id, record.version)),
        (InvalidDealError, lambda: table.create(PLAYER, "hamilton", deal=1, deck="AS")),
        (InvalidDealError, lambda: table.create(PLAYER, "hamilton", deal=None, deck="AS 2S")),
    ]
    for kind, action in refusals:
        with pytest.raises(kind) as refused:
            action()  # type: ignore[operator]
        assert str(refused.value).endswith(".") or ":" in str(refused.value), refused.value
    with pytest.raises(IllegalMoveError) as illegal:
        table.play(PLAYER, record.id, ["t1-f1"], record.version)
    assert str(illegal.value) == ("Not allowed: 10♣ from pile 1 to foundation 1. Choose the start card "
                                  "first: click the stock, then move the Chooser card to a foundation.")
    monkeypatch.setattr(table_module, "MAX_MOVES_PER_GAME", 1)
    with pytest.raises(LimitReachedError, match="limit of 1 moves"):
        table.play(PLAYER, record.id, ["s", "s"], record.version)
    assert table.load(PLAYER, record.id)[0].version == record.version  # nothing changed


def test_a_storage_failure_is_storage_unavailable(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)

    def disk_full(*_args: object) -> bool:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(table.store, "save", disk_full)
    with pytest.raises(StorageUnavailableError, match="cannot be saved"):
        table.play(PLAYER, record.id, ["s"], record.version)


# --- the clock: an action proves the page is in use ----------------------------------------------------


def test_moves_each_followed_by_a_hidden_report_still_count(table: Table, clock: FakeClock) -> None:
    """A client that reports "hidden" after each move cannot stop the clock: a win takes at least the
    time its moves took to arrive."""
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    step = 0.25
    first_move_at = clock.now + step
    for move in WON.moves:
        clock.now += step
        record, _state = table.play(PLAYER, record.id, [move], record.version)
        if not record.finished:
            table.clock_report(PLAYER, record.id, visible=False)
    assert record.won
    span = clock.now - first_move_at
    assert record.elapsed > 0 and record.elapsed >= span
    best = table.store.stats(PLAYER, "hamilton").best_time_seconds
    assert best is not None and best >= span


def test_a_whole_line_in_one_request_counts_the_time_since_the_deal(table: Table, clock: FakeClock) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    clock.now += 15.8
    record, _state = table.play(PLAYER, record.id, WON.moves, record.version)
    assert record.won and record.elapsed == pytest.approx(15.8)
    best = table.store.stats(PLAYER, "hamilton").best_time_seconds
    assert best == pytest.approx(15.8)


def test_an_action_after_a_long_hidden_time_counts_at_most_the_gap(table: Table, clock: FakeClock) -> None:
    record, _state = table.create(PLAYER, "hamilton", deal=22, deck=None)
    record, _state = table.play(PLAYER, record.id, ["s"], record.version)
    clock.now += 5
    table.clock_report(PLAYER, record.id, visible=False)  # +5, paused
    clock.now += 3600
    record, _state = table.play(PLAYER, record.id, ["c-f1"], record.version)
    assert record.elapsed == pytest.approx(5 + 30)  # the action proves the page is in use: capped gap
    clock.now += 2
    record, _state = table.undo(PLAYER, record.id, record.version)
    assert record.elapsed == pytest.approx(37)  # the clock runs again after the action
