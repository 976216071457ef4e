"""The solver's tuning: heuristic weights, shares and limits that the environment may override.

A game's kit reads them when it is built; the searches take them from the kit.
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


#: The positions, and the share of the time budget, each looser game may take unless its kit says
#: otherwise (``SearchKit.looser_limit``, ``looser_share``); PATIENCE_SOLVER_RUNS_LIMIT and
#: PATIENCE_SOLVER_RUNS_SHARE override them.
LOOSER_LIMIT: Final = int(os.environ.get("PATIENCE_SOLVER_RUNS_LIMIT", "5000"))
LOOSER_SHARE: Final = float(os.environ.get("PATIENCE_SOLVER_RUNS_SHARE", "0.1"))
