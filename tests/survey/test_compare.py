"""The fair player beside the thoughtful survey: the table, and the check that flags an impossible win."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from patience.survey import Row
from patience.survey.compare import compare, markdown_table

REPORT = Path(__file__).resolve().parents[2] / "docs" / "survey" / "report.py"


def rows(outcomes: dict[int, str], **extra: object) -> list[Row]:
    return [{"game": "hamilton", "deal": deal, "outcome": outcome, "seconds": 1.0, "moves": [], **extra}
            for deal, outcome in outcomes.items()]


FAIR = dict(policy="fair", samples=4, max_nodes=2000, max_seconds=None, end="won", decisions=3,
            cpu_seconds=2.5)


def test_a_fair_win_on_a_deal_proven_lost_is_flagged() -> None:
    thoughtful = rows({1: "won", 2: "lost", 3: "unknown", 4: "won"})
    fair = rows({1: "won", 2: "won", 3: "won", 4: "lost", 5: "lost"}, **FAIR)
    both = compare("hamilton", fair, thoughtful)
    assert both.contradictions == (2,) and both.settled == (3,) and both.missing == (5,)
    assert not both.consistent
    assert (both.fair.won, both.fair.lost) == (3, 2)
    assert (both.thoughtful.won, both.thoughtful.lost, both.thoughtful.unknown) == (2, 1, 2)
    assert (both.samples, both.budget) == ("4", "2,000 positions")
    assert markdown_table([both]).splitlines()[-1].endswith("| 4 | 2,000 positions | 2 | fair |")


def test_fair_wins_within_the_thoughtful_ones_are_consistent() -> None:
    both = compare("hamilton", rows({1: "won", 2: "lost"}, **FAIR), rows({1: "won", 2: "won", 3: "lost"}))
    assert both.consistent and both.deals == (1, 2)
    assert both.thoughtful.deals == 2  # only the deals the fair player played
    assert "| none |" in markdown_table([both])


def load_report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("survey_report", REPORT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_gz(path: Path, lines: list[Row]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as sink:
        sink.writelines(json.dumps(row) + "\n" for row in lines)
    return path


def test_the_report_prints_the_table_and_fails_on_an_impossible_win(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    report = load_report()
    thoughtful = write_gz(tmp_path / "hamilton-1-3.jsonl.gz", rows({1: "won", 2: "lost", 3: "won"}))
    monkeypatch.setattr(report, "thoughtful_files", lambda: [thoughtful])
    good = tmp_path / "fair.jsonl"
    good.write_text("".join(json.dumps(row) + "\n" for row in rows({1: "won", 2: "lost", 3: "lost"}, **FAIR)))
    assert report.main(["--fair", str(good)]) == 0
    out = capsys.readouterr().out
    assert "| Hamilton | 1–3 | 2 of 3 |" in out and "| 1 of 3 |" in out
    assert "fair won, thoughtfully lost (must be none): none" in out
    assert "command: patience survey hamilton --deals 1-3 --policy fair --samples 4 --max-nodes 2000" in out
    bad = write_gz(tmp_path / "fair-bad.jsonl.gz", rows({2: "won"}, **FAIR))
    assert report.main(["--fair", str(bad)]) == 1
    assert "fair won, thoughtfully lost (must be none): 2" in capsys.readouterr().out


def test_the_report_puts_the_two_fair_players_side_by_side(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    report = load_report()
    thoughtful = write_gz(tmp_path / "hamilton-1-3.jsonl.gz", rows({1: "won", 2: "lost", 3: "won"}))
    monkeypatch.setattr(report, "thoughtful_files", lambda: [thoughtful])
    both = tmp_path / "fair.jsonl"
    both.write_text("".join(json.dumps(row) + "\n" for row in [
        *rows({1: "lost", 2: "lost", 3: "lost"}, **FAIR),
        *rows({1: "won", 2: "lost", 3: "won"}, **{**FAIR, "policy": "fair-plan"})]))
    assert report.main(["--fair", str(both)]) == 0
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| Hamilton |")]
    assert len(table) == 2
    assert table[0].startswith("| Hamilton | 1–3 | 2 of 3 |") and "| 0 of 3 |" in table[0]
    assert table[0].endswith("| fair |") and table[1].endswith("| fair-plan |") and "| 2 of 3 |" in table[1]


def test_two_players_on_the_same_deals_are_paired(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals only one player won, counted on the deals both played, with McNemar's test."""
    report = load_report()
    thoughtful = write_gz(tmp_path / "hamilton-1-12.jsonl.gz", rows({deal: "won" for deal in range(1, 13)}))
    monkeypatch.setattr(report, "thoughtful_files", lambda: [thoughtful])
    plain_won = {1: "won", 2: "won", **{deal: "lost" for deal in range(3, 12)}}
    plan_won = {1: "won", 2: "lost", **{deal: "won" for deal in range(3, 13)}}
    plain = write_gz(tmp_path / "fair-a.jsonl.gz", rows(plain_won, **FAIR))
    plan = write_gz(tmp_path / "fair-b.jsonl.gz", rows(plan_won, **{**FAIR, "policy": "fair-plan"}))
    other_k = write_gz(tmp_path / "fair-c.jsonl.gz", rows({1: "won"}, **{**FAIR, "samples": 8}))
    assert report.main(["--fair", str(plain), str(plan), str(other_k)]) == 0
    paired = [line for line in capsys.readouterr().out.splitlines() if "McNemar" in line]
    # deal 12 only fair-plan played: not counted; the K = 8 run is paired with nothing
    assert paired == ["hamilton, the same 11 deals, K = 4, 2,000 positions: both won 1, only fair 1, "
                      "only fair-plan 9; McNemar's chi-square 4.90, p = 0.027"]


