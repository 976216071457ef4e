"""Exact search for a winning line, within budgets: best-first, then depth-first.

Both searches walk the graph of canonical nodes (see :mod:`.canonical` and
:mod:`.expand`) and remember every node they have entered in a table keyed by
the exact canonical key (not a hash), so each node is expanded at most once
while it stays in the table.

Why this is exact. Winning is reachability: a position is won when some won
position can be reached from it. A search that expands every node it meets,
skipping nodes it has met before, enters every node reachable from the root:
if ``Y`` is reachable and never entered, take a line root → … → ``X`` → ``Y``
with ``X`` entered; when ``X`` was expanded, ``Y`` was either entered or
skipped because it had been entered before — a contradiction. So when the
search runs out of nodes without meeting a won one, none is reachable:
``lost`` is a proof. No node is ever marked lost on its own while the search
runs, so the graph-history problem (a node that failed only because the
current path blocked a cycle) cannot arise. Once the root is proven lost,
every node in the table is lost too, since each is reachable from the root.

* :func:`best_first` always expands the most promising node met so far
  (:meth:`.Expander.value`); it finds most wins quickly. It keeps the frontier
  in memory, so it stops at the table cap.
* :func:`depth_first` keeps only the current path (to never loop: cards come
  back from Hamilton's foundations and cards shuttle between piles) and the
  table. When the table passes its room (:class:`Room`) its oldest entries
  are dropped: a dropped node may be entered again (wasted work), never
  skipped wrongly, and the path alone keeps the search finite, so the
  argument above still holds.

The tables of one search hold at most ``table_cap`` positions together
(:func:`default_table_cap`: about 300 MB for the process). They keep keys
and parents' keys only; a won line is found again from its keys at the end
(:func:`_line_through`) and replayed.

:func:`search` runs the two side by side by default (``strategy="portfolio"``):
a slice of best-first search, then a slice of depth-first search, and so on,
on one graph: each skips the positions the other entered (see
:func:`_cooperate`), until one of them wins or both have run out of positions
(the loss), or the budget is spent. The two fail on different deals
(best-first search wanders on plateaus of equal value, depth-first search
sinks into a subtree below an early wrong move), so together they decide far
more deals within a budget than either alone. Each game has its own shares of
slices (its kit's ``shares``).
A kit may add a *streamliner* (Hamilton: best-first search of a restricted game, first alone, then
beside the other two on the same graph, so a loss is still one enumeration; see :class:`.Expander`)
and looser games tried first (:func:`looser_phases`; Union Square's tableau as runs: a loss of the
looser game proves the real one lost). docs/solver.md gives each argument. ``strategy="best-first"``
runs best-first search until its table is full, then depth-first search; ``"depth-first"`` only that.
"""
from __future__ import annotations

import gc
import time
from collections import ChainMap
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final, TypeVar

from patience.rules import Game, Move, State
from patience.solver.best_first import Frontier, Parents, best_first, streamliner
from patience.solver.best_first import Tables as _Tables
from patience.solver.budget import Alone, Budget
from patience.solver.depth_first import depth_first
from patience.solver.expand import LATER, Child, Expander, Known
from patience.solver.lines import checked, keys_to, shortened
from patience.solver.looser import looser_phases
from patience.solver.proven import Proven
from patience.solver.result import FULL_GAME, LOST, UNKNOWN, WON, Result
from patience.solver.room import Room, default_table_cap
from patience.solver.steps import (
    SLICE,
    Answer,
    Steps,
    answer_only,
    close_all,
    finish,
    in_turn,
    one_slice,
    side_by_side,
)

__all__ = [
    "BEST_FIRST", "DEPTH_FIRST", "PORTFOLIO", "SLICE", "STRATEGIES", "Answer",
    "Frontier", "Parents", "Room", "Steps", "best_first", "depth_first", "looser_first", "search",
    "streamliner",
]

# Slices of best-first search, of depth-first search and of the streamliner (a best-first search
# of a restricted game, see Expander's ``restricted``) per round, and the streamliner's share
# alone before them, are each game's kit's (``SearchKit.shares``, ``streamline_first``),
# measured with bench/solver.py (see docs/solver-measurements.md). The looser games' limits are
# the kit's too (``looser_limit``, ``looser_share``).
PORTFOLIO: Final = "portfolio"
BEST_FIRST: Final = "best-first"
DEPTH_FIRST: Final = "depth-first"
STRATEGIES: Final = (PORTFOLIO, BEST_FIRST, DEPTH_FIRST)

S = TypeVar("S", bound=State)

# The names the tests and callers know from here.
_finish = finish


