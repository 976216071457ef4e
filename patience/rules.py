"""Moves, the game contract and the game registry.

Every game offers the same verbs (see :class:`Game`); states are immutable
and hashable, and moves are small values that know their text.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> state = game.new(1)
>>> [str(m) for m in game.legal_moves(state)]
['s']
>>> state = game.apply(state, Move.parse("s"))
>>> [str(m) for m in game.legal_moves(state)]
['s', 'c-f1', 'c-f2', 'c-f3', 'c-f4']
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final, Generic, NamedTuple, Protocol, TypeVar, cast

from patience.deals import MAX_DEAL, MIN_DEAL, parse_deck, shuffled_deck
from patience.errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    UnknownGameError,
)
from patience.i18n import _
from patience.numbers import QUOTED_CHARS, is_ascii_number, shorten

# Pile codes. A move names its source and target by these small ints.
STOCK: Final = 0
CHOOSER: Final = 1
WASTE: Final = 2
FOUNDATION: Final = 10  # foundation i (0-based) is FOUNDATION + i
TABLEAU: Final = 20  # tableau pile i (0-based) is TABLEAU + i
MAX_FOUNDATIONS: Final = 4
MAX_TABLEAU: Final = 16


def is_foundation(pile: int) -> bool:
    """True for a foundation's code."""
    return FOUNDATION <= pile < FOUNDATION + MAX_FOUNDATIONS


def is_tableau(pile: int) -> bool:
    """True for a tableau pile's code."""
    return TABLEAU <= pile < TABLEAU + MAX_TABLEAU


def pile_notation(pile: int) -> str:
    """Short name used in move text: ``s``, ``c``, ``w``, ``f1``…``f4``, ``t1``…``t16``.

    >>> pile_notation(TABLEAU + 2), pile_notation(FOUNDATION)
    ('t3', 'f1')
    """
    if pile == STOCK:
        return "s"
    if pile == CHOOSER:
        return "c"
    if pile == WASTE:
        return "w"
    if is_foundation(pile):
        return f"f{pile - FOUNDATION + 1}"
    if is_tableau(pile):
        return f"t{pile - TABLEAU + 1}"
    raise ValueError(f"no pile has code {pile}")


def pile_dom_id(pile: int) -> str:
    """Name used by the web page's ``data-pile``: ``tableau-3``, ``foundation-1``, ``stock``…

    >>> pile_dom_id(TABLEAU + 2)
    'tableau-3'
    """
    if pile == STOCK:
        return "stock"
    if pile == CHOOSER:
        return "chooser"
    if pile == WASTE:
        return "waste"
    if is_foundation(pile):
        return f"foundation-{pile - FOUNDATION + 1}"
    if is_tableau(pile):
        return f"tableau-{pile - TABLEAU + 1}"
    raise ValueError(f"no pile has code {pile}")


def target_piles(takers: list[int] | None, empties: list[int]) -> list[int]:
    """Tableau piles (0-based, ascending) that take a card: those whose top wants it, and the empty ones.

    >>> target_piles([4, 1], [0, 6]), target_piles(None, [2])
    ([0, 1, 4, 6], [2])
    """
    if takers is None:
        return empties
    if empties:
        return sorted(takers + empties)
    return takers


_PILE_RE: Final = r"(?:c|w|f[1-4]|t(?:1[0-6]|[1-9]))"
_MOVE_RE: Final = re.compile(rf"^({_PILE_RE})-({_PILE_RE})(?:x([1-9][0-9]?))?$")


def parse_pile(text: str) -> int:
    """Code of a pile from its short name (``t3``, ``f1``, ``s``, ``c``, ``w``).

    >>> parse_pile("t3") == TABLEAU + 2
    True
    """
    t = text.strip().lower()
    if t == "s":
        return STOCK
    if t == "c":
        return CHOOSER
    if t == "w":
        return WASTE
    if re.fullmatch(_PILE_RE, t):
        if t[0] == "f":
            return FOUNDATION + int(t[1:]) - 1
        return TABLEAU + int(t[1:]) - 1
    raise InvalidMoveError(
        _("{text!r} is not a pile (use s, c, w, f1-f4 or t1-t16)").format(text=text.strip()[:QUOTED_CHARS]))


