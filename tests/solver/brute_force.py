"""An independent brute-force search: every legal move, exact positions, no pruning at all.

It shares nothing with :mod:`patience.solver` but the engine: no canonical
keys, no safe moves, no macros, no move ordering. Only small positions finish.
"""

from __future__ import annotations

from typing import Any

from patience.rules import Game


class TooBig(Exception):
    """The position has more reachable positions than the limit."""


def _key(state: Any, piles_alike: bool) -> Any:
    if piles_alike:
        return (tuple(sorted(state.tableau)), *state[1:])
    return state.key()


def brute_force_winnable(game: Game[Any], state: Any, limit: int = 200_000,
                         *, piles_alike: bool = False) -> bool:
    """True when some sequence of legal moves wins; raise :class:`TooBig` past ``limit`` positions.

    ``piles_alike`` treats positions that differ only in the order of the
    tableau piles as one. Use it only where the rules make the piles
    interchangeable: Union Square, or Hamilton with an empty stock, where no
    card is ever dealt again and every rule treats all piles the same.
    """
    seen = {_key(state, piles_alike)}
    stack = [state]
    while stack:
        current = stack.pop()
        if game.is_won(current):
            return True
        for move in game.legal_moves(current):
            child = game.apply_legal(current, move)
            key = _key(child, piles_alike)
            if key not in seen:
                if len(seen) >= limit:
                    raise TooBig
                seen.add(key)
                stack.append(child)
    return False
