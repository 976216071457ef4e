"""``patience stats``: print, export and import a player's statistics from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience.cli import main
from patience.store import Store


def database(path: Path, player: str = "p1") -> Path:
    store = Store(path)
    for deal in (7, 8):
        game = store.create_game(player, "hamilton", deal=deal, deck=None, now=100.0 + deal)
        assert store.save(game.played([("s",)], now=101.0 + deal), expected_version=0)
    store.close()
    return path


def test_export_then_import_into_another_database_adds_the_games_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = database(tmp_path / "a.sqlite3")
    target = database(tmp_path / "b.sqlite3", player="p2")
    exported = tmp_path / "stats.json"
    assert main(["stats", "--db", str(source), "--export", str(exported)]) == 0
    assert len(json.loads(exported.read_text())["games"]) == 2
    assert main(["stats", "--db", str(target), "--import", str(exported)]) == 0
    assert main(["stats", "--db", str(target), "--import", str(exported)]) == 0
    out = capsys.readouterr().out
    assert "2 games added, 0 already kept" in out and "0 games added, 2 already kept" in out
    assert main(["stats", "--db", str(target), "--game", "hamilton"]) == 0
    assert "played 4" in capsys.readouterr().out
    assert main(["stats", "--db", str(target), "--export", str(tmp_path / "s.csv")]) == 0
    assert (tmp_path / "s.csv").read_text().startswith("id,game,deal,deck,result,")


def test_a_bad_file_or_an_unknown_player_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = database(tmp_path / "a.sqlite3")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "patience-statistics", "version": 1, "games": [{"id": 1}]}')
    assert main(["stats", "--db", str(db), "--import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "game 1 of the file" in err
    database(db, player="p2")
    assert main(["stats", "--db", str(db)]) == 2
    assert "--player" in capsys.readouterr().err
    assert main(["stats", "--db", str(tmp_path / "none.sqlite3")]) == 2


def test_an_unknown_player_is_one_line_listing_the_players_by_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = database(database(tmp_path / "a.sqlite3", player="a" * 56), player="b" * 56)
    exported = tmp_path / "stats.json"
    assert main(["stats", "--db", str(db), "--player", "1", "--export", str(exported)]) == 0
    capsys.readouterr()
    for name in ("nobody-at-all", "aaaa", "3"):
        assert main(["stats", "--db", str(db), "--player", name, "--import", str(exported)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"there is no player {name} here" in err
        assert "player 1 (since 1970-01-01, games played: 2)" in err and "player 2" in err
        assert "a" * 56 not in err
    assert Store(db).players() == ["a" * 56, "b" * 56]  # no new player
    assert main(["stats", "--db", str(db)]) == 2
    assert "choose one with --player: player 1 (since" in capsys.readouterr().err
    assert main(["stats", "--db", str(db), "--player", "2", "--game", "hamilton"]) == 0
    assert main(["stats", "--db", str(db), "--player", "b" * 56, "--game", "hamilton"]) == 0
    assert capsys.readouterr().out.count("played 2") == 2


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_an_endless_file_is_read_up_to_the_cap_then_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str) -> None:
    import os
    import threading

    db = database(tmp_path / "a.sqlite3")
    path = Path(source)
    if source == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)

        def feed() -> None:
            with path.open("wb") as pipe:
                try:
                    for _ in range(9 * 16):
                        pipe.write(b" " * 65536)
                except BrokenPipeError:
                    pass

        threading.Thread(target=feed, daemon=True).start()
    assert main(["stats", "--db", str(db), "--import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "larger than 8 MiB" in err


def test_a_lone_surrogate_in_a_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = database(tmp_path / "a.sqlite3")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "patience-statistics", "version": 1, "games": [{"id": "g_' + "0" * 24 + '", '
                   '"game": "hamilton", "deal": null, "deck": "\\ud800", "result": "lost", "score": 0, '
                   '"moves": 1, "seconds": 1, "started_at": "2026-01-01T10:00:00Z", '
                   '"finished_at": "2026-01-01T10:00:01Z", "used_hints": false, "used_undo": false}]}')
    assert main(["stats", "--db", str(db), "--import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game 1 of the file: the deck is not a deck of Hamilton" in err
