"""Tiny: a test-only game of eight cards, registered through the kit from this one file.

It proves that a game is one kit: the solver, the terminal, the HTTP API and
the generic tests reach it only through its registration, with no change to
the package. Rules: the A-4 of clubs and of hearts; cards 1-3 of the deck go
to piles 1-3, the rest is the stock, top first. ``s`` turns the stock's top
card to the waste (no redeal). A pile's or the waste's top card goes to an
empty foundation if it is an Ace, onto its suit's next-lower card on a
foundation, onto a pile whose top is one rank higher (any suit), or onto an
empty pile. Won when all eight cards are up. The stock is face down, every
other card face up (``observe``).

>>> with registered() as game:
...     state = game.new("AC 2H 3C 4C AH 2C 3H 4H")
...     [str(m) for m in game.legal_moves(state)]
['s', 't1-f1', 't1-f2', 't1-t2', 't2-t3']
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

import pytest

from patience.cards import RANK, SUIT, card_text, parse_card
from patience.deals import SplitMix64, check_deal_number
from patience.errors import InvalidDealError, InvalidRecordError
from patience.kit import Kit, Observing, SearchKit, TableKit, register_kit, unregister_kit
from patience.observation import Observation, filled, masked
from patience.rules import (
    FOUNDATION,
    STOCK,
    STOCK_MOVE,
    TABLEAU,
    WASTE,
    Game,
    Move,
    PileView,
    View,
    get_game,
    pile_dom_id,
    pile_notation,
)

SLUG: Final = "tiny"
CARDS: Final = tuple(parse_card(f"{rank}{suit}") for suit in "CH" for rank in "A234")
PILES: Final = 3
FOUNDATIONS: Final = 2
Pile = tuple[int, ...]


class TinyState(NamedTuple):
    """Piles bottom first, foundations, the stock top first, the waste bottom first."""

    tableau: tuple[Pile, ...]
    foundations: tuple[Pile, ...]
    stock: Pile
    waste: Pile

    def key(self) -> TinyState:
        return self


class TinyGame(Game[TinyState]):
    """The rules of Tiny (see the module's text)."""

    slug = SLUG
    name = "Tiny"
    max_score = len(CARDS)

    def deck_of(self, deal: int | str) -> tuple[int, ...]:
        if isinstance(deal, int):
            rng = SplitMix64(check_deal_number(deal))
            deck = list(CARDS)
            for i in range(len(deck) - 1, 0, -1):  # Fisher-Yates with the documented generator
                j = rng.next() % (i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            return tuple(deck)
        try:
            deck = [parse_card(text) for text in deal.split()]
        except ValueError as exc:
            raise InvalidDealError(str(exc)) from None
        if sorted(deck) != sorted(CARDS):
            raise InvalidDealError("a Tiny deck is the A-4 of clubs and of hearts, each once")
        return tuple(deck)

    def new(self, deal: int | str) -> TinyState:
        deck = self.deck_of(deal)
        return TinyState(tuple((card,) for card in deck[:PILES]), ((),) * FOUNDATIONS, deck[PILES:], ())

    def _tops(self, state: TinyState) -> list[tuple[int, int]]:
        tops = [(WASTE, state.waste[-1])] if state.waste else []
        return tops + [(TABLEAU + i, pile[-1]) for i, pile in enumerate(state.tableau) if pile]

    def legal_moves(self, state: TinyState) -> list[Move]:
        moves = [STOCK_MOVE] if state.stock else []
        for src, card in self._tops(state):
            for j, foundation in enumerate(state.foundations):
                if (not foundation and RANK[card] == 1) or (foundation and foundation[-1] == card - 1
                                                            and SUIT[card] == SUIT[foundation[-1]]):
                    moves.append(Move(src, FOUNDATION + j))
            for i, pile in enumerate(state.tableau):
                if TABLEAU + i != src and (not pile or RANK[pile[-1]] == RANK[card] + 1):
                    moves.append(Move(src, TABLEAU + i))
        return moves

    def why_illegal(self, state: TinyState, move: Move) -> str | None:
        return None if move in self.legal_moves(state) else "that card does not go there"

    def apply_legal(self, state: TinyState, move: Move) -> TinyState:
        tableau, foundations = list(state.tableau), list(state.foundations)
        stock, waste = state.stock, state.waste
        if move.src == STOCK:
            return state._replace(stock=stock[1:], waste=waste + stock[:1])
        if move.src == WASTE:
            card, waste = waste[-1], waste[:-1]
        else:
            card = tableau[move.src - TABLEAU][-1]
            tableau[move.src - TABLEAU] = tableau[move.src - TABLEAU][:-1]
        if move.dst >= TABLEAU:
            tableau[move.dst - TABLEAU] += (card,)
        else:
            foundations[move.dst - FOUNDATION] += (card,)
        return TinyState(tuple(tableau), tuple(foundations), stock, waste)

    def tableau(self, state: TinyState) -> tuple[tuple[int, ...], ...]:
        return state.tableau

    def score(self, state: TinyState) -> int:
        return sum(len(foundation) for foundation in state.foundations)

    def piles(self) -> tuple[int, ...]:
        return (STOCK, WASTE, *(FOUNDATION + j for j in range(FOUNDATIONS)),
                *(TABLEAU + i for i in range(PILES)))

    def _cards(self, state: TinyState, pile: int) -> Pile:
        if pile == STOCK:
            return state.stock
        if pile == WASTE:
            return state.waste
        if pile >= TABLEAU:
            return state.tableau[pile - TABLEAU]
        return state.foundations[pile - FOUNDATION]

    def view(self, state: TinyState) -> View:
        kinds = {STOCK: "stock", WASTE: "waste"}
        piles = []
        for pile in self.piles():
            kind = kinds.get(pile, "tableau" if pile >= TABLEAU else "foundation")
            cards = () if pile == STOCK else tuple(card_text(c) for c in self._cards(state, pile))
            piles.append(PileView(pile_dom_id(pile), pile_notation(pile), kind, cards,
                                  face_down=len(state.stock) if pile == STOCK else 0))
        return View(SLUG, tuple(piles), self.score(state), self.max_score, self.is_won(state),
                    self.is_stuck(state), {"stock_left": len(state.stock)})

    def double_click(self, state: TinyState, pile: int) -> list[Move]:
        up = [m for m in self.legal_moves(state) if m.src == pile and m.dst < TABLEAU]
        return up[:1]

    def position_text(self, state: TinyState) -> str:
        def cards(pile: Pile) -> str:
            return ",".join(card_text(c) for c in pile) or "-"
        return (f"{SLUG} t={';'.join(map(cards, state.tableau))} f={';'.join(map(cards, state.foundations))}"
                f" stock={cards(state.stock)} w={cards(state.waste)}")

    def parse_position(self, text: str) -> TinyState:
        try:
            name, *fields = text.split()
            parts = dict(field.split("=", 1) for field in fields)

            def cards(part: str) -> Pile:
                return () if part == "-" else tuple(parse_card(c) for c in part.split(","))
            tableau = tuple(map(cards, parts["t"].split(";")))
            foundations = tuple(map(cards, parts["f"].split(";")))
            state = TinyState(tableau, foundations, cards(parts["stock"]), cards(parts["w"]))
        except (ValueError, KeyError) as exc:
            raise InvalidRecordError(f"cannot read Tiny position {text!r}: {exc}") from None
        if name != SLUG or len(state.tableau) != PILES or len(state.foundations) != FOUNDATIONS:
            raise InvalidRecordError(f"not a Tiny position: {text!r}")
        return state


def observe(state: TinyState, played: Sequence[Move]) -> Observation:
    """The stock is face down; every other card is face up."""
    return Observation(SLUG, state._replace(stock=masked(state.stock, known=0)),
                       (("stock", len(state.stock)),), tuple(sorted(state.stock)))


def complete(observation: Observation, cards: Sequence[int]) -> TinyState:
    """The position with ``cards`` dealt, in order, into the stock (top first)."""
    table: TinyState = observation.table
    return table._replace(stock=filled(table.stock, cards))


#: Tiny's kit: the generic search (exact keys, no safe moves), the plain table, what the player sees.
KIT: Final = Kit(SLUG, TinyGame, SearchKit[TinyState](), TableKit(), Observing(observe, complete))


@contextlib.contextmanager
def registered() -> Iterator[TinyGame]:
    """Tiny registered while the block runs."""
    register_kit(KIT)
    try:
        game = get_game(SLUG)
        assert isinstance(game, TinyGame)
        yield game
    finally:
        unregister_kit(SLUG)


@pytest.fixture
def tiny() -> Iterator[TinyGame]:
    """Tiny, registered for one test."""
    with registered() as game:
        yield game
