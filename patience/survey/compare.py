"""The fair player's results beside the thoughtful survey's, deal by deal, and the check between them.

A fair player sees less than the solver that knows the stock, so it can only
win a deal that can be won thoughtfully. :func:`compare` takes the rows of
both (the latest row of each deal counting) over the deals the fair player
played, and lists every deal that breaks that rule (a fair win on a deal
proven lost: a bug somewhere). A fair win on a deal the thoughtful survey left
unknown is no contradiction: it proves that deal won.

>>> fair = [{"deal": 1, "outcome": "won", "seconds": 3}, {"deal": 2, "outcome": "lost", "seconds": 9},
...         {"deal": 3, "outcome": "won", "seconds": 4}]
>>> thoughtful = [{"deal": d, "outcome": o, "seconds": 1} for d, o in ((1, "won"), (2, "won"), (3, "lost"))]
>>> both = compare("hamilton", fair, thoughtful)
>>> both.fair.won, both.thoughtful.won, both.contradictions
(2, 2, (3,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from patience.solver import LOST, UNKNOWN, WON
from patience.survey.results import FAIR, Row, Summary, summarize


@dataclass(frozen=True)
class Comparison:
    """The fair and thoughtful summaries over the same deals, and the deals where they disagree."""

    game: str
    deals: tuple[int, ...]
    fair: Summary
    thoughtful: Summary
    #: Deals the fair player won that the thoughtful survey proved lost (must be none).
    contradictions: tuple[int, ...]
    #: Deals the fair player played that the thoughtful survey has no row for.
    missing: tuple[int, ...]
    #: Deals the fair player won that the thoughtful survey left unknown (now known won).
    settled: tuple[int, ...]
    #: The fair rows' samples per decision (``8``; ``4, 8`` when they differ).
    samples: str = "–"
    #: The fair rows' budget per solve (``5,000 positions``, ``1 s``).
    budget: str = "–"
    #: Which fair player: the policy of its rows (``fair``, ``fair-plan``).
    policy: str = FAIR

    @property
    def consistent(self) -> bool:
        """No fair win on a deal proven lost, and every deal in the thoughtful survey."""
        return not self.contradictions and not self.missing


def _latest(rows: Iterable[Row]) -> dict[int, Row]:
    latest: dict[int, Row] = {}
    for row in rows:
        latest[int(row["deal"])] = row
    return latest


def compare(game: str, fair_rows: Iterable[Row], thoughtful_rows: Iterable[Row],
            policy: str = FAIR) -> Comparison:
    """Both summaries over the deals in ``fair_rows`` (those missing thoughtfully count as unknown there);
    ``policy`` names the fair player."""
    fair = _latest(fair_rows)
    thoughtful = _latest(thoughtful_rows)
    deals = tuple(sorted(fair))
    beside = [thoughtful.get(deal, {"deal": deal, "outcome": UNKNOWN, "seconds": 0.0}) for deal in deals]
    won = [deal for deal in deals if fair[deal]["outcome"] == WON]
    return Comparison(
        game, deals, summarize(fair[deal] for deal in deals), summarize(beside),
        tuple(deal for deal in won if thoughtful.get(deal, {}).get("outcome") == LOST),
        tuple(deal for deal in deals if deal not in thoughtful),
        tuple(deal for deal in won if thoughtful.get(deal, {}).get("outcome") == UNKNOWN),
        _distinct(str(row.get("samples", "–")) for row in fair.values()),
        _distinct(_budget_text(row) for row in fair.values()), policy)


def _distinct(texts: Iterable[str]) -> str:
    return ", ".join(sorted(set(texts))) or "–"


def _budget_text(row: Row) -> str:
    """``5,000 positions``, ``1 s`` or ``5,000 positions or 1 s``."""
    parts = []
    if row.get("max_nodes") is not None:
        parts.append(f"{row['max_nodes']:,} positions")
    if row.get("max_seconds") is not None:
        parts.append(f"{row['max_seconds']:g} s")
    return " or ".join(parts) or "none"


def _share(low: float, high: float) -> str:
    return f"{low:.1%} – {high:.1%}"


def markdown_table(comparisons: Sequence[Comparison], names: dict[str, str] | None = None) -> str:
    """The side-by-side table of ``docs/winnability.md``: one line per game, thoughtful then fair.

    >>> row = {"deal": 1, "outcome": "won", "seconds": 2, "samples": 8, "max_nodes": 5000}
    >>> table = markdown_table([compare("hamilton", [row], [row])], {"hamilton": "Hamilton"})
    >>> print(table.splitlines()[-1])
    | Hamilton | 1–1 | 1 of 1 | 20.7% – 100.0% | 1 of 1 | 20.7% – 100.0% | 8 | 5,000 positions | none | fair |
    """
    lines = ["| game | deals | thoughtful: won | thoughtful, 95% Wilson | fair: won | fair, 95% Wilson | K | "
             "budget per solve | fair won, thoughtfully lost | fair player |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for both in comparisons:
        name = (names or {}).get(both.game, both.game)
        span = f"{both.deals[0]}–{both.deals[-1]}" if both.deals else "–"
        thoughtful, fair = both.thoughtful, both.fair
        lines.append(
            f"| {name} | {span} | {thoughtful.won:,} of {thoughtful.deals:,} | "
            f"{_share(thoughtful.low, thoughtful.high)} | {fair.won:,} of {fair.deals:,} | "
            f"{_share(fair.low, fair.high)} | {both.samples} | {both.budget} | "
            f"{', '.join(map(str, both.contradictions)) or 'none'} | {both.policy} |")
    return "\n".join(lines)


__all__ = ["Comparison", "compare", "markdown_table"]
