"""A player's statistics hold at most 50,000 played deals, are counted in SQL and are exported as a stream."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import patience.store.store as store_module
from patience.cli import main
from patience.store import MAX_RESULTS_PER_PLAYER, DealResult, PlayedDeal, Statistics, Store, TooManyResults
from patience.store.exchange import csv_chunks, json_chunks, to_csv, to_json
from tests.web.conftest import new_game, play


def lost(number: int, game: str = "hamilton") -> PlayedDeal:
    """A lost game of deal ``number``, started ``number`` seconds into 2026."""
    start = 1_767_225_600.0 + number
    return PlayedDeal(f"g_{number:024x}", game, number + 1, None,
                      DealResult(start, start + 60, False, number % 40, 60.0, 50, False, False))


def export_file(deals: list[PlayedDeal]) -> bytes:
    return to_json(deals).encode()


results = st.lists(st.tuples(
    st.integers(0, 6),  # started_at: few values, so ties are ordered by id as in the old computation
    st.sampled_from([True, False, None]),
    st.integers(0, 52), st.integers(0, 400), st.integers(1, 300),  # score, seconds, moves
    st.booleans(), st.booleans(), st.integers(1, 5), st.booleans()), max_size=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=results, recent=st.sampled_from([None, 0, 1, 5]), only=st.none() | st.sets(st.integers(1, 5)))
def test_statistics_counted_in_sql_are_those_counted_in_python(
        rows: list[tuple[int, bool | None, int, int, int, bool, bool, int, bool]],
        recent: int | None, only: set[int] | None) -> None:
    store = Store(":memory:")
    deals = [PlayedDeal(f"g_{n:024x}", "hamilton", None if deck else deal, "AS" if deck else None,
                        DealResult(float(start), None if won is None else start + 1.0, won, score,
                                   float(seconds) / 4, moves, hints, undo))
             for n, (start, won, score, seconds, moves, hints, undo, deal, deck) in enumerate(rows)]
    store.add_results("p", [*deals, lost(99, "union-square")])
    old = Statistics.of([r.result for r in store.results("p", "hamilton")
                         if only is None or (r.deck is None and r.deal in only)])
    new = store.stats("p", "hamilton", only, recent=recent)
    assert new.history == (old.history if recent is None else old.history[max(0, old.played - recent):])
    assert new.win_rate == old.win_rate
    assert new.finished == old.finished
    assert {**vars(new), "history": ()} == {**vars(old), "history": ()}


def test_statistics_read_only_the_latest_deals(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    store.add_results("p", [lost(n) for n in range(500)])
    stats = store.stats("p", "hamilton")
    assert stats.played == 500 and len(stats.history) == 100 and stats.history[-1] == lost(499).result
    assert stats.win_rate == 0.0 and stats.finished == 500
    store.close()


def test_an_import_past_the_limit_adds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_RESULTS_PER_PLAYER", 5)
    store = Store(":memory:")
    assert store.add_results("p", [lost(n) for n in range(3)]) == 3
    with pytest.raises(TooManyResults) as refused:
        store.add_results("p", [lost(n) for n in range(6)])  # 3 kept, 3 new: 6 > 5
    assert (refused.value.kept, refused.value.adding, refused.value.limit) == (3, 3, 5)
    assert store.count_results("p") == 3
    assert store.add_results("p", [lost(n) for n in range(5)]) == 2  # 5 is allowed
    assert store.add_results("q", [lost(n) for n in range(5)]) == 5  # a limit per player


def test_playing_past_the_limit_forgets_the_oldest_finished_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_RESULTS_PER_PLAYER", 3)
    store = Store(":memory:")
    ids = []
    for deal in range(1, 6):
        game = store.create_game("p", "hamilton", deal=deal, deck=None, now=100.0 * deal)
        game = game.played([("s",)], now=100.0 * deal + 1)
        assert store.save(game, expected_version=0)
        if deal < 5:  # the last one is still being played
            assert store.save(game.ended(False, 3, now=100.0 * deal + 2), expected_version=1)
        ids.append(game.id)
    assert [d.id for d in store.results("p")] == ids[2:]
    assert store.stats("p", "hamilton").played == 3


@pytest.fixture
def filled(app: FastAPI, client: TestClient) -> Iterator[tuple[TestClient, Store, str]]:
    """A player (the client) whose statistics hold 10 deals short of the limit."""
    play(client, new_game(client, deal=1), "s")
    store: Store = app.state.store
    (player,) = store.players()
    store.add_results(player, [lost(n) for n in range(MAX_RESULTS_PER_PLAYER - 11)])
    assert store.count_results(player) == MAX_RESULTS_PER_PLAYER - 10
    yield client, store, player


def test_the_server_refuses_an_import_past_the_limit_naming_it(filled: tuple[TestClient, Store, str]) -> None:
    client, store, player = filled
    more = [lost(n) for n in range(10**6, 10**6 + 11)]
    refused = client.post("/api/stats/import", content=export_file(more),
                          headers={"Content-Type": "application/json"})
    assert refused.status_code == 400
    assert refused.json()["detail"] == ("Nothing was added: a player's statistics hold at most 50,000 games, "
                                        "and this file would make 50,001.")
    assert store.count_results(player) == MAX_RESULTS_PER_PLAYER - 10
    in_russian = client.post("/api/stats/import?lang=ru", content=export_file(more),
                             headers={"Content-Type": "application/json", "Accept-Language": "ru"})
    assert "50" in in_russian.json()["detail"] and "Nothing" not in in_russian.json()["detail"]
    added = client.post("/api/stats/import", content=export_file(more[:10]),
                        headers={"Content-Type": "application/json"})
    assert added.json() == {"added": 10, "already_kept": 0}
    assert store.count_results(player) == MAX_RESULTS_PER_PLAYER


def test_exports_are_streamed_a_piece_at_a_time(filled: tuple[TestClient, Store, str]) -> None:
    client, store, player = filled
    for kind in ("json", "csv"):
        response = client.get("/api/stats/export", params={"format": kind})
        assert response.status_code == 200
        assert "content-length" not in response.headers  # a stream: its length is not known beforehand
        assert response.text == (to_json if kind == "json" else to_csv)(store.results(player))
        if kind == "json":
            assert len(json.loads(response.text)["games"]) == MAX_RESULTS_PER_PLAYER - 10


@pytest.mark.parametrize("chunks", [json_chunks, csv_chunks])
def test_an_export_reads_its_games_as_it_writes_them(chunks: object) -> None:
    read = 0

    def games() -> Iterator[PlayedDeal]:
        nonlocal read
        for n in range(100_000):
            read += 1
            yield lost(n)

    first = next(iter(chunks(games())))  # type: ignore[operator]
    assert 1_000 < len(first) < 200_000 and read < 1_000


def test_the_command_refuses_an_import_past_the_limit(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    store.add_results("p1", [lost(n) for n in range(MAX_RESULTS_PER_PLAYER - 1)])
    store.close()
    file = tmp_path / "more.json"
    file.write_bytes(export_file([lost(n) for n in range(10**6, 10**6 + 2)]))
    assert main(["stats", "--db", str(db), "--import", str(file)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "at most 50,000 games" in err[0] and "50,001" in err[0]
    assert Store(db).count_results("p1") == MAX_RESULTS_PER_PLAYER - 1
    out = tmp_path / "all.csv"
    assert main(["stats", "--db", str(db), "--export", str(out)]) == 0
    assert out.read_text().count("\n") == MAX_RESULTS_PER_PLAYER  # a header and every game
