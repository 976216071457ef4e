"""Fair hint speed: the full run against the early stop, on positions along each deal's winning line.

Run ``python bench/fair_hint.py [--games hamilton union-square] [--deals 1-4] [--steps 0 3 8]
[--samples 32] [--max-nodes 20000]``. For each game, deal and step it plays the first ``step`` moves
of the exact solver's winning line (a position a player could reach), then asks
:func:`patience.analysis.fair.fair_hint` for the fair hint as the server does (its seed made from what the
player sees, ``--samples`` completions, ``--max-nodes`` positions per solve), once in full and once
with ``early_stop``, and prints one row per position:

* full s / early s — processor seconds of each run;
* solves — the solver calls each run made (completions and positions after a candidate move);
* decided — the completions the early run solved before the leader could not be overtaken
  (``samples``: it ran to the end);
* same — whether both runs give the same move (they must).

Positions the rules' safe move decides (no sample solved) and positions with nothing hidden are left
out. The node budget makes every solve the same on every run, so the counts repeat exactly.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from patience.analysis import fair
from patience.analysis.fair import Budget, FairHint, fair_hint, observe
from patience.rules import get_game
from patience.solver import solve
from patience.workers.odds import HINT_SAMPLES, MAX_NODES, seed_of


def _counted(run: Any) -> tuple[FairHint, float, int]:
    calls = 0
    real = vars(fair)["solve"]  # the name the fair analysis calls

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    vars(fair)["solve"] = counting
    try:
        started = time.process_time()
        answer = run()
        return answer, time.process_time() - started, calls
    finally:
        vars(fair)["solve"] = real


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["hamilton", "union-square"])
    parser.add_argument("--deals", default="1-4", help="A-B")
    parser.add_argument("--steps", nargs="+", type=int, default=[0, 3, 8])
    parser.add_argument("--samples", type=int, default=HINT_SAMPLES)
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES)
    args = parser.parse_args(argv)
    low, high = (int(x) for x in args.deals.split("-"))
    budget = Budget(max_nodes=args.max_nodes)
    print(f"{'game':13} {'deal':>4} {'moves':>5} {'full s':>7} {'early s':>7} {'solves':>11} "
          f"{'decided':>7} same  move")
    totals = [0.0, 0.0]
    for slug in args.games:
        game = get_game(slug)
        for deal in range(low, high + 1):
            line = list(solve(game, game.new(deal), max_nodes=args.max_nodes).moves)
            for step in args.steps:
                played = line[:step]
                seen = observe(game, deal, played)
                if not seen.hidden:
                    continue
                seed = seed_of(seen)
                full, full_s, full_calls = _counted(
                    lambda: fair_hint(game, seen, args.samples, seed, budget))  # noqa: B023
                if not full.samples:
                    continue  # a safe move: no sample solved
                early, early_s, early_calls = _counted(
                    lambda: fair_hint(game, seen, args.samples, seed, budget, early_stop=True))  # noqa: B023
                totals[0] += full_s
                totals[1] += early_s
                same = "yes" if early.move == full.move else "NO"
                print(f"{slug:13} {deal:>4} {step:>5} {full_s:>7.2f} {early_s:>7.2f} "
                      f"{full_calls:>5}/{early_calls:<5} {early.samples:>7} {same:4} "
                      f"{full.move} ({full.won}/{full.samples})")
    print(f"{'total':25} {totals[0]:>7.2f} {totals[1]:>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
