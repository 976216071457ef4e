"""What the workers answer: typed, frozen, and picklable from a worker process.

A hint leaves a worker as a :class:`HintAnswer` (a fair hint as a
:class:`FairHintAnswer`), never as a dictionary built by hand; the web turns
it into its answer schema with :meth:`HintAnswer.as_json`, which holds the
API's keys.

>>> answer = HintAnswer(move="s", basis="heuristic", status="unknown", explanation="Deal.")
>>> answer.as_json()["line"], answer.busy, answer.quick("Busy.").explanation
([], False, 'Busy. Deal.')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Self

from patience.hints import Hint


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
        """A :class:`patience.hints.Hint` as the API answers it."""
        return cls(move=None if found.move is None else str(found.move), basis=str(found.basis),
                   status=str(found.status), explanation=str(found.explanation),
                   line=tuple(str(m) for m in (found.line or ())), no_useful_moves=bool(found.end))

    def quick(self, why: str) -> Self:
        """The same move answered at once because the solver is busy: ``why`` goes first."""
        return replace(self, explanation=" ".join((why, self.explanation)), busy=True)

    def as_json(self) -> dict[str, Any]:
        """The API's keys (``line`` as a list)."""
        return {**asdict(self), "line": list(self.line)}


@dataclass(frozen=True)
class FairHintAnswer(HintAnswer):
    """A fair hint: ``won`` of ``samples`` solved completions can still be won after the move."""

    won: int = 0
    samples: int = 0
    #: Completions drawn (the search may stop after fewer, once none of the rest can change the move).
    planned: int = 0
