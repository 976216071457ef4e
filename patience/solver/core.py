"""The compiled search core behind :func:`patience.solver.solve`: a position in, an answer out.

The core (``patience._core``, the Rust crate in ``core/``) takes the position text of a game it
knows and answers with the outcome, the positions expanded and, for a win, the line in the
project's notation. Python stays the referee: the line is parsed and replayed through the game's
own rules engine to a won position before the answer is believed; a line that does not replay
raises :class:`~patience.solver.lines.SolverError` (a bug in the core, never hidden by asking the
Python search instead).

>>> from patience import get_game
>>> from patience.solver.switch import core_module
>>> from patience.kit import default_slug
>>> game, core = get_game(default_slug()), core_module()
>>> core is None or solve_with_core(core, game, game.new(1), max_nodes=5000).won
True
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import Final, TypeVar

from patience.rules import Game, Move, State, get_game
from patience.solver.api import search_of
from patience.solver.lines import SolverError, checked, shortened
from patience.solver.result import FULL_GAME, LOOSER_GAME, LOST, UNKNOWN, WON, Outcome, Result
from patience.solver.room import BASE_MB, MEMORY_MB

S = TypeVar("S", bound=State)

OUTCOMES: dict[str, Outcome] = {"won": WON, "lost": LOST, "unknown": UNKNOWN}
#: The core's table: half the solver's memory budget less what the process needs besides. Best-first
#: search's heap may hold half as much again beside it, and the depth-first searches' paths as much as
#: the table (measured: 267 MB resident after 7,500,000 positions of Hamilton deal 70165, 197 MB for
#: Union Square deal 17171, whose paths reach their cap after 572,160 positions, 17,000 frames deep).
TABLE_BYTES: Final = int((MEMORY_MB - BASE_MB) / 2 * 2**20)


class PositionRefused(ValueError):
    """The core cannot hold this position (one no play reaches); the Python search can."""


def knows(core: ModuleType, game: Game[S]) -> bool:
    """Whether the core has this game's rules: the registered game of its slug, not a variant of
    it (a test's small game with fewer cards to win keeps the slug, not the rules).

    >>> from patience import get_game
    >>> from patience.solver.switch import core_module
    >>> core = core_module()
    >>> from patience.kit import default_slug
    >>> core is None or knows(core, get_game(default_slug()))
    True
    """
    games = getattr(core, "games", None)
    return games is not None and game.slug in games() and type(game) is type(get_game(game.slug))


def solve_with_core(core: ModuleType, game: Game[S], state: S, *, max_nodes: int | None = None,
                    max_seconds: float | None = None, table_bytes: int | None = None, tidy: bool = True,
                    stop: object = None, proofs: object = None) -> Result:
    """Search ``state`` with the compiled core; the same answer as the Python search, found faster.

    ``table_bytes`` caps the core's table (default: :data:`TABLE_BYTES`) and, as much again, its
    depth-first paths (past that the answer is ``unknown``, ``stopped`` says ``memory``); ``stop`` is a
    ``patience._core.StopFlag`` another thread may set to end the search (answer ``unknown``);
    ``proofs`` a ``patience._core.Proofs`` of positions proven lost by earlier searches of the same
    deal (:meth:`~patience.solver.proven.Proven.core_proofs`), skipped, and added to when this one is
    lost.
    A won line is replayed through ``game`` (with ``tidy``, cut of its loops first:
    :func:`won_line`) before it is returned.
    """
    started = time.perf_counter()
    try:
        table = TABLE_BYTES if table_bytes is None else table_bytes
        answer = core.solve(game.slug, game.position_text(state), max_nodes=max_nodes,
                            max_seconds=max_seconds, stop=stop, table_bytes=table, path_bytes=table,
                            proofs=proofs)
    except ValueError as exc:  # the core's reading of the position text refused it
        raise PositionRefused(str(exc)) from exc
    outcome = OUTCOMES[answer.status]
    line: tuple[Move, ...] = ()
    if outcome == WON:
        until = None if max_seconds is None else time.perf_counter() + 0.1 * max_seconds
        line = won_line(core, game, state, answer.moves, tidy, until)
    stopped = ""
    if outcome == UNKNOWN and answer.memory_spent:
        stopped = "memory"
    elif outcome == UNKNOWN:
        stopped = "nodes" if max_nodes is not None and answer.nodes >= max_nodes else "seconds"
    return Result(outcome, line, answer.nodes, time.perf_counter() - started, answer.peak, stopped)


def won_line(core: ModuleType, game: Game[S], state: S, moves: list[str], tidy: bool,
             deadline: float | None = None) -> tuple[Move, ...]:
    """The core's winning line ``moves`` (texts) as moves, replayed through ``game`` to a won position.

    With ``tidy`` the core cuts its loops first (until ``deadline``, a :func:`time.perf_counter` time)
    and only the tidied line, the one returned, is replayed: the raw line is never reported, so
    replaying it too would check nothing more (the core refuses a raw line with an illegal move,
    and that is a :class:`~patience.solver.lines.SolverError` as a failed replay is).

    >>> from patience import get_game
    >>> from patience.solver.switch import core_module
    >>> from patience.kit import default_slug
    >>> game, core = get_game(default_slug()), core_module()
    >>> core is None or won_line(core, game, game.new(5), ["s", "t1-f1"], tidy=True)
    Traceback (most recent call last):
    ...
    patience.solver.lines.SolverError: the compiled core's winning line does not replay: move 2: ...
    """
    if not tidy:
        return replayed(game, state, moves)
    if getattr(core, "tidy", None) is None:  # a core built before it could tidy
        return tidied_with_core(core, game, state, replayed(game, state, moves), deadline)
    return _tidied_by_core(core, game, state, moves, deadline)


def tidied_with_core(core: ModuleType, game: Game[S], state: S, line: tuple[Move, ...],
                     deadline: float | None = None) -> tuple[Move, ...]:
    """``line`` tidied by the core (the moves :func:`~patience.solver.lines.shortened` gives, found
    faster; its passes stop at ``deadline``, a :func:`time.perf_counter` time), replayed through
    ``game`` to a won position. A core built before it could tidy leaves the work to Python.

    >>> from patience import get_game
    >>> from patience.solver.switch import core_module
    >>> from patience.kit import default_slug
    >>> game, core = get_game(default_slug()), core_module()
    >>> line = tuple(game.parse_move(m) for m in "s c-f1 t1-t2 t2-t1".split())
    >>> core is None or tidied_with_core(core, game, game.new(5), line)
    Traceback (most recent call last):
    ...
    patience.solver.lines.SolverError: the compiled core's winning line does not end in a won position
    """
    if getattr(core, "tidy", None) is None:
        return replayed(game, state, [str(m) for m in shortened(game, state, line, deadline)])
    return _tidied_by_core(core, game, state, [str(m) for m in line], deadline)


def _tidied_by_core(core: ModuleType, game: Game[S], state: S, moves: list[str],
                    deadline: float | None) -> tuple[Move, ...]:
    """``moves`` (texts) tidied by the core until ``deadline``, then replayed to a won position; the
    core's refusal of an illegal move is a :class:`~patience.solver.lines.SolverError`, as a failed
    replay is."""
    seconds = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
    try:
        tidied = core.tidy(game.slug, game.position_text(state), moves, max_seconds=seconds)
    except ValueError as exc:
        raise SolverError(f"the compiled core's winning line does not replay: {exc}") from exc
    return replayed(game, state, tidied)


def looser_with_core(core: ModuleType, game: Game[S], state: S, *, max_nodes: int | None = None,
                     max_seconds: float | None = None, looser: tuple[int, float] | None = None,
                     proofs: object = None, tidy: bool = False) -> Result:
    """The game's looser searches, compiled: the same answer as the Python ones
    (:func:`patience.solver.search.looser_first`), found faster.

    For Union Square, its tableau seen as runs: the looser game, whose loss is a proof (``searched``
    says :data:`LOOSER_GAME`), then the searches over fewest-run positions, whose wins are wins,
    each within the kit's ``looser_limit`` positions and ``looser_share`` of ``max_seconds``,
    except the looser game's
    ``looser`` (positions, share; none at all when its positions are 0). ``unknown`` with no ``stopped``
    budget when they decide nothing (Hamilton has none: ``unknown`` after 0 positions). A won line
    is replayed through ``game`` before it is returned (shortened first with ``tidy``). ``proofs``
    (a ``core.Proofs`` of the game, for the positions of one deal) holds the looser game's positions
    proven lost by earlier searches: they are skipped, and every position this search finished joins
    them.

    >>> from patience import get_game
    >>> from patience.solver.switch import core_module
    >>> game, core = get_game("union-square"), core_module()
    >>> core is None or looser_with_core(core, game, game.new(1)).won
    True
    """
    started = time.perf_counter()
    search = search_of(game)
    limit, share = looser or (search.looser_limit, search.looser_share)
    if limit <= 0:
        return Result(UNKNOWN, (), 0, time.perf_counter() - started, 0, "")
    try:
        answer = core.looser(game.slug, game.position_text(state), max_nodes=max_nodes,
                             max_seconds=max_seconds, limit=limit, share=share,
                             runs_limit=search.looser_limit, runs_share=search.looser_share, proofs=proofs)
    except ValueError as exc:  # the core's reading of the position text refused it
        raise PositionRefused(str(exc)) from exc
    outcome = OUTCOMES[answer.status]
    seconds = time.perf_counter() - started
    line: tuple[Move, ...] = ()
    if outcome == WON:
        line = won_line(core, game, state, answer.moves, tidy)
    stopped = ""
    if outcome == UNKNOWN and max_nodes is not None and answer.nodes >= max_nodes:
        stopped = "nodes"
    elif outcome == UNKNOWN and max_seconds is not None and seconds >= max_seconds:
        stopped = "seconds"
    return Result(outcome, line, answer.nodes, seconds, answer.peak, stopped,
                  LOOSER_GAME if outcome == LOST else FULL_GAME)


def replayed(game: Game[S], state: S, moves: list[str]) -> tuple[Move, ...]:
    """The core's winning line as moves, replayed through the rules engine to a won position.

    >>> from patience import get_game
    >>> from patience.kit import default_slug
    >>> game = get_game(default_slug())
    >>> replayed(game, game.new(1), ["s"])
    Traceback (most recent call last):
    ...
    patience.solver.lines.SolverError: the compiled core's winning line does not end in a won position
    """
    try:
        line = tuple(game.parse_move(text) for text in moves)
    except ValueError as exc:
        raise SolverError(f"the compiled core's winning line does not replay: {exc}") from exc
    return checked(game, state, line, "the compiled core's ")
