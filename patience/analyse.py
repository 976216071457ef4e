"""The one entry for what is asked about a game's position: a hint, and whether it can still be won.

:meth:`patience.table.Table.analyse` loads a player's game as an :class:`Analysis`
(a saved game's file becomes one with :meth:`Analysis.of_moves`); its
methods hold the rules every caller shares, written once:

- a finished game is over: its hint says so, and a won or stuck position is
  decided without a search (:meth:`Analysis.settled`, :meth:`Analysis.over`);
- a position known to be lost is answered with a useful move (never back to
  where the game has been) or the end, read from the game's history
  (:meth:`Analysis.lost_hint`): never a move that goes round in circles.

Where the search runs is the caller's: in this process within a budget
(:meth:`Analysis.hint_here`: the terminal and the command line), or in the
server's worker processes, given as a :class:`HintSource`
(:meth:`Analysis.hint`, awaited: the web). The domain never imports the
workers.

>>> from patience.rules import get_game
>>> game = get_game("hamilton")
>>> analysis = Analysis.of_moves(game, 1, [])
>>> analysis.settled() is None, analysis.hint_here(budget=0.2).move is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol, TypeVar

from patience.analysis.hints import BASIS_HEURISTIC, Hint, hint, known_hint, positions_seen
from patience.i18n import _
from patience.rules import Game, Move, State
from patience.solver.result import Status

H = TypeVar("H")


class HintSource(Protocol[H]):
    """Where a hint's search runs away from the caller (the server's workers), and its answers' type."""

    async def search(self, analysis: Analysis) -> H:
        """The searched hint for the position."""

    def status(self, answer: H) -> str:
        """What the answer says of the position: ``winnable``, ``lost`` or ``unknown``."""

    def known(self, found: Hint, searched: H | None) -> H:
        """A hint the domain decided (``searched``: the answer it replaces, if any), as the source answers."""


@dataclass(frozen=True)
class Analysis:
    """A game's position, as the questions about it see it.

    ``recent`` reads the move just played and ``played`` every move that led here, each only when a
    question needs it (a poll of the dot reads neither).
    """

    game: Game[State]
    deal: int | str
    state: State
    recent: Callable[[], Move | None]
    played: Callable[[], Sequence[Move]]
    finished: bool = False
    won: bool = False

    @classmethod
    def of_moves(cls, game: Game[State], deal: int | str, moves: Sequence[Move]) -> Analysis:
        """The position after ``moves`` from the deal (a saved game's file)."""
        return cls(game, deal, game.apply_all(game.new(deal), moves), lambda: moves[-1] if moves else None,
                   lambda: moves)

    @cached_property
    def last(self) -> Move | None:
        """The move just played (None before the first)."""
        return self.recent()

    def settled(self) -> Status | None:
        """``winnable`` for a won game, ``lost`` for a finished or stuck one; None while it can go on."""
        if self.won or self.game.is_won(self.state):
            return Status.WINNABLE
        if self.finished or self.game.is_stuck(self.state):
            return Status.LOST
        return None

    def over(self) -> Hint | None:
        """The hint of a finished game (it is over), None while it goes on."""
        if not self.finished:
            return None
        return Hint(move=None, basis=BASIS_HEURISTIC, status=Status.WINNABLE if self.won else Status.LOST,
                    explanation=_("This game is over."))

    def lost_hint(self) -> Hint:
        """The hint in a position known to be lost: a useful move (never back to where this game has
        been, see :func:`patience.analysis.hints.useful_moves`), or the end when none is left (reads its
        history).
        """
        played = list(self.played())
        seen = positions_seen(self.game, self.game.new(self.deal), played)
        return known_hint(self.game, self.state, Status.LOST, (), played[-1] if played else None, seen=seen)

    def decided(self, found: Hint) -> Hint:
        """A searched hint, or the lost position's useful move when the search proved it lost."""
        return self.lost_hint() if found.status == Status.LOST else found

    def hint_here(self, budget: float, line: Sequence[Move] = ()) -> Hint:
        """The hint from ``line`` (a winning line known from here), else searched in this process for
        about ``budget`` seconds."""
        if line:
            return known_hint(self.game, self.state, Status.WINNABLE, tuple(line))
        return self.decided(hint(self.game, self.state, budget=budget, last=self.last))

    async def hint(self, source: HintSource[H]) -> H:
        """The hint searched by ``source`` (a finished game's says it is over), awaited."""
        over = self.over()
        if over is not None:
            return source.known(over, None)
        found = await source.search(self)
        if source.status(found) == Status.LOST:  # only useful moves, or the end: never round in circles
            return source.known(self.lost_hint(), found)
        return found
