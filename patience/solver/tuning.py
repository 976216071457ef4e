"""The solver's tuning: heuristic weights and shares that the environment may override.

"""

from __future__ import annotations

import os


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
