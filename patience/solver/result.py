"""What a search answers: :class:`Result`, in the words of :class:`Status`.

>>> r = Result(outcome=LOST, moves=(), nodes=12, seconds=0.01, peak_table=11)
>>> r.decided, r.won
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal

from patience.rules import Move


class Status(StrEnum):
    """Every word for a position's fate, from the solver to the page (the API sends the values).

    The solver answers ``won``, ``lost`` or ``unknown`` (a budget ran out); the
    dot and the hints say ``winnable`` for a position that can still be won and
    ``pending`` while a search runs or is owed.

    >>> Status.WON == "won", str(Status.PENDING), Status("winnable").decided
    (True, 'pending', True)
    """

    WON = "won"
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"
    PENDING = "pending"

    @property
    def decided(self) -> bool:
        """True for an exact answer (won, winnable, lost)."""
        return self in (Status.WON, Status.WINNABLE, Status.LOST)


Outcome = Literal[Status.WON, Status.LOST, Status.UNKNOWN]
WON: Final = Status.WON
LOST: Final = Status.LOST
UNKNOWN: Final = Status.UNKNOWN
#: Which game a loss was proven in: the game itself, or a looser one (see :class:`Result`).
FULL_GAME: Final = "game"
LOOSER_GAME: Final = "looser game"


@dataclass(frozen=True)
class Result:
    """The answer of :func:`patience.solver.solve`.

    ``outcome`` is ``won`` (``moves`` is a winning line of ordinary moves,
    already replayed through the engine to a won state), ``lost`` (the search
    was exhaustive: no line wins) or ``unknown`` (a budget ran out first).
    ``nodes`` counts the positions expanded, ``peak_table`` the largest size
    the table of visited positions reached. ``stopped`` says which budget
    ended an ``unknown`` search: ``nodes``, ``seconds``, ``memory`` (the compiled core's
    paths outgrew their cap) or ``""``.
    ``searched`` says which game's reachable positions proved a ``lost``:
    :data:`FULL_GAME`, or :data:`LOOSER_GAME` (Union Square's tableau seen as
    runs, a game that holds every line of the real one).
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    peak_table: int
    stopped: str = ""
    searched: str = FULL_GAME

    @property
    def won(self) -> bool:
        """True when a winning line was found."""
        return self.outcome == WON

    @property
    def decided(self) -> bool:
        """True for ``won`` and ``lost``; False when the budget ran out."""
        return self.outcome != UNKNOWN

    def moves_text(self) -> str:
        """The winning line in our notation, one line."""
        return " ".join(str(m) for m in self.moves)
