"""The numbers of ``docs/winnability.md`` from the results files in this folder.

Run ``python docs/survey/report.py`` (from the project's root). For each
results file and for each game in all, it prints the counts and the 95%
Wilson interval (unknown deals counted both ways, the latest row of a deal
counting), the seconds per decided deal, the length of the winning lines and,
for Hamilton, the start rank the winning lines chose.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from patience import get_game
from patience.cards import RANK
from patience.survey import quantile, summarize

HERE = Path(__file__).resolve().parent
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def latest_rows(path: Path) -> dict[int, dict[str, Any]]:
    """The latest row of each deal in a (gzip-compressed) results file."""
    latest: dict[int, dict[str, Any]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            latest[int(row["deal"])] = row
    return latest


def start_rank(deal: int, moves: list[str]) -> int:
    """The start rank a Hamilton winning line chose: the rank of the card turned by its last click."""
    clicks = 0
    for move in moves:
        if move != "s":
            break
        clicks += 1
    stock: tuple[int, ...] = get_game("hamilton").new(deal).stock
    return RANK[stock[clicks - 1]]


def spread(values: list[float]) -> str:
    """Median, 90th and 99th percentile and maximum of some values."""
    ordered = sorted(values)
    return (f"median {quantile(ordered, 0.5):g}, p90 {quantile(ordered, 0.9):g}, "
            f"p99 {quantile(ordered, 0.99):g}, max {ordered[-1] if ordered else 0:g}")


def report(name: str, rows: dict[int, dict[str, Any]]) -> None:
    """Print the numbers of one file or game."""
    summary = summarize(rows.values())
    print(f"## {name}: {summary.text()}")
    decided = [r for r in rows.values() if r["outcome"] != "unknown"]
    won = [r for r in decided if r["outcome"] == "won"]
    print(f"seconds per decided deal: {spread([round(float(r['seconds']), 2) for r in decided])}")
    print(f"winning-line length (moves): {spread([float(len(r['moves'])) for r in won])}")
    if won and won[0]["game"] == "hamilton":
        ranks = Counter(start_rank(int(r["deal"]), r["moves"]) for r in won)
        print("start rank of the winning lines: "
              + ", ".join(f"{RANK_NAMES[rank]} {ranks[rank]}" for rank in range(1, 14)))
    print()


def main() -> None:
    games: dict[str, dict[int, dict[str, Any]]] = {}
    for path in sorted(HERE.glob("*.jsonl.gz")):
        rows = latest_rows(path)
        report(path.name, rows)
        game = next(iter(rows.values()))["game"]
        games.setdefault(game, {}).update(rows)
    for game, rows in games.items():
        report(f"{game}, all files", rows)


if __name__ == "__main__":
    main()
