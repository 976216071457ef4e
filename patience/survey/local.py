"""The local backend: solve a survey's deals in this process or in a pool of local processes.

>>> rows = LocalBackend(workers=1).solve([("hamilton", 454, 2000, None)])
>>> [(row["deal"], str(row["outcome"])) for row in rows]
[(454, 'lost')]
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from patience.survey.jobs import Job, solve_deal
from patience.survey.results import Row


@dataclass(frozen=True)
class LocalBackend:
    """``workers`` processes (spawned, one deal at a time each); one means in this process."""

    workers: int = 1

    def solve(self, jobs: Sequence[Job]) -> Generator[Row, None, None]:
        """Yield each deal's row as soon as it is solved; closing the iterator stops the pool."""
        if self.workers <= 1 or not jobs:
            for job in jobs:
                yield solve_deal(job)
            return
        pool = multiprocessing.get_context("spawn").Pool(self.workers)
        try:
            yield from pool.imap_unordered(solve_deal, jobs)
        finally:
            pool.terminate()
            pool.join()
