"""An independent brute-force search: every legal move, exact positions, no pruning at all.

It shares nothing with :mod:`patience.solver` but the engine: no canonical
keys, no safe moves, no macros, no move ordering. Only small positions finish.
"""

from __future__ import annotations

from typing import Any

from patience.rules import Game


class TooBig(Exception):
    """The position has more reachable positions than the limit."""


def brute_force_winnable(game: Game[Any], state: Any, limit: int = 200_000) -> bool:
    """True when some sequence of legal moves wins; raise :class:`TooBig` past ``limit`` positions."""
    seen = {state.key()}
    stack = [state]
    while stack:
        current = stack.pop()
        if game.is_won(current):
            return True
        for move in game.legal_moves(current):
            child = game.apply_legal(current, move)
            key = child.key()
            if key not in seen:
                if len(seen) >= limit:
                    raise TooBig
                seen.add(key)
                stack.append(child)
    return False
