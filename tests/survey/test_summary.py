"""``patience survey GAME --summary FILE [FILE…]``: several results files merged, the latest row winning."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from patience.cli import main
from patience.survey import merge_rows


def write(path: Path, rows: list[tuple[str, int, str, float]]) -> Path:
    text = "".join(json.dumps({"game": game, "deal": deal, "outcome": outcome, "seconds": seconds}) + "\n"
                   for game, deal, outcome, seconds in rows)
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text)
    return path


@pytest.fixture
def two_machines(tmp_path: Path) -> tuple[Path, Path]:
    """Machine A: deals 1-4 (3 unknown); machine B later: deals 3-6, deal 3 decided, and a torn last line."""
    a = write(tmp_path / "a.jsonl", [("hamilton", 1, "won", 1.0), ("hamilton", 2, "lost", 2.0),
                                     ("hamilton", 3, "unknown", 10.0), ("hamilton", 4, "won", 1.0),
                                     ("union-square", 1, "won", 5.0)])
    b = write(tmp_path / "b.jsonl", [("hamilton", 3, "won", 30.0), ("hamilton", 5, "won", 1.0),
                                     ("hamilton", 6, "unknown", 60.0)])
    with b.open("a") as stream:
        stream.write('{"game": "hamilton", "deal": 7, "outc')
    return a, b


def test_the_latest_row_of_each_deal_wins(two_machines: tuple[Path, Path]) -> None:
    a, b = two_machines
    merged = merge_rows([a, b], "hamilton")
    assert [(row["deal"], row["outcome"]) for row in merged] == [
        (1, "won"), (2, "lost"), (3, "won"), (4, "won"), (5, "won"), (6, "unknown")]
    assert merge_rows([b, a], "hamilton")[2]["outcome"] == "unknown"  # file order decides
    assert [row["deal"] for row in merge_rows([a, b], "hamilton", range(2, 4))] == [2, 3]
    assert [row["deal"] for row in merge_rows([a], "union-square")] == [1]


def test_summary_of_several_files(capsys: pytest.CaptureFixture[str],
                                  two_machines: tuple[Path, Path]) -> None:
    a, b = two_machines
    assert main(["survey", "hamilton", "--summary", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 deals: 4 won, 1 lost, 1 unknown\n")
    assert main(["survey", "hamilton", "--summary", str(a), str(b), "--deals", "1-3"]) == 0
    assert capsys.readouterr().out.startswith("3 deals: 2 won, 1 lost, 0 unknown\n")
    assert main(["survey", "union-square", "--summary", str(a), str(b)]) == 0
    assert capsys.readouterr().out.startswith("1 deals: 1 won, 0 lost, 0 unknown\n")


def test_summary_reads_compressed_results(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          two_machines: tuple[Path, Path]) -> None:
    a, _ = two_machines
    packed = write(tmp_path / "b.jsonl.gz", [("hamilton", 3, "won", 30.0), ("hamilton", 5, "won", 1.0),
                                             ("hamilton", 6, "unknown", 60.0)])
    assert main(["survey", "hamilton", "--summary", str(a), str(packed)]) == 0
    assert capsys.readouterr().out.startswith("6 deals: 4 won, 1 lost, 1 unknown\n")


def test_the_single_file_form_still_works(capsys: pytest.CaptureFixture[str],
                                          two_machines: tuple[Path, Path]) -> None:
    a, _ = two_machines
    assert main(["survey", "hamilton", "--deals", "1-3", "--out", str(a), "--summary"]) == 0
    assert capsys.readouterr().out.startswith("3 deals: 1 won, 1 lost, 1 unknown\n")
    assert main(["survey", "hamilton", "--out", str(a), "--summary"]) == 0
    assert capsys.readouterr().out.startswith("4 deals: 2 won, 1 lost, 1 unknown\n")
    assert main(["survey", "hamilton", "--out", str(a.with_name("none-yet.jsonl")), "--summary"]) == 0
    assert capsys.readouterr().out.startswith("0 deals: 0 won")  # as before: no results yet


def test_summary_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                        two_machines: tuple[Path, Path]) -> None:
    a, _ = two_machines
    assert main(["survey", "hamilton", "--summary", str(a), str(tmp_path / "missing.jsonl")]) == 2
    assert "no such results file" in capsys.readouterr().err
    assert main(["survey", "hamilton", "--summary"]) == 2
    assert "which results?" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(b"not gzip at all")
    assert main(["survey", "hamilton", "--summary", str(broken)]) == 2
    assert "cannot read" in capsys.readouterr().err
