"""Solver speed: a fixed set of numbered deals per game, a fixed budget per deal.

Run ``python bench/solver.py [--deals 1-200] [--max-seconds 10] [--max-nodes N]
[--games hamilton union-square] [--strategy portfolio|best-first|depth-first] [--rows FILE]``.
For each game it solves every deal in the range, one at a time, in a fresh
process of its own (the games run side by side, so the memory figure is that
game's alone), and prints a table:

* decided % — deals answered ``won`` or ``lost`` within the budget;
* won % — deals won (of all deals in the range);
* median / p95 / max seconds per deal;
* nodes/s — positions expanded per second, over all deals;
* peak MB — the process's peak resident memory.

``--max-nodes`` adds a budget of positions expanded per deal: on a busy
machine, decided % at a fixed node budget compares techniques where wall
clock cannot. ``--rows FILE`` appends one JSON line per deal as it is solved
(game, deal, outcome, seconds, nodes), so a long run can be read before it
ends; the table also gives the median of nodes per deal. ``--table-from FILE``
prints the table of such a file (for a run stopped early) without solving.

``--compare python core`` solves the same deals with each search (``PATIENCE_SOLVER``; one
fresh process per search, taking turns ten deals at a time, never both at once, so a machine
whose speed drifts slows both alike) through :func:`patience.solver.solve`, and prints one table:
processor seconds per deal, positions per processor second, and each search's speed against the
first one named.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.solver import solve
from patience.solver.search import PORTFOLIO, STRATEGIES, search
from patience.survey import parse_range, quantile

HEADER = ("game", "deals", "decided %", "won %", "median s", "p95 s", "max s", "median nodes", "nodes/s",
          "peak MB")
Row = tuple[str, int, float, float, float, float, float, float, float, float]


def bench_game(slug: str, deals: range, max_seconds: float | None, strategy: str = PORTFOLIO,
               max_nodes: int | None = None, rows: str | None = None) -> Row:
    """Solve every deal; the table row."""
    game = get_game(slug)
    seconds: list[float] = []
    node_counts: list[float] = []
    decided = won = nodes = 0
    started = time.perf_counter()
    for deal in deals:
        result = search(game, game.new(deal), max_seconds=max_seconds, max_nodes=max_nodes, strategy=strategy)
        seconds.append(result.seconds)
        node_counts.append(result.nodes)
        decided += result.decided
        won += result.won
        nodes += result.nodes
        if rows:
            with open(rows, "a", encoding="utf-8") as out:
                out.write(json.dumps({"game": slug, "deal": deal, "outcome": result.outcome,
                                      "seconds": round(result.seconds, 4), "nodes": result.nodes}) + "\n")
    total = time.perf_counter() - started
    seconds.sort()
    node_counts.sort()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    n = len(deals)
    return (slug, n, 100 * decided / n, 100 * won / n, quantile(seconds, 0.5), quantile(seconds, 0.95),
            seconds[-1], quantile(node_counts, 0.5), nodes / total if total else 0.0, peak_mb)


COMPARE_HEADER = ("game", "search", "deals", "decided %", "won %", "median cpu s", "p95 cpu s", "max cpu s",
                  "positions", "positions/s", "× first", "peak MB")
CompareRow = tuple[str, str, int, float, float, float, float, float, int, float, float]  # no × first
#: Deals a search solves before the other takes its turn (see :func:`compare`).
COMPARE_CHUNK = 10


class Tally:
    """One search's answers over the deals of ``--compare``: processor seconds per deal and counts."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.decided = self.won = self.nodes = 0

    def add(self, other: Tally) -> None:
        """Count ``other``'s deals in too."""
        self.cpu += other.cpu
        self.decided += other.decided
        self.won += other.won
        self.nodes += other.nodes

    def row(self, slug: str, which: str, peak_mb: float) -> CompareRow:
        """The table row (positions per processor second over all deals)."""
        total = sum(self.cpu)
        cpu = sorted(self.cpu)
        n = len(cpu)
        return (slug, which, n, 100 * self.decided / n, 100 * self.won / n, quantile(cpu, 0.5),
                quantile(cpu, 0.95), cpu[-1], self.nodes, self.nodes / total if total else 0.0, peak_mb)


def _use_search(which: str) -> None:
    os.environ["PATIENCE_SOLVER"] = which


def compare_chunk(slug: str, deals: range, max_seconds: float | None, max_nodes: int | None) -> Tally:
    """Solve ``deals`` with this process's search (``PATIENCE_SOLVER``), in processor time."""
    game = get_game(slug)
    tally = Tally()
    for deal in deals:
        started = time.process_time()
        result = solve(game, game.new(deal), max_seconds=max_seconds, max_nodes=max_nodes, tidy=False)
        tally.cpu.append(time.process_time() - started)
        tally.decided += result.decided
        tally.won += result.won
        tally.nodes += result.nodes
    return tally


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def compare_game(slug: str, searches: list[str], deals: range, max_seconds: float | None,
                 max_nodes: int | None) -> list[CompareRow]:
    """Solve every deal with each search, one fresh process per search; the rows, in processor time.

    The searches take turns, :data:`COMPARE_CHUNK` deals at a time, and only one works at a time: a
    machine whose speed drifts during the run (a shared or throttled processor) slows them alike, so
    their ratio holds where two runs one after the other could differ by more than the ratio.
    """
    context = multiprocessing.get_context("spawn")
    pools = [context.Pool(1, initializer=_use_search, initargs=(which,)) for which in searches]
    try:
        tallies = [Tally() for _ in searches]
        for first in range(deals.start, deals.stop, COMPARE_CHUNK):
            chunk = range(first, min(first + COMPARE_CHUNK, deals.stop))
            for pool, tally in zip(pools, tallies, strict=True):
                tally.add(pool.apply(compare_chunk, (slug, chunk, max_seconds, max_nodes)))
        peaks = [pool.apply(_peak_mb) for pool in pools]
    finally:
        for pool in pools:
            pool.terminate()
    return [tally.row(slug, which, peak) for which, tally, peak in zip(searches, tallies, peaks, strict=True)]