class Move(NamedTuple):
    """A move: a source pile, a target pile and a card count, or a stock click.

    Text: ``s`` clicks the stock; ``t3-f1`` moves one card; ``t3-t5x2`` moves
    two cards as a group. ``c`` is Hamilton's chooser, ``w`` Union Square's waste.

    >>> m = Move.parse("T3-t5x2")
    >>> m.count, str(m)
    (2, 't3-t5x2')
    >>> str(Move.parse("s"))
    's'
    >>> Move.parse("t3-")
    Traceback (most recent call last):
    ...
    patience.errors.InvalidMoveError: cannot read move 't3-': write s, or a move like t3-f1 or t3-t5x2
    """

    src: int
    dst: int
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count on purpose

    def __str__(self) -> str:
        if self.src == STOCK:
            return "s"
        text = f"{pile_notation(self.src)}-{pile_notation(self.dst)}"
        return text if self.count == 1 else f"{text}x{self.count}"

    @property
    def text(self) -> str:
        """Same as ``str(move)``."""
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move text; raise :class:`InvalidMoveError` when it does not parse."""
        if not isinstance(text, str):
            raise InvalidMoveError(
                _("move text must be a string, not {kind}").format(kind=type(text).__name__))
        t = text.strip().lower()
        if t == "s":
            return STOCK_MOVE
        known = _PARSED.get(t)
        if known is not None:
            return known
        match = _MOVE_RE.match(t)
        if not match:
            raise InvalidMoveError(
                _("cannot read move {text!r}: write s, or a move like t3-f1 or t3-t5x2").format(
                    text=text.strip()[:QUOTED_CHARS])
            )
        src, dst = parse_pile(match[1]), parse_pile(match[2])
        if src == dst:
            raise InvalidMoveError(
                _("move {text!r} has the same source and target").format(text=text.strip()))
        count = int(match[3]) if match[3] else 1
        move = cls(src, dst, count)
        if len(_PARSED) < _PARSED_MAX:
            _PARSED[t] = move
        return move


STOCK_MOVE: Final = Move(STOCK, STOCK, 0)

#: Move texts read before (lower case, trimmed) and their moves: replaying a solver's line reads the
#: same few hundred texts again and again. Only texts that parsed are kept, at most ``_PARSED_MAX``.
_PARSED: Final[dict[str, Move]] = {}
_PARSED_MAX: Final = 4096

#: MOVE_TABLE[src][dst][count]: every pile-to-pile move made once, so the hot
#: move generators look moves up instead of building them.
MOVE_TABLE: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(
    tuple(tuple(Move(src, dst, n) for n in range(14)) for dst in range(TABLEAU + MAX_TABLEAU))
    for src in range(TABLEAU + MAX_TABLEAU)
)


@dataclass(frozen=True)
class PileView:
    """One pile as the UI shows it: cards bottom first, face-down ones under the face-up ones."""

    pile: str  # data-pile id: "tableau-3", "foundation-1", "stock", "waste", "chooser"
    notation: str  # "t3", "f1", "s", "w", "c"
    kind: str  # "tableau", "foundation", "stock", "waste", "chooser"
    cards: tuple[str, ...]  # face-up cards, bottom first
    face_down: int = 0  # face-down cards beneath (the stock's count)
    direction: str | None = None  # Union Square: "up", "down" or None


@dataclass(frozen=True)
class View:
    """What the UI renders: every pile and the status line."""

    game: str
    piles: tuple[PileView, ...]
    score: int
    max_score: int
    won: bool
    stuck: bool
    status: dict[str, int | str | None] = field(default_factory=dict)

    def pile(self, dom_id: str) -> PileView:
        """The pile with this ``data-pile`` id."""
        for p in self.piles:
            if p.pile == dom_id:
                return p
        raise KeyError(dom_id)


class State(Hashable, Protocol):
    """What generic code needs of every game's state: it is hashable (tables of positions), has a
    key that identifies the position exactly, and its tableau and foundations are piles of cards,
    bottom first (a winning line is carried over to a position equal up to the piles' order by
    matching piles). Everything else about a state is asked of its game.
    """

    @property
    def tableau(self) -> tuple[tuple[int, ...], ...]:
        """The tableau piles' cards, bottom first."""
        ...

    @property
    def foundations(self) -> tuple[tuple[int, ...], ...]:
        """The foundations' cards, bottom first."""
        ...

    def key(self) -> Hashable:
        """Hashable value that identifies the position exactly."""
        ...


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """The contract every game implements.

    Subclasses set ``slug``, ``name``, ``max_score`` and the pile layout, and
    implement the abstract verbs. ``apply`` checks legality and says why a
    move is refused; ``apply_legal`` skips the check for moves taken from
    ``legal_moves`` (the solver's inner loop).
    """

    slug: str = ""
    name: str = ""
    max_score: int = 0
    copies: int = 1  # how many times each card is in the deck
    #: The fewest moves any won game of this game has (a statistics row with fewer cannot be a win).
    min_winning_moves: int = 1

    # --- deals -------------------------------------------------------------
    @abstractmethod
    def new(self, deal: int | str) -> S:
        """The dealt position of a deal number or a deck string."""

    def deck_of(self, deal: int | str) -> tuple[int, ...]:
        """The deck, in dealing order, of a deal number or a deck string: :attr:`copies` of each
        card, shuffled by the documented generator (:func:`patience.deals.shuffled_deck`) or read
        (:func:`patience.deals.parse_deck`). A game with a deck of its own overrides it."""
        if isinstance(deal, str):
            return parse_deck(deal, copies=self.copies)
        return shuffled_deck(deal, copies=self.copies)

    # --- moves -------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every legal move, in a deterministic order."""

    @abstractmethod
    def why_illegal(self, state: S, move: Move) -> str | None:
        """``None`` when ``move`` is legal here, else the reason in a sentence."""

    @abstractmethod
    def apply_legal(self, state: S, move: Move) -> S:
        """The position after a move known to be legal (no check)."""

    def is_legal(self, state: S, move: Move) -> bool:
        """True when ``move`` is legal in ``state``."""
        return self.why_illegal(state, move) is None

    def apply(self, state: S, move: Move) -> S:
        """The position after ``move``; raise :class:`IllegalMoveError` (saying why) if illegal."""
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(f"{move}: {reason}")
        return self.apply_legal(state, move)

    def apply_all(self, state: S, moves: Iterable[Move]) -> S:
        """Apply moves in turn (a lazy iterable stops being read at the first illegal one); an
        illegal one raises with its 1-based index."""
        for index, move in enumerate(moves, start=1):
            reason = self.why_illegal(state, move)
            if reason is not None:
                raise IllegalMoveError(
                    _("move {index} ({move}): {reason}").format(index=index, move=move, reason=reason))
            state = self.apply_legal(state, move)
        return state

    @abstractmethod
    def tableau(self, state: S) -> tuple[tuple[int, ...], ...]:
        """The tableau piles' cards, bottom first, pile 1 first (what the hints weigh)."""

    # --- outcome -----------------------------------------------------------
    @abstractmethod
    def score(self, state: S) -> int:
        """Cards on the foundations."""

    def is_won(self, state: S) -> bool:
        """True when every card is on the foundations."""
        return self.score(state) == self.max_score

    def is_stuck(self, state: S) -> bool:
        """True when no move at all is legal."""
        return not self.legal_moves(state)

    # --- presentation and conveniences -------------------------------------
    @abstractmethod
    def view(self, state: S) -> View:
        """Piles and status for the UI."""

    @abstractmethod
    def double_click(self, state: S, pile: int) -> list[Move]:
        """The ordinary moves a double-click on ``pile`` makes (may be empty)."""

    @abstractmethod
    def piles(self) -> tuple[int, ...]:
        """Codes of every pile of this game, in layout order."""

    @abstractmethod
    def position_text(self, state: S) -> str:
        """The position on one line (for tests and bug reports)."""

    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Read :meth:`position_text` back; raise ``InvalidRecordError`` when it is wrong."""

    @cached_property
    def _known_piles(self) -> frozenset[int]:
        """:meth:`piles` as a set, made once (reading a solver's line asks it at every move)."""
        return frozenset(self.piles())

    @cached_property
    def _moves_read(self) -> dict[str, Move]:
        """Move texts this game has read, as read (a solver's lines repeat a few hundred texts
        hundreds of thousands of times); only texts that were valid here, at most ``_PARSED_MAX``."""
        return {}

    def parse_move(self, text: str) -> Move:
        """Parse move text and check that its piles exist in this game."""
        read = self._moves_read
        if isinstance(text, str):
            known = read.get(text)
            if known is not None:
                return known
        move = Move.parse(text)
        piles = self._known_piles
        for pile in (move.src, move.dst):
            if pile not in piles:
                raise InvalidMoveError(
                    _("{game} has no pile {pile!r}").format(game=_(self.name), pile=pile_notation(pile)))
        if len(read) < _PARSED_MAX:
            read[text] = move
        return move


_REGISTRY: dict[str, Callable[[], Game[State]]] = {}
_INSTANCES: dict[str, Game[State]] = {}


def register(slug: str, factory: Callable[[], Game[S]]) -> None:
    """Register a game class under its stable slug."""
    # The registry forgets which state class a game has: generic code only gives a game back the
    # states that game made, so a ``Game[S]`` is used as a ``Game[State]`` (``Game`` is invariant).
    _REGISTRY[slug] = cast("Callable[[], Game[State]]", factory)


def unregister(slug: str) -> None:
    """Take a game out of the registry (for test-only games)."""
    _REGISTRY.pop(slug, None)
    _INSTANCES.pop(slug, None)


def get_game(slug: str) -> Game[State]:
    """The game registered under ``slug`` (``hamilton``, ``union-square``).

    >>> get_game("hamilton").name
    'Hamilton'
    """
    if slug not in _INSTANCES:
        try:
            factory = _REGISTRY[slug]
        except KeyError:
            known = ", ".join(sorted(_REGISTRY))
            raise UnknownGameError(
                _("unknown game {slug!r}; known games: {known}").format(slug=slug, known=known)) from None
        _INSTANCES[slug] = factory()
    return _INSTANCES[slug]


def game_slugs() -> list[str]:
    """Every registered slug, in registration order (the order of :func:`patience.kit.kits`; the
    first is the default game).

    >>> game_slugs()[:2]
    ['hamilton', 'union-square']
    """
    return list(_REGISTRY)


def deal_from_text(text: str) -> int | str:
    """A deal given as text: a number if it is all digits, else a deck string."""
    t = text.strip()
    if t.isnumeric():  # a number, or meant as one ("٣", "²"): only ASCII digits pass
        if not is_ascii_number(t):
            raise InvalidDealError(_("the deal number {deal} is not a number from {low} to {high}").format(
                deal=shorten(t), low=MIN_DEAL, high=MAX_DEAL))
        return int(t)
    if not t:
        raise InvalidDealError(_("empty deal"))
    return t
