"""Union Square's looser game: the tableau as counts of runs, whose losses prove the real game lost.

It keeps the stock, the waste and the foundations exactly and forgets how the tableau's cards lie
(:func:`relaxed_search`); every real move is a move of it, so when it has no win the real position is
lost. The dead-waste bound (:meth:`_Loose.dead_waste`, :func:`suit_need`) cuts positions where some
waste card can never leave. The arguments are in ``docs/solver.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterator, Sequence
from operator import add
from typing import Final

from patience.cards import RANK, SUIT
from patience.games.union_square.rules import FOUNDATION_TURN, FULL_FOUNDATION, UnionSquareState
from patience.games.union_square.run_counts import (
    SLICE,
    Answer,
    added_runs,
    foundation_sizes,
    piles_are_runs,
    rank_counts,
    suit_runs,
)
from patience.solver.result import LOST, UNKNOWN, WON

INFINITE: Final = 1 << 20


def relaxed_search(state: UnionSquareState, take: Callable[[], bool], prune: bool = True,
                   lost: dict[Hashable, None] | None = None) -> Generator[None, None, Answer]:
    """Exhaust a looser game whose losses are losses: ``lost`` here proves the position lost.

    The looser game keeps the stock, the waste and the foundations exactly and
    forgets how the tableau's cards lie: any of them may go to its foundation,
    and a card may join them, as long as they still fit in as many runs as there are piles
    (:func:`fewest_runs`). Every real move is a move of this game (a real
    tableau is 16 runs or fewer, and tableau-to-tableau moves change nothing
    here), so a real win is a win here: when this game has none, the position
    is lost. The search clicks only when the next move is the waste's card
    (as :func:`run_search`) and plays the safe move of ``search.py``
    alone (its argument holds here: the cards it sends up are the highest of
    their suit left, and cutting the top off a suit never adds a run). In the
    first half of a foundation two more moves are played alone (arguments in
    ``docs/solver.md``, "The looser game's first half"): the wanted card from
    the tableau, and the wanted card from the waste when its other copy lies
    lower in the waste. ``prune=False`` switches all of them off (for the
    with/without tests). Yields every
    :data:`SLICE` positions; returns ``won`` (which proves nothing), ``lost``
    or ``unknown`` (the budget is spent, or a pile is not a run), each with no
    moves.

    ``lost`` holds positions of this looser game proven lost by earlier searches of positions of
    the same deal (its keys name the stock by its length): they are skipped, and the positions this
    search has finished join them, whatever its answer (the looser game's moves never return to a
    position, so a finished position is lost: see :func:`_finished`). A search stopped for its
    budget, or closed, thus leaves its work to the next one.
    """
    if not piles_are_runs(state):
        return UNKNOWN, ()
    loose = _Loose(state, prune)
    root = loose.key(False)
    if lost is not None and root in lost:
        return LOST, ()
    seen: dict[Hashable, None] = {root: None}
    skip: dict[Hashable, None] = {} if lost is None else lost
    if loose.won():
        return WON, ()
    stack: list[tuple[list[_LooseMove], _LooseMove | None, Hashable]] = [(loose.moves(False), None, root)]
    count = 0
    entering: Hashable = None  # a position entered and not yet on the stack (unfinished)
    try:
        while stack:
            moves, played, _key = stack[-1]
            if not moves:
                stack.pop()
                if played is not None:
                    loose.undo(played)
                continue
            move = moves.pop()
            loose.play(move)
            clicked = prune and move[0] == _CLICK
            key = loose.key(clicked)
            if key in seen or key in skip:
                loose.undo(move)
                continue
            seen[key] = None
            entering = key
            if loose.won():
                return WON, ()
            if not take():
                return UNKNOWN, ()
            count += 1
            if count % SLICE == 0:
                yield
            if prune and move[0] == _CLICK and loose.waste_stuck():
                stack.append(([], move, key))  # lost: nothing to try here
            else:
                stack.append((loose.moves(clicked), move, key))
            entering = None
    finally:
        if lost is not None:
            lost.update(dict.fromkeys(_finished(seen, stack, entering)))
    return LOST, ()


def _finished(seen: dict[Hashable, None], stack: Sequence[tuple[object, object, Hashable]],
              entering: Hashable) -> Iterator[Hashable]:
    """The positions of ``seen`` the search has finished: all but those on its path and the one it
    was entering.

    Each move of the looser game turns a card, or puts one up, or puts the waste's card down (the
    waste shrinks with the stock and the foundations unchanged), so no position is reached again
    from itself: the graph has no cycle. A finished position had every child either finished
    before, proven lost before, or skipped as seen, and a seen child is finished (the unfinished
    ones are its ancestors, which it cannot reach); none of them won, so it is lost.
    """
    unfinished = {key for _moves, _played, key in stack}
    unfinished.add(entering)
    return (key for key in seen if key not in unfinished)


_WASTE_UP, _TABLEAU_UP, _WASTE_DOWN, _CLICK = range(4)
_LooseMove = tuple[int, int, int]  # kind, card, change in the number of runs


class _Loose:
    """The looser game of :func:`relaxed_search`: stock, waste, foundations, and the tableau's counts."""

    def __init__(self, state: UnionSquareState, prune: bool) -> None:
        self.prune = prune
        self.counts = rank_counts(state.tableau)
        self.runs = sum(suit_runs(c) for c in self.counts)
        self.room = len(state.tableau)
        self.sizes = list(foundation_sizes(state))
        self.stock = state.stock
        self.turned = 0
        self.waste = list(state.waste)
        self.stock_counts = [[0] * 15 for _ in range(4)]  # the cards not yet turned
        for card in self.stock:
            self.stock_counts[SUIT[card]][RANK[card]] += 1

    def key(self, clicked: bool) -> bytes:
        """The stock (by the cards left in it: within one deal that names it), the foundations'
        sizes, whether a click came last, then the waste; the tableau's cards are the others. (One
        ``bytes``: small to keep, as a review keeps millions of them.)"""
        sizes = self.sizes
        head = (len(self.stock) - self.turned, sizes[0], sizes[1], sizes[2], sizes[3], clicked)
        return bytes(head) + bytes(self.waste)

    def won(self) -> bool:
        return not self.runs and not self.waste and self.turned == len(self.stock)

    def _wanted_rank(self, suit: int) -> int:
        n = self.sizes[suit]
        return n + 1 if n < FOUNDATION_TURN else 13 if n == FOUNDATION_TURN else FULL_FOUNDATION - n

    def moves(self, clicked: bool) -> list[_LooseMove]:
        """The moves to try, the first to try last (they are popped)."""
        out: list[_LooseMove] = []
        waste, sizes, counts = self.waste, self.sizes, self.counts
        if waste:
            card = waste[-1]
            suit = SUIT[card]
            if sizes[suit] < FULL_FOUNDATION and RANK[card] == self._wanted_rank(suit):
                # safe in the second half (search.py), and in the first when the card's other copy
                # lies lower in the waste (docs/solver.md, "The looser game's first half")
                if self.prune and (sizes[suit] >= FOUNDATION_TURN or waste.index(card) < len(waste) - 1):
                    return [(_WASTE_UP, card, 0)]
                out.append((_WASTE_UP, card, 0))
        if not clicked:
            for suit in range(4):
                if sizes[suit] >= FULL_FOUNDATION:
                    continue
                rank = self._wanted_rank(suit)
                if not counts[suit][rank]:
                    continue
                change = added_runs(counts[suit], rank, -1)
                if self.runs + change > self.room:
                    continue
                if self.prune:  # safe in both halves (search.py, and docs/solver.md)
                    return [(_TABLEAU_UP, suit * 13 + rank - 1, change)]
                out.append((_TABLEAU_UP, suit * 13 + rank - 1, change))
        if waste:
            card = waste[-1]
            change = added_runs(counts[SUIT[card]], RANK[card], 1)
            if self.runs + change <= self.room:
                out.append((_WASTE_DOWN, card, change))
        if self.turned < len(self.stock):
            out.append((_CLICK, self.stock[self.turned], 0))
        out.reverse()
        return out

    def play(self, move: _LooseMove) -> None:
        kind, card, change = move
        if kind == _CLICK:
            self.waste.append(card)
            self.turned += 1
            self.stock_counts[SUIT[card]][RANK[card]] -= 1
            return
        if kind == _WASTE_UP:
            self.waste.pop()
            self.sizes[SUIT[card]] += 1
        elif kind == _TABLEAU_UP:
            self.counts[SUIT[card]][RANK[card]] -= 1
            self.runs += change
            self.sizes[SUIT[card]] += 1
        else:
            self.waste.pop()
            self.counts[SUIT[card]][RANK[card]] += 1
            self.runs += change

    def undo(self, move: _LooseMove) -> None:
        kind, card, change = move
        if kind == _CLICK:
            self.waste.pop()
            self.turned -= 1
            self.stock_counts[SUIT[card]][RANK[card]] += 1
            return
        if kind == _WASTE_UP:
            self.sizes[SUIT[card]] -= 1
            self.waste.append(card)
        elif kind == _TABLEAU_UP:
            self.sizes[SUIT[card]] -= 1
            self.runs -= change
            self.counts[SUIT[card]][RANK[card]] += 1
        else:
            self.runs -= change
            self.counts[SUIT[card]][RANK[card]] -= 1
            self.waste.append(card)

    def waste_stuck(self) -> bool:
        """Whether some waste card can never leave the waste (then the position is lost)."""
        return self.dead_waste() is not None

    def dead_waste(self) -> tuple[int, tuple[int, ...]] | None:
        """The highest waste card that never leaves (its waste index) and the runs each suit needs; or None.

        For a waste card ``x`` to leave, every card above it must leave first,
        each to its foundation or to the tableau, and a card goes up only when
        all cards before it in its foundation's order do. Walk each suit's
        foundation on as far as copies outside ``x`` and the cards under it
        allow; the cards above ``x`` and in the tableau that the walk does not
        use can only be in the tableau when ``x`` leaves. With the cards the
        walk uses and the stock's cards added at best (they may join runs),
        they still need more runs than there are piles: ``x`` never leaves.
        """
        waste, room = self.waste, self.room
        size = len(waste)
        free = room - self.runs  # cards above x that fit as new runs: no x before them can be stuck
        first = size - free - 2  # the highest x with more than ``free`` cards above it
        if first < 0:
            return None  # the tableau and every waste card fit even as single runs
        kept = [bytearray(counts) for counts in self.counts]  # the tableau's cards and those above x
        for card in waste[first + 1:]:
            kept[SUIT[card]][RANK[card]] += 1
        heads = [self._head(suit) for suit in range(4)]
        need = [_needed(heads[suit], kept[suit]) for suit in range(4)]
        total = sum(need)
        for i in range(first, -1, -1):  # x = waste[i]
            if total > room:
                return i, tuple(need)
            if not i:
                break
            card = waste[i]  # the next x lies under it: it joins the cards above x
            suit = SUIT[card]
            kept[suit][RANK[card]] += 1
            runs = _needed(heads[suit], kept[suit])
            total += runs - need[suit]
            need[suit] = runs
        return None

    def _suit_need(self, suit: int, above: list[int]) -> int:
        """Fewest runs one suit's cards force on the tableau while the cards ``above`` x must leave
        before x (:func:`suit_need`, remembered)."""
        kept = bytearray(map(add, self.counts[suit], above))  # can leave the tableau only by going up
        return _needed(self._head(suit), kept)

    def _head(self, suit: int) -> bytes:
        """What :func:`_needed` takes of one suit besides the tableau: its foundation's size, then
        its cards left in the stock by rank."""
        return bytes((self.sizes[suit],)) + bytes(self.stock_counts[suit])


