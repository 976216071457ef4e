"""``patience review`` and ``patience daily`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience.catalog import shipped
from patience.cli import main

CASES = json.loads((Path(__file__).parent.parent / "data" / "review" / "cases.json").read_text("utf-8"))


def test_review_json_and_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = CASES[0]
    record = tmp_path / "lost.json"
    record.write_text(json.dumps({"game": case["game"], "deal": case["deal"], "moves": case["moves"]}))
    assert main(["review", str(record), "--json", "--max-seconds", "30"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"game", "moves", "lost_at", "better", "status", "line", "winnable_after",
                           "lost_after"}
    expected = ("lost", case["lost_at"], len(case["moves"]))
    assert (answer["status"], answer["lost_at"], answer["moves"]) == expected
    assert (answer["winnable_after"], answer["lost_after"]) == (case["lost_at"] - 1, case["lost_at"])
    assert main(["review", str(record)]) == 0
    words = capsys.readouterr().out
    assert f"Move {case['lost_at']} lost the game" in words
    assert "Queen of spades: pile 2 to foundation 2" in words
    assert "t2-f2" not in words


def test_review_of_an_illegal_record_names_the_move(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.txt"
    record.write_text('[Game "hamilton"]\n[Deal "1"]\n\ns t1-t3\n')
    assert main(["review", str(record)]) == 1
    assert "move 2 (t1-t3)" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.txt")]) == 2
    with pytest.raises(SystemExit) as refused:
        main(["review", str(record), "--max-seconds", "0"])
    assert refused.value.code == 2


def test_review_of_a_file_that_is_not_a_record_names_the_file(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("buy milk\n[Game hamilton]\n")
    assert main(["review", str(notes)]) == 2
    assert capsys.readouterr().err == f"patience: {notes}: line 2: header after the moves\n"
    notes.write_text('{"game": "hamilton", "deal": 1')
    assert main(["review", str(notes)]) == 2
    assert capsys.readouterr().err.startswith(f"patience: {notes}: record is not valid JSON")


def test_daily(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "hamilton", "--date", "2026-12-01"]) == 0
    first = int(capsys.readouterr().out)
    assert main(["daily", "hamilton", "--date", "2026-12-02"]) == 0
    second = int(capsys.readouterr().out)
    assert first != second and {first, second} <= {d.deal for d in shipped("hamilton")}
    assert main(["daily", "union-square"]) == 0
    assert main(["daily", "hamilton", "--date", "1 December"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err
    assert main(["daily", "hamilton", "--date", "2026-W01-1"]) == 2  # an ISO week date is not a day
    assert capsys.readouterr().err == ("patience: '2026-W01-1' is not a date: write it as YYYY-MM-DD, "
                                       "e.g. 2026-12-01.\n")
    with pytest.raises(SystemExit):
        main(["daily", "klondike"])


def test_fair_review_json_words_and_option_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_fair_review import LOST_GAME

    record = tmp_path / "lost.json"
    record.write_text(json.dumps({"game": "hamilton", "deal": 1, "moves": LOST_GAME}))
    options = ["--fair", "--samples", "3", "--seed", "9", "--max-nodes", "1000"]
    assert main(["review", str(record), *options, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"game", "moves", "samples", "seed", "max_nodes", "decisions", "costliest",
                           "luck_or_play"}
    split = answer["luck_or_play"]
    assert set(split) == {"deal", "end", "play_cost", "luck", "best"}
    assert [b["number"] for b in split["best"]] == [d["number"] for d in answer["decisions"]]
    assert (answer["samples"], answer["seed"], answer["max_nodes"], answer["moves"]) == (3, 9, 1000, 15)
    assert answer["costliest"]["number"] == 15 and answer["costliest"] in answer["decisions"]
    assert main(["review", str(record), *options]) == 0
    words = capsys.readouterr().out
    assert words.startswith("Your costliest move was move 15, a click on the stock: about ")
    assert "  15. a click on the stock: " in words and "t2-t1" not in words
    assert words.splitlines()[-1].startswith("Luck or play: about ")
    assert main(["review", str(record), "--samples", "3"]) == 2
    assert "--samples is for the fair review: add --fair" in capsys.readouterr().err
    assert main(["review", str(record), "--fair", "--max-seconds", "5"]) == 2
    assert "with --fair, give --max-nodes" in capsys.readouterr().err
    assert main(["review", str(record), "--fair", "--samples", "20000"]) == 2
    assert "samples must be from 1 to 10000" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "hamilton"]\n[Deal "1"]\n\ns t1-t3\n')
    assert main(["review", str(bad), "--fair"]) == 1
    assert "move 2 (t1-t3)" in capsys.readouterr().err
