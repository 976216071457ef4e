"""A search's budgets: positions and seconds left, and the streamliner's share alone.

>>> budget = Budget(max_nodes=1, deadline=None)
>>> budget.take(), budget.take(), budget.spent
(True, False, 'nodes')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from patience.solver.result import FULL_GAME

CLOCK_EVERY: Final = 1  # look at the clock every so many nodes


@dataclass
class Budget:
    """Nodes and time left; ``spent`` says which ran out."""

    max_nodes: int | None
    deadline: float | None
    nodes: int = 0
    peak: int = 0
    spent: str = ""
    searched: str = FULL_GAME  # which game's positions proved a loss

    def take(self) -> bool:
        """Count one node; False when a budget is spent."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            self.spent = "nodes"
            return False
        if (self.deadline is not None and self.nodes % CLOCK_EVERY == 0
                and time.perf_counter() >= self.deadline):
            self.spent = "seconds"
            return False
        self.nodes += 1
        return True


@dataclass
class Alone:
    """The share of the budget the streamliner gets alone, before the portfolio."""

    share: float
    started: float
    max_seconds: float | None

    def over(self, budget: Budget) -> bool:
        """Whether the share is spent."""
        if budget.max_nodes is not None and budget.nodes >= self.share * budget.max_nodes:
            return True
        return (self.max_seconds is not None
                and time.perf_counter() >= self.started + self.share * self.max_seconds)
