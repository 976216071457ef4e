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
and looser games tried first (:func:`_looser_first`; Union Square's tableau as runs: a loss of the
looser game proves the real one lost). docs/solver.md gives each argument. ``strategy="best-first"``
runs best-first search until its table is full, then depth-first search; ``"depth-first"`` only that.
"""

from __future__ import annotations

import gc
import heapq
import math
import os
import time
from collections import ChainMap
from collections.abc import Callable, Generator, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Final, TypeVar

from patience.rules import Game, Move
from patience.solver.budget import Alone, Budget
from patience.solver.expand import DEFER, LATER, NO_MORE, Child, Expander, Known, in_any
from patience.solver.lines import checked, keys_to, line_through, shortened
from patience.solver.proven import Proven
from patience.solver.result import FULL_GAME, LOOSER_GAME, LOST, UNKNOWN, WON, Result
from patience.solver.room import Room, default_table_cap

SLICE: Final = 256  # nodes a search expands before it gives way
# Slices of best-first search, of depth-first search and of the streamliner (a best-first search
# of a restricted game, see Expander's ``restricted``) per round, and the streamliner's share
# alone before them, are each game's kit's (``SearchKit.shares``, ``streamline_first``),
# measured with bench/solver.py (see docs/solver.md).
# A game's kit may offer searches of looser games (``SearchKit.looser``, e.g. Union Square's tableau
# seen as runs) to run before the portfolio; each may expand at most RUNS_LIMIT positions and
# RUNS_SHARE of the time budget.
RUNS_LIMIT: Final = int(os.environ.get("PATIENCE_SOLVER_RUNS_LIMIT", "5000"))
RUNS_SHARE: Final = float(os.environ.get("PATIENCE_SOLVER_RUNS_SHARE", "0.1"))
PORTFOLIO: Final = "portfolio"
BEST_FIRST: Final = "best-first"
DEPTH_FIRST: Final = "depth-first"
STRATEGIES: Final = (PORTFOLIO, BEST_FIRST, DEPTH_FIRST)

S = TypeVar("S")
Parents = dict[Hashable, Hashable | None]  # a position's key -> its parent's key (None: the root)
Answer = tuple[str, tuple[Move, ...]]
Frontier = tuple[float, int, int, int, Hashable, Any]  # a best-first heap entry
_HANDED: Final = ("positions handed over",)  # the key of the frame that holds handed-over roots
Steps = Generator[None, None, Answer]  # yields between slices, returns the answer


@dataclass
class _Tables:
    """The positions the searches entered; what the streamliner gives best-first search (:func:`_cooperate`).

    ``lined`` is the streamliner's table and ``lined_heap`` its heap;
    ``pending`` the positions it expanded, with their values, for best-first
    search to complete with the moves the restricted game left out there, while
    ``streaming`` says the streamliner may add more.
    """

    best: Parents = field(default_factory=dict)
    deep: dict[Hashable, None] = field(default_factory=dict)
    lined: Parents = field(default_factory=dict)
    lined_heap: list[Frontier] = field(default_factory=list)
    pending: list[tuple[float, Hashable, Any]] = field(default_factory=list)
    streaming: bool = False


class _Frame:
    """A position on a depth-first path and its children as moves and keys (a path may be thousands
    long: a child's position is rebuilt when entered); handed-over roots keep theirs (``nodes``)."""

    __slots__ = ("index", "key", "kids", "nodes", "state")

    def __init__(self, key: Hashable, state: Any, children: list[Child], handed: bool = False) -> None:
        self.key = key
        self.state = state
        self.kids = [(moves, child_key) for moves, _child, child_key in children]
        self.nodes = [child for _moves, child, _key in children] if handed else None
        self.index = 0


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
    runs_first: bool = True,
    tidy: bool = True,
    proven: Proven | None = None,
    looser: tuple[int, float] | None = None,
) -> Result:
    """Search ``state`` for a winning line; see :func:`patience.solver.solve`.

    ``strategy`` is one of :data:`STRATEGIES` (see the module's text);
    ``shares`` overrides the kit's ``shares`` for the portfolio and
    ``streamline_first`` its ``streamline_first`` (the share of the budget
    the streamliner gets alone before the portfolio; without a budget it runs
    until it wins or its restricted game is exhausted). ``runs_first=False``
    leaves out the looser games' searches (:func:`_looser_first`). ``tidy=False``
    leaves a winning line as found (replayed and checked, not shortened); ``table_cap``
    bounds the positions of all its tables (default: :func:`default_table_cap`). With ``proven``
    (positions proven lost by earlier searches of the same deal, :class:`.Proven`) the searches skip
    those positions, and a loss adds the positions this search entered to it. ``looser`` is the
    positions and the share of ``max_seconds`` a looser game whose loss is a proof may take
    (default (:data:`RUNS_LIMIT`, :data:`RUNS_SHARE`), as every other looser game).
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
    entered: list[Mapping[Hashable, Any]] = []  # the tables of the searches, for ``proven``
    lost = proven.containers() if proven is not None else ()
    collecting = gc.isenabled()
    gc.disable()  # the tables hold only tuples and bytes, never cycles; collections would stall the search
    try:
        first = expand.search.streamline_first if streamline_first is None else streamline_first
        alone = Alone(first, started, max_seconds)
        room = Room(default_table_cap(game) if table_cap is None else table_cap)

        def run(lead: tuple[Move, ...], part: S) -> Steps:
            if proven is not None and _passes_lost(game, state, lead, expand, proven):
                return _answer((LOST, ()))  # every line of the part passes a position proven lost
            return _run(game, part, expand, budget, room, strategy, shares, alone, runs_first, lost,
                        entered, looser, proven)

        outcome, line = _finish(_parts(game, state, expand, budget, run))
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


def _answer(answer: Answer) -> Steps:
    """A search that has nothing to do but give ``answer``."""
    return answer
    yield  # a generator  # noqa: RUF100


def _finish(steps: Steps) -> Answer:
    """Run ``steps`` to its end and return its answer."""
    while True:
        answer = _slice(steps)
        if answer is not None:
            return answer


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
    for ended in _ended(running):
        if ended is None:
            yield
            continue
        steps, (outcome, line) = ended
        if outcome == WON:
            _close(running)
            return WON, leads[id(steps)] + line
        if budget.spent:
            _close(running)
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
    limit, share = looser or (RUNS_LIMIT, RUNS_SHARE)
    if limit <= 0:
        return Result(UNKNOWN, (), 0, time.perf_counter() - started, 0, "")
    steps = _looser_first(game, state, Expander(game), budget, max_seconds, limit, share,
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


def _side_by_side(searches: list[Steps], budget: Budget) -> Steps:
    """Run the searches a slice at a time, in turn; the first decided answer wins.

    A search listed several times gets that many slices per round. A search
    that ends ``unknown`` (its table is full, or the budget is spent) leaves
    the others running while budget is left. Yields after every slice.
    """
    running = list(searches)
    for ended in _ended(running):
        if ended is None:
            yield
            continue
        _steps, (outcome, line) = ended
        if outcome != UNKNOWN or budget.spent:
            _close(running)
            return (outcome, line) if outcome != UNKNOWN else (UNKNOWN, ())
    return UNKNOWN, ()


def _ended(running: list[Steps]) -> Iterator[tuple[Steps, Answer] | None]:
    """Run the searches a slice at a time, in turn; yield ``None`` after each slice and each
    search that ends, with its answer.

    A search listed several times gets that many slices per round. ``running``
    is changed in place: an ended search leaves it, and the caller may add or
    take out searches between two answers.
    """
    while running:
        for steps in list(running):
            if steps not in running:
                continue  # ended earlier in this round
            ended = _slice(steps)
            if ended is not None:
                running[:] = [other for other in running if other is not steps]
                yield steps, ended
            else:
                yield None


def _slice(steps: Steps) -> Answer | None:
    """Run one slice of a search: ``None`` while it goes on, its answer when it has ended."""
    try:
        next(steps)
    except StopIteration as stop:
        answer: Answer = stop.value
        return answer
    return None


def _close(searches: list[Steps]) -> None:
    for steps in searches:
        steps.close()


def _run(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room, strategy: str,
         shares: tuple[int, ...] | None, alone: Alone, runs_first: bool = True, lost: Known = (),
         entered: list[Mapping[Hashable, Any]] | None = None, looser: tuple[int, float] | None = None,
         proven: Proven | None = None) -> Steps:
    """The searches, as ``strategy`` says; ``alone`` is the streamliner's share before the portfolio.

    ``lost`` holds positions proven lost before (skipped by every search); the searches' tables are
    added to ``entered``. Yields after every slice (see :func:`_parts`).
    """
    entered = [] if entered is None else entered
    limit, share = looser or (RUNS_LIMIT, RUNS_SHARE)
    if strategy == PORTFOLIO and runs_first and limit > 0:
        answer = yield from _looser_first(game, state, expand, budget, alone.max_seconds, limit, share,
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
        answer = yield from _side_by_side(
            [best_first(game, state, expand, budget, room, parents=first, others=skips)], budget)
        if answer[0] == UNKNOWN and not budget.spent:
            room.first.clear()  # a new search: best-first search's table is let go
            again: dict[Hashable, None] = {}
            entered.append(again)
            again_search = depth_first(game, state, expand, budget, room, table=again, others=skips)
            answer = yield from _side_by_side([again_search], budget)
        else:
            entered.append(first)
        return answer
    deep: dict[Hashable, None] = {}
    entered.append(deep)
    return (yield from _side_by_side(
        [depth_first(game, state, expand, budget, room, table=deep, others=skips)], budget))


def _chain(*maps: Any) -> ChainMap[Hashable, Any]:
    """The tables ``maps`` as one mapping to skip (see :func:`_tables_of`)."""
    return ChainMap[Hashable, Any](*maps)


def _looser_first(game: Game[S], state: S, expand: Expander[S], budget: Budget,
                  max_seconds: float | None, limit: int = RUNS_LIMIT, share: float = RUNS_SHARE,
                  lost: dict[Hashable, None] | None = None) -> Generator[None, None, Answer | None]:
    """The searches of looser games the kit offers (:meth:`~patience.kit.SearchKit.looser`);
    ``None`` when they decide nothing.

    A looser game's loss is a proof; the other searches' wins are wins, and
    their running out of positions proves nothing (they see only part of the
    game). Each gets at most :data:`RUNS_LIMIT` positions and :data:`RUNS_SHARE` of
    ``max_seconds``, except that a looser game whose loss is a proof gets ``limit`` and
    ``share``; with a node budget, each also gets at most its share of it, so that a position
    whose looser games are expensive (in Python) leaves the rest of a small budget, a fair solve's,
    to the search of the real game. ``lost`` is the kit's table of looser positions proven lost
    before (:class:`.Proven`).
    """
    cap = _PhaseCap(budget)
    phases = expand.search.looser(game, state, cap.take, lost)
    for phase, proves in phases:
        most, part = (limit, share) if proves else (RUNS_LIMIT, RUNS_SHARE)
        if budget.max_nodes is not None:
            most = min(most, max(1, math.ceil(part * budget.max_nodes)))
        cap.start(most)
        until = None if max_seconds is None else time.perf_counter() + part * max_seconds
        answer: Answer | None = None
        while answer is None:
            if until is not None and time.perf_counter() >= until:
                phase.close()
                break
            answer = _slice(phase)
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


def _cooperate(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
               shares: tuple[int, int, int], alone: Alone, lost: Known = (),
               entered: list[Mapping[Hashable, Any]] | None = None) -> Steps:
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
    tables = _Tables()
    if entered is not None:
        entered.extend((tables.best, tables.deep, tables.lined))
    lining = expand.search.streamliner and (lined_slices > 0 or alone.share > 0)
    shared = lining and best_slices > 0  # the streamliner's positions are completed by best-first search
    # what depth-first search skips, and where a line's parents are: best-first search's and the streamliner's
    lines = ChainMap[Hashable, Any](tables.best, tables.lined) if shared else tables.best
    frontier: list[Frontier] = []
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

    def hand(heap: list[Frontier]) -> None:
        # Positions entered and not expanded go to a new depth-first search, as roots.
        roots: list[Child] = [((), node, key) for key, node in {e[4]: e[5] for e in heap}.items()]
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
            answer = _slice(lined)
            yield
            if answer is not None:
                if answer[0] == WON or budget.spent:
                    return answer
                lined = None
                stop_lining()
                break
        if budget.spent:
            _close([lined] if lined is not None else [])
            return UNKNOWN, ()
        if lined is not None and lined_slices:
            running.extend([lined] * lined_slices)
        elif lined is not None:
            stop_lining()

    for ended in _ended(running):
        if ended is None:
            yield
            continue
        steps, (outcome, line) = ended
        if outcome == WON or budget.spent:
            _close(running)
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
                _close(running)
                return LOST, ()
    return UNKNOWN, ()


def streamliner(steps: Steps) -> Steps:
    """A search of a restricted game: its wins are wins; its ``lost`` only ends it (``unknown``)."""
    outcome, line = yield from steps
    return (UNKNOWN, ()) if outcome == LOST else (outcome, line)


def best_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
               parents: Parents | None = None, others: Mapping[Hashable, Any] | None = None,
               heap: list[Frontier] | None = None, completion: _Tables | None = None,
               lines: Mapping[Hashable, Any] | None = None,
               expanded: list[tuple[float, Hashable, Any]] | None = None, half: bool = False) -> Steps:
    """Greedy best-first search; ``unknown`` when the budget is spent or the table is full.

    A generator: it yields every :data:`SLICE` nodes and returns its answer.

    A heap entry is a position and the batch of its children still to build
    (Union Square builds its stock macros a few at a time, see
    :meth:`.Expander.batch`); an entry for a later batch goes back on the heap
    with a hopeful value, so every child is built before the heap runs dry.

    ``parents`` is the table to fill (so another search can see it),
    ``others`` the positions another search has entered, which this one skips,
    and ``heap`` the list to keep the heap in (so another search can take it
    over when the table is full; see :func:`_cooperate`). ``completion``'s
    ``pending`` positions (expanded by the streamliner) join the heap for
    their :data:`.LATER` batch, and the search waits while it is
    ``streaming``; ``lines`` maps the positions of both tables to their
    parents, for the line of a win. ``expanded`` collects the positions this
    search expands where its expander left a move out (:attr:`.Expander.left_out`),
    with their values (the streamliner's, for ``completion``). With ``half`` it
    stops when its table holds half of what ``room`` gives the best-first searches
    (the streamliner beside best-first search), else when they hold it all.
    """
    prefix, root = expand.normalize(state)
    if game.is_won(root):
        return WON, prefix
    root_key = expand.key(root)
    parents = {} if parents is None else parents
    parents[root_key] = None
    if all(table is not parents for table in room.first):
        room.first.append(parents)
    room.running += 1
    try:
        return (yield from _best_first(game, state, expand, budget, room, parents, _tables_of(others),
                                       root_key, root, heap, completion, lines, expanded, half))
    finally:
        room.running -= 1


def _best_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                parents: Parents, skips: Known, root_key: Hashable, root: S, heap: list[Frontier] | None,
                completion: _Tables | None, lines: Mapping[Hashable, Any] | None,
                expanded: list[tuple[float, Hashable, Any]] | None, half: bool) -> Steps:
    """The loop of :func:`best_first`."""
    known = (parents, *skips)
    tie = 0
    heap = [] if heap is None else heap
    heapq.heappush(heap, (0.0, 0, 0, 0, root_key, root))
    slice_left = SLICE
    while True:
        if completion is not None and completion.pending:
            for value, key, node in completion.pending:
                tie += 1
                heapq.heappush(heap, (DEFER - value, 0, tie, LATER, key, node))
            completion.pending.clear()
        if not heap:
            if completion is not None and completion.streaming:
                yield  # the streamliner may still give positions to complete
                continue
            break
        slice_left -= 1
        if not slice_left:
            slice_left = SLICE
            yield
        if room.first_full(parents, half) or not budget.take():
            budget.peak = max(budget.peak, len(parents))
            return UNKNOWN, ()
        priority, negdepth, _tie, first, key, node = heapq.heappop(heap)
        kids, following = expand.batch(node, first, known, closed=True)
        if expanded is not None and expand.left_out:
            expanded.append((-priority, key, node))
        if following != NO_MORE:
            tie += 1
            heapq.heappush(heap, (-expand.search.bound(node, following), negdepth, tie, following, key, node))
        for _moves, child, child_key in kids:
            if child_key in parents or in_any(child_key, skips):
                continue
            parents[child_key] = key
            if game.is_won(child):
                budget.peak = max(budget.peak, len(parents))
                return WON, line_through(game, expand, state, keys_to(parents if lines is None else lines,
                                                                        child_key))
            tie += 1
            heapq.heappush(heap, (-expand.value(child, child_key), negdepth - 1, tie, 0, child_key, child))
    budget.peak = max(budget.peak, len(parents))
    return LOST, ()


def _tables_of(others: Mapping[Hashable, Any] | None) -> Known:
    """The tables in ``others`` (a ChainMap's maps, looked up one by one: faster than the ChainMap)."""
    if others is None:
        return ()
    if isinstance(others, ChainMap):
        return tuple(others.maps)
    return (others,)


def depth_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                table: dict[Hashable, None] | None = None,
                others: Mapping[Hashable, Any] | None = None,
                roots: list[Child] | None = None,
                root_keys: Callable[[Hashable], list[Hashable]] | None = None) -> Steps:
    """Depth-first search with the path and a bounded table; ``unknown`` when the budget is spent.

    A generator: it yields every :data:`SLICE` nodes and returns its answer.
    ``table`` is the table to fill (so another search can see it; its oldest
    entries are dropped in place when ``room`` says it is full) and ``others``
    the positions another search has entered, which this one skips (see
    :func:`_cooperate`). With ``roots`` (children with no moves: positions
    another search entered and did not expand) it searches below them
    instead of ``state``; ``root_keys(key)`` gives the keys from the root to a root (for a win).
    """
    table = {} if table is None else table
    path: set[Hashable] = set()
    stack: list[_Frame] = []
    try:
        return (yield from _depth_first(game, state, expand, budget, room, table, _tables_of(others), path,
                                        stack, roots, root_keys))
    finally:
        room.waiting -= sum(len(frame.kids) for frame in stack if frame.nodes is None)


def _depth_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                 table: dict[Hashable, None], skips: Known, path: set[Hashable], stack: list[_Frame],
                 roots: list[Child] | None,
                 root_keys: Callable[[Hashable], list[Hashable]] | None) -> Steps:
    """The loop of :func:`depth_first`; ``stack`` is the caller's, to count what it holds at the end."""
    known = (path, table, *skips)
    if roots is None:
        prefix, root = expand.normalize(state)
        if game.is_won(root):
            return WON, prefix
        root_key = expand.key(root)
        table[root_key] = None
        path.add(root_key)
        if not budget.take():
            return UNKNOWN, ()
        stack.append(_Frame(root_key, root, expand.children(root, known, closed=True)))
        room.waiting += len(stack[0].kids)
        handed = None
    else:
        handed = _Frame(_HANDED, None, roots, handed=True)  # entered by the other search: not skipped
        stack.append(handed)
    peak = 1
    slice_left = SLICE
    while stack:
        frame = stack[-1]
        if frame.index >= len(frame.kids):
            stack.pop()
            path.discard(frame.key)
            if frame is not handed:
                room.waiting -= len(frame.kids)
            continue
        index = frame.index
        moves, key = frame.kids[index]
        frame.index += 1
        if key in path or key in table or (frame is not handed and in_any(key, skips)):
            continue
        if frame.nodes is not None:
            child = frame.nodes[index]
            frame.nodes[index] = None  # searched from here on: let it go
        else:
            child = frame.state
            for move in moves:
                child = game.apply_legal(child, move)
        if game.is_won(child):
            budget.peak = max(budget.peak, peak)
            keys = [f.key for f in stack] + [key]
            if handed is not None and root_keys is not None:
                keys = root_keys(keys[1]) + keys[2:]
            return WON, line_through(game, expand, state, keys)
        if not budget.take():
            budget.peak = max(budget.peak, peak)
            return UNKNOWN, ()
        slice_left -= 1
        if not slice_left:
            slice_left = SLICE
            yield
        table[key] = None
        if len(table) > peak:
            peak = len(table)
        path.add(key)
        stack.append(_Frame(key, child, expand.children(child, known, closed=True)))
        room.waiting += len(stack[-1].kids)
        excess = len(table) - room.deep_room()  # (after the new frame's children are counted as waiting)
        if excess > 0:  # the oldest entries go (at least half, so this stays rare)
            for old in list(islice(table, max(excess, len(table) // 2))):
                del table[old]
    budget.peak = max(budget.peak, peak)
    return LOST, ()
