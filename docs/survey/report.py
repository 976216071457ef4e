"""The numbers of ``docs/winnability.md`` from the results files in this folder.

Run ``python docs/survey/report.py`` (from the project's root). For each
results file of the thoughtful survey and for each game in all, it prints the
counts and the 95% Wilson interval (unknown deals counted both ways, the
latest row of a deal counting), the seconds per decided deal, the length of
the winning lines, the proof sizes (positions the deciding search expanded, won and lost deals
apart) and, for Hamilton, the start rank the winning lines chose.

``python docs/survey/report.py --fair [FILE ...]`` prints the fair player's
results (the files given, plain or gzipped, by default this folder's
``fair-*.jsonl.gz``) beside the thoughtful survey's over the same deals: the
table of ``docs/winnability.md``, then per game the check that the fair
player won no deal proven lost (exit status 1 if it did), how its games
ended, its processor seconds per deal and the command that makes such rows; last, for two players
run with the same K and budget, the deals both played that only one of them won (McNemar's test).

``python docs/survey/report.py --fair-curve [FILE ...]`` prints the fair players' win rate per
number of samples K and budget per solve (by default this folder's ``fair-curve-*.jsonl.gz``; the
plot: ``plot_fair_curve.py``).

``python docs/survey/report.py --start-ranks [FILE ...]`` prints, from the rows of
``docs/survey/start_ranks.py`` (by default this folder's ``start-ranks-*.jsonl.gz``), the Hamilton
win rate per start rank and per choice (first, second or third card of the stock), how many of a
won deal's three start cards win, and the check against the thoughtful survey: a deal is won
exactly when one of its start cards wins (exit status 1 if a deal says otherwise).
"""

from __future__ import annotations

import gzip
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from patience import get_game
from patience.cards import RANK
from patience.games.hamilton.search import new_game as hamilton_game
from patience.interval import wilson
from patience.survey import FAIR_POLICIES, policy_of, quantile, read_rows, summarize
from patience.survey.compare import Comparison, compare, markdown_table

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
    stock = hamilton_game().new(deal).stock
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
    for outcome in ("won", "lost"):
        sizes = [float(r["nodes"]) for r in decided if r["outcome"] == outcome and "nodes" in r]
        if sizes:
            print(f"proof size of the {outcome} deals (positions): {spread(sizes)}")
    if won and won[0]["game"] == "hamilton":
        ranks = Counter(start_rank(int(r["deal"]), r["moves"]) for r in won)
        print("start rank of the winning lines: "
              + ", ".join(f"{RANK_NAMES[rank]} {ranks[rank]}" for rank in range(1, 14)))
    print()


def thoughtful_files() -> list[Path]:
    """This folder's results files of the thoughtful survey (the fair player's left out)."""
    return [path for path in sorted(HERE.glob("*.jsonl.gz"))
            if not path.name.startswith(("fair-", "start-ranks-"))]  # fair-curve-* too


def holds_any(path: Path, deals: set[tuple[str, int]]) -> bool:
    """Whether a results file may hold one of ``deals`` (game, deal), going by its name
    ``GAME-FIRST-LAST.jsonl.gz``; a file named otherwise may hold any.

    >>> holds_any(Path("hamilton-1-2000.jsonl.gz"), {("hamilton", 2000)})
    True
    >>> holds_any(Path("hamilton-2001-3000.jsonl.gz"), {("hamilton", 2000), ("union-square", 2500)})
    False
    >>> holds_any(Path("extra.jsonl.gz"), set())
    True
    """
    named = re.fullmatch(r"([a-z-]+)-(\d+)-(\d+)\.jsonl\.gz", path.name)
    if named is None:
        return True
    game, first, last = named[1], int(named[2]), int(named[3])
    return any(played == game and first <= deal <= last for played, deal in deals)


