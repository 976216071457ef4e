"""What the solver needs of a game, and what a game's search knowledge may use of the solver.

The solver searches any game whose kit gives it a :class:`Search`: the
position key, the safe moves, the value of a position, the children and
macro moves, the shares of its searches and the looser games. A kit hands
its :class:`Search` to :func:`register_search` when the game is registered
(:func:`patience.kit.register_kit` does); the solver's entry points
(:func:`patience.solver.solve`, :class:`~patience.solver.expand.Expander`)
take one explicitly, or find the one registered for the game. This module
imports nothing of the solver's searches, so a game's search knowledge can
use its helpers (:func:`safe_closure`, :func:`in_any`, the batch numbers)
without reaching into them.

>>> from patience import get_game
>>> search_of(get_game("hamilton")).streamliner
True
"""

from __future__ import annotations

from collections.abc import Callable, Container, Generator, Hashable, Sequence
from typing import Any, Final, Protocol, TypeVar, cast

from patience.errors import UnknownGameError
from patience.rules import Game, Move, State

S = TypeVar("S", bound=State)

#: A child of a position: the moves that lead to it, the position reached and its canonical key.
Child = tuple[tuple[Move, ...], S, Hashable]
#: The cache an expander keeps for its game's kit (see :meth:`Search.value`): what it holds is
#: the kit's own (Hamilton keeps its piles' parts of the value per start rank and its dead ends
#: there), so only the kit reads it, and knows the type of each entry.
KitCache = dict[Hashable, Any]
#: Containers of keys of positions a search has already entered (their children are left out).
Known = tuple[Container[Hashable], ...]
#: A looser game's search, run a slice at a time: yields while it goes on, returns (outcome, line).
Steps = Generator[None, None, tuple[str, tuple[Move, ...]]]
#: The node budget's ``take``: counts one expanded position, says whether the budget is spent.
Take = Callable[[], bool]

LATER: Final = 1  # the batch of the moves the restricted game leaves out (see Expander.batch)
NO_MORE: Final = -1  # no batch follows
MAX_CLOSURE: Final = 200  # more safe moves than cards in play would be a bug


class Expanding(Protocol[S]):
    """What a kit's :meth:`Search.children` may use of the expander that calls it
    (:class:`patience.solver.expand.Expander`)."""

    game: Game[S]
    key: Callable[[S], Hashable]
    cache: KitCache
    safe: bool
    restricted: bool
    symmetries: bool
    dead_ends: bool
    left_out: bool

    def finish(self, moves: tuple[Move, ...], child: S) -> tuple[tuple[Move, ...], S]:
        """``moves`` and ``child`` followed by the safe moves from ``child`` (when they are on)."""
        ...

    def plain_children(self, state: S, known: Known) -> list[tuple[float, Child[S]]]:
        """Every legal move's child, valued, one per key (a game with no macro moves)."""
        ...


class Search(Protocol[S]):
    """What the solver needs of a game (:class:`patience.kit.SearchKit` has defaults for all)."""

    #: slices of best-first search, depth-first search and the streamliner per portfolio round
    shares: tuple[int, ...]
    #: the share of the budget the streamliner gets alone before the portfolio (0: none)
    streamline_first: float
    #: whether ``children`` knows a restricted game (the expander's ``restricted``) to streamline with
    streamliner: bool
    #: the memory the search holds per position in its tables, from which the table cap follows
    position_bytes: int
    #: the positions and the share of the time budget each looser game may take (a looser game whose
    #: loss is a proof may be given others by the caller)
    looser_limit: int
    looser_share: float

    def key(self, state: S) -> Hashable:
        """The canonical key: equal for positions equal up to the rules' symmetries."""
        ...

    def safe_move(self, state: S) -> Move | None:
        """A provably safe move the search plays without trying others, or ``None``."""
        ...

    def value(self, game: Game[S], state: S, cache: KitCache) -> float:
        """How promising ``state`` looks (higher is better); ``cache`` is the expander's to keep."""
        ...

    def children(self, expand: Expanding[S], state: S, first: int, last: int | None, known: Known,
                 closed: bool) -> tuple[list[tuple[float, Child[S]]], int]:
        """The valued children of a batch, and where the next batch starts (:data:`NO_MORE`)."""
        ...

    def batch_end(self, first: int) -> int | None:
        """The last macro of the batch that starts at ``first`` (``None``: every one at once)."""
        ...

    def bound(self, state: S, first: int) -> float:
        """A hopeful value for the children of the batch that starts at ``first``."""
        ...

    def split(self, game: Game[S], state: S) -> Sequence[tuple[tuple[Move, ...], S]]:
        """The root's parts: the moves that lead to each and the position reached."""
        ...

    def looser(self, game: Game[S], state: S, take: Take,
               lost: dict[Hashable, None] | None = None) -> Sequence[tuple[Steps, bool]]:
        """Searches of looser games to run first, each with whether its loss proves the real game lost."""
        ...


_SEARCHES: dict[str, Search[State]] = {}


def register_search(slug: str, search: Search[S]) -> None:
    """Make ``search`` the search knowledge of the game registered under ``slug``."""
    # the registry forgets the state class, as :func:`~patience.rules.register` does
    _SEARCHES[slug] = cast("Search[State]", search)


def unregister_search(slug: str) -> None:
    """Forget a game's search knowledge (for test-only games)."""
    _SEARCHES.pop(slug, None)


def search_of(game: Game[S]) -> Search[S]:
    """The search knowledge registered for ``game``."""
    try:
        # the search registered under a game's slug is that game's own, so it takes its states
        return cast("Search[S]", _SEARCHES[game.slug])
    except KeyError:
        raise UnknownGameError(f"no search is registered for the game {game.slug!r}") from None


def in_any(key: Hashable, known: Known) -> bool:
    """Whether ``key`` is in one of the ``known`` containers.

    >>> in_any(3, ({1}, {3}))
    True
    """
    for container in known:  # noqa: SIM110 (a loop is faster than any() over a generator here)
        if key in container:
            return True
    return False


def safe_closure(game: Game[S], state: S,
                 safe_move: Callable[[S], Move | None] | None = None) -> tuple[tuple[Move, ...], S]:
    """Play safe moves until none is left; return them and the position reached.

    Each safe move is played with the engine's checked :meth:`Game.apply`.
    ``safe_move`` is the game's :meth:`Search.safe_move` (by default the registered one's).

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> full = ",".join(r + "{s}" for r in "A23456789TJQK")
    >>> state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
    ...     "f=-;" + ";".join(full.replace("{s}", s) for s in "CDS") +
    ...     " t=KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H,AH;-;-;-;-;-;-")
    >>> moves, after = safe_closure(game, state)
    >>> len(moves), game.is_won(after)
    (13, True)
    """
    if safe_move is None:
        safe_move = search_of(game).safe_move
    move = safe_move(state)
    if move is None:
        return (), state
    moves: list[Move] = []
    while move is not None:
        state = game.apply(state, move)
        moves.append(move)
        if len(moves) > MAX_CLOSURE:
            raise RuntimeError("safe moves do not terminate")
        move = safe_move(state)
    return tuple(moves), state
