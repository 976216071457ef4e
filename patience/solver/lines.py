"""Tidying a winning line: cut out every stretch that comes back to a position already passed.

Depth-first search in particular finds lines that wander (cards moved around
and later back, or into another pile that is the same to the rules). A
stretch that leaves a position and comes back to it, or to a position with the
same canonical key (:mod:`.canonical`: the same position with interchangeable
piles in another order), does nothing for the win, so it is cut out; the
moves after it are relabelled to the piles they now refer to. The result is
replayed through the engine by the search like any other line.

The searches' tables keep only keys, so a won line is first found again from
its keys (:func:`line_through`).

>>> from patience import get_game
>>> from patience.rules import Move
>>> game = get_game("hamilton")
>>> line = [Move.parse(text) for text in "s c-f1 t1-t2 t2-t1 t1-t2".split()]
>>> [str(m) for m in without_loops(game, game.new(5), tuple(line))]
['s', 'c-f1', 't1-t2']
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping
from typing import TypeVar

from patience.rules import FOUNDATION, TABLEAU, Game, Move, State
from patience.solver.canonical import canonical_key
from patience.solver.expand import NO_MORE, Expander

S = TypeVar("S", bound=State)

Relabelling = dict[int, int]  # pile code in one position -> pile code of the same cards in another


def relabelling(before: State, after: State) -> Relabelling:
    """Pile codes of ``after`` mapped to the piles of ``before`` holding the same cards.

    The two positions must have the same canonical key, so their piles hold
    the same cards up to order. A pile keeps its own code when it can
    (Hamilton's piles that a deal still reaches always do); empty
    foundations, and piles equal to each other, pair up in order.

    >>> from patience import get_game
    >>> game = get_game("union-square")
    >>> state = game.new(3)
    >>> turned = state._replace(tableau=state.tableau[1:] + state.tableau[:1])
    >>> relabelling(state, turned)[TABLEAU + 15] == TABLEAU
    True
    """
    codes: Relabelling = {}
    codes.update(_pair_up(before.tableau, after.tableau, TABLEAU))
    codes.update(_pair_up(before.foundations, after.foundations, FOUNDATION))
    return codes


def _pair_up(before: tuple[tuple[int, ...], ...], after: tuple[tuple[int, ...], ...],
             base: int) -> Relabelling:
    free: dict[tuple[int, ...], list[int]] = {}
    for i, pile in enumerate(before):
        free.setdefault(pile, []).append(i)
    pairs: Relabelling = {}
    for i, pile in enumerate(after):  # first the piles that can keep their place
        places = free.get(pile)
        if places and i in places:
            places.remove(i)
            pairs[base + i] = base + i
    for i, pile in enumerate(after):
        if base + i not in pairs:
            places = free.get(pile)
            if not places:
                # Foundations of one suit differ in size only across keys, never here.
                raise ValueError("positions with the same key hold different piles")
            pairs[base + i] = base + places.pop(0)
    return pairs


def without_loops(game: Game[S], state: S, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """``line`` with every stretch that comes back to a position (up to symmetry) cut out."""
    seen: dict[Hashable, int] = {canonical_key(game, state): 0}
    positions: list[S] = [state]  # positions[n]: after the first n kept moves
    kept: list[Move] = []
    codes: Relabelling = {}  # a pile of the line's positions -> the same pile of ours
    for move in line:
        move = _relabelled(move, codes)
        state = game.apply_legal(state, move)
        key = canonical_key(game, state)
        earlier = seen.get(key)
        if earlier is None:
            kept.append(move)
            positions.append(state)
            seen[key] = len(kept)
            continue
        back = positions[earlier]
        step = relabelling(back, state)
        codes = _compose(codes, step)
        del kept[earlier:]
        del positions[earlier + 1:]
        seen = {k: n for k, n in seen.items() if n <= earlier}
        state = back
    return tuple(kept)


def _compose(codes: Relabelling, step: Relabelling) -> Relabelling:
    """The relabelling ``codes`` then ``step`` (a pile missing from one is left as it is)."""
    piles = set(codes) | set(step)
    return {pile: step.get(codes.get(pile, pile), codes.get(pile, pile)) for pile in piles}


WINDOW = 12  # how far ahead a shortcut is looked for
MAX_PASSES = 3


def shortened(game: Game[S], state: S, line: tuple[Move, ...],
              deadline: float | None = None) -> tuple[Move, ...]:
    """``line`` without its loops and without moves it can do without.

    After :func:`without_loops`, passes over the line try to drop one move, or
    a move and a later move that takes the same cards back (``t5-t8`` …
    ``t8-t5``), wherever the line then reaches, within :data:`WINDOW` moves,
    a position it passed anyway (up to symmetry). Each pass is linear in the
    line's length; passes repeat while they shorten it, and stop at
    ``deadline`` (a :func:`time.perf_counter` time), leaving the rest as it is.
    """
    line = without_loops(game, state, line)
    for _ in range(MAX_PASSES):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        shorter = _shortcut_pass(game, state, line, deadline)
        if len(shorter) == len(line):
            break
        line = without_loops(game, state, shorter)
    return merged(game, state, line)


def merged(game: Game[S], state: S, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """``line`` with moves from the same pile to the same pile joined into one group move
    wherever the rules allow that group move and it ends in the same position.

    The safe moves send Hamilton cards up one at a time; a player would move the group.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
    ...     "f=AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC;AD,2D,3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD;"
    ...     "AS,2S,3S,4S,5S,6S,7S,8S,9S,TS,JS,QS,KS;AH,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH "
    ...     "t=KH,QH;-;-;-;-;-;-")
    >>> [str(m) for m in merged(game, state, (Move.parse("t1-f4"), Move.parse("t1-f4")))]
    ['t1-f4x2']
    """
    kept: list[Move] = []
    before: list[S] = []  # before[n]: the position before kept[n]
    for move in line:
        after = game.apply_legal(state, move)
        if kept and kept[-1].src == move.src and kept[-1].dst == move.dst:
            group = Move(move.src, move.dst, kept[-1].count + move.count)
            start = before[-1]
            if game.is_legal(start, group) and game.apply_legal(start, group) == after:
                kept[-1] = group
                state = after
                continue
        kept.append(move)
        before.append(state)
        state = after
    return tuple(kept)


def _shortcut_pass(game: Game[S], state: S, line: tuple[Move, ...],
                   deadline: float | None = None) -> tuple[Move, ...]:
    """One linear pass of :func:`shortened` (loops aside)."""
    keys = [canonical_key(game, state)]  # keys[n]: after the line's first n moves
    after = state
    for move in line:
        after = game.apply_legal(after, move)
        keys.append(canonical_key(game, after))
    kept: list[Move] = []
    codes: Relabelling = {}  # a pile of the line's positions -> the same pile of ours
    i = 0
    while i < len(line):
        if deadline is not None and i % 64 == 0 and time.perf_counter() >= deadline:
            kept.extend(_relabelled(m, codes) for m in line[i:])
            break
        ahead = [_relabelled(m, codes) for m in line[i:i + WINDOW + 1]]
        found = _shortcut(game, state, ahead, keys[i + 1:])
        if found is None:
            kept.append(ahead[0])
            state = game.apply_legal(state, ahead[0])
            i += 1
            continue
        moves, reached, skipped = found
        kept.extend(moves)
        theirs = state
        for move in ahead[:skipped]:
            theirs = game.apply_legal(theirs, move)
        codes = _compose(codes, relabelling(reached, theirs))
        state = reached
        i += skipped
    return tuple(kept)


def _shortcut(game: Game[S], state: S, ahead: list[Move],
              keys: list[Hashable]) -> tuple[list[Move], S, int] | None:
    """Moves that do without ``ahead[0]`` (and maybe its reverse) and reach, after the line's
    first ``n`` moves of ``ahead``, the same key: ``(moves, position, n)``; or ``None``."""
    first = ahead[0]
    drops: list[frozenset[int]] = [frozenset((0,))]
    drops += [frozenset((0, j)) for j in range(1, len(ahead))
              if ahead[j] == Move(first.dst, first.src, first.count)]
    for drop in drops:
        moves: list[Move] = []
        position = state
        for t in range(1, len(ahead) + 1):  # after the line's moves ahead[0 .. t-1]
            if t - 1 not in drop:
                move = ahead[t - 1]
                if not game.is_legal(position, move):
                    break
                position = game.apply_legal(position, move)
                moves.append(move)
            if t - 1 >= max(drop) and canonical_key(game, position) == keys[t - 1]:
                return moves, position, t
    return None


def _relabelled(move: Move, codes: Relabelling) -> Move:
    return Move(codes.get(move.src, move.src), codes.get(move.dst, move.dst), move.count)


class SolverError(RuntimeError):
    """A line the search believed winning did not replay to a won position (a bug)."""



def keys_to(parents: Mapping[Hashable, Hashable | None], key: Hashable) -> list[Hashable]:
    """The keys of the positions from the root to ``key``, through ``parents``."""
    keys = [key]
    parent = parents[key]
    while parent is not None:
        keys.append(parent)
        parent = parents[parent]
    keys.reverse()
    return keys


def line_through(game: Game[S], expand: Expander[S], state: S, keys: list[Hashable]) -> tuple[Move, ...]:
    """The moves from ``state`` through the positions of ``keys`` (the first is the root's).

    The tables keep only keys (a position's parent, a path's positions), so a
    line is found again at the end: from each position, the child with the
    next key, among all the full game's children (a restricted game's are
    among them). A key names one class of positions, and positions of one
    class have children of the same classes, so the child is always there;
    the line is replayed by the search anyway.
    """
    full = expand if not expand.restricted else Expander(
        game, safe=expand.safe, symmetries=expand.symmetries, dead_ends=expand.dead_ends)
    prefix, node = full.normalize(state)
    if full.key(node) != keys[0]:
        raise SolverError("a winning line does not start at the root")
    line = list(prefix)
    for key in keys[1:]:
        node = step_to(full, node, key, line)
    return tuple(line)


def step_to(expand: Expander[S], node: S, key: Hashable, line: list[Move]) -> S:
    """The child of ``node`` with ``key``; its moves are added to ``line``."""
    first = 0
    while first != NO_MORE:
        kids, first = expand.batch(node, first, closed=True)
        for moves, child, child_key in kids:
            if child_key == key:
                line.extend(moves)
                found: S = child
                return found
    raise SolverError("a position of a winning line is not a child of the one before it")


def checked(game: Game[S], state: S, line: tuple[Move, ...], who: str = "") -> tuple[Move, ...]:
    """``line`` after replaying it with the engine's checks; raise :class:`SolverError` if it does not
    win. ``who`` names the search that found it, for the message.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> checked(game, game.new(1), (game.parse_move("s"),), "the compiled core's ")
    Traceback (most recent call last):
    ...
    patience.solver.lines.SolverError: the compiled core's winning line does not end in a won position
    """
    try:
        end = game.apply_all(state, line)
    except ValueError as exc:
        raise SolverError(f"{who}winning line does not replay: {exc}") from exc
    if not game.is_won(end):
        raise SolverError(f"{who}winning line does not end in a won position")
    return line
