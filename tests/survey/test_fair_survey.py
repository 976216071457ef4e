"""``patience survey --policy fair``: the fair player's rows, resumed, reproducible, refused when bad."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience.cli import main
from patience.errors import PatienceError
from patience.notation import Record, replay
from patience.survey import LocalBackend, Row, read_rows, survey
from patience.survey.files import check_row
from tests.survey.test_runner import CannedBackend

DEALS = range(453, 456)  # Hamilton 454 is lost with the stock known; a fair player cannot win it
SAMPLES = 2
NODES = 300  # per solve: each deal plays in about a second


def played(rows: list[Row]) -> list[tuple[int, str, list[str], str, int]]:
    """What must be the same on every run: the deal, the outcome, the line, the end, the decisions."""
    return sorted((row["deal"], row["outcome"], row["moves"], row["end"], row["decisions"]) for row in rows)


def test_fair_rows_say_their_policy_and_budget_and_are_the_same_in_processes(tmp_path: Path) -> None:
    serial, pooled = tmp_path / "serial.jsonl", tmp_path / "pooled.jsonl"
    survey("hamilton", DEALS, serial, policy="fair", samples=SAMPLES, max_nodes=NODES)
    survey("hamilton", DEALS, pooled, policy="fair", samples=SAMPLES, max_nodes=NODES, workers=2)
    rows = read_rows(serial)
    assert played(rows) == played(read_rows(pooled))
    for row in rows:
        assert (row["policy"], row["samples"], row["max_nodes"], row["max_seconds"]) == ("fair", 2, 300, None)
        assert row["outcome"] in ("won", "lost") and row["cpu_seconds"] >= 0
        assert replay(Record("hamilton", row["deal"], row["moves"])).won == (row["outcome"] == "won")
    assert next(row for row in rows if row["deal"] == 454)["outcome"] == "lost"


def test_a_fair_survey_resumes_and_keeps_to_its_own_rows(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    thoughtful = CannedBackend({1: "won", 2: "lost", 3: "won"})
    survey("hamilton", range(1, 4), out, backend=thoughtful)
    fair = CannedBackend({1: "lost", 2: "lost", 3: "won"}, fail_after=2)
    with pytest.raises(ConnectionError):
        survey("hamilton", range(1, 4), out, backend=fair, policy="fair", samples=3)
    assert fair.asked == [[1, 2, 3]]  # the thoughtful rows decide nothing for the fair player
    resumed = CannedBackend({3: "won"})
    summary = survey("hamilton", range(1, 4), out, backend=resumed, policy="fair", samples=3)
    assert resumed.asked == [[3]] and (summary.won, summary.lost) == (1, 2)
    again = CannedBackend({})
    assert survey("hamilton", range(1, 4), out, backend=again).won == 2  # the thoughtful rows, unchanged
    assert again.asked == []


def test_the_survey_refuses_a_bad_policy_or_samples_before_touching_the_file(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    with pytest.raises(PatienceError, match="policy must be one of thoughtful, fair"):
        survey("hamilton", range(1, 2), out, policy="greedy")
    with pytest.raises(PatienceError, match="samples must be from 1 to 10000"):
        survey("hamilton", range(1, 2), out, policy="fair", samples=0)
    with pytest.raises(PatienceError, match="--samples is for the fair player"):
        survey("hamilton", range(1, 2), out, samples=4)
    assert not out.exists()


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_the_command_line_refuses_bad_options_with_exit_status_2(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    with pytest.raises(SystemExit) as stop:
        main(["survey", "hamilton", "--deals", "1-3", "--policy", "greedy", "--out", str(out)])
    assert stop.value.code == 2
    assert "--policy" in error_line(capsys)
    for samples in ("0", "10001", "-3"):
        assert main(["survey", "hamilton", "--deals", "1-3", "--policy", "fair", "--samples", samples,
                     "--out", str(out)]) == 2
        assert "samples must be from 1 to 10000" in error_line(capsys)
    assert main(["survey", "hamilton", "--deals", "1-3", "--samples", "4", "--out", str(out)]) == 2
    assert "--samples is for the fair player: give --policy fair too" in error_line(capsys)
    assert not out.exists()


def test_the_command_line_plays_fairly_with_a_node_budget_only(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    assert main(["survey", "hamilton", "--deals", "454", "--policy", "fair", "--samples", "2",
                 "--max-nodes", "300", "--out", str(out)]) == 0
    row = json.loads(out.read_text())
    assert (row["policy"], row["samples"], row["max_nodes"], row["max_seconds"]) == ("fair", 2, 300, None)
    assert "1 deals: 0 won, 1 lost" in capsys.readouterr().out
    assert main(["survey", "hamilton", "--summary", str(out)]) == 0
    assert "0 deals" in capsys.readouterr().out  # the default policy's summary leaves the fair rows out
    assert main(["survey", "hamilton", "--policy", "fair", "--summary", str(out)]) == 0
    assert "1 deals: 0 won, 1 lost" in capsys.readouterr().out


def test_the_thoughtful_survey_keeps_its_default_time_budget(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    assert main(["survey", "hamilton", "--deals", "454", "--max-nodes", "2000", "--out", str(out)]) == 0
    row = json.loads(out.read_text())
    assert (row["max_nodes"], row["max_seconds"]) == (2000, 10.0) and "policy" not in row


def test_a_row_with_an_unknown_policy_is_refused() -> None:
    row = {"game": "hamilton", "deal": 1, "outcome": "won", "seconds": 1.0}
    assert check_row({**row, "policy": "fair"})["policy"] == "fair"
    with pytest.raises(ValueError, match='"policy" must be one of thoughtful, fair'):
        check_row({**row, "policy": "peeking"})


def test_the_local_backend_plays_fair_jobs() -> None:
    [row] = LocalBackend(1).solve([("hamilton", 454, NODES, None, SAMPLES)])
    assert (row["policy"], row["deal"], row["outcome"]) == ("fair", 454, "lost")