def test_runs_of_one_player_with_other_settings_stay_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs of the same player (K = 4 on deals 1-2, K = 32 on 1-3) are two lines, never one mixed."""
    report = load_report()
    thoughtful = write_gz(tmp_path / "hamilton-1-3.jsonl.gz", rows({1: "won", 2: "lost", 3: "won"}))
    monkeypatch.setattr(report, "thoughtful_files", lambda: [thoughtful])
    small = write_gz(tmp_path / "fair-small.jsonl.gz", rows({1: "lost", 2: "lost"}, **FAIR))
    large = write_gz(tmp_path / "fair-large.jsonl.gz", rows({1: "won", 2: "lost", 3: "won"},
                                                             **{**FAIR, "samples": 32, "max_nodes": 20000}))
    assert report.main(["--fair", str(small), str(large)]) == 0
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| Hamilton |")]
    assert len(table) == 2
    assert "| 1–2 |" in table[0] and "| 0 of 2 |" in table[0] and "| 4 | 2,000 positions |" in table[0]
    assert "| 1–3 |" in table[1] and "| 2 of 3 |" in table[1] and "| 32 | 20,000 positions |" in table[1]


def test_the_curve_table_has_a_line_per_player_k_and_budget(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    report = load_report()
    curve = tmp_path / "fair-curve.jsonl"
    plan = {**FAIR, "policy": "fair-plan", "max_nodes": 5000}
    lines = [*rows({1: "won", 2: "lost"}, **{**FAIR, "samples": 8, "max_nodes": 5000}),
             *rows({1: "won", 2: "won"}, **{**plan, "samples": 8}),
             *rows({1: "lost", 2: "lost"}, **{**plan, "samples": 2})]
    curve.write_text("".join(json.dumps(row) + "\n" for row in lines))
    assert report.main(["--fair-curve", str(curve)]) == 0
    table = capsys.readouterr().out.splitlines()[2:]
    assert [line.split(" | ")[:4] for line in table] == [
        ["| fair", "8", "5,000", "1 of 2"], ["| fair-plan", "2", "5,000", "0 of 2"],
        ["| fair-plan", "8", "5,000", "2 of 2"]]
    assert table[0].endswith("| 2.50 |")  # processor seconds per game
