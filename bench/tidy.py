"""Tidying speed: the winning lines of a deal range shortened by the Python tidier and the core's.

Run ``python bench/tidy.py [--deals 100001-100300] [--games hamilton union-square] [--repeat 3]``.
For each game it finds the raw winning line of every deal in the range (the search's line as
found, ``tidy=False``, 20,000 positions per deal; deals not won within that are left out), then
tidies every line with each tidier in turn and prints one table: lines, moves in and out,
processor milliseconds per line (median, p95, max; each line's best of ``--repeat`` runs), and
the process's peak memory. Both tidiers must give the same lines (``tests/core/test_tidy.py``
checks it); the table says how many differ, which should be none.

``core`` is :func:`patience.solver.core.tidied_with_core` without its replay (the compiled
``patience._core.tidy``), ``python`` is :func:`patience.solver.lines.shortened`.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.rules import Game, Move
from patience.solver import solve
from patience.solver.lines import shortened
from patience.solver.switch import core_module
from patience.survey import parse_range, quantile

HEADER = ("game", "tidier", "lines", "moves in", "moves out", "median ms", "p95 ms", "max ms", "differ",
          "peak MB")
RAW_NODES = 20_000

Tidier = Callable[[Any, tuple[Move, ...]], tuple[Move, ...]]


def raw_lines(game: Game[Any], deals: range) -> list[tuple[Any, tuple[Move, ...]]]:
    """The start position and raw winning line of every deal won within ``RAW_NODES``."""
    lines = []
    for deal in deals:
        state = game.new(deal)
        result = solve(game, state, max_nodes=RAW_NODES, max_seconds=None, tidy=False)
        if result.won:
            lines.append((state, result.moves))
    return lines


def tidiers(game: Game[Any]) -> dict[str, Tidier]:
    """The tidiers this machine has, by name."""
    found: dict[str, Tidier] = {"python": lambda state, line: shortened(game, state, line)}
    core = core_module()
    if core is not None:
        def compiled(state: Any, line: tuple[Move, ...]) -> tuple[Move, ...]:
            texts = core.tidy(game.slug, game.position_text(state), [str(m) for m in line], max_seconds=None)
            return tuple(game.parse_move(text) for text in texts)
        found["core"] = compiled
    return found


def bench_game(slug: str, deals: range, repeat: int) -> None:
    """Print the game's rows."""
    game = get_game(slug)
    lines = raw_lines(game, deals)
    first: list[tuple[Move, ...]] | None = None
    for name, tidy in tidiers(game).items():
        millis: list[float] = []
        out: list[tuple[Move, ...]] = []
        for state, line in lines:
            best = float("inf")
            for _ in range(repeat):
                started = time.process_time()
                tidied = tidy(state, line)
                best = min(best, time.process_time() - started)
            millis.append(1000 * best)
            out.append(tidied)
        first = first or out
        differ = sum(a != b for a, b in zip(first, out, strict=True))
        millis.sort()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        moves_in = sum(len(line) for _, line in lines)
        moves_out = sum(len(line) for line in out)
        print(f"| {slug} | {name} | {len(lines)} | {moves_in:,} | {moves_out:,} "
              f"| {quantile(millis, 0.5):.3f} | {quantile(millis, 0.95):.3f} | {millis[-1]:.2f} | {differ} "
              f"| {peak:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default="100001-100300", help="deal numbers A-B (default 100001-100300)")
    parser.add_argument("--games", nargs="+", default=["hamilton", "union-square"])
    parser.add_argument("--repeat", type=int, default=3, help="runs per line, the best one kept (default 3)")
    args = parser.parse_args()
    os.environ.setdefault("PATIENCE_SOLVER", "core" if core_module() is not None else "python")
    print(f"deals {args.deals}, raw lines at {RAW_NODES:,} positions, best of {args.repeat} (processor time)")
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for slug in args.games:
        bench_game(slug, parse_range(args.deals), args.repeat)


if __name__ == "__main__":
    main()
