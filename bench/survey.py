"""Survey throughput: the same small survey on local processes and on a loopback Dask cluster.

Run ``python bench/survey.py [--game hamilton] [--deals 1-40] [--max-seconds 2] [--workers 2]``
(needs ``pip install 'patience[cluster]'``). It runs the survey three times
from an empty results file: in this process (``local 1``), in ``--workers``
local processes (``local N``), and through a Dask scheduler with ``--workers``
one-thread workers started on 127.0.0.1 for the purpose (``dask N``; the
cluster's start-up is not counted, connecting and sending the batches is),
and prints a table: wall seconds, deals per second, won / lost / unknown.
On a shared machine the unknowns (budget hit) vary from run to run.
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


def timed(slug: str, deals: range, max_seconds: float, folder: Path, name: str,
          workers: int = 1, backend: Backend | None = None) -> tuple[float, Summary]:
    """Wall seconds and summary of one survey from an empty results file."""
    started = time.perf_counter()
    summary = survey(slug, deals, folder / f"{name}.jsonl", workers=workers, max_seconds=max_seconds,
                     backend=backend)
    return time.perf_counter() - started, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hamilton")
    parser.add_argument("--deals", default="1-40")
    parser.add_argument("--max-seconds", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    deals = parse_range(args.deals)
    results: list[tuple[str, float, Summary]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results.append(("local 1", *timed(args.game, deals, args.max_seconds, folder, "serial")))
        results.append((f"local {args.workers}", *timed(args.game, deals, args.max_seconds, folder, "pool",
                                                        workers=args.workers)))
        (folder / "cluster").mkdir()
        with LoopbackCluster(folder / "cluster", workers=args.workers) as cluster:
            started = time.perf_counter()
            with dask_backend(cluster.address) as backend:
                _, summary = timed(args.game, deals, args.max_seconds, folder, "dask", backend=backend)
            results.append((f"dask {args.workers}", time.perf_counter() - started, summary))
    load = os.getloadavg()[0]
    print(f"{args.game} deals {args.deals}, --max-seconds {args.max_seconds}, {os.cpu_count()} CPUs, "
          f"load average {load:.1f} at the end")
    print(f"{'run':<10} {'wall s':>8} {'deals/s':>8} {'won':>5} {'lost':>5} {'unknown':>8}")
    for name, wall, summary in results:
        print(f"{name:<10} {wall:>8.1f} {summary.deals / wall:>8.2f} {summary.won:>5} {summary.lost:>5} "
              f"{summary.unknown:>8}")


if __name__ == "__main__":
    main()
