"""The searches of the looser games a kit offers, run before the search of the real game.

A looser game's loss is a proof that the real position is lost; the kit's other looser searches only
look for wins (their running out of positions proves nothing). Each gets a share of the budget, so a
position whose looser games are expensive leaves the rest to the real search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Hashable
from typing import TypeVar

from patience.rules import Game, State
from patience.solver.budget import Budget
from patience.solver.expand import Expander
from patience.solver.result import LOOSER_GAME, LOST, UNKNOWN, WON
from patience.solver.steps import Answer, one_slice

S = TypeVar("S", bound=State)


def looser_phases(game: Game[S], state: S, expand: Expander[S], budget: Budget,
                  max_seconds: float | None, limit: int | None = None, share: float | None = None,
                  lost: dict[Hashable, None] | None = None) -> Generator[None, None, Answer | None]:
    """The searches of looser games the kit offers (:meth:`~patience.kit.SearchKit.looser`);
    ``None`` when they decide nothing.

    A looser game's loss is a proof; the other searches' wins are wins, and
    their running out of positions proves nothing (they see only part of the
    game). Each gets at most the kit's ``looser_limit`` positions and ``looser_share`` of
    ``max_seconds``, except that a looser game whose loss is a proof gets ``limit`` and
    ``share`` (when given); with a node budget, each also gets at most its share of it, so that a position
    whose looser games are expensive (in Python) leaves the rest of a small budget, a fair solve's,
    to the search of the real game. ``lost`` is the kit's table of looser positions proven lost
    before (:class:`.Proven`).
    """
    kit_limit, kit_share = expand.search.looser_limit, expand.search.looser_share
    limit = kit_limit if limit is None else limit
    share = kit_share if share is None else share
    cap = _PhaseCap(budget)
    phases = expand.search.looser(game, state, cap.take, lost)
    for phase, proves in phases:
        most, part = (limit, share) if proves else (kit_limit, kit_share)
        if budget.max_nodes is not None:
            most = min(most, max(1, math.ceil(part * budget.max_nodes)))
        cap.start(most)
        until = None if max_seconds is None else time.perf_counter() + part * max_seconds
        answer: Answer | None = None
        while answer is None:
            if until is not None and time.perf_counter() >= until:
                phase.close()
                break
            answer = one_slice(phase)
            yield
        if budget.spent:
            return UNKNOWN, ()
        if answer is not None and answer[0] == (LOST if proves else WON):
            if answer[0] == LOST:
                budget.searched = LOOSER_GAME
            return answer
    return None


class _PhaseCap:
    """The ``take`` of the looser games' phases: the budget's, and at most ``most`` positions for the
    phase that runs (set by :meth:`start`); past them the phase ends ``unknown``, the budget unspent."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.first = budget.nodes
        self.most: int | None = None

    def start(self, most: int) -> None:
        """A phase starts: it may take ``most`` positions from now."""
        self.first, self.most = self.budget.nodes, most

    def take(self) -> bool:
        """Whether one more position may be expanded (counted in the budget when so)."""
        if self.most is not None and self.budget.nodes - self.first >= self.most:
            return False
        return self.budget.take()
