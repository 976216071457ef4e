"""How often a Hamilton deal can be won from each of its three start cards, searched one by one.

Run ``python docs/survey/start_ranks.py --deals 1-3000 --out FILE [--max-nodes N]
[--max-seconds S]`` (from the project's root). For each deal it solves, one after the other, the
three positions just after a start card is chosen (the first, second or third card the stock
shows, ``s c-f1``, ``s s c-f1``, ``s s s c-f1``) and appends one JSON line per choice to ``FILE``:

    {"game": "hamilton", "deal": 7, "choice": 2, "start_rank": 11, "outcome": "lost",
     "nodes": 5120, "seconds": 0.02, "max_nodes": 2000000, "max_seconds": 20.0, "search": "core"}

A rerun skips the choices already decided and searches the others again (with the budget given),
so a run can be stopped and resumed, and a second pass with a larger budget decides what the
first left unknown. A won choice's line was replayed through the rules by the solver, as every
solve's is. ``python docs/survey/report.py --start-ranks [FILE ...]`` prints the win rate per
start rank and per choice, and checks the rows against the thoughtful survey: a deal is won
exactly when one of its choices is.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from patience.games.hamilton.search import new_game, start_choices
from patience.solver import solve
from patience.solver.switch import which_search
from patience.survey import parse_range

DECIDED = ("won", "lost")


def choice_rows(deal: int, *, max_nodes: int | None, max_seconds: float | None,
                skip: frozenset[int] = frozenset()) -> Iterator[dict[str, Any]]:
    """Solve each start choice of ``deal`` (but the choices in ``skip``, numbered from 1); a row each.

    >>> [(row["choice"], row["outcome"]) for row in choice_rows(1, max_nodes=200_000, max_seconds=None)]
    [(1, 'won'), (2, 'lost'), (3, 'won')]
    """
    game = new_game()
    for number, (_moves, state) in enumerate(start_choices(game, game.new(deal)), start=1):
        if number in skip:
            continue
        result = solve(game, state, max_nodes=max_nodes, max_seconds=max_seconds, tidy=False)
        yield {"game": "hamilton", "deal": deal, "choice": number, "start_rank": state.start,
               "outcome": str(result.outcome.value), "nodes": result.nodes,
               "seconds": round(result.seconds, 4), "max_nodes": max_nodes, "max_seconds": max_seconds,
               "search": which_search()}


def read_choices(path: Path) -> dict[tuple[int, int], dict[str, Any]]:
    """The latest row of each (deal, choice) in a file of such rows (plain or gzip-compressed)."""
    latest: dict[tuple[int, int], dict[str, Any]] = {}
    if not path.exists():
        return latest
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            if not line.endswith("\n"):
                break  # a row torn by an interruption: its choice is searched again
            row = json.loads(line)
            latest[(int(row["deal"]), int(row["choice"]))] = row
    return latest


def cut_torn_row(path: Path) -> None:
    """Cut off a last row torn by an interruption (no newline): the next row starts a line of its own."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[:data.rfind(b"\n") + 1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", required=True, help="a range of deal numbers, e.g. 1-3000")
    parser.add_argument("--out", required=True, type=Path, help="the results file (JSON lines, appended)")
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--max-seconds", type=float, default=20.0)
    args = parser.parse_args(argv)
    done = read_choices(args.out)
    cut_torn_row(args.out)
    with args.out.open("a", encoding="utf-8") as sink:
        for deal in parse_range(args.deals):
            skip = frozenset(choice for choice in (1, 2, 3)
                             if done.get((deal, choice), {}).get("outcome") in DECIDED)
            if len(skip) == 3:
                continue
            for row in choice_rows(deal, max_nodes=args.max_nodes, max_seconds=args.max_seconds, skip=skip):
                sink.write(json.dumps(row) + "\n")
                sink.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
