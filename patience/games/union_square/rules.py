"""Union Square: the rules exactly as ``docs/rules.md`` states them.

>>> game = UnionSquareGame()
>>> state = game.new(1)
>>> len(state.tableau), len(state.stock), game.max_score
(16, 88, 104)
>>> state = game.apply(state, Move.parse("s"))   # turn a card to the waste
>>> len(state.stock), len(state.waste)
(87, 1)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from patience import wording
from patience.cards import ACE, KING, RANK, SUIT, SUIT_SYMBOLS, card_text
from patience.i18n import N_, _
from patience.positions import (
    cards_field,
    check_conservation,
    parse_cards,
    parse_fields,
    parse_piles,
    piles_field,
    require,
)
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
    is_foundation,
    is_tableau,
    pile_dom_id,
    pile_notation,
    target_piles,
)
from patience.rules import MOVE_TABLE as MOVES

TABLEAU_PILES: Final = 16
GRID_COLUMNS: Final = 4
FOUNDATIONS: Final = 4
FOUNDATION_TURN: Final = 13  # A…K, then the second K starts down to A
FULL_FOUNDATION: Final = 26
NO_CARD: Final = -1

TABLEAU_CODES: Final = tuple(TABLEAU + i for i in range(TABLEAU_PILES))

#: TABLEAU_NEIGHBOURS[card] = the same-suit cards one rank above or below (no K-A wrap).
TABLEAU_NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c, ok in ((card - 1, RANK[card] > ACE), (card + 1, RANK[card] < KING)) if ok)
    for card in range(52)
)
FOUNDATION_CODES: Final = tuple(FOUNDATION + i for i in range(FOUNDATIONS))

Pile = tuple[int, ...]


class UnionSquareState(NamedTuple):
    """An immutable Union Square position.

    ``tableau``, ``foundations`` and ``waste`` list cards bottom first;
    ``stock`` lists them top first.
    """

    tableau: tuple[Pile, ...]
    foundations: tuple[Pile, ...]
    stock: Pile
    waste: Pile

    def key(self) -> UnionSquareState:
        """Hashable value that identifies the position exactly."""
        return self


def foundation_direction(pile: Pile) -> str | None:
    """Where a foundation goes next: ``up`` (Ace to King), ``down`` (second King to Ace), else None.

    >>> foundation_direction(()), foundation_direction((1,)), foundation_direction(tuple(range(13)))
    (None, 'up', 'down')
    """
    if not pile or len(pile) >= FULL_FOUNDATION:
        return None
    return "up" if len(pile) < FOUNDATION_TURN else "down"


def pile_direction(pile: Pile) -> int:
    """+1 for a rising pile, -1 for a falling one, 0 when it has fewer than two cards."""
    if len(pile) < 2:
        return 0
    diff = RANK[pile[-1]] - RANK[pile[-2]]
    return 1 if diff > 0 else -1 if diff < 0 else 0


def fits_tableau(card: int, pile: Pile) -> bool:
    """True when ``card`` may go on ``pile``: any card on an empty pile, else in suit by one rank."""
    if not pile:
        return True
    top = pile[-1]
    if SUIT[top] != SUIT[card]:
        return False
    step = RANK[card] - RANK[top]
    if len(pile) == 1:
        return step in (1, -1)
    direction = RANK[top] - RANK[pile[-2]]
    return step == direction and step in (1, -1)


def fits_foundation(card: int, foundation: Pile, foundations: tuple[Pile, ...]) -> bool:
    """True when ``card`` may go on ``foundation``: A up to K, a second K, then down to A."""
    n = len(foundation)
    if n == 0:
        return RANK[card] == ACE and not any(f and SUIT[f[0]] == SUIT[card] for f in foundations)
    top = foundation[-1]
    if SUIT[top] != SUIT[card]:
        return False
    if n < FOUNDATION_TURN:
        return RANK[card] == RANK[top] + 1
    if n == FOUNDATION_TURN:
        return RANK[card] == KING
    return n < FULL_FOUNDATION and RANK[card] == RANK[top] - 1


class UnionSquareGame(Game[UnionSquareState]):
    """Union Square: two decks, a 4×4 tableau built in suit up or down, foundations of 26."""

    slug = "union-square"
    name = N_("Union Square")
    max_score = 104
    copies = 2
    #: Only single cards move: each of the 104 cards goes up in a move of its own.
    min_winning_moves = 104

    # --- deals -------------------------------------------------------------
    def new(self, deal: int | str) -> UnionSquareState:
        deck = self.deck_of(deal)
        return UnionSquareState(
            tableau=tuple((c,) for c in deck[:TABLEAU_PILES]),
            foundations=((),) * FOUNDATIONS,
            stock=deck[TABLEAU_PILES:],
            waste=(),
        )

    # --- moves -------------------------------------------------------------
    def legal_moves(self, state: UnionSquareState) -> list[Move]:
        moves: list[Move] = []
        if state.stock:
            moves.append(STOCK_MOVE)
        tableau = state.tableau
        # which piles take which card: the one or two cards a top card wants, or any card on an empty pile
        takers: dict[int, list[int]] = {}
        empties: list[int] = []
        for j, pile in enumerate(tableau):
            if not pile:
                empties.append(j)
                continue
            top = pile[-1]
            rank_ = RANK[top]
            if len(pile) == 1:
                wanted: tuple[int, ...] = TABLEAU_NEIGHBOURS[top]
            else:
                step = rank_ - RANK[pile[-2]]
                wanted = (top + step,) if step in (1, -1) and 1 <= rank_ + step <= KING else ()
            for card in wanted:
                if card in takers:
                    takers[card].append(j)
                else:
                    takers[card] = [j]
        # which foundation takes which card (an empty one takes an Ace of a suit not yet begun)
        foundation_wants: dict[int, int] = {}
        empty_foundations: list[int] = []
        started = 0
        for j, foundation in enumerate(state.foundations):
            n = len(foundation)
            if n == 0:
                empty_foundations.append(j)
                continue
            top = foundation[-1]
            started |= 1 << SUIT[top]
            if n < FOUNDATION_TURN:
                foundation_wants[top + 1] = j
            elif n == FOUNDATION_TURN:
                foundation_wants[top] = j
            elif n < FULL_FOUNDATION:
                foundation_wants[top - 1] = j
        sources = [(WASTE, state.waste)] if state.waste else []
        sources.extend((TABLEAU + i, pile) for i, pile in enumerate(tableau) if pile)
        for src, cards in sources:
            card = cards[-1]
            from_here = MOVES[src]
            if card in foundation_wants:
                moves.append(from_here[FOUNDATION + foundation_wants[card]][1])
            elif RANK[card] == ACE and not started >> SUIT[card] & 1:
                for j in empty_foundations:
                    moves.append(from_here[FOUNDATION + j][1])
            for j in target_piles(takers.get(card), empties):
                if TABLEAU + j != src:
                    moves.append(from_here[TABLEAU + j][1])
        return moves

    def why_illegal(self, state: UnionSquareState, move: Move) -> str | None:
        src, dst, count = move
        if src == STOCK:
            if dst != STOCK or count != 0:
                return _("a stock click is written s")
            if not state.stock:
                return _("the stock is empty and there is no redeal")
            return None
        if src == WASTE:
            if not state.waste:
                return _("the waste is empty")
            card = state.waste[-1]
        elif is_tableau(src):
            pile = state.tableau[src - TABLEAU]
            if not pile:
                return _("pile {number} is empty").format(number=src - TABLEAU + 1)
            card = pile[-1]
        elif is_foundation(src):
            return _("cards on the foundations are out of play")
        else:
            return _("Union Square has no such pile to move from")
        if count != 1:
            return _("only single cards move in Union Square")
        if is_foundation(dst):
            foundation = state.foundations[dst - FOUNDATION]
            if fits_foundation(card, foundation, state.foundations):
                return None
            return self._foundation_reason(card, foundation, state.foundations)
        if not is_tableau(dst):
            return _("cards cannot be moved to {pile}").format(pile=wording.pile_text(dst))
        target = state.tableau[dst - TABLEAU]
        if fits_tableau(card, target):
            return None
        top = target[-1]
        if SUIT[top] != SUIT[card]:
            return _("piles build in suit: {card} does not go on {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        if len(target) >= 2:
            if pile_direction(target) > 0:
                reason = _("pile {number} is rising: {card} does not follow {top}")
            else:
                reason = _("pile {number} is falling: {card} does not follow {top}")
            return reason.format(number=dst - TABLEAU + 1, card=wording.card_text(card),
                                 top=wording.card_text(top))
        return _("{card} is not one rank above or below {top}").format(
            card=wording.card_text(card), top=wording.card_text(top))

    @staticmethod
    def _foundation_reason(card: int, foundation: Pile, foundations: tuple[Pile, ...]) -> str:
        if not foundation:
            if RANK[card] != ACE:
                return _("an empty foundation takes only an Ace")
            return _("another foundation has already begun {suit}").format(suit=SUIT_SYMBOLS[SUIT[card]])
        top = foundation[-1]
        if SUIT[top] != SUIT[card]:
            return _("foundations build in suit: {card} does not go on {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        if len(foundation) == FULL_FOUNDATION:
            return _("that foundation is full")
        if len(foundation) == FOUNDATION_TURN:
            return _("after the King the foundation takes the second King")
        if len(foundation) > FOUNDATION_TURN:
            return _("the foundation now builds down: {card} does not follow {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        return _("the foundation builds up: {card} does not follow {top}").format(
            card=wording.card_text(card), top=wording.card_text(top))

    def apply_legal(self, state: UnionSquareState, move: Move) -> UnionSquareState:
        src, dst, _count = move
        if src == STOCK:
            return UnionSquareState(state.tableau, state.foundations, state.stock[1:],
                                    state.waste + state.stock[:1])
        tableau = state.tableau
        waste = state.waste
        if src == WASTE:
            card = waste[-1]
            waste = waste[:-1]
            t = list(tableau) if dst >= TABLEAU else None
        else:
            t = list(tableau)
            pile = t[src - TABLEAU]
            card = pile[-1]
            t[src - TABLEAU] = pile[:-1]
        if dst >= TABLEAU:
            assert t is not None
            t[dst - TABLEAU] = t[dst - TABLEAU] + (card,)
            return UnionSquareState(tuple(t), state.foundations, state.stock, waste)
        f = list(state.foundations)
        f[dst - FOUNDATION] = f[dst - FOUNDATION] + (card,)
        return UnionSquareState(tuple(t) if t is not None else tableau, tuple(f), state.stock, waste)

    # --- outcome -----------------------------------------------------------
    def tableau(self, state: UnionSquareState) -> tuple[tuple[int, ...], ...]:
        return state.tableau

    def score(self, state: UnionSquareState) -> int:
        return sum(len(f) for f in state.foundations)

    # --- conveniences --------------------------------------------------------
    def double_click(self, state: UnionSquareState, pile: int) -> list[Move]:
        """Waste or tableau pile: its top card to a foundation. Foundation: autoplay."""
        if is_foundation(pile):
            return self.autoplay(state)
        move = self._to_foundation(state, pile)
        return [move] if move else []

    def _to_foundation(self, state: UnionSquareState, pile: int) -> Move | None:
        if pile == WASTE:
            cards = state.waste
        elif pile in TABLEAU_CODES:
            cards = state.tableau[pile - TABLEAU]
        else:
            return None
        if not cards:
            return None
        for j, foundation in enumerate(state.foundations):
            if fits_foundation(cards[-1], foundation, state.foundations):
                return Move(pile, FOUNDATION + j, 1)
        return None

    def autoplay(self, state: UnionSquareState) -> list[Move]:
        """Send top cards of the waste and every pile up until nothing more goes."""
        moves: list[Move] = []
        progress = True
        while progress:
            progress = False
            for pile in (WASTE, *TABLEAU_CODES):
                move = self._to_foundation(state, pile)
                if move is not None:
                    moves.append(move)
                    state = self.apply_legal(state, move)
                    progress = True
        return moves

    def piles(self) -> tuple[int, ...]:
        return (STOCK, WASTE, *FOUNDATION_CODES, *TABLEAU_CODES)

    # --- presentation --------------------------------------------------------
    def view(self, state: UnionSquareState) -> View:
        piles = [
            PileView("stock", "s", "stock", (), face_down=len(state.stock)),
            PileView("waste", "w", "waste", tuple(card_text(c) for c in state.waste)),
        ]
        for code, cards in zip(FOUNDATION_CODES, state.foundations, strict=True):
            piles.append(PileView(pile_dom_id(code), pile_notation(code), "foundation",
                                  tuple(card_text(c) for c in cards), direction=foundation_direction(cards)))
        for code, cards in zip(TABLEAU_CODES, state.tableau, strict=True):
            direction = {1: "up", -1: "down"}.get(pile_direction(cards))
            piles.append(PileView(pile_dom_id(code), pile_notation(code), "tableau",
                                  tuple(card_text(c) for c in cards), direction=direction))
        score = self.score(state)
        status: dict[str, int | str | None] = {
            "stock_left": len(state.stock),
            "waste_size": len(state.waste),
        }
        return View(self.slug, tuple(piles), score, self.max_score, score == self.max_score,
                    not self.legal_moves(state), status)

    def position_text(self, state: UnionSquareState) -> str:
        return (f"union-square stock={cards_field(state.stock)} waste={cards_field(state.waste)} "
                f"f={piles_field(state.foundations)} t={piles_field(state.tableau)}")

    def parse_position(self, text: str) -> UnionSquareState:
        fields = parse_fields(text, self.slug)
        require(fields, ("stock", "waste", "f", "t"))
        state = UnionSquareState(
            tableau=parse_piles(fields["t"], TABLEAU_PILES),
            foundations=parse_piles(fields["f"], FOUNDATIONS),
            stock=parse_cards(fields["stock"]),
            waste=parse_cards(fields["waste"]),
        )
        every = [c for p in state.tableau + state.foundations for c in p]
        check_conservation(every + list(state.stock) + list(state.waste), copies=2)
        return state