def _needed(head: bytes, kept: bytearray) -> int:
    """:func:`suit_need` for the foundation's size and the stock's counts in ``head`` and the
    tableau's counts ``kept``, remembered in ``_NEEDS``."""
    key = head + kept
    need = _NEEDS.get(key)
    if need is None:
        if len(_NEEDS) >= NEEDS_CAP:
            _NEEDS.clear()
        need = _NEEDS[key] = suit_need(head[0], bytes(kept), head[1:])
    return need


#: :func:`suit_need`'s answers by its arguments (it is called again and again with the same ones).
_NEEDS: dict[bytes, int] = {}
NEEDS_CAP: Final = 1 << 18


def suit_need(size: int, tableau: bytes, stock: bytes) -> int:
    """Fewest runs one suit's cards force on the tableau: ``tableau[r]`` cards of rank ``r`` can leave
    it only by going up, ``stock[r]`` may be turned and join it or go up, and its foundation holds
    ``size`` cards.

    >>> suit_need(0, bytes([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]), bytes(15))  # A goes up
    1
    """
    kept = list(tableau)
    spare = list(stock)  # may be turned and join the tableau, or go up
    used = [0] * 15  # went up in the walk: in the tableau or not, as suits best
    n = size
    while n < FULL_FOUNDATION:
        rank = n + 1 if n < FOUNDATION_TURN else 13 if n == FOUNDATION_TURN else FULL_FOUNDATION - n
        if kept[rank]:
            kept[rank] -= 1
        elif spare[rank]:
            spare[rank] -= 1
        else:
            break
        used[rank] += 1
        n += 1
    # the fewest runs of kept + some of the rest: each rank's count in [kept, kept + spare + used]
    cost = (0, INFINITE, INFINITE)  # fewest runs so far, by the count of the last rank (0, 1, 2)
    for rank in range(1, 14):
        low = kept[rank]
        high = min(2, low + spare[rank] + used[rank])
        c0, c1, c2 = cost
        cost = (min(c0, c1, c2) if low == 0 else INFINITE,
                min(c0 + 1, c1, c2) if low <= 1 <= high else INFINITE,
                min(c0 + 2, c1 + 1, c2) if high == 2 else INFINITE)
    return min(cost)
