"""Workers on threads or on processes: the same searches through :func:`patience.solver.solve`,
on N threads of one process and on N processes, side by side.

Run ``python bench/threads.py [--game hamilton] [--deals 100001-100400] [--max-nodes 20000]
[--workers 2] [--rounds 2]``. The compiled core releases the GIL while it searches, so threads
could share one process; this measures whether they keep up with processes. Each round runs the
deals once on threads and once on processes (alternating, so that a busy machine weighs on both
alike) and prints, per way, the wall seconds of each round, deals per second (median of the
rounds), and the peak resident memory (MB) of the one process the threads share, or of each worker
process (the largest).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.solver import solve
from patience.solver.switch import CORE, which_search


def _solve(job: tuple[str, int, int]) -> str:
    slug, deal, max_nodes = job
    game = get_game(slug)
    return str(solve(game, game.new(deal), max_nodes=max_nodes, tidy=False).outcome)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _worker_peak_mb(_: int) -> float:
    return _peak_mb()


def _run(executor: Executor, jobs: list[tuple[str, int, int]]) -> float:
    started = time.perf_counter()
    list(executor.map(_solve, jobs, chunksize=4))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="hamilton")
    parser.add_argument("--deals", default="100001-100400", help="deal numbers A-B")
    parser.add_argument("--max-nodes", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if which_search() != CORE:
        parser.error("threads share a process only with the compiled core (see patience --version)")
    first, last = (int(part) for part in args.deals.split("-"))
    jobs = [(args.game, deal, args.max_nodes) for deal in range(first, last + 1)]
    seconds: dict[str, list[float]] = {"threads": [], "processes": []}
    process_peak = 0.0
    with ThreadPoolExecutor(args.workers) as threads, \
            ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as processes:
        _run(processes, jobs[: args.workers])  # start the processes before timing them
        for _ in range(args.rounds):
            seconds["threads"].append(_run(threads, jobs))
            seconds["processes"].append(_run(processes, jobs))
        process_peak = max(processes.map(_worker_peak_mb, range(args.workers * 4)))
    thread_peak = _peak_mb()
    print(f"{args.game} deals {args.deals}, {args.max_nodes:,} positions each, {args.workers} workers, "
          f"{os.cpu_count()} cores")
    print(f"{'way':<10} {'seconds per round':<24} {'deals/s':>8} {'peak MB':>8}  processes")
    for way, peak, count in (("threads", thread_peak, 1), ("processes", process_peak, args.workers)):
        rounds = " ".join(f"{s:.1f}" for s in seconds[way])
        rate = len(jobs) / statistics.median(seconds[way])
        print(f"{way:<10} {rounds:<24} {rate:>8.1f} {peak:>8.0f}  {count}")


if __name__ == "__main__":
    main()
