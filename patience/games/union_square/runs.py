"""Union Square's tableau seen as runs: the fewest piles its cards need, and a search on that view.

Every Union Square pile is a *run*: one suit, consecutive ranks, rising or
falling (a pile starts as one card and takes only its suit one rank on, in
its direction). So what the tableau can hold depends on its cards alone: the
fewest runs a multiset of cards splits into (:func:`fewest_runs`) must not
exceed the 16 piles. And a tableau-to-tableau move can always be undone (the
card goes back where it came from, which still takes it), so the positions
that differ only by such moves are one class, all reachable from each other.
When some arrangement has an empty pile, the class holds *every* arrangement
of those cards with an empty pile (the argument is in ``docs/solver.md``):
with one free pile a run can be turned round, split, joined to the next run
of its suit, or two runs of one suit can swap their tails. So a position
with an empty pile is fixed, for the rest of the game, by its stock, its
waste and its foundations alone; its tableau is whatever cards are left.

:func:`run_search` searches that smaller graph: its positions keep every
suit in as few piles as possible, and each of its moves is one card from
the waste or to a foundation, carried out on the real tableau by a few
tableau moves that a small breadth-first search finds (:func:`regroup`).
Every move it makes is an ordinary move checked by the engine, so its wins
are wins of the full game. It keeps one empty pile at every position it
enters, so two of its positions with the same key are in one class.

The count itself is in :mod:`.run_counts`, the looser game whose losses are proofs
(:func:`relaxed_search`) in :mod:`.loose`; their names are importable from here too.

>>> from patience import get_game
>>> game = get_game("union-square")
>>> state = game.new(1)
>>> fewest_runs(state.tableau) <= 16
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterator
from typing import Final

from patience.cards import RANK, SUIT
from patience.games.union_square.loose import (
    _CLICK,
    _TABLEAU_UP,
    _WASTE_DOWN,
    _WASTE_UP,
    INFINITE,
    NEEDS_CAP,
    _finished,
    _Loose,
    _LooseMove,
    _needed,
    relaxed_search,
    suit_need,
)
from patience.games.union_square.rules import FOUNDATION_TURN, UnionSquareState, fits_tableau
from patience.games.union_square.run_counts import (
    SLICE,
    Answer,
    Counts,
    added_runs,
    fewest_runs,
    foundation_of,
    foundation_sizes,
    piles_are_runs,
    rank_counts,
    suit_runs,
    wanted_card,
)
from patience.rules import FOUNDATION, STOCK_MOVE, TABLEAU, WASTE, Game, Move
from patience.solver.result import LOST, UNKNOWN, WON

__all__ = [  # the looser game and the counts live in loose.py and run_counts.py; their names stay here
    "INFINITE", "NEEDS_CAP", "REGROUP_LIMIT", "SLICE", "SPARE_PILES", "_CLICK", "_TABLEAU_UP", "_WASTE_DOWN",
    "_WASTE_UP", "Answer", "Counts", "_Loose", "_LooseMove", "_finished", "_needed", "added_runs",
    "fewest_runs", "foundation_of", "piles_are_runs", "rank_counts", "regroup", "relaxed_search",
    "run_search", "suit_need", "suit_runs", "wanted_card",
]

REGROUP_LIMIT: Final = 4_000  # arrangements a regrouping may try before it gives up
SPARE_PILES: Final = 2  # empty piles a regrouping may use


Piles = tuple[tuple[int, ...], ...]


def regroup(state: UnionSquareState, suit: int, take: int | None = None,
            put: int | None = None, limit: int = REGROUP_LIMIT) -> tuple[Move, ...] | None:
    """Tableau moves among one suit's piles (and up to two empty ones): one task, then fewest runs.

    ``take``: that card goes from a pile to its foundation on the way;
    ``put``: the waste's top card goes onto one of these piles on the way;
    neither: only regroup. Returns the moves (checked later by the engine),
    or ``None`` when none are found within ``limit`` arrangements.
    """
    tableau = state.tableau
    piles = [i for i, pile in enumerate(tableau) if pile and SUIT[pile[0]] == suit]
    piles += [i for i, pile in enumerate(tableau) if not pile][:SPARE_PILES]
    counts = rank_counts(tableau)[suit]
    card = take if take is not None else put
    if card is not None:
        counts[RANK[card]] += -1 if take is not None else 1
    target = suit_runs(counts)
    to_foundation = None
    if take is not None:
        to_foundation = foundation_of(state, take)
        if to_foundation is None:
            return None
    start: Piles = tuple(tableau[i] for i in piles)
    done_at_start = card is None
    parent: dict[tuple[Piles, bool], tuple[tuple[Piles, bool], Move] | None] = {
        (tuple(sorted(start)), done_at_start): None}
    queue: deque[tuple[Piles, bool, tuple[Piles, bool]]] = deque(
        [(start, done_at_start, (tuple(sorted(start)), done_at_start))])
    while queue:
        here, done, key = queue.popleft()
        if done and sum(1 for p in here if p) == target:
            moves: list[Move] = []
            step = parent[key]
            while step is not None:
                key, move = step
                moves.append(move)
                step = parent[key]
            return tuple(reversed(moves))
        nexts: list[tuple[Piles, bool, Move]] = []
        for a, pile in enumerate(here):
            if not pile:
                continue
            top = pile[-1]
            if not done and top == take:
                after = list(here)
                after[a] = pile[:-1]
                assert to_foundation is not None
                nexts.append((tuple(after), True, Move(TABLEAU + piles[a], FOUNDATION + to_foundation, 1)))
            for b, other in enumerate(here):
                if b == a or (not other and len(pile) == 1) or not fits_tableau(top, other):
                    continue
                after = list(here)
                after[a], after[b] = pile[:-1], other + (top,)
                nexts.append((tuple(after), done, Move(TABLEAU + piles[a], TABLEAU + piles[b], 1)))
        if not done and put is not None:
            for b, other in enumerate(here):
                if fits_tableau(put, other):
                    after = list(here)
                    after[b] = other + (put,)
                    nexts.append((tuple(after), True, Move(WASTE, TABLEAU + piles[b], 1)))
        for after_piles, after_done, move in nexts:
            after_key = (tuple(sorted(after_piles)), after_done)
            if after_key in parent:
                continue
            if len(parent) >= limit:
                return None
            parent[after_key] = (key, move)
            queue.append((after_piles, after_done, after_key))
    return None



Child = tuple[tuple[Move, ...], UnionSquareState, bool]


def run_search(game: Game[UnionSquareState], state: UnionSquareState, take: Callable[[], bool],
               spare: int = 1) -> Generator[None, None, Answer]:
    """Depth-first search over positions whose suits lie in fewest runs, with ``spare`` piles left empty.

    Yields every :data:`SLICE` positions; ``take()`` counts a position and
    says whether the budget allows it. Returns ``(won, line)`` (a line of
    ordinary moves, not yet replayed), ``(unknown, ())`` when the budget is
    spent, or ``(lost, ())`` when its graph is exhausted, which proves
    nothing about the full game (it only looked at part of it).
    """
    room = len(state.tableau) - spare
    line: list[Move] = []
    for suit in range(4):
        moves = regroup(state, suit)
        if moves is None:
            return UNKNOWN, ()
        state = game.apply_all(state, moves)
        line.extend(moves)
    seen: set[tuple[object, ...]] = set()
    stack: list[Iterator[Child]] = [_children(game, state, False, room)]
    done: list[tuple[Move, ...]] = []  # the moves that led to each position on the stack but the root
    count = 0
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            if done:
                done.pop()
            continue
        moves, after, clicked = child
        key = (len(after.stock), after.waste, foundation_sizes(after), clicked)
        if key in seen:
            continue
        seen.add(key)
        if game.is_won(after):
            return WON, (*line, *(m for ms in done for m in ms), *moves)
        if not take():
            return UNKNOWN, ()
        count += 1
        if count % SLICE == 0:
            yield
        done.append(moves)
        stack.append(_children(game, after, clicked, room))
    return LOST, ()



def _children(game: Game[UnionSquareState], state: UnionSquareState, clicked: bool,
              room: int) -> Iterator[Child]:
    """The search's moves: a card up (first), the waste's card to the tableau, a click.

    After a click only the waste's card or another click may follow (any other
    move could have come before the click). A card that fits a foundation
    holding 13 or more cards is the only move when there is one (the safe
    move of ``search.py``; the tableau moves that bring it to the top of
    its pile keep the position's class).
    """
    waste = state.waste
    if waste:
        j = foundation_of(state, waste[-1])
        if j is not None:
            move = Move(WASTE, FOUNDATION + j, 1)
            yield (move,), game.apply_legal(state, move), False
            if len(state.foundations[j]) >= FOUNDATION_TURN:
                return
    counts = rank_counts(state.tableau)
    runs = sum(1 for pile in state.tableau if pile)
    if not clicked:
        by_suit = {SUIT[f[0]]: f for f in state.foundations if f}
        for suit in range(4):
            foundation = by_suit.get(suit, ())
            card = wanted_card(foundation, suit)
            if card is None or not counts[suit][RANK[card]]:
                continue
            change = added_runs(counts[suit], RANK[card], -1)
            if change > 0 and runs + change > room:
                continue
            moves = regroup(state, suit, take=card)
            if moves is not None:
                yield moves, game.apply_all(state, moves), False
                if len(foundation) >= FOUNDATION_TURN:
                    return
    if waste:
        card = waste[-1]
        change = added_runs(counts[SUIT[card]], RANK[card], 1)
        if runs + change <= room:
            moves = regroup(state, SUIT[card], put=card)
            if moves is not None:
                yield moves, game.apply_all(state, moves), False
    if state.stock:
        yield (STOCK_MOVE,), game.apply_legal(state, STOCK_MOVE), True
