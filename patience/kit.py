"""Game kits: all that generic code knows of a game, registered once per game.

A kit joins a game's rules (the :class:`~patience.rules.Game`), what the
solver needs (:class:`SearchKit`: position key, safe moves, position value,
children and macro moves, search shares, looser games), what the table and
its texts need (:class:`TableKit`) and, when the game offers fair play, what
the player sees (:class:`Observing`). What a game offers is declared here,
at registration; the :class:`~patience.rules.Game` holds only the rules. The solver, hints, finish, layout,
wording, catalog, terminal, CLI and web reach a game only through its kit, so
a new game is one package under ``patience/games/`` that calls
:func:`register_kit`.

>>> from patience import get_game
>>> from patience.rules import WASTE
>>> kit = kit_of(get_game("union-square"))
>>> kit.table.stock_pile == WASTE, kit.table.start_card
(True, False)
>>> kit_of(get_game("hamilton")).table.start_card
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, cast, overload

from patience.errors import UnknownGameError
from patience.i18n import _
from patience.observation import Observation
from patience.page_layout import PageLayout
from patience.rules import WASTE, Game, Move, State, View, register, unregister
from patience.solver.api import (
    Child,
    Expanding,
    KitCache,
    Known,
    Steps,
    Take,
    register_search,
    unregister_search,
)
from patience.solver.tuning import LOOSER_LIMIT, LOOSER_SHARE

S = TypeVar("S", bound=State)


class SearchKit(Generic[S]):
    """What the solver needs of a game (:class:`patience.solver.api.Search`), with defaults that fit
    any game (exact keys, no safe moves, no looser games).

    A game with symmetries, safe moves or macro moves overrides the methods.
    """

    #: slices of best-first search, depth-first search and the streamliner per portfolio round
    shares: tuple[int, ...] = (3, 1, 0)
    #: the share of the budget the streamliner gets alone before the portfolio (0: none)
    streamline_first: float = 0.0
    #: whether ``children`` knows a restricted game (the expander's ``restricted``) to streamline with
    streamliner: bool = False
    #: the memory the search holds per position in its tables (key, parent, heap entry and position;
    #: measured with bench/solver.py's peak MB), from which the solver's table cap follows
    position_bytes: int = 1000
    #: the positions and the share of the time budget each looser game may take (``looser``)
    looser_limit: int = LOOSER_LIMIT
    looser_share: float = LOOSER_SHARE

    def key(self, state: S) -> Hashable:
        """The canonical key: equal for positions equal up to the rules' symmetries."""
        return state.key()

    def safe_move(self, state: S) -> Move | None:
        """A provably safe move the search plays without trying others, or ``None``."""
        return None

    def value(self, game: Game[S], state: S, cache: KitCache) -> float:
        """How promising ``state`` looks (higher is better); ``cache`` is the expander's to keep."""
        return float(game.score(state))

    def children(self, expand: Expanding[S], state: S, first: int, last: int | None, known: Known,
                 closed: bool) -> tuple[list[tuple[float, Child[S]]], int]:
        """The valued children of a batch (see :meth:`~patience.solver.expand.Expander.batch`)."""
        return expand.plain_children(state, known), -1  # NO_MORE: one batch

    def batch_end(self, first: int) -> int | None:
        """The last macro of the batch that starts at ``first`` (``None``: every one at once)."""
        return None

    def bound(self, state: S, first: int) -> float:
        """A hopeful value for the children of the batch that starts at ``first``."""
        return 0.0

    def split(self, game: Game[S], state: S) -> Sequence[tuple[tuple[Move, ...], S]]:
        """The root's parts: disjoint subgames the search gives a share each, as the moves that lead
        to each from ``state`` and the position reached (Hamilton: one per start card still to be
        had). Every line from ``state`` must pass through one of them. One part, the root, by default."""
        return (((), state),)

    def looser(self, game: Game[S], state: S, take: Take,
               lost: dict[Hashable, None] | None = None) -> Sequence[tuple[Steps, bool]]:
        """Searches of looser games to run before the real one, each with whether its running out
        of positions proves the real game lost (its win is then a real win too). ``lost`` is a table
        the looser games' proofs are kept in across searches of one deal's positions
        (:class:`~patience.solver.proven.Proven`), its keys the kit's own."""
        return ()


