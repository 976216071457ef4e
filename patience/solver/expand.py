"""The children of a position as the search sees them: ordered, deduplicated, closed under safe moves.

A child is ``(moves, state, key)``: the ordinary moves that lead to it (one
move, or a game's macro move such as Union Square's stock clicks then a waste
move, plus the safe moves played after it), the position reached and its
canonical key. Children with the same key are one child. Moves come from the
engine's ``legal_moves``, or are checked with ``is_legal``, and are played
with ``apply_legal``; pruning never touches the rules. What is particular to
a game (its keys, safe moves, values and macro moves) comes from its
search knowledge (:class:`patience.solver.api.Search`, a kit's ``search``).

>>> from patience import get_game
>>> game = get_game("union-square")
>>> kids = Expander(game).children(game.new(1))
>>> all(len(moves) >= 1 for moves, _state, _key in kids)
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Final, Generic, TypeVar

from patience.rules import Game, Move, State
from patience.solver.api import (
    LATER,
    NO_MORE,
    Child,
    KitCache,
    Known,
    Search,
    in_any,
    safe_closure,
    search_of,
)
from patience.solver.tuning import weight

__all__ = ["LATER", "NO_MORE", "Child", "Expander", "Known", "in_any", "safe_closure"]

S = TypeVar("S", bound=State)


# How much lower than the streamliner valued them best-first search ranks the positions it completes.
DEFER: Final = weight("DEFER", 0.0)


class Expander(Generic[S]):
    """Generates the ordered children of the positions of one game.

    ``safe`` turns the safe automatic moves on (the default) or off (for the
    tests that check them). ``order`` turns move ordering off when False.
    ``symmetries`` False keys positions by the engine's exact ``state.key()``
    instead of the canonical keys (for the checks that switch every pruning
    rule off). ``dead_ends`` False turns off a game's dead-end tests (positions proven lost
    without a search, e.g. Hamilton's pinned piles). ``restricted`` gives only the moves of a
    smaller game (a *streamliner*, a game whose kit has ``streamliner``): every line it finds
    is a line of the full game, so its wins are wins, but a search with it proves nothing lost.
    ``search`` is the game's search knowledge (by default the one registered for the game).
    """

    def __init__(self, game: Game[S], *, safe: bool = True, order: bool = True,
                 restricted: bool = False, symmetries: bool = True, dead_ends: bool = True,
                 search: Search[S] | None = None) -> None:
        self.game = game
        self.search: Search[S] = search_of(game) if search is None else search
        self.key: Callable[[S], Hashable] = self.search.key
        if not symmetries:
            self.key = _exact_key
        self.symmetries = symmetries
        self.dead_ends = dead_ends
        self.safe = safe
        self.order = order
        self.restricted = restricted
        self.cache: KitCache = {}  # the kit's own, for its values (e.g. parts of them)
        self._values: dict[Hashable, float] = {}  # values of the children built last
        #: whether the restricted game left out a move at the position expanded last (one that
        #: leads somewhere else than back to that position): only then has it a LATER batch
        self.left_out = False

    def value(self, state: S, key: Hashable = None) -> float:
        """How promising a position looks (higher is better): orders children, drives best-first search.

        With the position's ``key``, a value computed while building the last children is reused.
        """
        if key is not None:
            known = self._values.get(key)
            if known is not None:
                return known
        return self.search.value(self.game, state, self.cache)

    def normalize(self, state: S) -> tuple[tuple[Move, ...], S]:
        """The safe moves playable at the root, and the position after them."""
        if not self.safe:
            return (), state
        return safe_closure(self.game, state, self.search.safe_move)

    def children(self, state: S, known: Known = (), closed: bool = False) -> list[Child[S]]:
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

    def batch(self, state: S, first: int, known: Known = (),
              closed: bool = False) -> tuple[list[Child[S]], int]:
        """Some children: ``first`` 0 gives the ordinary moves and the first stock macros; the
        returned number is where the next batch starts (``NO_MORE`` when done). The kit says
        how batches end (:meth:`~patience.solver.api.Search.batch_end`); with a streamliner, ``first`` =
        :data:`LATER` gives only the children of the moves the restricted game leaves out (to
        complete a position the streamliner expanded).
        ``known`` and ``closed`` as for :meth:`children`."""
        last = self.search.batch_end(first)
        kids, following = self._generate(state, first, last, known, closed)
        return self._sorted(kids), following

    def _sorted(self, kids: list[tuple[float, Child[S]]]) -> list[Child[S]]:
        self._values = {kid[1][2]: kid[0] for kid in kids}
        if self.order:  # highest value first; equal values keep their order (the sort is stable)
            kids.sort(key=itemgetter(0), reverse=True)
        return [kid[1] for kid in kids]

    def _generate(self, state: S, first: int, last: int | None,
                  known: Known, closed: bool) -> tuple[list[tuple[float, Child[S]]], int]:
        return self.search.children(self, state, first, last, known, closed)

    def finish(self, moves: tuple[Move, ...], child: S) -> tuple[tuple[Move, ...], S]:
        """``moves`` and ``child`` followed by the safe moves from ``child`` (when they are on)."""
        if self.safe:
            extra, child = safe_closure(self.game, child, self.search.safe_move)
            if extra:
                moves = moves + extra
        return moves, child

    def plain_children(self, state: S, known: Known) -> list[tuple[float, Child[S]]]:
        """Every legal move's child, valued, one per key (a game with no macro moves)."""
        game = self.game
        seen: set[Hashable] = set()
        out: list[tuple[float, Child[S]]] = []
        for move in game.legal_moves(state):
            moves, child = self.finish((move,), game.apply_legal(state, move))
            key = self.key(child)
            if key in seen or in_any(key, known):
                continue
            seen.add(key)
            out.append((self.search.value(game, child, self.cache), (moves, child, key)))
        return out


def _exact_key(state: State) -> Hashable:
    """The engine's exact key: no symmetry used."""
    key: Hashable = state.key()
    return key

