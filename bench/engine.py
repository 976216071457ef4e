"""Engine speed: ``legal_moves`` + ``apply`` per second over random playouts, and memory per state.

Run ``python bench/engine.py [--playouts N] [--seed S]``. For each game it
plays seeded random games from numbered deals (each step: generate the legal
moves, pick one, apply it) and prints a table:

* steps/s — one ``legal_moves`` plus one ``apply_legal`` (the solver's inner loop),
  as the median, p95 and max of the per-playout rates, and overall;
* checked apply/s — ``apply`` with its legality check (what the UI uses);
* bytes/state — the mean memory of one state beyond what it shares with its parent,
  measured with ``tracemalloc`` while keeping every state of a playout alive.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from typing import Any

from patience import game_slugs, get_game
from patience.rules import Game

MAX_STEPS = 400


def playout(game: Game[Any], deal: int, rng: random.Random) -> list[Any]:
    """A random game from ``deal``, as the list of its states (stops when won or stuck)."""
    state = game.new(deal)
    states = [state]
    for _ in range(MAX_STEPS):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_legal(state, rng.choice(moves))
        states.append(state)
    return states


def timed_steps(game: Game[Any], deal: int, rng: random.Random) -> tuple[int, float, float]:
    """Steps of one playout, seconds for legal_moves+apply_legal, seconds for checked apply."""
    state = game.new(deal)
    steps = 0
    fast = checked = 0.0
    for _ in range(MAX_STEPS):
        t0 = time.perf_counter()
        moves = game.legal_moves(state)
        if not moves:
            fast += time.perf_counter() - t0
            break
        move = moves[rng.randrange(len(moves))]
        after = game.apply_legal(state, move)
        t1 = time.perf_counter()
        game.apply(state, move)
        checked += time.perf_counter() - t1
        fast += t1 - t0
        state = after
        steps += 1
    return steps, fast, checked


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def bytes_per_state(game: Game[Any], deals: range, seed: int) -> float:
    """Mean traced bytes per state, keeping whole playouts alive."""
    rng = random.Random(seed)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept: list[list[Any]] = [playout(game, d, rng) for d in deals]
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    count = sum(len(p) for p in kept)
    return used / max(count, 1)


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    header = (f"{'game':<14}{'playouts':>9}{'steps':>9}{'steps/s med':>13}{'p95':>9}{'max':>9}"
              f"{'overall':>10}{'checked/s':>11}{'B/state':>9}")
    print(header)
    print("-" * len(header))
    for slug in game_slugs():
        game = get_game(slug)
        rng = random.Random(args.seed)
        rates: list[float] = []
        total_steps = 0
        total_fast = total_checked = 0.0
        for deal in range(1, args.playouts + 1):
            steps, fast, checked = timed_steps(game, deal, rng)
            total_steps += steps
            total_fast += fast
            total_checked += checked
            if steps:
                rates.append(steps / fast)
        memory = bytes_per_state(game, range(1, 21), args.seed)
        print(f"{slug:<14}{args.playouts:>9}{total_steps:>9}{statistics.median(rates):>13,.0f}"
              f"{percentile(rates, 0.95):>9,.0f}{max(rates):>9,.0f}{total_steps / total_fast:>10,.0f}"
              f"{total_steps / total_checked:>11,.0f}{memory:>9,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
