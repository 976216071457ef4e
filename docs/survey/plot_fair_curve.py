"""Draw ``docs/fair-curve.png``: the fair players' Hamilton win rate against K and the budget per solve.

Run ``python docs/survey/plot_fair_curve.py [FILE ...]`` (needs ``pip install 'patience[plot]'``),
from the project's root; the files are the fair rows of the curve (by default this folder's
``fair-curve-*.jsonl.gz``, made by the commands of ``docs/winnability.md``). Left: the rate
against K at 5,000 positions per solve; right: against the positions per solve at K = 8; one line
per fair player, with 95% Wilson intervals. ``report.py --fair-curve`` prints the same numbers.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import matplotlib

matplotlib.use("Agg")  # no display: a file only

import matplotlib.pyplot as plt
from report import HERE, curve_points

from patience.interval import wilson

OUT = HERE.parent / "fair-curve.png"
NAMES = {"fair": "hindsight optimisation (fair)", "fair-plan": "planner (fair-plan)"}
BUDGET_AT_K = 5_000  # the left panel's positions per solve
K_AT_BUDGET = 8  # the right panel's K


def main(argv: list[str]) -> int:
    points = curve_points([Path(arg) for arg in argv] or sorted(HERE.glob("fair-curve-*.jsonl.gz")))
    figure, (by_k, by_budget) = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for policy, name in NAMES.items():
        # left: K varies at BUDGET_AT_K positions; right: the positions vary at K_AT_BUDGET
        for axis, fixed, fixed_at, varies in ((by_k, 2, BUDGET_AT_K, 1), (by_budget, 1, K_AT_BUDGET, 2)):
            mine = sorted((p[varies], p) for p in points if p[0] == policy and p[fixed] == fixed_at)
            if not mine:
                continue
            xs = [x for x, _p in mine]
            rates = [100 * p[3] / p[4] for _x, p in mine]
            bounds = [wilson(p[3], p[4]) for _x, p in mine]
            below = [rate - 100 * low for rate, (low, _high) in zip(rates, bounds, strict=True)]
            above = [100 * high - rate for rate, (_low, high) in zip(rates, bounds, strict=True)]
            axis.errorbar(xs, rates, yerr=[below, above], marker="o", capsize=3, label=name)
    by_k.set(xscale="log", xlabel=f"K, completions per decision ({BUDGET_AT_K:,} positions per solve)",
             ylabel="Hamilton deals won (%)", title="More samples")
    by_budget.set(xscale="log", xlabel=f"positions per solve (K = {K_AT_BUDGET})", title="More search")
    for axis, values in ((by_k, {p[1] for p in points}), (by_budget, {p[2] for p in points})):
        axis.set_xticks(sorted(values), [f"{value:,}" for value in sorted(values)])
        axis.minorticks_off()
        axis.grid(True, alpha=0.3)
        axis.legend(loc="lower right")
    games = max((p[4] for p in points), default=0)
    figure.suptitle(f"Fair players on Hamilton deals 1–{games}")
    figure.tight_layout()
    figure.savefig(OUT, dpi=110)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
