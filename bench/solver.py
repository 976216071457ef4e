"""Solver speed: a fixed set of numbered deals per game, a fixed budget per deal.

Run ``python bench/solver.py [--deals 1-200] [--max-seconds 10] [--games hamilton union-square]
[--strategy portfolio|best-first|depth-first]``.
For each game it solves every deal in the range, one at a time, in a fresh
process of its own (the games run side by side, so the memory figure is that
game's alone), and prints a table:

* decided % — deals answered ``won`` or ``lost`` within the budget;
* won % — deals won (of all deals in the range);
* median / p95 / max seconds per deal;
* nodes/s — positions expanded per second, over all deals;
* peak MB — the process's peak resident memory.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.solver.search import PORTFOLIO, STRATEGIES, search
from patience.survey import parse_range, quantile

Row = tuple[str, int, float, float, float, float, float, float, float]


def bench_game(slug: str, deals: range, max_seconds: float, strategy: str = PORTFOLIO) -> Row:
    """Solve every deal; the table row."""
    game = get_game(slug)
    seconds: list[float] = []
    decided = won = nodes = 0
    started = time.perf_counter()
    for deal in deals:
        result = search(game, game.new(deal), max_seconds=max_seconds, strategy=strategy)
        seconds.append(result.seconds)
        decided += result.decided
        won += result.won
        nodes += result.nodes
    total = time.perf_counter() - started
    seconds.sort()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    n = len(deals)
    return (slug, n, 100 * decided / n, 100 * won / n, quantile(seconds, 0.5), quantile(seconds, 0.95),
            seconds[-1], nodes / total if total else 0.0, peak_mb)


def _worker(args: tuple[str, range, float, str]) -> Row:
    return bench_game(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default="1-200", help="deal numbers A-B (default 1-200)")
    parser.add_argument("--max-seconds", type=float, default=10.0, help="budget per deal (default 10)")
    parser.add_argument("--games", nargs="+", default=["hamilton", "union-square"])
    parser.add_argument("--strategy", choices=STRATEGIES, default=PORTFOLIO,
                        help="search strategy (default portfolio: best-first and depth-first side by side)")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    header = ("game", "deals", "decided %", "won %", "median s", "p95 s", "max s", "nodes/s", "peak MB")
    print(f"deals {args.deals}, budget {args.max_seconds} s per deal, strategy {args.strategy}")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    context = multiprocessing.get_context("spawn")
    with context.Pool(len(args.games), maxtasksperchild=1) as pool:  # one fresh process per game
        rows = pool.map(_worker, [(slug, deals, args.max_seconds, args.strategy) for slug in args.games])
    for row in rows:
        name, n, decided, won, median, p95, worst, rate, peak = row
        print(f"| {name} | {n} | {decided:.1f} | {won:.1f} | {median:.3f} | {p95:.2f} | {worst:.2f} "
              f"| {rate:,.0f} | {peak:.0f} |", flush=True)


if __name__ == "__main__":
    main()
