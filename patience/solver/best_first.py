"""Greedy best-first search over canonical positions, and the tables it shares (see :mod:`.search`).

It always expands the most promising position met so far (:meth:`.Expander.value`), so it finds most
wins quickly; it keeps its frontier in memory, so it stops at its share of the table cap (:class:`.Room`),
and what it entered but did not expand can be handed to a depth-first search as roots.
"""

from __future__ import annotations

import heapq
from collections import ChainMap
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from patience.rules import Game, State
from patience.solver.budget import Budget
from patience.solver.expand import DEFER, LATER, NO_MORE, Expander, Known, in_any
from patience.solver.lines import keys_to, line_through
from patience.solver.result import LOST, UNKNOWN, WON
from patience.solver.room import Room
from patience.solver.steps import SLICE, Steps

S = TypeVar("S", bound=State)
Parents = dict[Hashable, Hashable | None]  # a position's key -> its parent's key (None: the root)
Frontier = tuple[float, int, int, int, Hashable, S]  # a best-first heap entry


@dataclass
class Tables(Generic[S]):
    """The positions the searches entered; what the streamliner gives best-first search (see
    ``search._cooperate``).

    ``lined`` is the streamliner's table and ``lined_heap`` its heap;
    ``pending`` the positions it expanded, with their values, for best-first
    search to complete with the moves the restricted game left out there, while
    ``streaming`` says the streamliner may add more.
    """

    best: Parents = field(default_factory=dict)
    deep: dict[Hashable, None] = field(default_factory=dict)
    lined: Parents = field(default_factory=dict)
    lined_heap: list[Frontier[S]] = field(default_factory=list)
    pending: list[tuple[float, Hashable, S]] = field(default_factory=list)
    streaming: bool = False


def streamliner(steps: Steps) -> Steps:
    """A search of a restricted game: its wins are wins; its ``lost`` only ends it (``unknown``)."""
    outcome, line = yield from steps
    return (UNKNOWN, ()) if outcome == LOST else (outcome, line)


def best_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
               parents: Parents | None = None, others: Mapping[Hashable, object] | None = None,
               heap: list[Frontier[S]] | None = None, completion: Tables[S] | None = None,
               lines: Mapping[Hashable, object] | None = None,
               expanded: list[tuple[float, Hashable, S]] | None = None, half: bool = False) -> Steps:
    """Greedy best-first search; ``unknown`` when the budget is spent or the table is full.

    A generator: it yields every :data:`SLICE` nodes and returns its answer.

    A heap entry is a position and the batch of its children still to build
    (a kit may build some children a few at a time, as stock macros, see
    :meth:`.Expander.batch`); an entry for a later batch goes back on the heap
    with a hopeful value, so every child is built before the heap runs dry.

    ``parents`` is the table to fill (so another search can see it),
    ``others`` the positions another search has entered, which this one skips,
    and ``heap`` the list to keep the heap in (so another search can take it
    over when the table is full; see :func:`.search._cooperate`). ``completion``'s
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
        return (yield from _best_first(game, state, expand, budget, room, parents, tables_of(others),
                                       root_key, root, heap, completion, lines, expanded, half))
    finally:
        room.running -= 1


def _best_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                parents: Parents, skips: Known, root_key: Hashable, root: S, heap: list[Frontier[S]] | None,
                completion: Tables[S] | None, lines: Mapping[Hashable, object] | None,
                expanded: list[tuple[float, Hashable, S]] | None, half: bool) -> Steps:
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


def tables_of(others: Mapping[Hashable, object] | None) -> Known:
    """The tables in ``others`` (a ChainMap's maps, looked up one by one: faster than the ChainMap)."""
    if others is None:
        return ()
    if isinstance(others, ChainMap):
        return tuple(others.maps)
    return (others,)
