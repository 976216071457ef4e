"""The survey runner: what to solve, the results file, the progress bar; a backend does the solving.

Each deal's result is one JSON line in the results file, written as soon as
it arrives, so an interrupted survey loses nothing: a rerun skips the deals
already decided (``won`` or ``lost``) and tries the others again (with
``skip_searched``, not those already left unknown by a search with at
least this budget). A row torn
by the interruption is cut off before the rerun appends (its deal is solved
again), so each deal's row is whole and there once per pass. Where the
deals are solved is the backend's business: local processes
(:class:`~patience.survey.local.LocalBackend`, the default) or a Dask cluster
(:func:`dask_backend`); the file, the progress bar and the summary are the same.

The ``policy`` says how a deal is decided: ``thoughtful`` solves it knowing
the stock's order; ``fair`` has the fair player
(:mod:`patience.analysis.fair_player`) play it seeing only what a player sees, with
``samples`` completions per decision; ``fair-plan`` the fair player that plans up to the next
card it will see (:mod:`patience.analysis.fair_planner`). A results file may hold both: each
run reads and resumes only its own policy's rows.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from patience.errors import PatienceError
from patience.i18n import _
from patience.rules import get_game
from patience.solver import WON
from patience.survey.files import ResultsFile, read_results, repair_torn_line
from patience.survey.jobs import Job
from patience.survey.local import LocalBackend
from patience.survey.results import (
    DECIDED,
    FAIR_PLAN,
    FAIR_POLICIES,
    POLICIES,
    THOUGHTFUL,
    Row,
    Summary,
    policy_of,
    summarize,
)

if TYPE_CHECKING:
    from patience.survey.dask import DaskBackend


class Backend(Protocol):
    """Where a survey's deals are solved."""

    def solve(self, jobs: Sequence[Job]) -> Generator[Row, None, None]:
        """Solve every job; yield each row as soon as it arrives, in any order.

        Closing the iterator early stops the work that is still going on.
        """
        ...


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
    backend: Backend | None = None,
    policy: str = THOUGHTFUL,
    samples: int | None = None,
    skip_searched: bool = False,
) -> Summary:
    """Solve every deal of ``deals`` not yet decided in ``out``; append a row per deal; summarize.

    The deals are solved by ``backend``, by default ``workers`` local
    processes. With ``policy="fair"`` the fair player plays them with
    ``samples`` completions per decision, ``max_nodes`` and ``max_seconds``
    bounding each solve. With ``skip_searched``, a deal whose latest row is
    ``unknown`` after a search with at least this budget (see :func:`searched_with`) is not solved
    again.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = Path(tmp) / "s.jsonl"
    ...     first = survey("hamilton", range(1, 3), out, max_nodes=50)
    ...     again = survey("hamilton", range(1, 3), out, max_nodes=50)
    >>> first.deals, again.deals
    (2, 2)
    """
    get_game(slug)  # fails early on an unknown game
    jobs_for = _jobs_for(policy, samples, max_nodes, max_seconds)
    found = read_results(out) if out.exists() else ResultsFile([])
    done = {row["deal"]: row for row in found.rows if row["game"] == slug and policy_of(row) == policy}
    undecided = [jobs_for(slug, deal) for deal in deals if done.get(deal, {}).get("outcome") not in DECIDED]
    jobs = [job for job in undecided if not (skip_searched and searched_with(done.get(job[1]), job))]
    rows = {deal: done[deal] for deal in deals if deal in done}
    started = clock()
    finished = 0
    won_now = sum(1 for row in rows.values() if row["outcome"] == WON)
    out.parent.mkdir(parents=True, exist_ok=True)
    repair_torn_line(out, found)
    solver = backend if backend is not None else LocalBackend(workers)
    with out.open("a", encoding="utf-8") as sink:
        if jobs:
            with contextlib.closing(solver.solve(jobs)) as results:
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
    if progress is not None and jobs:
        progress.write("\n")
    return summarize(rows.values())


def searched_with(row: Row | None, job: Job) -> bool:
    """Whether ``row`` is a search with at least ``job``'s budget (no limit counts as the most; a fair
    job's samples must be the row's).

    Searched again, such a deal is almost surely left ``unknown`` again, at the same cost: the solver
    expands the same positions in the same order (only its phases bounded by a share of the time may
    end elsewhere on a machine busier or freer than the first time).

    >>> from patience.rules import game_slugs
    >>> row = {"outcome": "unknown", "max_nodes": 10_000_000, "max_seconds": 600.0}
    >>> [searched_with(row, (game_slugs()[0], 7, nodes, seconds))
    ...  for nodes, seconds in [(10_000_000, 600.0), (4_000_000, 300.0), (20_000_000, 600.0), (None, 600.0)]]
    [True, True, False, False]
    """
    if row is None or row.get("outcome") in DECIDED:
        return False
    max_nodes, max_seconds = job[2], job[3]
    if len(job) > 4 and row.get("samples") != job[4]:
        return False

    def at_least(done: float | None, wanted: float | None) -> bool:
        return done is None or (wanted is not None and done >= wanted)

    return at_least(row.get("max_nodes"), max_nodes) and at_least(row.get("max_seconds"), max_seconds)


def _jobs_for(policy: str, samples: int | None, max_nodes: int | None,
              max_seconds: float | None) -> Callable[[str, int], Job]:
    """How to make a deal's job under ``policy``; :class:`PatienceError` for a bad policy or samples."""
    if policy in FAIR_POLICIES:
        from patience.analysis.fair import (  # here: patience.analysis.fair imports this package
            DEFAULT_SAMPLES,
            check_sampling,
        )

        k = DEFAULT_SAMPLES if samples is None else samples
        check_sampling(k, 0)
        if policy == FAIR_PLAN:
            return lambda slug, deal: (slug, deal, max_nodes, max_seconds, k, FAIR_PLAN)
        return lambda slug, deal: (slug, deal, max_nodes, max_seconds, k)
    if policy != THOUGHTFUL:
        raise PatienceError(_("the policy must be one of {policies}, not {policy!r}").format(
            policies=", ".join(POLICIES), policy=policy))
    if samples is not None:
        raise PatienceError(_("--samples is for the fair player: give --policy fair too"))
    return lambda slug, deal: (slug, deal, max_nodes, max_seconds)


def dask_backend(address: str, *, batch: int | None = None, timeout: float | None = None) -> DaskBackend:
    """Connect to the Dask scheduler at ``address`` (needs ``pip install 'patience[cluster]'``).

    Use it as a context manager, which closes the connection. A clear
    :class:`~patience.errors.PatienceError` when Dask is not installed or the
    scheduler cannot be reached.
    """
    try:
        from patience.survey.dask import DaskBackend
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in ("dask", "distributed"):
            raise
        raise PatienceError(_("--scheduler needs Dask: pip install 'patience[cluster]'")) from None
    return DaskBackend.connect(address, batch=batch, timeout=timeout)


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


__all__ = ["Backend", "dask_backend", "survey"]
