"""The start cards searched one by one (docs/survey/start_ranks.py) and their report."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from patience.cards import RANK
from patience.games.hamilton.search import new_game

SURVEY = Path(__file__).resolve().parents[2] / "docs" / "survey"
#: Deals of 1-30 with their published thoughtful answers (hamilton-1-2000.jsonl.gz): won and lost ones.
PUBLISHED = {1: "won", 4: "won", 14: "lost", 16: "lost"}


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"survey_{name}", SURVEY / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_start_card_is_searched_and_a_deal_is_won_exactly_when_one_of_them_wins() -> None:
    start_ranks = load("start_ranks")
    for deal, published in PUBLISHED.items():
        rows = list(start_ranks.choice_rows(deal, max_nodes=2_000_000, max_seconds=None))
        stock = new_game().new(deal).stock
        assert [row["choice"] for row in rows] == [1, 2, 3]
        assert [row["start_rank"] for row in rows] == [RANK[card] for card in stock[:3]]
        outcomes = [row["outcome"] for row in rows]
        assert "unknown" not in outcomes
        assert ("won" if "won" in outcomes else "lost") == published, deal


def test_a_rerun_searches_only_what_is_left_and_a_torn_row_is_cut_off(tmp_path: Path) -> None:
    start_ranks = load("start_ranks")
    out = tmp_path / "start-ranks.jsonl"
    assert start_ranks.main(["--deals", "1-2", "--out", str(out), "--max-nodes", "1"]) == 0
    first = out.read_text().splitlines()
    assert len(first) == 6 and all(json.loads(line)["outcome"] == "unknown" for line in first)
    out.write_text("\n".join(first) + '\n{"game": "hamil')  # interrupted while writing
    assert start_ranks.main(["--deals", "1-2", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 12 and all(row["outcome"] in ("won", "lost") for row in rows[6:])
    before = out.read_text()
    assert start_ranks.main(["--deals", "1-2", "--out", str(out)]) == 0
    assert out.read_text() == before  # everything decided: nothing searched again


def choice(deal: int, number: int, rank: int, outcome: str) -> dict[str, Any]:
    return {"game": "hamilton", "deal": deal, "choice": number, "start_rank": rank, "outcome": outcome,
            "nodes": 10, "seconds": 0.01, "max_nodes": None, "max_seconds": None, "search": "core"}


def test_the_report_counts_per_rank_and_fails_when_the_choices_contradict_the_survey(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    report = load("report")
    thoughtful = tmp_path / "hamilton-1-2.jsonl.gz"
    with gzip.open(thoughtful, "wt", encoding="utf-8") as sink:
        for deal, outcome in ((1, "won"), (2, "lost")):
            sink.write(json.dumps({"game": "hamilton", "deal": deal, "outcome": outcome, "moves": []}) + "\n")
    monkeypatch.setattr(report, "thoughtful_files", lambda: [thoughtful])
    good = tmp_path / "start-ranks-good.jsonl"
    good.write_text("".join(json.dumps(row) + "\n" for row in (
        choice(1, 1, 12, "lost"), choice(1, 2, 12, "won"), choice(1, 3, 1, "won"),
        choice(2, 1, 1, "lost"), choice(2, 2, 5, "lost"), choice(2, 3, 5, "lost"))))
    assert report.main(["--start-ranks", str(good)]) == 0
    out = capsys.readouterr().out
    assert "| Q | 2 | 1/2 won, 0 unknown," in out and "| A | 2 | 1/2 won," in out
    assert "| 5 | 2 | 0/2 won," in out
    assert "choice 1: 0/2 won" in out and "choice 3: 1/2 won" in out
    assert "per deal with all three decided: 0 1, 1 0, 2 1, 3 0" in out
    assert "against the thoughtful survey (must be none): none" in out
    bad = tmp_path / "start-ranks-bad.jsonl"
    bad.write_text("".join(json.dumps(row) + "\n" for row in (
        choice(2, 1, 1, "won"), choice(2, 2, 5, "lost"), choice(2, 3, 5, "lost"))))
    assert report.main(["--start-ranks", str(bad)]) == 1
    assert "against the thoughtful survey (must be none): 2" in capsys.readouterr().out
