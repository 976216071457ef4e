"""Fair odds speed: the odds of opening positions with K samples, one deal after another, on one core.

Run ``python bench/fair.py [--games hamilton union-square] [--deals 300001-300005] [--samples 32]
[--seed 0] [--max-nodes N] [--max-seconds T]``. For each game and deal it
computes :func:`patience.analysis.fair.odds` of the deal's opening position (nothing
played: Hamilton's 24 stock cards and Union Square's 88 unseen) and prints a
table per game:

* median / p95 / max — seconds of processor time per deal's odds (the
  process's own time, so a busy machine slows it less than the wall clock);
* wall s — the median wall-clock seconds, for comparison;
* won / lost / unknown — over all completions solved;
* positions — the median number of positions the solver expanded per deal's
  odds, and kpos/s — thousands of them per processor second over all deals:
  the work does not depend on the machine, the speed does (a loaded machine
  expands fewer per processor second), so these say how to read the seconds;
* peak MB — the process's peak resident memory.

The budget is per completion (``--max-nodes`` repeats exactly; default 5,000
positions). The goals (docs/solver-measurements.md): Hamilton median ≤ 3 s, Union Square
median ≤ 10 s, on deals not used for tuning (the default range was not).

``--positions FILE`` times single solves instead: each line of FILE that is not a ``#`` comment is a
position (the games' one-line text), solved as a fair solve solves a completion, at the budget and at
4 and 16 times it (the fair player's ladder); printed per solve: outcome, positions, processor
seconds. ``tests/data/solver/union-square-costly-looser.txt`` is one whose looser games are costly.
"""

from __future__ import annotations

import argparse
import importlib
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.analysis.fair import Budget, observe, odds
from patience.rules import game_slugs
from patience.solver import Result, solve
from patience.survey import parse_range, quantile

DEFAULT_DEALS = "300001-300005"
DEFAULT_NODES = 5_000
HEADER = ("game", "deals", "K", "budget", "median s", "p95 s", "max s", "wall s", "won", "lost", "unknown",
          "positions", "kpos/s", "peak MB")


class PositionCounter:
    """Counts the positions every solve of :mod:`patience.analysis.fair` expands (wraps its ``solve``)."""

    def __init__(self) -> None:
        names = vars(importlib.import_module("patience.analysis.fair"))
        self.solve = names["solve"]
        self.positions = 0
        names["solve"] = self.counted

    def counted(self, *args: Any, **kwargs: Any) -> Result:
        result: Result = self.solve(*args, **kwargs)
        self.positions += result.nodes
        return result


def bench_game(slug: str, deals: range, samples: int, seed: int, budget: Budget) -> tuple[str, ...]:
    """The odds of every deal's opening position; the table row."""
    game = get_game(slug)
    cpu: list[float] = []
    wall: list[float] = []
    positions: list[int] = []
    counter = PositionCounter()
    won = lost = unknown = 0
    for deal in deals:
        seen = observe(game, deal, [])
        counter.positions = 0
        started, started_wall = time.process_time(), time.perf_counter()
        answer = odds(game, seen, samples=samples, seed=seed, budget=budget)
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - started_wall)
        positions.append(counter.positions)
        won, lost, unknown = won + answer.won, lost + answer.lost, unknown + answer.unknown
        print(f"{slug} {deal}: won {answer.won}, lost {answer.lost}, unknown {answer.unknown}, "
              f"{cpu[-1]:.2f} s ({wall[-1]:.2f} s wall), {positions[-1]} positions", file=sys.stderr)
    rate = sum(positions) / max(sum(cpu), 1e-9) / 1000
    cpu.sort()
    wall.sort()
    positions.sort()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    limit = (f"{budget.max_nodes} nodes" if budget.max_nodes is not None else "") + (
        f" {budget.max_seconds} s" if budget.max_seconds is not None else "")
    return (slug, f"{deals.start}-{deals.stop - 1}", str(samples), limit.strip(),
            f"{quantile(cpu, 0.5):.2f}", f"{quantile(cpu, 0.95):.2f}", f"{cpu[-1]:.2f}",
            f"{quantile(wall, 0.5):.2f}", str(won), str(lost), str(unknown),
            f"{quantile([float(p) for p in positions], 0.5):.0f}", f"{rate:.1f}", f"{peak:.0f}")


def bench_positions(path: Path, budget: Budget) -> int:
    """Solve each position of ``path`` at the budget and 4 and 16 times it; print a table."""
    print("| line | budget | outcome | positions | processor s |")
    print("|---|---|---|---|---|")
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        game = get_game(line.split()[0])
        state = game.parse_position(line)
        for factor in (1, 4, 16):
            nodes = None if budget.max_nodes is None else budget.max_nodes * factor
            seconds = None if budget.max_seconds is None else budget.max_seconds * factor
            started = time.process_time()
            result = solve(game, state, max_nodes=nodes, max_seconds=seconds, tidy=False)
            print(f"| {number} | {nodes if nodes is not None else f'{seconds} s'} | {result.outcome} | "
                  f"{result.nodes} | {time.process_time() - started:.2f} |", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=game_slugs(), default=game_slugs())
    parser.add_argument("--deals", default=DEFAULT_DEALS)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-nodes", type=int)
    parser.add_argument("--max-seconds", type=float)
    parser.add_argument("--positions", type=Path, help="time single solves of the positions in FILE")
    args = parser.parse_args(argv)
    max_nodes = args.max_nodes
    if max_nodes is None and args.max_seconds is None:
        max_nodes = DEFAULT_NODES
    budget = Budget(max_nodes=max_nodes, max_seconds=args.max_seconds)
    if args.positions is not None:
        return bench_positions(args.positions, budget)
    rows = [bench_game(slug, parse_range(args.deals), args.samples, args.seed, budget) for slug in args.games]
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
