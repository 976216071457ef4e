"""Surveys: solve a range of numbered deals in parallel and summarize the win rate.

Each deal's result is one JSON line in the output file, written as soon as it
is known, so an interrupted survey loses nothing: a rerun skips the deals
already decided (``won`` or ``lost``) and tries the others again.

>>> wilson(50, 100)
(0.4038..., 0.5961...)
>>> rows = [{"deal": 1, "outcome": "won", "seconds": 0.1}, {"deal": 2, "outcome": "lost", "seconds": 0.3},
...         {"deal": 3, "outcome": "unknown", "seconds": 2.0}]
>>> s = summarize(rows)
>>> s.won, s.lost, s.unknown, round(s.low, 3), round(s.high, 3)
(1, 1, 1, 0.061, 0.939)
"""

from __future__ import annotations

import json
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO

from patience.errors import PatienceError
from patience.i18n import _
from patience.numbers import parse_int
from patience.rules import get_game
from patience.solver import LOST, UNKNOWN, WON, solve

Z95: Final = 1.959963984540054
DECIDED: Final = (WON, LOST)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_range(text: str) -> range:
    """``A-B`` (inclusive) or a single number ``N``.

    >>> parse_range("1-2000")
    range(1, 2001)
    """
    try:
        if "-" in text:
            first, last = (parse_int(part) for part in text.split("-", 1))
        else:
            first = last = parse_int(text)
    except ValueError:
        raise PatienceError(_("deal range must look like 1-2000, not {text!r}").format(text=text)) from None
    if first < 1 or last < first:
        raise PatienceError(_("deal range must go up from 1: {text!r}").format(text=text))
    return range(first, last + 1)


@dataclass(frozen=True)
class Summary:
    """Counts, the win rate's interval (unknowns counted both ways) and time per deal."""

    won: int
    lost: int
    unknown: int
    low: float  # Wilson lower bound with every unknown counted as lost
    high: float  # Wilson upper bound with every unknown counted as won
    median: float
    p95: float
    max: float

    @property
    def deals(self) -> int:
        """Number of deals summarized."""
        return self.won + self.lost + self.unknown

    @property
    def rate(self) -> float:
        """Won among the decided deals."""
        decided = self.won + self.lost
        return self.won / decided if decided else 0.0

    def text(self) -> str:
        """The summary as a few translated lines."""
        lines = [
            _("{deals} deals: {won} won, {lost} lost, {unknown} unknown").format(
                deals=self.deals, won=self.won, lost=self.lost, unknown=self.unknown),
            _("win rate {low:.1%} to {high:.1%} (95% Wilson interval, unknowns counted both ways); "
              "{rate:.1%} of decided deals").format(low=self.low, high=self.high, rate=self.rate),
            _("seconds per deal: median {median:.2f}, p95 {p95:.2f}, max {max:.2f}").format(
                median=self.median, p95=self.p95, max=self.max),
        ]
        return "\n".join(lines)


def quantile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of sorted values; 0 when empty."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def summarize(rows: Iterable[dict[str, Any]]) -> Summary:
    """Summarize result rows (the last row of each deal counts)."""
    latest: dict[int, dict[str, Any]] = {}
    for row in rows:
        latest[int(row["deal"])] = row
    outcomes = [row["outcome"] for row in latest.values()]
    won, lost = outcomes.count(WON), outcomes.count(LOST)
    unknown = len(outcomes) - won - lost
    n = len(outcomes)
    low = wilson(won, n)[0]
    high = wilson(won + unknown, n)[1]
    seconds = sorted(float(row["seconds"]) for row in latest.values())
    return Summary(won, lost, unknown, low, high, quantile(seconds, 0.5), quantile(seconds, 0.95),
                   seconds[-1] if seconds else 0.0)


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows already in a survey file (none when it does not exist); a torn last line is ignored."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and "deal" in row and "outcome" in row:
            rows.append(row)
    return rows


def solve_deal(job: tuple[str, int, int | None, float | None]) -> dict[str, Any]:
    """Solve one numbered deal; the row written to the survey file (runs in a worker process)."""
    slug, deal, max_nodes, max_seconds = job
    game = get_game(slug)
    result = solve(game, game.new(deal), max_nodes=max_nodes, max_seconds=max_seconds)
    return {"game": slug, "deal": deal, "outcome": result.outcome,
            "moves": [str(m) for m in result.moves], "nodes": result.nodes,
            "seconds": round(result.seconds, 4), "peak_table": result.peak_table,
            "stopped": result.stopped, "max_nodes": max_nodes, "max_seconds": max_seconds}


def _run_serial(jobs: list[tuple[str, int, int | None, float | None]]) -> Iterator[dict[str, Any]]:
    for job in jobs:
        yield solve_deal(job)


def survey(
    slug: str,
    deals: range,
    out: Path,
    *,
    workers: int = 1,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    progress: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Summary:
    """Solve every deal of ``deals`` not yet decided in ``out``; append a row per deal; summarize.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = Path(tmp) / "s.jsonl"
    ...     first = survey("hamilton", range(1, 3), out, max_nodes=50)
    ...     again = survey("hamilton", range(1, 3), out, max_nodes=50)
    >>> first.deals, again.deals
    (2, 2)
    """
    get_game(slug)  # fails early on an unknown game
    done = {int(row["deal"]): row for row in read_rows(out) if row.get("game", slug) == slug}
    todo = [deal for deal in deals if done.get(deal, {}).get("outcome") not in DECIDED]
    jobs = [(slug, deal, max_nodes, max_seconds) for deal in todo]
    rows = {deal: done[deal] for deal in deals if deal in done}
    started = clock()
    finished = 0
    won_now = sum(1 for row in rows.values() if row["outcome"] == WON)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as sink:
        pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 and jobs else None
        try:
            results = pool.imap_unordered(solve_deal, jobs) if pool else _run_serial(jobs)
            for row in results:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                previous = rows.get(row["deal"])
                if previous is not None and previous["outcome"] == WON:
                    won_now -= 1
                rows[row["deal"]] = row
                won_now += row["outcome"] == WON
                finished += 1
                if progress is not None:
                    _show_progress(progress, finished, len(jobs), won_now, len(rows), clock() - started)
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()
    if progress is not None and jobs:
        progress.write("\n")
    return summarize(rows.values())


def _show_progress(stream: TextIO, finished: int, total: int, won: int, known: int, elapsed: float) -> None:
    width = 30
    filled = width * finished // max(total, 1)
    rate = finished / elapsed if elapsed > 0 else 0.0
    eta = (total - finished) / rate if rate > 0 else 0.0
    bar = "#" * filled + "-" * (width - filled)
    text = _("[{bar}] {finished}/{total} deals, {won} won of {known}, {rate:.2f} deals/s, ETA {eta}").format(
        bar=bar, finished=finished, total=total, won=won, known=known, rate=rate, eta=_clock_text(eta))
    stream.write("\r" + text)
    stream.flush()


def _clock_text(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def main_summary(path: Path, stream: TextIO = sys.stdout) -> Summary:
    """Print the summary of an existing survey file."""
    summary = summarize(read_rows(path))
    stream.write(summary.text() + "\n")
    return summary


__all__ = ["UNKNOWN", "Summary", "parse_range", "read_rows", "solve_deal", "summarize", "survey", "wilson"]
