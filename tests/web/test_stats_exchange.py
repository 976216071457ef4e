"""``/api/stats/export`` and ``/api/stats/import``: statistics kept in a file, brought to another server."""

from __future__ import annotations

import csv
import io
import json
import math
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import new_game, play


def played(client: TestClient) -> dict[str, Any]:
    """Two Hamilton deals (one abandoned, one under way) and one Union Square deal under way."""
    lost = play(client, new_game(client, deal=3), "s")
    client.post(f"/api/games/{lost['id']}/abandon")
    play(client, new_game(client, deal=4), "s", "s")
    return play(client, new_game(client, "union-square", deal=5), "s")


def test_the_json_export_has_every_played_game(client: TestClient) -> None:
    played(client)
    response = client.get("/api/stats/export", params={"format": "json"})
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    assert "attachment" in response.headers["content-disposition"]
    data = response.json()
    assert (data["format"], data["version"]) == ("patience-statistics", 1)
    games = sorted((g["game"], g["deal"], g["result"], g["moves"], g["finished_at"] is None)
                   for g in data["games"])
    assert games == [("hamilton", 3, "lost", 1, False), ("hamilton", 4, "in progress", 2, True),
                     ("union-square", 5, "in progress", 1, True)]
    one = client.get("/api/stats/export", params={"game": "union-square"}).json()["games"]
    assert [g["game"] for g in one] == ["union-square"]
    assert client.get("/api/stats/export", params={"game": "chess"}).status_code == 404


