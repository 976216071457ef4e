"""The runner with any backend: resumption, rows written as they arrive, the backend's work stopped."""

from __future__ import annotations

import io
import json
from collections.abc import Generator, Sequence
from pathlib import Path

import pytest

from patience.survey import Job, LocalBackend, Row, read_rows, survey


class CannedBackend:
    """Answers each deal with a fixed outcome; records what it was asked; can fail after some rows."""

    def __init__(self, outcomes: dict[int, str], fail_after: int | None = None) -> None:
        self.outcomes = outcomes
        self.fail_after = fail_after
        self.asked: list[list[int]] = []
        self.closed = False

    def solve(self, jobs: Sequence[Job]) -> Generator[Row, None, None]:
        self.asked.append([job[1] for job in jobs])
        try:
            for count, job in enumerate(jobs):
                slug, deal, max_nodes, max_seconds = job[:4]
                if self.fail_after is not None and count == self.fail_after:
                    raise ConnectionError("the cluster went away")
                fair = {"policy": "fair", "samples": job[4]} if len(job) == 5 else {}
                yield {"game": slug, "deal": deal, "outcome": self.outcomes[deal], "moves": [], "nodes": 1,
                       "seconds": 0.01, "peak_table": 1, "stopped": "", "max_nodes": max_nodes,
                       "max_seconds": max_seconds, **fair}
        finally:
            self.closed = True


def test_a_rerun_solves_only_the_undecided_deals(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    first = CannedBackend({1: "won", 2: "unknown", 3: "lost"})
    summary = survey("hamilton", range(1, 4), out, backend=first)
    assert (summary.won, summary.lost, summary.unknown) == (1, 1, 1)
    second = CannedBackend({2: "won", 4: "lost"})
    summary = survey("hamilton", range(1, 5), out, backend=second)
    assert second.asked == [[2, 4]]
    assert (summary.won, summary.lost, summary.unknown) == (2, 2, 0)
    assert [row["deal"] for row in read_rows(out)] == [1, 2, 3, 2, 4]
    third = CannedBackend({})
    survey("hamilton", range(1, 5), out, backend=third)
    assert third.asked == []  # everything decided: the backend is not even asked


def test_skip_searched_leaves_out_the_deals_already_searched_with_this_budget(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    survey("hamilton", range(1, 5), out, max_nodes=1000, max_seconds=60.0,
           backend=CannedBackend({1: "unknown", 2: "unknown", 3: "won", 4: "unknown"}))
    survey("hamilton", range(4, 5), out, max_nodes=5000, max_seconds=60.0,
           backend=CannedBackend({4: "unknown"}))
    same = CannedBackend({1: "won", 2: "won", 4: "won"})
    summary = survey("hamilton", range(1, 5), out, max_nodes=1000, max_seconds=60.0, backend=same,
                     skip_searched=True)
    assert same.asked == []  # 1, 2 and 4 were searched with this budget or more, 3 is decided
    assert (summary.won, summary.unknown) == (1, 3)
    more = CannedBackend({1: "won", 2: "lost", 4: "won"})
    survey("hamilton", range(1, 5), out, max_nodes=5000, max_seconds=60.0, backend=more, skip_searched=True)
    assert more.asked == [[1, 2]]  # 4 already had 5000 positions
    longer = CannedBackend({4: "won"})
    survey("hamilton", range(1, 5), out, max_nodes=5000, max_seconds=120.0, backend=longer,
           skip_searched=True)
    assert longer.asked == [[4]]  # more time than before
    again = CannedBackend({4: "won"})
    survey("hamilton", range(1, 5), out, max_nodes=5000, max_seconds=120.0, backend=again)
    assert again.asked == []  # decided now


def test_without_skip_searched_a_rerun_tries_the_unknown_deals_again(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    survey("hamilton", range(1, 2), out, max_nodes=1000, backend=CannedBackend({1: "unknown"}))
    again = CannedBackend({1: "unknown"})
    survey("hamilton", range(1, 2), out, max_nodes=1000, backend=again)
    assert again.asked == [[1]]
    unlimited = CannedBackend({1: "unknown"})
    survey("hamilton", range(1, 2), out, max_nodes=None, max_seconds=5.0, backend=unlimited,
           skip_searched=True)
    assert unlimited.asked == [[1]]  # no node limit is more than 1000 positions


def test_rows_are_written_as_they_arrive_so_an_interrupted_run_resumes(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    broken = CannedBackend({deal: "won" for deal in range(1, 7)}, fail_after=2)
    with pytest.raises(ConnectionError):
        survey("hamilton", range(1, 7), out, backend=broken)
    assert broken.closed
    assert [row["deal"] for row in read_rows(out)] == [1, 2]
    resumed = CannedBackend({deal: "won" for deal in range(1, 7)})
    assert survey("hamilton", range(1, 7), out, backend=resumed).won == 6
    assert resumed.asked == [[3, 4, 5, 6]]


def test_other_games_rows_in_the_file_do_not_count(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    out.write_text(json.dumps({"game": "union-square", "deal": 1, "outcome": "won", "seconds": 1}) + "\n")
    backend = CannedBackend({1: "lost"})
    assert survey("hamilton", range(1, 2), out, backend=backend).lost == 1
    assert backend.asked == [[1]]


def test_the_progress_bar_counts_every_deal(tmp_path: Path) -> None:
    stream = io.StringIO()
    ticks = iter(range(100))
    backend = CannedBackend({1: "won", 2: "won", 3: "lost"})
    survey("hamilton", range(1, 4), tmp_path / "s.jsonl", backend=backend, progress=stream,
           clock=lambda: float(next(ticks)))
    text = stream.getvalue()
    assert "3/3 deals, 2 won of 3" in text and text.endswith("\n")


def test_the_local_backend_in_processes_gives_the_rows_of_the_serial_one() -> None:
    jobs: list[Job] = [("hamilton", 454, 2000, None), ("hamilton", 455, 300, None)]
    serial = {row["deal"]: row for row in LocalBackend(1).solve(jobs)}
    pooled = {row["deal"]: row for row in LocalBackend(2).solve(jobs)}
    assert {deal: (row["outcome"], row["nodes"]) for deal, row in serial.items()} == \
        {deal: (row["outcome"], row["nodes"]) for deal, row in pooled.items()}