def fair_report(fair_paths: list[Path], thoughtful_paths: list[Path]) -> list[Comparison]:
    """Print the fair player's results beside the thoughtful ones; the comparisons, one per game."""
    # (game, policy, K, positions, seconds) -> rows: one run's settings, never two runs' rows mixed
    fair: dict[tuple[str, str, int, int, float], list[dict[str, Any]]] = {}
    for path in fair_paths:
        for row in read_rows(path):
            if policy_of(row) in FAIR_POLICIES:
                settings = (int(row.get("samples") or 0), int(row.get("max_nodes") or 0),
                            float(row.get("max_seconds") or 0.0))
                fair.setdefault((row["game"], policy_of(row), *settings), []).append(row)
    played = {(row["game"], int(row["deal"])) for rows in fair.values() for row in rows}
    thoughtful: dict[str, dict[int, dict[str, Any]]] = {}
    for path in thoughtful_paths:
        if not holds_any(path, played):
            continue
        for deal, row in latest_rows(path).items():
            if policy_of(row) not in FAIR_POLICIES:
                thoughtful.setdefault(row["game"], {})[deal] = row
    runs = sorted(fair.items())
    comparisons = [compare(key[0], rows, thoughtful.get(key[0], {}).values(), key[1]) for key, rows in runs]
    print(markdown_table(comparisons, {both.game: get_game(both.game).name for both in comparisons}))
    print()
    for both, (_key, rows) in zip(comparisons, runs, strict=True):
        latest = {int(row["deal"]): row for row in rows}
        ends = Counter(str(row.get("end")) for row in latest.values())
        cpu = [round(float(row.get("cpu_seconds", row["seconds"])), 2) for row in latest.values()]
        print(f"## {both.game}, {both.policy}: {both.fair.text()}")
        print("fair won, thoughtfully lost (must be none): "
              + (", ".join(map(str, both.contradictions)) or "none"))
        print("fair won, thoughtfully unknown (now known won): "
              + (", ".join(map(str, both.settled)) or "none"))
        print("no thoughtful row: " + (", ".join(map(str, both.missing)) or "none"))
        print("how the games ended: " + ", ".join(f"{end} {count}" for end, count in sorted(ends.items())))
        print(f"processor seconds per deal: {spread(cpu)}")
        print(f"fair hints per deal: {spread([float(row.get('decisions', 0)) for row in latest.values()])}")
        budget = both.budget.split()[0].replace(",", "")
        nodes = f" --max-nodes {budget}" if "positions" in both.budget else ""
        print(f"command: patience survey {both.game} --deals {both.deals[0]}-{both.deals[-1]} "
              f"--policy {both.policy} --samples {both.samples}{nodes}")
        print()
    for line in paired_lines(runs):
        print(line)
    return comparisons


#: One fair run's settings, (game, policy, K, positions, seconds), and its rows.
FairRun = tuple[tuple[str, str, int, int, float], list[dict[str, Any]]]


def paired_lines(runs: list[FairRun]) -> list[str]:
    """Two fair players with the same settings on the same deals: the deals only one of them won, and
    McNemar's test (continuity-corrected) of whether the difference could be chance.

    >>> def run(policy: str, won: str) -> FairRun:
    ...     rows = [{"deal": deal, "outcome": "won" if o == "w" else "lost"} for deal, o in enumerate(won, 1)]
    ...     return ("hamilton", policy, 32, 20000, 0.0), rows
    >>> for line in paired_lines([run("fair", "wwlll"), run("fair-plan", "wlwww")])[0].split("; "):
    ...     print(line)
    hamilton, the same 5 deals, K = 32, 20,000 positions: both won 1, only fair 1, only fair-plan 3
    McNemar's chi-square 0.25, p = 0.62
    """
    lines = []
    for index, (first, first_rows) in enumerate(runs):
        for second, second_rows in runs[index + 1:]:
            if first[0] != second[0] or first[2:] != second[2:] or first[1] == second[1]:
                continue
            won_first = {int(row["deal"]): row["outcome"] == "won" for row in first_rows}
            won_second = {int(row["deal"]): row["outcome"] == "won" for row in second_rows}
            deals = won_first.keys() & won_second.keys()
            both = sum(won_first[deal] and won_second[deal] for deal in deals)
            only_first = sum(won_first[deal] and not won_second[deal] for deal in deals)
            only_second = sum(won_second[deal] and not won_first[deal] for deal in deals)
            split = only_first + only_second
            chi_square = max(abs(only_first - only_second) - 1, 0) ** 2 / split if split else 0.0
            p = math.erfc(math.sqrt(chi_square / 2))  # chi-square with one degree of freedom
            p_text = "p < 0.000001" if p < 1e-6 else f"p = {p:.2g}"
            lines.append(f"{first[0]}, the same {len(deals):,} deals, K = {first[2]}, "
                         f"{first[3]:,} positions: both won {both:,}, only {first[1]} {only_first:,}, "
                         f"only {second[1]} {only_second:,}; McNemar's chi-square {chi_square:.2f}, {p_text}")
    return lines


def rate_text(won: int, lost: int, unknown: int) -> str:
    """``won/n``, the 95% Wilson interval with the unknown counted both ways, in points."""
    n = won + lost + unknown
    low, high = wilson(won, n)[0], wilson(won + unknown, n)[1]
    return f"{won:,}/{n:,} won, {unknown} unknown, {100 * low:.1f}% - {100 * high:.1f}%"


