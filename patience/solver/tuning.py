"""The solver's tuning: heuristic weights, shares and limits that the environment may override.

Every ``PATIENCE_SOLVER_*`` tuning variable is read through this module, when the module that
uses it is imported (the game's kit for its weights and shares, :mod:`.room` for the memory); the
searches take them from the kit. Unset, each has the measured default.
"""

from __future__ import annotations

import os
from typing import Final


def weight(name: str, default: float) -> float:
    """A heuristic weight; ``PATIENCE_SOLVER_<NAME>`` in the environment overrides it (for tuning)."""
    return float(os.environ.get(f"PATIENCE_SOLVER_{name}", default))


def shares_from_env(game: str, default: tuple[int, ...]) -> tuple[int, ...]:
    """A game's portfolio shares; ``PATIENCE_SOLVER_SHARES_<GAME>="bf,df,st,plain"`` overrides them.

    >>> shares_from_env("NO_SUCH_GAME", (3, 1, 0))
    (3, 1, 0)
    """
    text = os.environ.get(f"PATIENCE_SOLVER_SHARES_{game}")
    if text is None:
        return default
    return tuple(int(n) for n in text.split(","))


def streamline_from_env(game: str, default: float) -> float:
    """The share of the budget a game's streamliner gets alone before the portfolio;
    ``PATIENCE_SOLVER_STREAMLINE_<GAME>`` overrides it.

    >>> streamline_from_env("NO_SUCH_GAME", 0.5)
    0.5
    """
    return float(os.environ.get(f"PATIENCE_SOLVER_STREAMLINE_{game}", default))


#: The positions, and the share of the time budget, each looser game may take unless its kit says
#: otherwise (``SearchKit.looser_limit``, ``looser_share``); PATIENCE_SOLVER_RUNS_LIMIT and
#: PATIENCE_SOLVER_RUNS_SHARE override them.
LOOSER_LIMIT: Final = int(os.environ.get("PATIENCE_SOLVER_RUNS_LIMIT", "5000"))
LOOSER_SHARE: Final = float(os.environ.get("PATIENCE_SOLVER_RUNS_SHARE", "0.1"))
#: The memory one search may hold, the whole process included (see :mod:`.room`);
#: PATIENCE_SOLVER_MEMORY_MB overrides it.
MEMORY_MB: Final = float(os.environ.get("PATIENCE_SOLVER_MEMORY_MB", "300"))
