"""Depth-first search with its path and a bounded table (see :mod:`.search`).

It keeps only the current path (so it never loops: cards come back from foundations and shuttle
between piles) and a table that may forget: when the table passes its room (:class:`.Room`) its oldest
entries go, which costs work (a dropped position may be entered again), never the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from itertools import islice
from typing import Final, Generic, TypeVar

from patience.rules import Game, State
from patience.solver.best_first import tables_of
from patience.solver.budget import Budget
from patience.solver.expand import Child, Expander, Known, in_any
from patience.solver.lines import line_through
from patience.solver.result import LOST, UNKNOWN, WON
from patience.solver.room import Room
from patience.solver.steps import SLICE, Steps

S = TypeVar("S", bound=State)
_HANDED: Final = ("positions handed over",)  # the key of the frame that holds handed-over roots



class _Frame(Generic[S]):
    """A position on a depth-first path and its children as moves and keys (a path may be thousands
    long: a child's position is rebuilt when entered); handed-over roots keep theirs (``nodes``)."""

    __slots__ = ("index", "key", "kids", "nodes", "state")

    def __init__(self, key: Hashable, state: S | None, children: list[Child[S]],
                 handed: bool = False) -> None:
        self.key = key
        self.state = state
        self.kids = [(moves, child_key) for moves, _child, child_key in children]
        self.nodes: list[S | None] | None = [child for _moves, child, _key in children] if handed else None
        self.index = 0



def depth_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                table: dict[Hashable, None] | None = None,
                others: Mapping[Hashable, object] | None = None,
                roots: list[Child[S]] | None = None,
                root_keys: Callable[[Hashable], list[Hashable]] | None = None) -> Steps:
    """Depth-first search with the path and a bounded table; ``unknown`` when the budget is spent.

    A generator: it yields every :data:`SLICE` nodes and returns its answer.
    ``table`` is the table to fill (so another search can see it; its oldest
    entries are dropped in place when ``room`` says it is full) and ``others``
    the positions another search has entered, which this one skips (see
    :func:`.search._cooperate`). With ``roots`` (children with no moves: positions
    another search entered and did not expand) it searches below them
    instead of ``state``; ``root_keys(key)`` gives the keys from the root to a root (for a win).
    """
    table = {} if table is None else table
    path: set[Hashable] = set()
    stack: list[_Frame[S]] = []
    try:
        return (yield from _depth_first(game, state, expand, budget, room, table, tables_of(others), path,
                                        stack, roots, root_keys))
    finally:
        room.waiting -= sum(len(frame.kids) for frame in stack if frame.nodes is None)


def _depth_first(game: Game[S], state: S, expand: Expander[S], budget: Budget, room: Room,
                 table: dict[Hashable, None], skips: Known, path: set[Hashable], stack: list[_Frame[S]],
                 roots: list[Child[S]] | None,
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
            node = frame.nodes[index]
            assert node is not None  # each handed root is entered once
            child = node
            frame.nodes[index] = None  # searched from here on: let it go
        else:
            assert frame.state is not None  # only the handed roots' frame has no position, and it keeps them
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