def search(
    game: Game[S],
    state: S,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    table_cap: int | None = None,
    expander: Expander[S] | None = None,
    strategy: str = PORTFOLIO,
    shares: tuple[int, ...] | None = None,
    streamline_first: float | None = None,
    looser_games: bool = True,
    tidy: bool = True,
    proven: Proven | None = None,
    looser: tuple[int, float] | None = None,
) -> Result:
    """Search ``state`` for a winning line; see :func:`patience.solver.solve`.

    ``strategy`` is one of :data:`STRATEGIES` (see the module's text);
    ``shares`` overrides the kit's ``shares`` for the portfolio and
    ``streamline_first`` its ``streamline_first`` (the share of the budget
    the streamliner gets alone before the portfolio; without a budget it runs
    until it wins or its restricted game is exhausted). ``looser_games=False``
    leaves out the looser games' searches (:func:`looser_phases`). ``tidy=False``
    leaves a winning line as found (replayed and checked, not shortened); ``table_cap``
    bounds the positions of all its tables (default: :func:`default_table_cap`). With ``proven``
    (positions proven lost by earlier searches of the same deal, :class:`.Proven`) the searches skip
    those positions, and a loss adds the positions this search entered to it. ``looser`` is the
    positions and the share of ``max_seconds`` a looser game whose loss is a proof may take
    (default: the kit's ``looser_limit`` and ``looser_share``, as every other looser game's).
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown search strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
    started = time.perf_counter()
    budget = Budget(max_nodes, None if max_seconds is None else started + max_seconds)
    expand = expander or Expander(game)
    root_key: Hashable = None
    if proven is not None:
        root_key = expand.key(expand.normalize(state)[1])
        if proven.is_lost(root_key):
            return Result(LOST, (), 0, time.perf_counter() - started, 0)
    entered: list[Mapping[Hashable, object]] = []  # the tables of the searches, for ``proven``
    lost = proven.containers() if proven is not None else ()
    collecting = gc.isenabled()
    gc.disable()  # the tables hold only tuples and bytes, never cycles; collections would stall the search
    try:
        first = expand.search.streamline_first if streamline_first is None else streamline_first
        alone = Alone(first, started, max_seconds)
        room = Room(default_table_cap(game) if table_cap is None else table_cap)

        def run(lead: tuple[Move, ...], part: S) -> Steps:
            if proven is not None and _passes_lost(game, state, lead, expand, proven):
                return answer_only((LOST, ()))  # every line of the part passes a position proven lost
            return _run(game, part, expand, budget, room, strategy, shares, alone, looser_games, lost,
                        entered, looser, proven)

        outcome, line = finish(_parts(game, state, expand, budget, run))
        if outcome == LOST and proven is not None:
            proven.add_lost((key for table in entered for key in table), root_key)
        elif proven is not None:
            proven.trim()  # the looser games' tables may have grown
    finally:
        if collecting:
            gc.enable()
    if outcome == WON and not tidy:
        line = checked(game, state, line)
    elif outcome == WON:
        # Tidying the line may take a tenth of the budget beyond it (it is linear, and
        # a line found at the last moment is still cut of its loops).
        tidy_until = None if max_seconds is None else max(started + max_seconds,
                                                          time.perf_counter() + 0.1 * max_seconds)
        line = checked(game, state, shortened(game, state, checked(game, state, line), tidy_until))
    return Result(outcome, line, budget.nodes, time.perf_counter() - started,  # type: ignore[arg-type]
                  budget.peak, budget.spent if outcome == UNKNOWN else "",
                  budget.searched if outcome == LOST else FULL_GAME)


def _passes_lost(game: Game[S], state: S, lead: tuple[Move, ...], expand: Expander[S],
                 proven: Proven) -> bool:
    """Whether a position the ``lead`` moves pass through after ``state`` is proven lost."""
    for move in lead:
        state = game.apply_legal(state, move)
        if proven.is_lost(expand.key(expand.normalize(state)[1])):
            return True
    return False



def _parts(game: Game[S], state: S, expand: Expander[S], budget: Budget,
           run: Callable[[tuple[Move, ...], S], Steps]) -> Steps:
    """The searches of the root's parts (:meth:`~patience.kit.SearchKit.split`), side by side.

    Each part is a subgame of its own (Hamilton: one per start card), searched by ``run``; its
    searches get a slice in turn with the others', so no part can take the whole budget while
    another would win in a few positions. A win of any part is a win (its line begins with the
    moves that lead to the part); the root is lost when every part is, since every line from
    the root passes through one of them. A root the kit does not split is one part, itself.
    """
    parts = list(expand.search.split(game, state)) or [((), state)]
    running: list[Steps] = []
    leads: dict[int, tuple[Move, ...]] = {}
    for moves, part in parts:
        steps = run(moves, part)
        running.append(steps)
        leads[id(steps)] = moves
    lost_parts = 0
    for ended in in_turn(running):
        if ended is None:
            yield
            continue
        steps, (outcome, line) = ended
        if outcome == WON:
            close_all(running)
            return WON, leads[id(steps)] + line
        if budget.spent:
            close_all(running)
            return UNKNOWN, ()
        if outcome == LOST:
            lost_parts += 1
    return (LOST, ()) if lost_parts == len(parts) else (UNKNOWN, ())


def looser_first(game: Game[S], state: S, *, max_nodes: int | None = None,
                 max_seconds: float | None = None, looser: tuple[int, float] | None = None,
                 proven: Proven | None = None) -> Result:
    """The searches of the looser games the kit offers, alone, as :func:`search` runs them before its
    portfolio: their :class:`Result`, ``unknown`` with no ``stopped`` budget when they decide nothing.

    For a search of the real game that has no looser games of its own (the compiled core) to run
    after them, on what is left of the budget. ``looser`` and ``proven`` as for :func:`search` (the
    looser games' positions proven lost are kept in ``proven``).

    >>> from patience import get_game
    >>> game = get_game("hamilton")  # Hamilton offers no looser game
    >>> result = looser_first(game, game.new(1))
    >>> str(result.outcome), result.stopped, result.nodes
    ('unknown', '', 0)
    """
    started = time.perf_counter()
    budget = Budget(max_nodes, None if max_seconds is None else started + max_seconds)
    expand = Expander(game)
    limit, share = looser or (expand.search.looser_limit, expand.search.looser_share)
    if limit <= 0:
        return Result(UNKNOWN, (), 0, time.perf_counter() - started, 0, "")
    steps = looser_phases(game, state, expand, budget, max_seconds, limit, share,
                          None if proven is None else proven.looser)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            answer: Answer | None = stop.value
            break
    outcome, line = answer or (UNKNOWN, ())
    if outcome == WON:
        line = checked(game, state, line)
    return Result(outcome, line, budget.nodes, time.perf_counter() - started,  # type: ignore[arg-type]
                  budget.peak, budget.spent if outcome == UNKNOWN else "",
                  budget.searched if outcome == LOST else FULL_GAME)



def _run(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room, strategy: str,
         shares: tuple[int, ...] | None, alone: Alone, looser_games: bool = True, lost: Known = (),
         entered: list[Mapping[Hashable, object]] | None = None, looser: tuple[int, float] | None = None,
         proven: Proven | None = None) -> Steps:
    """The searches, as ``strategy`` says; ``alone`` is the streamliner's share before the portfolio.

    ``lost`` holds positions proven lost before (skipped by every search); the searches' tables are
    added to ``entered``. Yields after every slice (see :func:`_parts`).
    """
    entered = [] if entered is None else entered
    limit, share = looser or (expand.search.looser_limit, expand.search.looser_share)
    if strategy == PORTFOLIO and looser_games and limit > 0:
        answer = yield from looser_phases(game, state, expand, budget, alone.max_seconds, limit, share,
                                          None if proven is None else proven.looser)
        if answer is not None:
            return answer
    if strategy == PORTFOLIO:
        best_slices, deep_slices, *more = shares or expand.search.shares
        lined_slices = more[0] if more else 0
        return (yield from _cooperate(game, state, expand, budget, room,
                                      (best_slices, deep_slices, lined_slices), alone, lost, entered))
    skips = _chain(*lost) if lost else None
    if strategy == BEST_FIRST:
        first: Parents = {}
        answer = yield from side_by_side(
            [best_first(game, state, expand, budget, room, parents=first, others=skips)], budget)
        if answer[0] == UNKNOWN and not budget.spent:
            room.first.clear()  # a new search: best-first search's table is let go
            again: dict[Hashable, None] = {}
            entered.append(again)
            again_search = depth_first(game, state, expand, budget, room, table=again, others=skips)
            answer = yield from side_by_side([again_search], budget)
        else:
            entered.append(first)
        return answer
    deep: dict[Hashable, None] = {}
    entered.append(deep)
    return (yield from side_by_side(
        [depth_first(game, state, expand, budget, room, table=deep, others=skips)], budget))


def _chain(*maps: Any) -> ChainMap[Hashable, Any]:
    """The tables ``maps`` as one mapping to skip (see :func:`_tables_of`)."""
    return ChainMap[Hashable, Any](*maps)


def _cooperate(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
               shares: tuple[int, int, int], alone: Alone, lost: Known = (),
               entered: list[Mapping[Hashable, object]] | None = None) -> Steps:
    """Best-first search, depth-first search and the streamliner on one graph, each skipping the others'.

    Each search expands only the positions it enters itself, and skips a child
    another has entered (it is, or will be, expanded there). A win of any is a
    win. A loss is proven when the full game's searches have all run out of
    positions: then every entered position was expanded, and each of its
    children was entered by one of them, so the entered positions are closed
    under moves and hold the root, hence every reachable position, and none of
    them is won. So a loss costs about one enumeration of the graph.

    The streamliner (Hamilton) expands only the restricted game's moves; each
    position it expands goes to best-first search (``pending``), which expands
    the other moves there (:data:`.LATER`) and does not end while the
    streamliner may add more. The streamliner first runs alone on ``alone``'s
    share. When it stops (its game exhausted, its table full, or it has no
    slices in the portfolio), the positions left on its heap go to a
    depth-first search as roots. With no slices for best-first search, the
    streamliner keeps its table to itself and proves nothing.

    When best-first search stops at its table cap, the positions it entered
    but did not expand (its heap, and the streamliner's) are handed to a
    depth-first search as roots, with best-first search's slices; the loss
    then needs the depth-first searches to run out.

    Every search also skips the positions in ``lost`` (proven lost by earlier searches, see
    :class:`.Proven`); the tables are added to ``entered``.
    """
    best_slices, deep_slices, lined_slices = shares
    tables: _Tables[S] = _Tables()
    if entered is not None:
        entered.extend((tables.best, tables.deep, tables.lined))
    lining = expand.search.streamliner and (lined_slices > 0 or alone.share > 0)
    shared = lining and best_slices > 0  # the streamliner's positions are completed by best-first search
    # what depth-first search skips, and where a line's parents are: best-first search's and the streamliner's
    lines = ChainMap[Hashable, Hashable | None](tables.best, tables.lined) if shared else tables.best
    frontier: list[Frontier[S]] = []
    deep_skips = _chain(*lines.maps, *lost) if isinstance(lines, ChainMap) else _chain(lines, *lost)
    best_skips = _chain(tables.deep, tables.lined, *lost) if shared else _chain(tables.deep, *lost)
    best = best_first(game, state, expand, budget, room, parents=tables.best, others=best_skips,
                      heap=frontier, completion=tables if shared else None, lines=lines)
    deep = depth_first(game, state, expand, budget, room, table=tables.deep, others=deep_skips)
    running: list[Steps] = [best] * best_slices + [deep] * deep_slices
    # The searches whose positions are theirs to expand (one given no slices never enters any).
    owners: set[int] = {id(steps) for steps in (best, deep) if steps in running}
    exhausted: set[int] = set()

    def keys_to_root(key: Hashable) -> list[Hashable]:
        return keys_to(lines, key)

    def hand(heap: list[Frontier[S]]) -> None:
        # Positions entered and not expanded go to a new depth-first search, as roots.
        roots: list[Child[S]] = [((), node, key) for key, node in {e[4]: e[5] for e in heap}.items()]
        heap.clear()
        if roots:
            handed = depth_first(game, state, expand, budget, room, table=tables.deep,
                                 others=deep_skips, roots=roots, root_keys=keys_to_root)
            running.extend([handed] * max(best_slices, 1))
            owners.add(id(handed))

    lined: Steps | None = None

    def stop_lining() -> None:
        nonlocal lined
        if lined is not None:
            lined.close()
            running[:] = [steps for steps in running if steps is not lined]
            lined = None
        tables.streaming = False
        if shared:
            hand(tables.lined_heap)

    if lining:
        restricted = Expander(game, safe=expand.safe, order=expand.order, restricted=True,
                              dead_ends=expand.dead_ends)
        lined = streamliner(best_first(
            game, state, restricted, budget, room, parents=tables.lined,
            others=_chain(tables.best, tables.deep, *lost),
            heap=tables.lined_heap, expanded=tables.pending if shared else None, half=shared))
        tables.streaming = shared
        while alone.share > 0 and not alone.over(budget):
            answer = one_slice(lined)
            yield
            if answer is not None:
                if answer[0] == WON or budget.spent:
                    return answer
                lined = None
                stop_lining()
                break
        if budget.spent:
            close_all([lined] if lined is not None else [])
            return UNKNOWN, ()
        if lined is not None and lined_slices:
            running.extend([lined] * lined_slices)
        elif lined is not None:
            stop_lining()

    for ended in in_turn(running):
        if ended is None:
            yield
            continue
        steps, (outcome, line) = ended
        if outcome == WON or budget.spent:
            close_all(running)
            return (WON, line) if outcome == WON else (UNKNOWN, ())
        if steps is lined:
            lined = None
            stop_lining()
        elif steps is best and outcome == UNKNOWN:
            # Best-first search's table is full: its heap, and the streamliner's, go to depth-first search.
            owners.discard(id(best))
            if lined is not None:
                stop_lining()
            for _value, key, node in tables.pending:
                frontier.append((0.0, 0, 0, LATER, key, node))
            tables.pending.clear()
            hand(frontier)
        elif id(steps) in owners:
            exhausted.add(id(steps))
            if owners <= exhausted:
                close_all(running)
                return LOST, ()
    return UNKNOWN, ()