class TableKit:
    """What the table, the terminal and the texts need of a game."""

    #: where a stock click sends its card: ``CHOOSER`` or ``WASTE``
    stock_pile: int = WASTE
    #: whether a start card must be chosen before the cards can go up
    start_card: bool = False
    #: columns of the tableau grid in the text table (``None``: piles in columns)
    grid_columns: int | None = None
    #: whether the game has an autoplay (the terminal's ``auto``)
    autoplay: bool = False
    #: the largest positions an easy, then a medium deal's search needed (the catalog's levels)
    difficulty_limits: tuple[int, int] = (0, 0)
    #: whether the game has help pages (``patience/help/<slug>.<lang>.md``)
    help_pages: bool = False
    #: whether the rules build by colour (red on red, black on black): the page then keeps the
    #: two-colour deck, since a four-colour deck would hide which cards go together
    builds_by_colour: bool = False

    def name(self, game: Game[S]) -> str:
        """The game's name in the current language."""
        return _(game.name)

    def choosing(self, view: View) -> bool:
        """True while a start card is still to be chosen."""
        return self.start_card and view.status.get("start_rank") is None

    def stock_click(self, view: View) -> str:
        """What a stock click does, in words."""
        return _("turn a stock card to the waste")

    def move_help(self) -> list[str]:
        """The terminal help's lines about moves."""
        return [_("  t3-f1      move the top card of pile 3 to foundation 1")]

    def pile_help(self) -> str:
        """The terminal help's name of the stock's partner pile."""
        return _("w waste")

    def double_click_help(self) -> list[str]:
        """The terminal help's lines about ``dc``."""
        return [_("  dc PILE    double-click: dc t3 or dc w sends the top card to a foundation")]


@dataclass(frozen=True)
class Observing(Generic[S]):
    """What the player sees of a game's positions (fair play; see :mod:`patience.observation`)."""

    #: ``observe(state, played)``: the player's view of ``state``, face-up cards where they lie and
    #: the hidden ones masked; ``played`` are the moves that led to ``state`` from the deal (a game
    #: may need them to know which cards were shown and put back face down)
    observe: Callable[[S, Sequence[Move]], Observation]
    #: ``complete(observation, cards)``: a full position agreeing with ``observation``, ``cards`` (a
    #: permutation of ``observation.unseen``) dealt, in order, into its hidden places
    complete: Callable[[Observation, Sequence[int]], S]


@dataclass(frozen=True)
class Kit(Generic[S]):
    """One game: its rules, its search knowledge, its table knowledge and what it offers besides
    (``observing``: what the player sees, ``None`` when the game offers no fair play)."""

    slug: str
    game: Callable[[], Game[S]]
    search: SearchKit[S]
    table: TableKit
    observing: Observing[S] | None = None
    #: how the page lays out the game's table (:mod:`patience.page_layout`)
    layout: PageLayout | None = None


_KITS: dict[str, Kit[State]] = {}


def register_kit(kit: Kit[S]) -> None:
    """Register a game's kit (and its game, under the kit's slug)."""
    register(kit.slug, kit.game)
    register_search(kit.slug, kit.search)
    # the registry forgets the state class, as :func:`~patience.rules.register` does
    _KITS[kit.slug] = cast("Kit[State]", kit)


def unregister_kit(slug: str) -> None:
    """Take a game out of the registry (for test-only games)."""
    _KITS.pop(slug, None)
    unregister_search(slug)
    unregister(slug)


@overload
def kit_of(game: str) -> Kit[State]: ...


@overload
def kit_of(game: Game[S]) -> Kit[S]: ...


def kit_of(game: Game[S] | str) -> Kit[S] | Kit[State]:
    """The kit of a game, or of a slug (a game's kit is the one registered with it, so it takes
    that game's states).

    >>> kit_of("hamilton").slug
    'hamilton'
    """
    slug = game if isinstance(game, str) else game.slug
    try:
        return _KITS[slug]
    except KeyError:
        raise UnknownGameError(_("unknown game {slug!r}; known games: {known}").format(
            slug=slug, known=", ".join(sorted(_KITS)))) from None


def observing(game: Game[S]) -> Observing[S]:
    """What the player sees of ``game`` (its kit's :class:`Observing`); ``LookupError`` when the
    game offers no fair play.

    >>> from patience import get_game
    >>> game = get_game("union-square")
    >>> observing(game).observe(game.new(1), []).hidden
    (('stock', 88),)
    """
    seen = kit_of(game).observing
    if seen is None:
        raise LookupError(f"{game.name} does not say what the player sees")
    return seen


def kits() -> list[Kit[State]]:
    """Every registered kit, in registration order (the first is the default game)."""
    return list(_KITS.values())


def default_slug() -> str:
    """The game played when none is named: the first registered.

    >>> default_slug()
    'hamilton'
    """
    return next(iter(_KITS))
