"""What goes into a worker process: one frozen, picklable spec per kind of job.

A job crossing into a worker takes one of these and nothing else (its
answer comes back as a dataclass of :mod:`patience.workers.answers`), so
what a job needs is written once, typed, and checked where it is made:

- :class:`SearchSpec`: the dot's search of a position (:func:`patience.workers.analyzer.search_job`);
- :class:`HintSpec`: a hint (:func:`patience.workers.analyzer.hint_job`);
- :class:`FairHintSpec`: a fair hint (:func:`patience.workers.odds.fair_hint_job`);
- :class:`OddsSpec`: a batch of the fair odds (:func:`patience.workers.odds.odds_batch`);
- :class:`ReviewSpec`: a review (:func:`patience.workers.reviews.review_job`);
- :class:`ReviewPieceSpec`: a piece of a fair review
  (:func:`patience.workers.fair_reviews.fair_review_piece`);
- :class:`LuckPieceSpec`: a piece of a lost game's luck or play
  (:func:`patience.workers.fair_reviews.luck_or_play_piece`).

>>> spec = OddsSpec("hamilton", None, seed=7, start=8, stop=16, max_nodes=20_000)  # type: ignore[arg-type]
>>> spec.count
8
"""

from __future__ import annotations

from dataclasses import dataclass, field

from patience.analysis.fair import Odds
from patience.analysis.fair_luck import Known as LuckKnown
from patience.analysis.fair_review import Decision, FairReview, Known
from patience.observation import Observation
from patience.rules import State


@dataclass(frozen=True)
class SearchSpec:
    """Decide a position of game ``slug`` within ``budget`` seconds."""

    slug: str
    state: State
    budget: float


@dataclass(frozen=True)
class HintSpec:
    """A hint for a position, searched for about ``budget`` seconds, worded in ``lang``."""

    slug: str
    state: State
    budget: float
    lang: str
    last: str | None = None  # the move just played, in notation (a hint never undoes it)


@dataclass(frozen=True)
class FairHintSpec:
    """A fair hint for what the player sees, over ``samples`` completions drawn from ``seed``.

    With a ``token`` the job tells its progress after each completion (see :mod:`patience.workers.progress`).
    """

    slug: str
    observation: Observation
    seed: int
    samples: int
    max_nodes: int | None
    lang: str
    token: str | None = None


@dataclass(frozen=True)
class OddsSpec:
    """Completions ``start`` to ``stop - 1`` (of those drawn from ``seed``) of an observation, each solved."""

    slug: str
    observation: Observation
    seed: int
    start: int
    stop: int
    max_nodes: int | None

    @property
    def count(self) -> int:
        """How many completions the batch solves."""
        return self.stop - self.start


@dataclass(frozen=True)
class ReviewSpec:
    """Review a game: its deal (number or deck) and its moves in notation, within ``budget`` seconds."""

    slug: str
    deal: int | str
    moves: tuple[str, ...]
    budget: float


@dataclass(frozen=True)
class ReviewPieceSpec:
    """Go on with a fair review for ``seconds``, from decision ``start`` with what the last piece carried."""

    slug: str
    deal: int | str
    moves: tuple[str, ...]
    samples: int
    seed: int
    max_nodes: int
    seconds: float
    start: int = 0
    decisions: tuple[Decision, ...] = ()
    carried: Known = field(default_factory=dict)


@dataclass(frozen=True)
class LuckPieceSpec:
    """Go on with a finished fair review's luck or play for ``seconds``, from step ``start``."""

    slug: str
    deal: int | str
    moves: tuple[str, ...]
    review: FairReview
    seconds: float
    start: int = 0
    found: tuple[Odds, ...] = ()
    carried: LuckKnown = field(default_factory=dict)
