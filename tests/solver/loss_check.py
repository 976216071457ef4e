"""Loss proofs again with every pruning rule switched off: do the answers agree?

Run ``python -m tests.solver.loss_check --deals 14,16,21 [--game hamilton]``
(or ``--lost-in docs/survey/hamilton-1-2000.jsonl.gz --count 20 --smaller-than 3000``
for the first deals a results file calls lost, with a proof that entered
fewer than that many positions: without pruning the proofs grow about a
hundredfold). For each deal it proves the loss with
the solver as it is, then searches again depth-first with no safe moves and
no symmetries (positions keyed by the engine's exact ``state.key()``, nothing
sorted, no foundation identified with another): the two must agree. It prints
one table row per deal (positions entered by each) and exits 1 on any
disagreement. ``tests/solver/test_loss_check.py`` runs a small version in CI.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path
from typing import Any

from patience import get_game
from patience.solver import LOST
from patience.solver.expand import Expander
from patience.solver.search import search

BARE_TABLE_CAP = 4_000_000


def bare_expander(game: Any) -> Expander[Any]:
    """An expander with every pruning rule off: no safe moves, symmetries, dead-end tests or ordering."""
    return Expander(game, safe=False, order=False, symmetries=False, dead_ends=False)


def check_deal(slug: str, deal: int) -> tuple[str, str, int, int, float]:
    """The solver's answer and the bare search's, with positions entered and the bare search's seconds."""
    game = get_game(slug)
    state = game.new(deal)
    ours = search(game, state)
    started = time.perf_counter()
    bare = search(game, state, expander=bare_expander(game), strategy="depth-first", table_cap=BARE_TABLE_CAP)
    return ours.outcome, bare.outcome, ours.nodes, bare.nodes, time.perf_counter() - started


def lost_deals(path: Path, count: int, smaller_than: int | None = None) -> list[int]:
    """The first ``count`` deals (by number) whose latest row in a results file is ``lost``
    (with fewer than ``smaller_than`` positions, when given)."""
    opener = gzip.open if path.suffix == ".gz" else open
    latest: dict[int, tuple[str, int]] = {}
    with opener(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            latest[row["deal"]] = (row["outcome"], row["nodes"])
    return sorted(deal for deal, (outcome, nodes) in latest.items()
                  if outcome == LOST and (smaller_than is None or nodes < smaller_than))[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="hamilton")
    parser.add_argument("--deals", default="", help="comma-separated deal numbers")
    parser.add_argument("--lost-in", type=Path, default=None, help="take lost deals from this results file")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--smaller-than", type=int, default=None,
                        help="only deals whose proof in the file entered fewer positions")
    args = parser.parse_args()
    deals = [int(d) for d in args.deals.split(",") if d]
    if args.lost_in:
        deals += lost_deals(args.lost_in, args.count, args.smaller_than)
    print("| deal | solver | bare search | positions (solver) | positions (bare) | bare s |")
    print("|---|---|---|---|---|---|")
    disagreements = 0
    for deal in deals:
        ours, bare, ours_nodes, bare_nodes, seconds = check_deal(args.game, deal)
        disagreements += ours != bare
        print(f"| {deal} | {ours} | {bare} | {ours_nodes:,} | {bare_nodes:,} | {seconds:.1f} |", flush=True)
    print(f"{len(deals)} deals, {disagreements} disagreements")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
