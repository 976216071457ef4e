"""A survey on a real Dask cluster on loopback: a scheduler and two workers, one killed mid-run.

The rows must equal a local run's: the same deals, each exactly once, the same
outcomes, and every won deal's line replays to a win (node counts and times
differ from run to run). The deals are ones the solver decides in well under a
second, with a generous budget, so every outcome is a proof and cannot
depend on the machine's load. Without Dask the module skips, except under
``CI``, where that is a failure (the ``test`` extra installs it).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from patience.cli import main
from patience.notation import Record, replay
from patience.solver.switch import CORE, which_search
from patience.survey import Row, read_rows, survey
from tests.survey.cluster import LoopbackCluster

if os.environ.get("CI"):
    import distributed
else:
    distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow

#: Each decided in well under a second (the compiled core: at most 0.42 s): enough deals to catch a
#: worker in a batch (the compiled core needs 120, 109 won and 11 lost: 40 could end before the
#: watcher saw w2 busy on a loaded machine; the Python search, slower, 10 of them, 8 won and 2 lost).
HAMILTON = range(1296, 1416) if which_search() == CORE else range(1296, 1306)
UNION_SQUARE = range(1710, 1718)  # all won, each in well under a second
BUDGET = 20.0  # seconds per deal: far more than these deals need, so no outcome is "unknown"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackCluster]:
    """``dask scheduler`` on a random loopback port and two one-thread workers, ``w1`` and ``w2``."""
    with LoopbackCluster(tmp_path_factory.mktemp("dask"), workers=2) as started:
        yield started


def outcomes(rows: list[Row]) -> dict[int, str]:
    return {int(row["deal"]): str(row["outcome"]) for row in rows}


def assert_same_answers(cluster_rows: list[Row], local_rows: list[Row], deals: range) -> None:
    """Every deal exactly once, the local run's outcome, and each won line wins when replayed."""
    assert sorted(int(row["deal"]) for row in cluster_rows) == list(deals)
    assert outcomes(cluster_rows) == outcomes(local_rows)
    assert "unknown" not in outcomes(local_rows).values()
    for row in cluster_rows:
        if row["outcome"] == "won":
            assert replay(Record(row["game"], row["deal"], row["moves"])).won, row["deal"]


def worker_address(client: Any, name: str) -> str:
    workers = client.scheduler_info()["workers"]
    return next(str(address) for address, info in workers.items() if info["name"] == name)


def test_the_fair_player_plays_the_same_lines_on_the_cluster(cluster: LoopbackCluster, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """With a node budget only, the cluster's fair games are the local ones, move for move."""
    local, remote = tmp_path / "local-fair.jsonl", tmp_path / "cluster-fair.jsonl"
    options = ["--policy", "fair", "--samples", "2", "--max-nodes", "300"]
    assert main(["survey", "hamilton", "--deals", "453-455", *options, "--out", str(local)]) == 0
    assert main(["survey", "hamilton", "--deals", "453-455", *options, "--scheduler", cluster.address,
                 "--out", str(remote)]) == 0
    capsys.readouterr()

    def lines(path: Path) -> list[tuple[int, str, list[str], str]]:
        return sorted((row["deal"], row["outcome"], row["moves"], row["policy"]) for row in read_rows(path))

    assert lines(remote) == lines(local) and len(lines(local)) == 3


def test_a_survey_survives_a_worker_killed_mid_run(cluster: LoopbackCluster, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    local_hamilton = tmp_path / "local-hamilton.jsonl"
    local_union = tmp_path / "local-union-square.jsonl"
    survey("hamilton", HAMILTON, local_hamilton, max_seconds=BUDGET)
    survey("union-square", UNION_SQUARE, local_union, max_seconds=BUDGET)

    from patience.survey.dask import DaskBackend

    out = tmp_path / "cluster-hamilton.jsonl"
    failure: list[BaseException] = []

    def run() -> None:
        try:
            with DaskBackend.connect(cluster.address, batch=1) as backend:
                survey("hamilton", HAMILTON, out, max_seconds=BUDGET, backend=backend)
        except BaseException as exc:  # reported by the test thread below
            failure.append(exc)

    with distributed.Client(cluster.address, set_as_default=False) as watcher:
        victim = worker_address(watcher, "w2")
        runner = threading.Thread(target=run, daemon=True)
        runner.start()
        lost_keys: list[str] = []
        while runner.is_alive() and not lost_keys:
            busy = watcher.processing().get(victim, [])
            if busy:  # the survey has handed w2 work: the run is under way (not waiting for a row)
                cluster.kill("w2")  # SIGKILL: the worker vanishes in the middle of its batch
                lost_keys = [str(key) for key in busy]
            time.sleep(0.005)
        runner.join(timeout=120)
    assert not runner.is_alive(), cluster.log_tail()
    assert not failure, failure
    assert lost_keys, "the run ended before w2 was caught in the middle of a batch"
    rows = read_rows(out)
    assert_same_answers(rows, read_rows(local_hamilton), HAMILTON)
    # the batch w2 was solving when it died was solved again elsewhere, once: its deals are there
    lost_deals = {int(key.split("-")[-2]) for key in lost_keys}
    assert lost_deals <= {int(row["deal"]) for row in rows}

    # the command line, with the one worker left, on the other game; then resuming does nothing
    cluster_union = tmp_path / "cluster-union-square.jsonl"
    command = ["survey", "union-square", "--deals", f"{UNION_SQUARE.start}-{UNION_SQUARE.stop - 1}",
               "--max-seconds", str(BUDGET), "--scheduler", cluster.address, "--batch", "3",
               "--out", str(cluster_union)]
    assert main(command) == 0
    captured = capsys.readouterr()
    assert f"{len(UNION_SQUARE)} deals: {len(UNION_SQUARE)} won" in captured.out
    assert "1 worker thread\n" in captured.err
    assert f"{len(UNION_SQUARE)}/{len(UNION_SQUARE)} deals" in captured.err
    assert_same_answers(read_rows(cluster_union), read_rows(local_union), UNION_SQUARE)
    assert main(command) == 0
    assert len(read_rows(cluster_union)) == len(UNION_SQUARE)  # all decided: nothing solved again

    # last: the scheduler itself goes away mid-run; the command stops (exit 2) and keeps its rows
    lost_run = tmp_path / "scheduler-lost.jsonl"
    codes: list[int] = []
    command = ["survey", "hamilton", "--deals", "1-40", "--max-seconds", "1", "--batch", "1",
               "--scheduler", cluster.address, "--out", str(lost_run)]
    runner = threading.Thread(target=lambda: codes.append(main(command)), daemon=True)
    runner.start()
    while runner.is_alive() and not (lost_run.exists() and read_rows(lost_run)):
        time.sleep(0.02)
    cluster.kill("scheduler")
    runner.join(timeout=120)
    assert codes == [2]
    kept = read_rows(lost_run)
    assert 1 <= len(kept) < 40
    assert "failed on the cluster" in capsys.readouterr().err
