"""The children of a position as the search sees them: ordered, deduplicated, closed under safe moves.

A child is ``(moves, state, key)``: the ordinary moves that lead to it (one
move, or for Union Square's stock several clicks then a waste move, plus the
safe moves played after it), the position reached and its canonical key.
Children with the same key are one child. Moves come from the engine's
``legal_moves``, or are checked with ``is_legal``, and are played with
``apply_legal``; pruning never touches the rules.

**Union Square's stock (partial-order reduction, macro moves).** Turning a
stock card changes nothing but the waste's top card, so a tableau move played
right after a click could have been played just before it, reaching the same
position. Every winning line can therefore be reordered, by swapping such
pairs, so that each click is followed by another click or by a move of the
waste's top card; and a line cannot end with a click (the card turned would
stay in the waste). So the search's moves are the tableau and waste moves,
plus for each ``k`` the macro "click ``k`` times, then move the new waste
card". The waste card's possible targets are found from the piles' tops (a
superset) and each is checked with the engine's ``is_legal``. Macros come in
batches of increasing ``k`` (:meth:`Expander.batch`), so best-first search
need not build the children that bury many cards in the waste until it wants
them.

>>> from patience import get_game
>>> game = get_game("union-square")
>>> kids = Expander(game).children(game.new(1))
>>> all(len(moves) >= 1 for moves, _state, _key in kids)
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Container, Hashable
from typing import Any, Final

from patience.cards import RANK, RED, SUIT
from patience.games.hamilton import IDX, NEXT_IN_SUIT, HamiltonState, run_length
from patience.games.union_square import UnionSquareState
from patience.rules import FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, WASTE, Game, Move
from patience.solver.canonical import hamilton_key, union_square_key
from patience.solver.safe_moves import hamilton_safe_move, one_card_tests, safe_closure

Child = tuple[tuple[Move, ...], Any, Hashable]
Known = tuple[Container[Hashable], ...]


def _weight(name: str, default: float) -> float:
    """A heuristic weight; ``PATIENCE_SOLVER_<NAME>`` in the environment overrides it (for tuning)."""
    return float(os.environ.get(f"PATIENCE_SOLVER_{name}", default))


W_UP: Final = _weight("W_UP", 3.0)
W_EMPTY: Final = _weight("W_EMPTY", 3.0)
W_ORDERED: Final = _weight("W_ORDERED", 1.0)
W_BLOCKED: Final = _weight("W_BLOCKED", 12.0)
W_STOCK: Final = _weight("W_STOCK", 0.5)
W_US_UP: Final = _weight("W_US_UP", 10.0)
W_US_EMPTY: Final = _weight("W_US_EMPTY", 1.0)
W_WASTE: Final = _weight("W_WASTE", 4.0)
W_US_STOCK: Final = _weight("W_US_STOCK", 0.5)
MACRO_BATCH: Final = int(_weight("MACRO_BATCH", 6))
LATER: Final = 1  # Hamilton's batch of the moves the restricted game leaves out (see Expander.batch)
# How much lower than the streamliner valued them best-first search ranks the positions it completes.
DEFER: Final = _weight("DEFER", 0.0)
US_TURN: Final = 13
US_FULL: Final = 26
ACE: Final = 1
KING: Final = 13
NO_MORE: Final = -1


class Expander:
    """Generates the ordered children of the positions of one game.

    ``safe`` turns the safe automatic moves on (the default) or off (for the
    tests that check them). ``order`` turns move ordering off when False.
    ``symmetries`` False keys positions by the engine's exact ``state.key()``
    instead of the canonical keys (for the checks that switch every pruning
    rule off). ``restricted`` gives only the moves of a smaller game (a *streamliner*,
    see :data:`RESTRICTED`): every line it finds is a line of the full game,
    so its wins are wins, but a search with it proves nothing lost.
    """

    def __init__(self, game: Game[Any], *, safe: bool = True, order: bool = True,
                 restricted: bool = False, symmetries: bool = True) -> None:
        if game.slug not in ("hamilton", "union-square"):
            raise ValueError(f"the solver does not know the game {game.slug!r}")
        self.game = game
        self.hamilton = game.slug == "hamilton"
        self.key: Callable[[Any], Hashable] = hamilton_key if self.hamilton else union_square_key
        if not symmetries:
            self.key = _exact_key
        self.symmetries = symmetries
        self.safe = safe
        self.order = order
        self.restricted = restricted
        self._pile_cache: PileCache = {}
        self._values: dict[Hashable, float] = {}  # values of the children built last
        #: whether the restricted game left out a move at the position expanded last (one that
        #: leads somewhere else than back to that position): only then has it a LATER batch
        self.left_out = False

    def value(self, state: Any, key: Hashable = None) -> float:
        """How promising a position looks (higher is better): orders children, drives best-first search.

        With the position's ``key``, a value computed while building the last children is reused.
        """
        if key is not None:
            known = self._values.get(key)
            if known is not None:
                return known
        if self.hamilton:
            return hamilton_value(state, self._pile_cache)
        return union_square_value(state)

    def normalize(self, state: Any) -> tuple[tuple[Move, ...], Any]:
        """The safe moves playable at the root, and the position after them."""
        if not self.safe:
            return (), state
        return safe_closure(self.game, state)

    def children(self, state: Any, known: Known = (), closed: bool = False) -> list[Child]:
        """Every child of ``state``, best first (when ordering is on), one per canonical key.

        Children whose key is in one of the ``known`` containers (positions a
        search has already entered) are left out before they are valued.
        ``closed`` says that ``state`` came from :meth:`normalize` or from
        this expander's children (so it is closed under the safe moves);
        otherwise that is checked. A child that is ``state`` itself (a card
        taken down from a foundation that goes straight back up) may be left out.
        """
        kids, _next = self._generate(state, 0, None, known, closed)
        return self._sorted(kids)

    def batch(self, state: Any, first: int, known: Known = (),
              closed: bool = False) -> tuple[list[Child], int]:
        """Some children: ``first`` 0 gives the ordinary moves and the first stock macros; the
        returned number is where the next batch starts (``NO_MORE`` when done). Hamilton
        has a single batch, or with ``first`` = :data:`LATER` only the children of the moves
        the restricted game leaves out (to complete a position the streamliner expanded).
        ``known`` and ``closed`` as for :meth:`children`."""
        last = None if self.hamilton else max(first, 1) + MACRO_BATCH - 1
        kids, following = self._generate(state, first, last, known, closed)
        return self._sorted(kids), following

    def _sorted(self, kids: list[tuple[float, Child]]) -> list[Child]:
        self._values = {kid[1][2]: kid[0] for kid in kids}
        if self.order:
            kids.sort(key=lambda kid: -kid[0])
        return [kid[1] for kid in kids]

    def _generate(self, state: Any, first: int, last: int | None,
                  known: Known, closed: bool) -> tuple[list[tuple[float, Child]], int]:
        if self.hamilton:
            return self._hamilton(state, known, closed, later=first == LATER), NO_MORE
        return self._union_square(state, first, last, known)

    def _finish(self, moves: tuple[Move, ...], child: Any) -> tuple[tuple[Move, ...], Any]:
        if self.safe:
            extra, child = safe_closure(self.game, child)
            if extra:
                moves = moves + extra
        return moves, child

    # --- Hamilton ------------------------------------------------------------
    def _hamilton(self, state: HamiltonState, known: Known, closed: bool,
                  later: bool = False) -> list[tuple[float, Child]]:
        """The children; with ``later``, only those of the moves the restricted game leaves out."""
        game = self.game
        seen: set[Hashable] = set()
        out: list[tuple[float, Child]] = []
        restricted = (self.restricted or later) and state.start != 0
        left_out = False
        idx = IDX[state.start]
        following = NEXT_IN_SUIT[state.start]
        # When the parent is closed under the safe moves, a move between piles leaves the
        # foundations alone and shows one new card (the one under the group), so only that card
        # can start a safe move: one test instead of the whole closure (same children). A card
        # of step >= 1 taken down from a foundation is the only one that may start a safe move
        # (see one_card_tests): then it goes straight back and the child is the parent.
        parent_closed = self.safe and state.start != 0 and (closed or hamilton_safe_move(state) is None)
        goes_up, comes_back = one_card_tests(state) if parent_closed else (None, None)
        tableau = state.tableau
        foundations = state.foundations
        for move in game.legal_moves(state):
            src = move.src
            down = foundations[src - FOUNDATION][-1] if FOUNDATION <= src < TABLEAU else -1
            stays_closed = False  # a card of step >= 1 taken down that stays down
            if comes_back is not None and down >= 0 and idx[down] != 0:
                if comes_back(down):
                    continue  # the card would go straight back up: the parent itself
                stays_closed = True
            if restricted and (down >= 0 or (
                    move.dst >= TABLEAU and move.count < run_length(tableau[src - TABLEAU], following))):
                if not later:
                    left_out = True
                    continue  # the streamliner's game: no card back from a foundation, no run split
            elif later:
                continue
            child = game.apply_legal(state, move)
            moves: tuple[Move, ...] = (move,)
            if goes_up is not None and src >= TABLEAU and move.dst >= TABLEAU:
                pile = tableau[src - TABLEAU]
                if len(pile) > move.count and goes_up(pile[-move.count - 1]):
                    moves, child = self._finish(moves, child)
            elif not stays_closed:
                moves, child = self._finish(moves, child)
            key = self.key(child)
            if key in seen or in_any(key, known):
                continue
            seen.add(key)
            out.append((hamilton_value(child, self._pile_cache), (moves, child, key)))
        self.left_out = left_out
        return out

    # --- Union Square ----------------------------------------------------------
    def _union_square(self, state: UnionSquareState, first: int, last: int | None,
                      known: Known) -> tuple[list[tuple[float, Child]], int]:
        game = self.game
        seen: set[Hashable] = set()
        out: list[tuple[float, Child]] = []

        def add(moves: tuple[Move, ...], child: UnionSquareState) -> None:
            moves, child = self._finish(moves, child)
            key = self.key(child)
            if key in seen or in_any(key, known):
                return
            seen.add(key)
            out.append((union_square_value(child), (moves, child, key)))

        if first == 0:
            for move in game.legal_moves(state):
                if move.src != STOCK:
                    add((move,), game.apply_legal(state, move))
        stock = state.stock
        first_k = max(first, 1)
        last_k = len(stock) if last is None else min(last, len(stock))
        if first_k > last_k:
            return out, NO_MORE
        targets, empty_target = waste_targets(state)
        turned = state
        clicks = 0
        legal: dict[tuple[int, int], bool] = {}  # a waste move's legality depends on the card only
        for k in range(first_k, last_k + 1):
            card = stock[k - 1]
            dsts = targets.get(card, ())
            if empty_target is not None:
                dsts = (*dsts, empty_target)
            if not dsts:
                continue
            while clicks < k:
                turned = game.apply_legal(turned, STOCK_MOVE)
                clicks += 1
            for dst in dsts:
                move = Move(WASTE, dst, 1)
                ok = legal.get((card, dst))
                if ok is None:
                    ok = legal[(card, dst)] = game.is_legal(turned, move)
                if ok:
                    add((STOCK_MOVE,) * k + (move,), game.apply_legal(turned, move))
        return out, (last_k + 1 if last_k < len(stock) else NO_MORE)


def in_any(key: Hashable, known: Known) -> bool:
    """Whether ``key`` is in one of the ``known`` containers."""
    for container in known:  # noqa: SIM110 (a loop is faster than any() over a generator here)
        if key in container:
            return True
    return False


def _exact_key(state: Any) -> Hashable:
    """The engine's exact key: no symmetry used."""
    key: Hashable = state.key()
    return key


