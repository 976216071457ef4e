"""The solver: is this position won, lost, or unknown within the budget?

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> str(solve(game, game.new(1), max_nodes=100).outcome)  # the budget runs out: never a guess
'unknown'
>>> result = solve(game, game.new(1), max_nodes=5000)
>>> str(result.outcome), result.moves_text().split()[:2]
('won', ['s', 'c-f1'])
>>> position = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
...     "f=AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC;AD,2D,3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD;"
...     "AH,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH;AS,2S,3S,4S,5S,6S,7S,8S,9S,TS,JS,QS,KS "
...     "t=KC;-;-;-;-;-;-")
>>> result = solve(game, position)
>>> str(result.outcome), result.moves_text()
('won', 't1-f1')
"""

from __future__ import annotations

import time
from dataclasses import replace
from types import ModuleType
from typing import TypeVar

from patience.rules import Game, Move, State
from patience.solver import switch
from patience.solver.core import PositionRefused, knows, looser_with_core, solve_with_core, tidied_with_core
from patience.solver.lines import SolverError, checked, shortened
from patience.solver.proven import Proven
from patience.solver.result import LOST, UNKNOWN, WON, Outcome, Result
from patience.solver.room import default_table_cap
from patience.solver.search import search

S = TypeVar("S", bound=State)

__all__ = ["LOST", "UNKNOWN", "WON", "Outcome", "Proven", "Result", "SolverError", "default_table_cap",
           "solve", "tidied"]

#: Bytes of the compiled core's table per position of ``table_cap`` (a key and its slot).
CORE_ENTRY_BYTES = 128


def solve(
    game: Game[S],
    state: S,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    table_cap: int | None = None,
    looser_games: bool = True,
    tidy: bool = True,
    proven: Proven | None = None,
    looser: tuple[int, float] | None = None,
    runs_first: bool | None = None,
) -> Result:
    """Decide whether ``state`` can still be won, under the full rules.

    Works from any position (a fresh deal, the middle of a game, before or
    after Hamilton's start card is chosen). ``max_nodes`` and ``max_seconds``
    bound the work: when one runs out the outcome is ``unknown``, never a
    guess. ``table_cap`` bounds the positions the search's tables hold
    (default: :func:`default_table_cap`, which keeps the process within
    about 300 MB; dropping positions costs time, never the answer). A ``won``
    result's moves have been replayed through the engine to a won position.
    ``looser_games=False`` leaves out the searches of the looser games the game's kit offers
    (Union Square's tableau seen as runs, ``docs/solver.md``), e.g. to measure a deal's
    difficulty by the effort of the search that sees every arrangement of the piles;
    ``runs_first`` is another name for ``looser_games``.
    ``tidy=False`` leaves a winning line as the search found it (still replayed
    and checked, but not shortened): for callers that want only the outcome,
    which is the same either way. ``proven`` (a :class:`Proven`) carries positions proven lost from
    one search to the next, for searches of positions of one deal (the review's binary search).
    ``looser`` overrides the positions and the share of the budget each looser game may take.

    The compiled core answers when :func:`~patience.solver.switch.which_search` says ``core`` and
    the call needs nothing only the Python search has (``looser_games=False``), after the game's looser
    games (compiled too) had their usual share or ``looser``'s; with ``proven`` both skip and keep the
    core's own proofs (:meth:`Proven.core_proofs`). Its wins are replayed here like the Python
    search's.
    """
    if runs_first is not None:
        looser_games = runs_first
    core = switch.core_module() if switch.which_search() == switch.CORE else None
    if core is not None and knows(core, game) and looser_games:
        return _with_core(core, game, state, max_nodes, max_seconds, table_cap, tidy, proven, looser)
    return search(game, state, max_nodes=max_nodes, max_seconds=max_seconds, table_cap=table_cap,
                  looser_games=looser_games, tidy=tidy, proven=proven, looser=looser)


def tidied(game: Game[S], state: S, line: tuple[Move, ...],
           deadline: float | None = None) -> tuple[Move, ...]:
    """A winning ``line`` from ``state`` without its loops and the moves it can do without
    (:func:`~patience.solver.lines.shortened`, by the compiled core when :func:`solve` would use it),
    replayed to a won position; the shortening stops at ``deadline`` (a :func:`time.perf_counter` time).

    >>> from patience import get_game
    >>> from patience.kit import default_slug
    >>> game = get_game(default_slug())
    >>> line = solve(game, game.new(1), tidy=False).moves
    >>> len(tidied(game, game.new(1), line)) <= len(line)
    True
    """
    core = switch.core_module() if switch.which_search() == switch.CORE else None
    if core is not None and knows(core, game):
        return tidied_with_core(core, game, state, line, deadline)
    return checked(game, state, shortened(game, state, line, deadline))


def _with_core(core: ModuleType, game: Game[S], state: S, max_nodes: int | None,
               max_seconds: float | None, table_cap: int | None, tidy: bool, proven: Proven | None,
               looser: tuple[int, float] | None) -> Result:
    """The looser games' searches first (on their usual share or ``looser``'s; compiled, with
    ``proven``'s proofs when given), then the compiled core on what is left of the budgets, with
    ``proven``'s proofs (the core's own)."""
    started = time.perf_counter()
    proofs = None if proven is None else proven.core_proofs(core, game)
    try:
        first = looser_with_core(core, game, state, max_nodes=max_nodes, max_seconds=max_seconds,
                                 looser=looser, proofs=proofs, tidy=tidy)
    except PositionRefused:  # (see below)
        return search(game, state, max_nodes=max_nodes, max_seconds=max_seconds, table_cap=table_cap,
                      tidy=tidy, proven=proven, looser=looser)
    if first.decided or first.stopped:
        return first
    spent_nodes = first.nodes
    nodes_left = None if max_nodes is None else max(max_nodes - spent_nodes, 0)
    seconds_left = None if max_seconds is None else max(max_seconds - (time.perf_counter() - started), 0.0)
    try:
        result = solve_with_core(core, game, state, max_nodes=nodes_left, max_seconds=seconds_left, tidy=tidy,
                                 table_bytes=None if table_cap is None else table_cap * CORE_ENTRY_BYTES,
                                 proofs=proofs)
    except PositionRefused:
        # The core holds piles in fixed arrays and refuses positions no play can reach (a Union Square
        # pile that could grow past 13 cards): such a position is searched in Python.
        return search(game, state, max_nodes=max_nodes, max_seconds=max_seconds, table_cap=table_cap,
                      tidy=tidy, proven=proven, looser=looser)
    return replace(result, nodes=result.nodes + spent_nodes, seconds=time.perf_counter() - started)
