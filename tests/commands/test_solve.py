"""``patience solve``, ``hint`` and ``survey`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience.cli import main
from patience.notation import Record, format_record, parse_record, replay
from patience.survey import parse_range, read_rows, summarize, wilson


def test_solve_json_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["solve", "hamilton", "--deal", "358", "--json", "--max-seconds", "20"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"game", "deal", "outcome", "moves", "nodes", "seconds"}
    assert answer["outcome"] == "won" and answer["deal"] == 358
    record_file = tmp_path / "line.txt"
    record_file.write_text(format_record(Record(answer["game"], answer["deal"], answer["moves"])))
    assert main(["replay", str(record_file)]) == 0
    assert "won" in capsys.readouterr().out


def test_solve_human_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "hamilton", "--deal", "454"]) == 0
    assert capsys.readouterr().out.startswith("lost")
    assert main(["solve", "union-square", "--deal", "2", "--max-nodes", "5"]) == 0
    assert capsys.readouterr().out.startswith("unknown: the node budget")


def test_solve_from_a_record_continues_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    saved.write_text(format_record(Record("hamilton", 358, ["s"])))
    assert main(["solve", "hamilton", "--record", str(saved), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["moves"][0] == "s"
    assert replay(parse_record(format_record(Record("hamilton", 358, answer["moves"])))).won
    assert main(["solve", "union-square", "--record", str(saved)]) == 2  # wrong game


def test_solve_with_a_deck_string(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "hamilton", "454"]) == 0
    deck = capsys.readouterr().out.strip()
    assert main(["solve", "hamilton", "--deck", deck, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "lost"


def test_hint_for_a_saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    saved.write_text(format_record(Record("hamilton", 358, ["s", "c-f1"])))
    assert main(["hint", str(saved), "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Move ") and "Status:" in out  # the hint reads as an instruction


def test_survey_writes_rows_and_resumes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "survey.jsonl"
    assert main(["survey", "hamilton", "--deals", "453-455", "--max-seconds", "5", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "3 deals" in text and "Wilson" in text
    rows = read_rows(out)
    assert sorted(r["deal"] for r in rows) == [453, 454, 455]
    decided = [r for r in rows if r["outcome"] in ("won", "lost")]
    assert main(["survey", "hamilton", "--deals", "453-456", "--max-seconds", "5", "--out", str(out)]) == 0
    again = read_rows(out)
    assert len(again) == len(rows) + 1 + (3 - len(decided))  # only deal 456 and any unknowns rerun
    assert main(["survey", "hamilton", "--deals", "453-456", "--out", str(out), "--summary"]) == 0
    assert "4 deals" in capsys.readouterr().out
    assert len(read_rows(out)) == len(again)  # the summary solves nothing


def test_survey_skip_searched(tmp_path: Path) -> None:
    """A second pass with the same budget and --skip-searched solves nothing: the deals left unknown
    were searched with this budget already (deals 1-3 are not decided in 20 positions)."""
    out = tmp_path / "s.jsonl"
    budget = ["--max-nodes", "20", "--max-seconds", "30"]
    assert main(["survey", "hamilton", "--deals", "1-3", *budget, "--out", str(out)]) == 0
    first = read_rows(out)
    assert [r["outcome"] for r in first] == ["unknown"] * 3
    assert main(["survey", "hamilton", "--deals", "1-3", *budget, "--out", str(out), "--skip-searched"]) == 0
    assert len(read_rows(out)) == 3
    assert main(["survey", "hamilton", "--deals", "1-3", *budget, "--out", str(out)]) == 0
    assert len(read_rows(out)) == 6  # without it, the unknown deals are searched again


def test_survey_in_parallel(tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl"
    assert main(["survey", "hamilton", "--deals", "454-455", "--workers", "2", "--max-nodes", "2000",
                 "--out", str(out)]) == 0
    assert sorted(r["deal"] for r in read_rows(out)) == [454, 455]


def test_survey_arithmetic() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.277 < high < 0.278
    assert parse_range("5") == range(5, 6)
    with pytest.raises(ValueError):
        parse_range("9-3")
    rows = [{"deal": d, "outcome": "won", "seconds": d / 10} for d in range(1, 11)]
    rows.append({"deal": 3, "outcome": "lost", "seconds": 1.0})  # a later row replaces the first
    summary = summarize(rows)
    assert (summary.won, summary.lost, summary.unknown) == (9, 1, 0)
    assert summary.max == 1.0 and summary.median == 0.6  # nearest rank: the 5th of 10


def test_a_loss_says_which_game_was_searched(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.solver.test_runs import LOST_DECK

    assert main(["solve", "union-square", "--deck", LOST_DECK, "--max-seconds", "30"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lost: no line wins (every reachable position of a looser game"), out
    assert main(["solve", "hamilton", "--deal", "454", "--max-seconds", "30"]) == 0
    assert capsys.readouterr().out.startswith("lost: no line wins (every reachable position was searched)")
