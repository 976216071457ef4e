"""Survey results: the rows of a results file, deal ranges, and the summary (win rate, times).

A results file has one JSON line per deal and pass (``game``, ``deal``,
``outcome``, the winning ``moves``, ``nodes``, ``seconds``, the budget); when a
deal has several rows, the last one counts. Reading one is
:mod:`patience.survey.files`'s job.

>>> wilson(50, 100)
(0.4038..., 0.5961...)
>>> rows = [{"deal": 1, "outcome": "won", "seconds": 0.1}, {"deal": 2, "outcome": "lost", "seconds": 0.3},
...         {"deal": 3, "outcome": "unknown", "seconds": 2.0}]
>>> s = summarize(rows)
>>> s.won, s.lost, s.unknown, round(s.low, 3), round(s.high, 3)
(1, 1, 1, 0.061, 0.939)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from patience.errors import PatienceError
from patience.i18n import _
from patience.interval import Z95, wilson
from patience.numbers import parse_int
from patience.solver import LOST, UNKNOWN, WON

Row = dict[str, Any]

DECIDED: Final = (WON, LOST)
#: How a survey plays a deal: solved knowing the stock's order, or played by a fair player (the
#: move most sampled completions win after it, or the plan up to the next card seen that wins most).
THOUGHTFUL: Final = "thoughtful"
FAIR: Final = "fair"
FAIR_PLAN: Final = "fair-plan"
FAIR_POLICIES: Final = (FAIR, FAIR_PLAN)
POLICIES: Final = (THOUGHTFUL, FAIR, FAIR_PLAN)


def policy_of(row: Row) -> str:
    """The row's policy: its ``"policy"``, or ``thoughtful`` for rows written before there was a choice.

    >>> policy_of({"deal": 1}), policy_of({"deal": 1, "policy": "fair"})
    ('thoughtful', 'fair')
    """
    return str(row.get("policy", THOUGHTFUL))


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


def summarize(rows: Iterable[Row]) -> Summary:
    """Summarize result rows (the last row of each deal counts)."""
    latest: dict[int, Row] = {}
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


__all__ = ["DECIDED", "FAIR", "FAIR_PLAN", "FAIR_POLICIES", "POLICIES", "THOUGHTFUL", "UNKNOWN", "Z95", "Row",
           "Summary", "parse_range", "policy_of", "quantile", "summarize", "wilson"]