def compare(games: list[str], searches: list[str], deals: range, max_seconds: float | None,
            max_nodes: int | None) -> None:
    """Print the side-by-side table of ``--compare``."""
    print("| " + " | ".join(COMPARE_HEADER) + " |")
    print("|" + "---|" * len(COMPARE_HEADER))
    for slug in games:
        first_rate = 0.0
        for row in compare_game(slug, searches, deals, max_seconds, max_nodes):
            name, search_name, n, decided, won, median, p95, worst, nodes, rate, peak = row
            first_rate = first_rate or rate
            print(f"| {name} | {search_name} | {n} | {decided:.1f} | {won:.1f} | {median:.4f} | {p95:.3f} "
                  f"| {worst:.2f} | {nodes:,} | {rate:,.0f} | {rate / first_rate:.1f} | {peak:.0f} |",
                  flush=True)


def table_from_rows(path: str, deals: range | None = None) -> list[Row]:
    """The table rows of a ``--rows`` file, one per game (deals outside ``deals`` left out)."""
    by_game: dict[str, list[dict[str, object]]] = {}
    with open(path, encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            if deals is None or row["deal"] in deals:
                by_game.setdefault(str(row["game"]), []).append(row)
    table: list[Row] = []
    for slug, rows_of_game in by_game.items():
        seconds = sorted(float(r["seconds"]) for r in rows_of_game)  # type: ignore[arg-type]
        node_counts = sorted(float(r["nodes"]) for r in rows_of_game)  # type: ignore[arg-type]
        n = len(rows_of_game)
        decided = sum(r["outcome"] != "unknown" for r in rows_of_game)
        won = sum(r["outcome"] == "won" for r in rows_of_game)
        table.append((slug, n, 100 * decided / n, 100 * won / n, quantile(seconds, 0.5),
                      quantile(seconds, 0.95), seconds[-1], quantile(node_counts, 0.5),
                      sum(node_counts) / sum(seconds), 0.0))
    return table


def _print_row(row: Row) -> None:
    name, n, decided, won, median, p95, worst, median_nodes, rate, peak = row
    print(f"| {name} | {n} | {decided:.1f} | {won:.1f} | {median:.3f} | {p95:.2f} | {worst:.2f} "
          f"| {median_nodes:,.0f} | {rate:,.0f} | {peak:.0f} |", flush=True)


def _worker(args: tuple[str, range, float | None, str, int | None, str | None]) -> Row:
    return bench_game(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default="1-200", help="deal numbers A-B (default 1-200)")
    parser.add_argument("--max-seconds", type=float, default=10.0,
                        help="budget per deal (default 10; 0: none)")
    parser.add_argument("--max-nodes", type=int, default=None,
                        help="positions expanded per deal (default: no limit)")
    parser.add_argument("--rows", default=None, help="append one JSON line per deal to this file")
    parser.add_argument("--table-from", default=None, help="print the table of a --rows file; solve nothing")
    parser.add_argument("--games", nargs="+", default=["hamilton", "union-square"])
    parser.add_argument("--compare", nargs="+", choices=("python", "core"), default=None,
                        help="solve the same deals with each search (PATIENCE_SOLVER) and compare them")
    parser.add_argument("--strategy", choices=STRATEGIES, default=PORTFOLIO,
                        help="search strategy (default portfolio: best-first and depth-first side by side)")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    if args.table_from:
        print("| " + " | ".join(HEADER) + " |")
        print("|" + "---|" * len(HEADER))
        for row in table_from_rows(args.table_from, deals):
            _print_row(row)
        return
    header = HEADER
    max_seconds = args.max_seconds or None
    if args.compare:
        print(f"deals {args.deals}, budget {max_seconds} s and {args.max_nodes} positions per deal, "
              f"searches {' and '.join(args.compare)} "
              f"(processor time; they take turns, {COMPARE_CHUNK} deals at a time)")
        compare(args.games, args.compare, deals, max_seconds, args.max_nodes)
        return
    print(f"deals {args.deals}, budget {max_seconds} s and {args.max_nodes} nodes per deal, "
          f"strategy {args.strategy}")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    context = multiprocessing.get_context("spawn")
    with context.Pool(len(args.games), maxtasksperchild=1) as pool:  # one fresh process per game
        rows = pool.map(_worker, [(slug, deals, max_seconds, args.strategy, args.max_nodes, args.rows)
                                  for slug in args.games])
    for row in rows:
        _print_row(row)


if __name__ == "__main__":
    main()