def waste_targets(state: UnionSquareState) -> tuple[dict[int, tuple[int, ...]], int | None]:
    """Where each card might go from the waste (a superset the engine then checks), and an empty pile.

    A pile's top takes only its suit one rank up or down; each foundation takes
    one card; only the first empty pile and the first empty foundation are
    offered, since the others give the same canonical position.
    """
    targets: dict[int, list[int]] = {}
    empty_target: int | None = None
    for i, pile in enumerate(state.tableau):
        if not pile:
            if empty_target is None:
                empty_target = TABLEAU + i
            continue
        top = pile[-1]
        rank = RANK[top]
        if rank > ACE:
            targets.setdefault(top - 1, []).append(TABLEAU + i)
        if rank < KING:
            targets.setdefault(top + 1, []).append(TABLEAU + i)
    started = set()
    first_empty_foundation: int | None = None
    for j, foundation in enumerate(state.foundations):
        n = len(foundation)
        if n == 0:
            if first_empty_foundation is None:
                first_empty_foundation = FOUNDATION + j
            continue
        top = foundation[-1]
        started.add(SUIT[top])
        wanted = top + 1 if n < US_TURN else top if n == US_TURN else top - 1 if n < US_FULL else -1
        if wanted >= 0:
            targets.setdefault(wanted, []).append(FOUNDATION + j)
    if first_empty_foundation is not None:
        for suit in range(4):
            if suit not in started:
                targets.setdefault(suit * 13, []).append(first_empty_foundation)  # its Ace
    return {card: tuple(dsts) for card, dsts in targets.items()}, empty_target


