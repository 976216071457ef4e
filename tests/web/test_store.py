"""``patience.store``: schema versions, version checks, results and statistics."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from patience.store import SCHEMA_VERSION, DealResult, Statistics, Store, StoreError


def test_new_database_is_wal_and_at_the_current_schema(tmp_path: Path) -> None:
    store = Store(tmp_path / "sub" / "games.sqlite3")
    assert store.schema_version == SCHEMA_VERSION
    with sqlite3.connect(tmp_path / "sub" / "games.sqlite3") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_reopening_keeps_the_games(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = store.create_game("p", "hamilton", 3, None, now=1.0)
    assert store.save(game.played([("s",), ("s", "c-f1")], now=2.0), expected_version=0)
    store.close()
    again = Store(tmp_path / "games.sqlite3")
    saved = again.get_game("p", game.id)
    assert saved is not None and saved.version == 1
    assert again.history(saved).done == (("s",), ("s", "c-f1"))
    again.close()


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer"):
        Store(path)


def test_save_checks_the_version(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = store.create_game("p", "hamilton", 3, None, now=1.0)
    first = game.played([("s",)], now=2.0)
    assert store.save(first, expected_version=0)
    assert not store.save(game.played([("s",), ("s",)], now=3.0), expected_version=0)
    saved = store.get_game("p", game.id)
    assert saved is not None and store.history(saved).moves == ["s"]
    store.close()


def test_concurrent_saves_of_one_version_let_exactly_one_through(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    game = store.create_game("p", "hamilton", 3, None, now=1.0)
    outcomes: list[bool] = []
    threads = [threading.Thread(target=lambda: outcomes.append(store.save(game.played([("s",)], 2.0), 0)))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == [False] * 7 + [True]
    store.close()


def test_games_are_private_and_listed_newest_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    old = store.create_game("p", "hamilton", 1, None, now=1.0)
    new = store.create_game("p", "union-square", 2, None, now=2.0)
    store.create_game("q", "hamilton", 1, None, now=3.0)
    assert store.list_games("p") == []  # no move yet: not saved games
    assert [g.id for g in store.list_games("p", played_only=False)] == [new.id, old.id]
    assert store.get_game("q", old.id) is None
    assert store.save(new.ended(False, 0, now=4.0), expected_version=0)
    current = store.current_game("p")
    assert current is not None and current.id == old.id
    store.close()


def test_statistics_of_results() -> None:
    def result(won: bool | None, t: float, hints: bool = False) -> DealResult:
        return DealResult(t, None if won is None else t, won, 52 if won else 7, 100.0 + t, 60 + int(t),
                      hints, False)

    stats = Statistics.of([result(False, 1), result(True, 2, hints=True), result(True, 3),
                           result(False, 4), result(True, 5), result(None, 6)][::-1])
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (6, 3, 1, 2)
    assert [r.started_at for r in stats.history] == [1, 2, 3, 4, 5, 6]  # the same six games
    # the records are the player's own: the win with hints (102 s, 62 moves) is not one
    assert stats.best_time_seconds == 103.0 and stats.fewest_moves == 63 and stats.wins_with_hints == 1
    assert stats.average_score == pytest.approx((3 * 52 + 3 * 7) / 6)
    # the deal still being played does not lower the win rate: 3 won of 5 finished
    assert stats.win_rate == pytest.approx(3 / 5) and len(stats.history) == stats.played
    empty = Statistics.of([])
    assert empty.win_rate == 0.0 and empty.best_time_seconds is None and empty.average_score is None


def test_leaving_a_deal_unfinished_for_a_new_one_breaks_the_streak() -> None:
    def result(won: bool | None, t: float) -> DealResult:
        return DealResult(t, None if won is None else t + 0.5, won, 0, 1.0, 1, False, False)

    assert Statistics.of([result(True, 1), result(True, 2), result(None, 3)]).current_streak == 2
    assert Statistics.of([result(True, 1), result(None, 2), result(True, 3)]).current_streak == 1
    assert Statistics.of([result(True, 1), result(None, 2), result(True, 3)]).best_streak == 1