def start_rank_report(paths: list[Path], thoughtful_paths: list[Path]) -> int:
    """Print the win rate per start rank and per choice; the number of deals the thoughtful survey
    contradicts (won by it but every start card lost, or lost by it but a start card won)."""
    choices: dict[tuple[int, int], dict[str, Any]] = {}
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as rows:
            for line in rows:
                row = json.loads(line)
                choices[(int(row["deal"]), int(row["choice"]))] = row
    by_rank: dict[int, Counter[str]] = {rank: Counter() for rank in range(1, 14)}
    by_choice: dict[int, Counter[str]] = {choice: Counter() for choice in (1, 2, 3)}
    deals: dict[int, list[str]] = {}
    for (deal, choice), row in sorted(choices.items()):
        by_rank[int(row["start_rank"])][row["outcome"]] += 1
        by_choice[choice][row["outcome"]] += 1
        deals.setdefault(deal, []).append(row["outcome"])
    print(f"## Hamilton start cards searched one by one: {len(choices):,} choices of {len(deals):,} deals")
    print("| start rank | choices | win rate of the choice, 95% Wilson interval |")
    print("|---|---|---|")
    for rank, counts in by_rank.items():
        print(f"| {RANK_NAMES[rank]} | {sum(counts.values()):,} | "
              f"{rate_text(counts['won'], counts['lost'], counts['unknown'])} |")
    decided = [(counts["won"], sum(counts.values())) for counts in by_rank.values() if sum(counts.values())]
    share = sum(won for won, _n in decided) / max(sum(n for _won, n in decided), 1)
    if 0 < share < 1:
        chi_square = sum((won - n * share) ** 2 / (n * share * (1 - share)) for won, n in decided)
        print(f"every rank alike? chi-square {chi_square:.1f} on {len(decided) - 1} degrees of freedom "
              f"(unknown counted as not won; 5% critical value for 12: 21.0)")
    for choice, counts in by_choice.items():
        print(f"choice {choice}: {rate_text(counts['won'], counts['lost'], counts['unknown'])}")
    whole = [outcomes for outcomes in deals.values() if len(outcomes) == 3]
    winners = Counter(outcomes.count("won") for outcomes in whole if "unknown" not in outcomes)
    print("start cards that win, per deal with all three decided: "
          + ", ".join(f"{count} {winners[count]:,}" for count in range(4)))
    thoughtful: dict[int, str] = {}
    for path in thoughtful_paths:
        for deal, row in latest_rows(path).items():
            if row["game"] == "hamilton" and policy_of(row) not in FAIR_POLICIES:
                thoughtful[deal] = row["outcome"]
    contradictions = [deal for deal, outcomes in sorted(deals.items()) if len(outcomes) == 3 and (
        (thoughtful.get(deal) == "won" and outcomes.count("lost") == 3)
        or (thoughtful.get(deal) == "lost" and "won" in outcomes))]
    settled = [deal for deal, outcomes in sorted(deals.items())
               if thoughtful.get(deal) == "unknown" and ("won" in outcomes or outcomes.count("lost") == 3)]
    print("against the thoughtful survey (must be none): " + (", ".join(map(str, contradictions)) or "none"))
    print("thoughtfully unknown, decided here: " + (", ".join(map(str, settled)) or "none"))
    return len(contradictions)


#: One point of the fair players' curve: (policy, K, positions per solve, won, games, processor s per game).
CurvePoint = tuple[str, int, int, int, int, float]


def curve_points(paths: list[Path]) -> list[CurvePoint]:
    """The fair rows of ``paths`` grouped by player, K and budget (the latest row of each deal)."""
    groups: dict[tuple[str, int, int], dict[int, dict[str, Any]]] = {}
    for path in paths:
        for row in read_rows(path):
            if policy_of(row) in FAIR_POLICIES:
                point = (policy_of(row), int(row["samples"]), int(row["max_nodes"] or 0))
                groups.setdefault(point, {})[int(row["deal"])] = row
    return [(policy, k, nodes, sum(r["outcome"] == "won" for r in rows.values()), len(rows),
             sum(float(r["cpu_seconds"]) for r in rows.values()) / len(rows))
            for (policy, k, nodes), rows in sorted(groups.items())]


def curve_report(paths: list[Path]) -> None:
    """Print the fair players' win rate per K and budget (``docs/winnability.md``'s curve table)."""
    print("| fair player | K | positions per solve | won | rate, 95% Wilson | processor s per game |")
    print("|---|---|---|---|---|---|")
    for policy, k, nodes, won, games, cpu in curve_points(paths):
        low, high = wilson(won, games)
        print(f"| {policy} | {k} | {nodes:,} | {won} of {games} | {100 * low:.1f}% – {100 * high:.1f}% | "
              f"{cpu:.2f} |")


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--fair-curve":
        curve_report([Path(arg) for arg in argv[1:]] or sorted(HERE.glob("fair-curve-*.jsonl.gz")))
        return 0
    if argv and argv[0] == "--start-ranks":
        paths = [Path(arg) for arg in argv[1:]] or sorted(HERE.glob("start-ranks-*.jsonl.gz"))
        return 1 if start_rank_report(paths, thoughtful_files()) else 0
    if argv and argv[0] == "--fair":
        paths = [Path(arg) for arg in argv[1:]] or sorted(
            path for path in HERE.glob("fair-*.jsonl.gz") if not path.name.startswith("fair-curve-"))
        comparisons = fair_report(paths, thoughtful_files())
        return 0 if all(not both.contradictions for both in comparisons) else 1
    games: dict[str, dict[int, dict[str, Any]]] = {}
    for path in thoughtful_files():
        rows = latest_rows(path)
        report(path.name, rows)
        game = next(iter(rows.values()))["game"]
        games.setdefault(game, {}).update(rows)
    for game, rows in games.items():
        report(f"{game}, all files", rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