PILE_CACHE_LIMIT: Final = 200_000


PileCache = dict[tuple[int, tuple[int, ...]], float]


def hamilton_value(state: HamiltonState, cache: PileCache | None = None) -> float:
    """Heuristic worth of a Hamilton position.

    Cards on the foundations and empty piles count for; cards resting on a
    card they may be built on count for (a same-suit one fully, a same-colour
    one half); most of all, a card lying above a card of its own suit that must
    reach the foundation before it ("blocked") counts against. ``cache`` keeps
    each pile's part (a move changes only one or two piles).
    """
    start = state.start
    if start == 0:
        return 0.0
    up = 0
    for foundation in state.foundations:
        up += len(foundation)
    empty = 0
    piles_value = 0.0
    for pile in state.tableau:
        if not pile:
            empty += 1
            continue
        if cache is None:
            piles_value += _pile_value(pile, start)
            continue
        part = cache.get((start, pile))
        if part is None:
            if len(cache) > PILE_CACHE_LIMIT:
                cache.clear()
            part = cache[(start, pile)] = _pile_value(pile, start)
        piles_value += part
    return W_UP * up + W_EMPTY * empty + piles_value - W_STOCK * len(state.stock)


def _pile_value(pile: tuple[int, ...], start: int) -> float:
    idx = IDX[start]
    lowest = [13, 13, 13, 13]  # lowest idx of each suit seen so far, from the bottom
    below = -1
    ordered = 0.0
    blocked = 0
    for card in pile:
        suit = SUIT[card]
        i = idx[card]
        if i > lowest[suit]:
            blocked += 1
        else:
            lowest[suit] = i
        if below >= 0 and idx[below] == i + 1 and RED[below] == RED[card]:
            ordered += 1.0 if SUIT[below] == suit else 0.5
        below = card
    return W_ORDERED * ordered - W_BLOCKED * blocked


def macro_bound(state: UnionSquareState, first: int) -> float:
    """A hopeful value for the children of the macros from ``first`` clicks on (for best-first)."""
    return union_square_value(state) + W_US_UP - (W_WASTE - W_US_STOCK) * (first - 1)


def union_square_value(state: UnionSquareState) -> float:
    """Heuristic worth of a Union Square position: cards up and empty piles for, waiting cards against."""
    up = 0
    for foundation in state.foundations:
        up += len(foundation)
    empty = 0
    for pile in state.tableau:
        if not pile:
            empty += 1
    return W_US_UP * up + W_US_EMPTY * empty - W_WASTE * len(state.waste) - W_US_STOCK * len(state.stock)
