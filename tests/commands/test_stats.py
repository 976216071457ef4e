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