def test_the_csv_export_has_a_header_and_one_row_a_game(client: TestClient) -> None:
    played(client)
    response = client.get("/api/stats/export", params={"format": "csv"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert len(rows) == 3 and {r["result"] for r in rows} == {"lost", "in progress"}
    assert rows[0].keys() >= {"deal", "seconds", "started_at", "used_hints", "used_undo"}
    assert client.get("/api/stats/export", params={"format": "xml"}).status_code == 422


def test_importing_adds_the_games_once(client: TestClient, other_client: TestClient) -> None:
    played(client)
    exported = client.get("/api/stats/export").content
    first = other_client.post("/api/stats/import", content=exported,
                              headers={"Content-Type": "application/json"})
    assert first.status_code == 200 and first.json() == {"added": 3, "already_kept": 0}
    again = other_client.post("/api/stats/import", content=exported,
                              headers={"Content-Type": "application/json"})
    assert again.json() == {"added": 0, "already_kept": 3}
    stats = other_client.get("/api/stats", params={"game": "hamilton"}).json()
    assert (stats["played"], stats["won"]) == (2, 0)
    mine = client.get("/api/stats/export").json()["games"]
    theirs = other_client.get("/api/stats/export").json()["games"]
    assert sorted(mine, key=lambda g: g["id"]) == sorted(theirs, key=lambda g: g["id"])


def broken_files() -> list[bytes]:
    good = {"format": "patience-statistics", "version": 1, "games": [
        {"id": "g_" + "0" * 24, "game": "hamilton", "deal": 1, "deck": None, "result": "won", "score": 52,
         "moves": 90, "seconds": 60, "started_at": "2026-01-01T10:00:00Z",
         "finished_at": "2026-01-01T10:01:00Z", "used_hints": False, "used_undo": False}]}

    def changed(**fields: Any) -> bytes:
        data = json.loads(json.dumps(good))
        data["games"].append({**data["games"][0], "id": "g_" + "1" * 24, **fields})
        return json.dumps(data).encode()

    return [b"", b"not json", b"[" * 100_000, b"[]", json.dumps({**good, "format": "x"}).encode(),
            json.dumps({**good, "version": 2}).encode(), changed(result="maybe"), changed(deal="7"),
            changed(deal=0), changed(score=-1), changed(seconds=1e999), changed(game="chess"),
            changed(started_at="yesterday"), changed(finished_at=None), changed(used_hints="no"),
            changed(id="g_" + "0" * 24), changed(extra=1), changed(deck=None, deal=None),
            *impossible(changed)]


def impossible(changed: Any) -> list[bytes]:
    """Rows that are text that is no text, a deck that is no deck, or results the rules make impossible."""
    deck = " ".join(f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK")
    return [changed(deal=None, deck="\ud800"), changed(deal=None, deck="=cmd|' /C calc'!A0"),
            changed(deal=None, deck=deck.replace("AC", "A\u0000C")), changed(deal=None, deck="\u202e" + deck),
            changed(deal=None, deck=deck + " AC"), changed(score=999_999_999), changed(score=53),
            changed(moves=0), changed(seconds=0), changed(score=51),
            changed(finished_at="2026-01-01T09:00:00Z"), changed(started_at="0001-01-01T00:00:00Z"),
            changed(started_at="2999-01-01T00:00:00Z", finished_at="2999-01-01T00:01:00Z"),
            changed(result="lost", moves=10_001),
            json.dumps({"format": "patience-statistics", "version": 1.0, "games": []}).encode(),
            json.dumps({"format": "patience-statistics", "version": "\ud800", "games": []}).encode()]


@pytest.mark.parametrize("body", broken_files())
def test_a_bad_file_is_refused_with_400_and_changes_nothing(client: TestClient, body: bytes) -> None:
    played(client)
    before = client.get("/api/stats/export").json()
    response = client.post("/api/stats/import", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["detail"].startswith("This is not a statistics file of patience: ")
    assert client.get("/api/stats/export").json() == before


def test_reset_forgets_the_statistics_of_one_game(client: TestClient) -> None:
    played(client)
    assert client.delete("/api/stats", params={"game": "hamilton"}).json() == {"reset": True}
    games = client.get("/api/stats/export").json()["games"]
    assert [g["game"] for g in games] == ["union-square"]


def test_a_time_goes_through_export_and_import_as_the_clock_shows_it() -> None:
    """99.6 s shows as 1:39 (the clock rounds down): exported and imported, it still does, not 1:40."""
    from patience.store.exchange import read_json, to_json
    from patience.store.records import DealResult, PlayedDeal, Statistics

    deal = PlayedDeal("g_" + "a" * 24, "hamilton", 7, None,
                      DealResult(1000.0, 1099.6, True, 52, 99.6, 90, False, False))
    back = read_json(to_json([deal]))
    assert [math.floor(d.result.seconds) for d in back] == [99]
    best = Statistics.of([d.result for d in back]).best_time_seconds
    assert best is not None and math.floor(best) == math.floor(deal.result.seconds)


@pytest.mark.parametrize("fields, words", [
    ({"score": 999_999_999}, "game 2 of the file: a score of 999999999 is more than the 52 cards of "
                             "Hamilton"),
    ({"moves": 0}, "game 2 of the file: a won game of Hamilton takes at least 10 moves, not 0"),
    ({"finished_at": "2026-01-01T09:00:00Z"}, "game 2 of the file: it finished before it started"),
    ({"deal": None, "deck": "\ud800"}, "game 2 of the file: the deck is not a deck of Hamilton"),
    ({"game": "union-square", "score": 104, "moves": 103},
     "a won game of Union Square takes at least 104 moves, not 103"),
])
def test_an_impossible_row_is_named_in_one_sentence(client: TestClient, fields: dict[str, Any],
                                                    words: str) -> None:
    first = {"id": "g_" + "0" * 24, "game": "hamilton", "deal": 1, "deck": None, "result": "won",
             "score": 52, "moves": 90, "seconds": 60, "started_at": "2026-01-01T10:00:00Z",
             "finished_at": "2026-01-01T10:01:00Z", "used_hints": False, "used_undo": False}
    body = {"format": "patience-statistics", "version": 1,
            "games": [first, {**first, "id": "g_" + "1" * 24, **fields}]}
    response = client.post("/api/stats/import", content=json.dumps(body),
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and words in response.json()["detail"], response.text
    assert response.json()["detail"].count(".") <= 2


def test_a_good_deck_row_is_kept_as_the_game_writes_decks(client: TestClient) -> None:
    deck = "  ".join(f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK").replace("TC", "10C")
    row = {"id": "g_" + "2" * 24, "game": "hamilton", "deal": None, "deck": deck, "result": "lost",
           "score": 3, "moves": 5, "seconds": 9, "started_at": "2026-01-01T10:00:00Z",
           "finished_at": "2026-01-01T10:01:00Z", "used_hints": False, "used_undo": False}
    response = client.post("/api/stats/import", json={"format": "patience-statistics", "version": 1,
                                                      "games": [row]})
    assert response.json() == {"added": 1, "already_kept": 0}
    kept = client.get("/api/stats/export").json()["games"][0]["deck"]
    assert kept.startswith("AC 2C") and "TC" in kept and "  " not in kept


def test_csv_cells_that_a_spreadsheet_would_run_are_made_text() -> None:
    from patience.store.exchange import to_csv
    from patience.store.records import DealResult, PlayedDeal

    deal = PlayedDeal("g_" + "0" * 24, "hamilton", None, "=cmd|' /C calc'!A0",
                      DealResult(0.0, None, None, 0, 0.0, 1, False, False))
    rows = list(csv.reader(io.StringIO(to_csv([deal]))))
    assert rows[1][3] == "'=cmd|' /C calc'!A0"
    for start in ("+1", "-1", "@SUM(A1)", "\tx", "\rx"):
        text = to_csv([PlayedDeal(deal.id, "hamilton", None, start, deal.result)])
        assert f",'{start}," in text  # the cell as written, whatever a reader makes of its tab or return


def test_reading_a_hostile_file_takes_bounded_memory() -> None:
    import tracemalloc

    from patience.store.exchange import ImportRefused, read_json

    lists = b"[" + b"[]," * (8 * 2**20 // 3 - 1) + b"[]]"
    strings = b'{"games": [' + b'"",' * 2_000_000 + b'""]}'
    for body in (lists, strings):
        tracemalloc.start()
        try:
            with pytest.raises(ImportRefused, match="at most 20000 games"):
                read_json(body)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 2 * 2**20, peak  # nothing parsed: not 200 MiB of lists or strings


def test_imports_run_in_a_worker_process_and_a_crowd_gets_503(
        client: TestClient, other_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    played(client)
    exported = client.get("/api/stats/export").content

    def not_here(*args: Any) -> None:
        raise AssertionError("the server read the file itself")

    monkeypatch.setattr("patience.store.exchange.read_json", not_here)  # the worker has its own
    monkeypatch.setattr("patience.web.routers.stats.read_json", not_here, raising=False)
    sent = other_client.post("/api/stats/import", content=exported,
                             headers={"Content-Type": "application/json"})
    assert sent.json() == {"added": 3, "already_kept": 0}
    imports = other_client.app.state.imports  # type: ignore[attr-defined]
    with imports.place(), imports.place():  # one running, one waiting
        busy = other_client.post("/api/stats/import", content=exported,
                                 headers={"Content-Type": "application/json"})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
    assert busy.json()["detail"] == "Too many statistics files are being imported: try again in a minute."
    assert len(other_client.get("/api/stats/export").json()["games"]) == 3
