"""What the workers answer: typed, frozen, and picklable from a worker process.

Every job comes back as one of these (its input is a spec of
:mod:`patience.workers.jobs`), never as a dictionary built by hand: a search
as a :class:`SearchAnswer`, a hint as a :class:`HintAnswer` (a fair hint as a
:class:`FairHintAnswer`), a batch of the odds as :class:`OddsCounts`, a
review as a :class:`ReviewAnswer`, a piece of a fair review as a
:class:`ReviewPieceAnswer`, a piece of its luck or play as a
:class:`LuckPieceAnswer`. The web turns them into its answer schemas
(:meth:`HintAnswer.as_json`, :meth:`ReviewAnswer.as_json` hold the API's keys).

>>> answer = HintAnswer(move="s", basis="heuristic", status="unknown", explanation="Deal.")
>>> answer.as_json()["line"], answer.busy, answer.quick("Busy.").explanation
([], False, 'Busy. Deal.')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Self

from patience.analysis.fair import Odds
from patience.analysis.fair_luck import Known as LuckKnown
from patience.analysis.fair_luck import LuckOrPlay
from patience.analysis.fair_review import Decision, Known
from patience.analysis.hints import Hint
from patience.analysis.review import Review
from patience.rules import Move
from patience.solver.result import Status


@dataclass(frozen=True)
class SearchAnswer:
    """What a search of a position decided: its status and, when ``winnable``, the winning line."""

    status: str
    line: tuple[Move, ...] = ()


@dataclass(frozen=True)
class OddsCounts:
    """A batch of the fair odds: how many of its completions were won, lost and not decided."""

    won: int
    lost: int
    unknown: int


@dataclass(frozen=True)
class ReviewAnswer:
    """A review as the API answers it: where the game was lost, the better move and its winning line.

    >>> ReviewAnswer.undecided("hamilton", 3).as_json()["status"]
    'unknown'
    """

    game: str
    moves: int
    status: str
    lost_at: int | None = None
    better: str | None = None
    line: tuple[str, ...] = ()
    winnable_after: int | None = None
    lost_after: int | None = None

    @classmethod
    def of(cls, found: Review) -> ReviewAnswer:
        """A :class:`patience.analysis.review.Review` as the API answers it (moves in notation)."""
        return cls(game=found.game, moves=found.moves, status=str(found.status), lost_at=found.lost_at,
                   better=None if found.better is None else str(found.better),
                   line=tuple(str(m) for m in found.line), winnable_after=found.winnable_after,
                   lost_after=found.lost_after)

    @classmethod
    def undecided(cls, slug: str, moves: int) -> ReviewAnswer:
        """The answer when no review could be made in time."""
        return cls(game=slug, moves=moves, status=Status.UNKNOWN.value)

    def as_json(self) -> dict[str, Any]:
        """The object ``patience review --json`` prints (``line`` as a list; ``ReviewOut``'s fields)."""
        return {**asdict(self), "line": list(self.line)}


@dataclass(frozen=True)
class ReviewPieceAnswer:
    """How far a fair review got in one piece: the next decision to look at, the decisions so far,
    what it carries to the next piece, and whether it is done."""

    start: int
    decisions: tuple[Decision, ...]
    carried: Known
    done: bool


@dataclass(frozen=True)
class HintAnswer:
    """A hint as the API answers it: the move in notation, why, and the winning line when one is known."""

    move: str | None
    basis: str
    status: str
    explanation: str
    line: tuple[str, ...] = ()
    no_useful_moves: bool = False
    #: The solver was too busy (or late): the move is the heuristic's, answered at once.
    busy: bool = False

    @classmethod
    def of(cls, found: Hint) -> HintAnswer:
        """A :class:`patience.analysis.hints.Hint` as the API answers it."""
        return cls(move=None if found.move is None else str(found.move), basis=str(found.basis),
                   status=str(found.status), explanation=str(found.explanation),
                   line=tuple(str(m) for m in (found.line or ())), no_useful_moves=bool(found.end))

    def quick(self, why: str) -> Self:
        """The same move answered at once because the solver is busy: ``why`` goes first."""
        return replace(self, explanation=" ".join((why, self.explanation)), busy=True)

    def as_json(self) -> dict[str, object]:
        """The API's keys (``line`` as a list)."""
        return {**asdict(self), "line": list(self.line)}


@dataclass(frozen=True)
class FairHintAnswer(HintAnswer):
    """A fair hint: ``won`` of ``samples`` solved completions can still be won after the move."""

    won: int = 0
    samples: int = 0
    #: Completions drawn (the search may stop after fewer, once none of the rest can change the move).
    planned: int = 0


@dataclass(frozen=True)
class LuckPieceAnswer:
    """How far luck or play got in one piece: the next step, the odds found so far, what it carries to
    the next piece, whether it is done, and the split once done (``None`` for a game that was won)."""

    start: int
    found: tuple[Odds, ...]
    carried: LuckKnown
    done: bool
    split: LuckOrPlay | None
