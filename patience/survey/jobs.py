"""The work of a survey: one job per deal, solved by a worker process; jobs grouped in batches.

A job is ``(game slug, deal number, max_nodes, max_seconds)``, the deal
solved knowing the stock (the ``thoughtful`` policy), or the same with a
fifth item, ``samples``, the deal played by the fair player
(:func:`~patience.analysis.fair_player.play_fair`, the ``fair`` policy; the budget is
then per solve), or with a sixth, the policy ``fair-plan``: the fair player that plans
(:func:`~patience.analysis.fair_planner.play_planned`). Jobs are small, plain and picklable,
so the same jobs go to local processes or to a Dask cluster.

>>> jobs = [("hamilton", deal, None, 2.0) for deal in range(1, 8)]
>>> [[job[1] for job in batch] for batch in batches(jobs, 3)]
[[1, 2, 3], [4, 5, 6], [7]]
>>> batch_size(deals=1000, threads=4, max_seconds=2.0)
30
>>> batch_size(deals=40, threads=2, max_seconds=2.0)
5
>>> batch_size(deals=1000, threads=4, max_seconds=60.0)
1
>>> job_seconds(("hamilton", 1, None, 2.0)), job_seconds(("hamilton", 1, 500, None, 4))
(2.0, 60.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Final

from patience.rules import get_game
from patience.solver import solve
from patience.solver.switch import which_search
from patience.survey.results import FAIR, FAIR_PLAN, Row

ThoughtfulJob = tuple[str, int, int | None, float | None]
FairJob = tuple[str, int, int | None, float | None, int]
#: A fair job of another fair player: its policy last (``fair-plan``).
PlannedJob = tuple[str, int, int | None, float | None, int, str]
Job = ThoughtfulJob | FairJob | PlannedJob

#: At least this many batches per worker thread, so the work spreads evenly to the end.
BATCHES_PER_THREAD: Final = 4
#: At most this many deals in one batch.
MAX_BATCH: Final = 30
#: A batch holds at most this many seconds of budget, which bounds what a lost worker costs.
BATCH_SECONDS: Final = 60.0


def solve_deal(job: Job) -> Row:
    """Solve (or play fairly) one numbered deal; the row for the results file (runs in a worker process)."""
    if len(job) >= 5:
        return play_deal(job)
    slug, deal, max_nodes, max_seconds = job[:4]
    game = get_game(slug)
    result = solve(game, game.new(deal), max_nodes=max_nodes, max_seconds=max_seconds)
    return {"game": slug, "deal": deal, "outcome": result.outcome,
            "moves": [str(m) for m in result.moves], "nodes": result.nodes,
            "seconds": round(result.seconds, 4), "peak_table": result.peak_table,
            "stopped": result.stopped, "max_nodes": max_nodes, "max_seconds": max_seconds,
            "search": which_search()}


def play_deal(job: FairJob | PlannedJob) -> Row:
    """Play one numbered deal with a fair player; its row (``"policy": "fair"`` or the job's, the samples,
    the line).

    >>> row = play_deal(("hamilton", 454, 200, None, 2))
    >>> row["policy"], row["outcome"], row["end"], row["samples"], row["max_nodes"]
    ('fair', 'lost', 'no-winning-sample', 2, 200)
    """
    from patience.analysis.fair import Budget  # here: patience.analysis.fair imports this package
    from patience.analysis.fair_planner import play_planned
    from patience.analysis.fair_player import play_fair

    slug, deal, max_nodes, max_seconds, samples = job[:5]
    policy = job[5] if len(job) == 6 else FAIR
    play = play_planned if policy == FAIR_PLAN else play_fair
    started = time.monotonic()
    played = play(get_game(slug), deal, samples, Budget(max_nodes=max_nodes, max_seconds=max_seconds))
    return {"game": slug, "deal": deal, "outcome": played.outcome, "moves": [str(m) for m in played.moves],
            "seconds": round(time.monotonic() - started, 4), "cpu_seconds": round(played.seconds, 4),
            "policy": policy, "samples": samples, "max_nodes": max_nodes, "max_seconds": max_seconds,
            "end": played.end, "decisions": played.decisions}


def job_seconds(job: Job) -> float | None:
    """The budget of one job in seconds, for sizing batches: a fair game counts as :data:`BATCH_SECONDS`
    (it makes many solves), so its batches hold one deal each."""
    return BATCH_SECONDS if len(job) >= 5 else job[3]


def solve_batch(jobs: Sequence[Job]) -> list[Row]:
    """Solve a batch of deals one after the other; their rows in the same order (one cluster task)."""
    return [solve_deal(job) for job in jobs]


def batch_size(deals: int, threads: int, max_seconds: float | None) -> int:
    """Deals per batch: few enough that every thread gets several batches and a batch's budget
    stays under :data:`BATCH_SECONDS`, many enough that the scheduler handles few tasks."""
    size = math.ceil(deals / (max(threads, 1) * BATCHES_PER_THREAD))
    cap = MAX_BATCH
    if max_seconds is not None and max_seconds > 0:
        cap = min(cap, max(1, int(BATCH_SECONDS // max_seconds)))
    return max(1, min(size, cap))


def batches(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    """The jobs cut into consecutive batches of ``size`` (the last may be shorter)."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, not {size}")
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]
