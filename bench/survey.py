"""Survey throughput: the same small survey on local processes and on a loopback Dask cluster.

Run ``python bench/survey.py [--game hamilton] [--deals 1-40] [--max-seconds 2] [--max-nodes N]
[--workers 2] [--batch N ...]``
(needs ``pip install 'patience[cluster]'``). It runs the survey three times
from an empty results file: in this process (``local 1``), in ``--workers``
local processes (``local N``), and through a Dask scheduler with ``--workers``
one-thread workers started on 127.0.0.1 for the purpose (``dask N``; the
cluster's start-up is not counted, connecting and sending the batches is),
and prints a table: wall seconds, deals per second, won / lost / unknown.
On a shared machine the unknowns (budget hit) vary from run to run.
``--batch 1 30`` adds one Dask run per batch size (default: the automatic
size); with a tiny ``--max-nodes`` that shows the cost per task.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience.survey import Backend, Summary, dask_backend, parse_range, survey
from tests.survey.cluster import LoopbackCluster


def timed(args: argparse.Namespace, folder: Path, name: str, workers: int = 1,
          backend: Backend | None = None) -> tuple[float, Summary]:
    """Wall seconds and summary of one survey from an empty results file."""
    started = time.perf_counter()
    summary = survey(args.game, parse_range(args.deals), folder / f"{name}.jsonl", workers=workers,
                     max_seconds=args.max_seconds, max_nodes=args.max_nodes, backend=backend)
    return time.perf_counter() - started, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hamilton")
    parser.add_argument("--deals", default="1-40")
    parser.add_argument("--max-seconds", type=float, default=2.0)
    parser.add_argument("--max-nodes", type=int)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, nargs="*", default=[], help="Dask batch sizes to try")
    args = parser.parse_args()
    results: list[tuple[str, float, Summary]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results.append(("local 1", *timed(args, folder, "serial")))
        results.append((f"local {args.workers}", *timed(args, folder, "pool", workers=args.workers)))
        (folder / "cluster").mkdir()
        with LoopbackCluster(folder / "cluster", workers=args.workers) as cluster:
            for batch in args.batch or [None]:
                started = time.perf_counter()
                with dask_backend(cluster.address, batch=batch) as backend:
                    _, summary = timed(args, folder, f"dask-{batch}", backend=backend)
                name = f"dask {args.workers}" + (f" b{batch}" if batch else "")
                results.append((name, time.perf_counter() - started, summary))
    load = os.getloadavg()[0]
    print(f"{args.game} deals {args.deals}, --max-seconds {args.max_seconds}, --max-nodes {args.max_nodes}, "
          f"{os.cpu_count()} CPUs, "
          f"load average {load:.1f} at the end")
    print(f"{'run':<12} {'wall s':>8} {'deals/s':>8} {'won':>5} {'lost':>5} {'unknown':>8}")
    for name, wall, summary in results:
        print(f"{name:<12} {wall:>8.1f} {summary.deals / wall:>8.2f} {summary.won:>5} {summary.lost:>5} "
              f"{summary.unknown:>8}")


if __name__ == "__main__":
    main()
