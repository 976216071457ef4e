"""Every solver pool of the server, in one home: the dot, hints, reviews and the top-up.

- :mod:`patience.workers.pool`: worker processes (:class:`WorkerPool`, with the one rule for a broken
  or late pool) and the one rule for "busy" (:class:`Slots`);
- :mod:`patience.workers.jobs`: what goes into a worker (one frozen spec per job);
- :mod:`patience.workers.answers`: what comes out (:class:`HintAnswer`, :class:`ReviewAnswer`...);
- :mod:`patience.workers.analyzer`: the dot's searches and the hints (:class:`Analyzer`);
- :mod:`patience.workers.watch`: a game's work kept going, step by step, while a page asks (the dot's
  searches and the fair odds);
- :mod:`patience.workers.scheduler`: which of the dot's searches runs next, with growing budgets;
- :mod:`patience.workers.knowledge`: what the solver has decided, reused without a new search;
- :mod:`patience.workers.odds`: the fair odds, with a growing number of samples (:class:`OddsKeeper`);
- :mod:`patience.workers.reviews`: where a game was lost (:class:`Reviewer`: the review worker's lane);
- :mod:`patience.workers.fair_reviews`: the fair review, piece by piece in the review lane;
- :mod:`patience.workers.topup`: more proven-winnable deals in the background (:class:`TopUp`).

Every result is awaited without holding a server thread (asyncio), and the
solver's words reach the page through one vocabulary,
:class:`patience.solver.result.Status`. :class:`Workers` starts and stops
them together.
"""

from __future__ import annotations

from pathlib import Path

from patience.catalog import Catalog
from patience.workers.analyzer import HINT_QUEUE, Analyzer
from patience.workers.fair_reviews import SERVER_NODES, SERVER_SAMPLES, FairReviews, ReviewAnswers
from patience.workers.odds import HINT_SAMPLES, MAX_NODES, MAX_SAMPLES, OddsKeeper
from patience.workers.reviews import Reviewer
from patience.workers.scheduler import WINNABLE_LIMIT
from patience.workers.topup import TopUp, catalog_path

__all__ = ["HINT_QUEUE", "WINNABLE_LIMIT", "Analyzer", "FairReviews", "OddsKeeper", "Reviewer", "TopUp",
           "Workers", "catalog_path"]


class Workers:
    """The server's solver pools, started and stopped together.

    >>> workers = Workers(Catalog(), review_budget=5.0)
    >>> workers.reviewer.budget, workers.topper is None
    (5.0, True)
    >>> workers.stop()
    """

    def __init__(self, catalog: Catalog, *, winnable_budget: float = 2.0, hint_budget: float = 1.0,
                 winnable_limit: float = WINNABLE_LIMIT, solver_workers: int | None = None,
                 hint_queue: int = HINT_QUEUE, review_budget: float = 20.0, top_up: bool = False,
                 fair_samples: int = MAX_SAMPLES, fair_hint_samples: int = HINT_SAMPLES,
                 fair_nodes: int | None = MAX_NODES, fair_review_samples: int = SERVER_SAMPLES,
                 fair_review_nodes: int = SERVER_NODES) -> None:
        self.analyzer = Analyzer(winnable_budget=winnable_budget, hint_budget=hint_budget,
                                 winnable_limit=winnable_limit, workers=solver_workers,
                                 hint_queue=hint_queue)
        self.odds = OddsKeeper(workers=self.analyzer.hint_workers, queue=self.analyzer.workers,
                               max_samples=fair_samples, max_nodes=fair_nodes)
        #: Completions a fair hint samples.
        self.fair_hint_samples = fair_hint_samples
        self.reviewer = Reviewer(budget=review_budget)
        self.fair_reviews = FairReviews(self.reviewer, samples=fair_review_samples,
                                        max_nodes=fair_review_nodes)
        #: The review route's answers, made in a thread of their own and kept.
        self.review_answers = ReviewAnswers()
        self.topper = TopUp(catalog) if top_up else None

    def start(self, *, warm_up: bool = False) -> None:
        """Start the top-up (when asked for) and, with ``warm_up``, the solver's worker processes."""
        if warm_up:
            self.analyzer.warm_up()
        if self.topper is not None:
            self.topper.start()

    def stop(self) -> None:
        """Stop every search and every worker process."""
        if self.topper is not None:
            self.topper.stop()
        self.reviewer.shutdown()
        self.review_answers.shutdown()
        self.odds.shutdown()
        self.analyzer.shutdown()


def catalog_for(db_path: str | Path) -> Catalog:
    """The catalog of winnable deals, with the topped-up ones kept next to the database."""
    return Catalog(catalog_path(db_path))
