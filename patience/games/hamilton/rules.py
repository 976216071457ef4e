"""Hamilton (Agnes): the rules exactly as ``docs/rules.md`` states them.

>>> game = HamiltonGame()
>>> state = game.new("4H 5S 2C TD 3D 3C 7D 6D 2D AC QH 3S 5H 7H 6H JD AD KH 2H AS 4S 2S 3H "
...                  "8H JC 9C TH 8D 9S 6C 9H JS TS QS 6S QC JH 7S KS KD 5D 4C 9D QD TC 4D "
...                  "8S 8C 7C 5C KC AH")
>>> [len(p) for p in state.tableau]
[1, 2, 3, 4, 5, 6, 7]
>>> state = game.apply(state, Move.parse("s"))   # turn the first card to the Chooser
>>> card_text(state.chooser), state.choices_left
('9S', 2)
>>> state = game.apply(state, Move.parse("c-f1"))   # choose it: 9 is the start rank
>>> state.start, game.score(state), len(state.stock)
(9, 1, 23)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from patience import wording
from patience.cards import RANK, RED, SUIT, card_text, rank_label
from patience.errors import InvalidRecordError
from patience.i18n import N_, _, ngettext
from patience.numbers import parse_int
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
    CHOOSER,
    FOUNDATION,
    STOCK,
    STOCK_MOVE,
    TABLEAU,
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

TABLEAU_PILES: Final = 7
FOUNDATIONS: Final = 4
DEALT_TO_TABLEAU: Final = 28  # rows of 7, 6, … 1 cards
INITIAL_CHOICES: Final = 3
FULL_FOUNDATION: Final = 13
NO_CARD: Final = -1
NO_START: Final = 0
RANK_NAMES_PLURAL: Final = ("", N_("Aces"), N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"),
                            N_("8s"), N_("9s"), N_("10s"), N_("Jacks"), N_("Queens"), N_("Kings"))

#: IDX[start][card] = the card's place in the cyclic order from the start rank (0…12).
IDX: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((RANK[c] - start) % 13 for c in range(52)) for start in range(14)
)


def _same_colour_suits(suit_: int) -> tuple[int, int]:
    # clubs and spades are black, diamonds and hearts red
    return (suit_, {0: 3, 3: 0, 1: 2, 2: 1}[suit_])


#: ACCEPTS[start][card] = the cards that may be built on ``card`` in the tableau:
#: same colour, one step lower in the cyclic order; none on a card of the start rank.
ACCEPTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        ()
        if start == 0 or IDX[start][card] == 0
        else tuple(s * 13 + (RANK[card] - 2) % 13 for s in _same_colour_suits(SUIT[card]))
        for card in range(52)
    )
    for start in range(14)
)

#: NEXT_IN_SUIT[start][card] = the card that follows ``card`` on a foundation, or NO_CARD.
NEXT_IN_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        NO_CARD if start == 0 or IDX[start][card] == 12 else SUIT[card] * 13 + RANK[card] % 13
        for card in range(52)
    )
    for start in range(14)
)

TABLEAU_CODES: Final = tuple(TABLEAU + i for i in range(TABLEAU_PILES))
FOUNDATION_CODES: Final = tuple(FOUNDATION + i for i in range(FOUNDATIONS))

Pile = tuple[int, ...]
_new: Final = tuple.__new__


class HamiltonState(NamedTuple):
    """An immutable Hamilton position.

    ``tableau`` and ``foundations`` list cards bottom first; ``stock`` lists
    them top first; ``chooser`` is a card or ``NO_CARD``; ``start`` is the
    start rank, or ``NO_START`` while the start card is still being chosen.
    """

    tableau: tuple[Pile, ...]
    foundations: tuple[Pile, ...]
    stock: Pile
    chooser: int
    choices_left: int
    start: int

    def key(self) -> HamiltonState:
        """Hashable value that identifies the position exactly."""
        return self


def run_length(pile: Pile, following: tuple[int, ...]) -> int:
    """Size of the movable group on top of ``pile``: same suit, each card one step below the one under it.

    ``following`` is ``NEXT_IN_SUIT[start]``: a card continues the run when the card under it
    is the one that follows it in its suit.
    """
    n = len(pile)
    if n == 0:
        return 0
    r = 1
    above = pile[-1]
    while r < n and pile[-r - 1] == following[above]:
        above = pile[-r - 1]
        r += 1
    return r


def _targets(card: int, taker: dict[int, int], second: dict[int, int], empties: list[int]) -> list[int]:
    """The piles (0-based, ascending) that take ``card``: the ones whose top wants it, and the empty ones."""
    wanting = [taker[card], second[card]] if card in second else [taker[card]] if card in taker else None
    return target_piles(wanting, empties)


class HamiltonGame(Game[HamiltonState]):
    """Hamilton: seven face-up piles built down by colour, a start card chosen from three."""

    slug = "hamilton"
    name = N_("Hamilton")
    max_score = 52
    copies = 1
    #: A click to the Chooser, the choice, four deals empty the stock (7, 7, 7, 2), and the other 51
    #: cards go up in runs of at most 13, one move each: at least 4 more moves.
    min_winning_moves = 10

    # --- deals -------------------------------------------------------------
    def new(self, deal: int | str) -> HamiltonState:
        deck = self.deck_of(deal)
        piles: list[list[int]] = [[] for _ in range(TABLEAU_PILES)]
        position = 0
        for row in range(TABLEAU_PILES):
            for pile in range(row, TABLEAU_PILES):
                piles[pile].append(deck[position])
                position += 1
        return HamiltonState(
            tableau=tuple(tuple(p) for p in piles),
            foundations=((),) * FOUNDATIONS,
            stock=deck[DEALT_TO_TABLEAU:],
            chooser=NO_CARD,
            choices_left=INITIAL_CHOICES,
            start=NO_START,
        )

    # --- moves -------------------------------------------------------------
    def legal_moves(self, state: HamiltonState) -> list[Move]:
        moves: list[Move] = []
        start = state.start
        if start == NO_START:
            if state.choices_left > 0 and state.stock:
                moves.append(STOCK_MOVE)
            if state.chooser != NO_CARD:
                moves.extend(MOVES[CHOOSER][f][1] for f in FOUNDATION_CODES)
            return moves
        if state.stock:
            moves.append(STOCK_MOVE)
        idx = IDX[start]
        accepts = ACCEPTS[start]
        following = NEXT_IN_SUIT[start]
        tableau = state.tableau
        # Which piles take which card: a card wanted by a top card (at most two tops want a card,
        # the two of its colour one step above it: ``taker`` holds the first pile, ``second`` the
        # other), or any card on an empty pile. Piles are met in order, so each card's are ascending.
        taker: dict[int, int] = {}
        second: dict[int, int] = {}
        empties: list[int] = []
        for j, pile in enumerate(tableau):
            if pile:
                for wanted in accepts[pile[-1]]:
                    if wanted in taker:
                        second[wanted] = j
                    else:
                        taker[wanted] = j
            else:
                empties.append(j)
        empty_foundations: list[int] = []
        foundation_wants: dict[int, int] = {}
        for j, foundation in enumerate(state.foundations):
            if foundation:
                nxt = following[foundation[-1]]
                if nxt != NO_CARD:
                    foundation_wants[nxt] = j
            else:
                empty_foundations.append(j)
        for i, pile in enumerate(tableau):
            if not pile:
                continue
            top = pile[-1]
            if len(pile) < 2 or pile[-2] != following[top]:  # a run of one card (most piles)
                if idx[top] == 0:
                    for j in empty_foundations:
                        moves.append(MOVES[TABLEAU + i][FOUNDATION + j][1])
                elif top in foundation_wants:
                    moves.append(MOVES[TABLEAU + i][FOUNDATION + foundation_wants[top]][1])
                if empties:
                    for j in _targets(top, taker, second, empties):
                        moves.append(MOVES[TABLEAU + i][TABLEAU + j][1])
                elif top in taker:
                    moves.append(MOVES[TABLEAU + i][TABLEAU + taker[top]][1])
                    if top in second:
                        moves.append(MOVES[TABLEAU + i][TABLEAU + second[top]][1])
                continue
            from_pile = MOVES[TABLEAU + i]
            run = run_length(pile, following)
            # to the foundations: the top card must fit; any part of the run may follow it
            if idx[top] == 0:
                for j in empty_foundations:
                    moves.extend(from_pile[FOUNDATION + j][1 : run + 1])
            elif top in foundation_wants:
                moves.extend(from_pile[FOUNDATION + foundation_wants[top]][1 : run + 1])
            # to the tableau: the group's bottom card goes on a same-colour card one step above
            for k in range(1, run + 1):
                for j in _targets(pile[-k], taker, second, empties):
                    moves.append(from_pile[TABLEAU + j][k])
        # back from the foundations, one card at a time
        for j, foundation in enumerate(state.foundations):
            if foundation:
                from_foundation = MOVES[FOUNDATION + j]
                card = foundation[-1]
                if empties:
                    for i in _targets(card, taker, second, empties):
                        moves.append(from_foundation[TABLEAU + i][1])
                elif card in taker:
                    moves.append(from_foundation[TABLEAU + taker[card]][1])
                    if card in second:
                        moves.append(from_foundation[TABLEAU + second[card]][1])
        return moves

    def why_illegal(self, state: HamiltonState, move: Move) -> str | None:
        src, dst, count = move
        start = state.start
        if src == STOCK:
            if dst != STOCK or count != 0:
                return _("a stock click is written s")
            if not state.stock:
                return _("the stock is empty")
            if start == NO_START and state.choices_left == 0:
                return _("no choices are left: move the card in the Chooser to a foundation")
            return None
        if src == CHOOSER:
            if start != NO_START or state.chooser == NO_CARD:
                return _("the Chooser is empty")
            if not is_foundation(dst):
                return _("the card in the Chooser can only go to a foundation")
            if count != 1:
                return _("the Chooser holds one card")
            return None
        if start == NO_START:
            return _("choose the start card first: click the stock, "
                     "then move the Chooser card to a foundation")
        if not (is_tableau(src) and src - TABLEAU < TABLEAU_PILES) and not is_foundation(src):
            return _("Hamilton has no such pile to move from")
        if dst in (STOCK, CHOOSER):
            return _("cards go only to the foundations and the tableau")
        if not (is_tableau(dst) and dst - TABLEAU < TABLEAU_PILES) and not is_foundation(dst):
            return _("Hamilton has no such pile to move to")
        idx = IDX[start]
        if is_foundation(src):
            source = state.foundations[src - FOUNDATION]
            if not source:
                return _("foundation {number} is empty").format(number=src - FOUNDATION + 1)
            if is_foundation(dst):
                return _("cards do not move from one foundation to another")
            if count != 1:
                return _("only one card at a time comes off a foundation")
            return self._why_not_on_tableau(state, source[-1], dst, idx)
        source = state.tableau[src - TABLEAU]
        if not source:
            return _("pile {number} is empty").format(number=src - TABLEAU + 1)
        if count < 1:
            return _("a move takes at least one card")
        if count > len(source):
            return ngettext("pile {number} has only {count} card", "pile {number} has only {count} cards",
                            len(source)).format(number=src - TABLEAU + 1, count=len(source))
        if count > run_length(source, NEXT_IN_SUIT[start]):
            return _("only a run of the same suit, each card one step lower, moves as a group")
        if is_foundation(dst):
            return self._why_not_on_foundation(state, source[-1], dst, idx)
        return self._why_not_on_tableau(state, source[-count], dst, idx)

    def _why_not_on_foundation(
        self, state: HamiltonState, card: int, dst: int, idx: tuple[int, ...]
    ) -> str | None:
        foundation = state.foundations[dst - FOUNDATION]
        if not foundation:
            if idx[card] == 0:
                return None
            return _("an empty foundation takes only a card of the start rank ({ranks})").format(
                ranks=_(RANK_NAMES_PLURAL[state.start]))
        top = foundation[-1]
        if len(foundation) == FULL_FOUNDATION:
            return _("that foundation is full")
        if SUIT[top] != SUIT[card]:
            return _("foundations build in suit: {card} does not go on {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        if idx[card] != idx[top] + 1:
            return _("{card} is not the next card after {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        return None

    def _why_not_on_tableau(
        self, state: HamiltonState, card: int, dst: int, idx: tuple[int, ...]
    ) -> str | None:
        target = state.tableau[dst - TABLEAU]
        if not target:
            return None
        top = target[-1]
        if idx[top] == 0:
            label = rank_label(state.start)
            if label in ("A", "8"):
                return _("nothing can be placed on an {label} when {label} is the start rank").format(
                    label=label)
            return _("nothing can be placed on a {label} when {label} is the start rank").format(label=label)
        if RED[top] != RED[card]:
            return _("the tableau builds by colour: {card} and {top} differ").format(
                card=wording.card_text(card), top=wording.card_text(top))
        if idx[top] != idx[card] + 1:
            return _("{card} is not one step below {top}").format(
                card=wording.card_text(card), top=wording.card_text(top))
        return None

    def apply_legal(self, state: HamiltonState, move: Move) -> HamiltonState:
        src, dst, count = move
        if src == STOCK:
            return self._click_stock(state)
        if src == CHOOSER:
            chosen = list(state.foundations)
            chosen[dst - FOUNDATION] = (state.chooser,)
            return HamiltonState(state.tableau, tuple(chosen), state.stock,
                                 NO_CARD, 0, RANK[state.chooser])
        # Positions are built with tuple.__new__ (what HamiltonState(...) does, without its call).
        if src >= TABLEAU:
            pile = state.tableau[src - TABLEAU]
            t = list(state.tableau)
            t[src - TABLEAU] = pile[:-count]
            if dst >= TABLEAU:
                t[dst - TABLEAU] += pile[-count:]
                return _new(HamiltonState,
                            (tuple(t), state.foundations, state.stock, NO_CARD, 0, state.start))
            f = list(state.foundations)
            f[dst - FOUNDATION] += pile[-count:][::-1]
            return _new(HamiltonState, (tuple(t), tuple(f), state.stock, NO_CARD, 0, state.start))
        f = list(state.foundations)
        fpile = f[src - FOUNDATION]
        f[src - FOUNDATION] = fpile[:-1]
        t = list(state.tableau)
        t[dst - TABLEAU] += fpile[-1:]
        return _new(HamiltonState, (tuple(t), tuple(f), state.stock, NO_CARD, 0, state.start))

    def _click_stock(self, state: HamiltonState) -> HamiltonState:
        stock = state.stock
        if state.start == NO_START:
            if state.chooser != NO_CARD:
                stock = stock + (state.chooser,)
            return HamiltonState(state.tableau, state.foundations, stock[1:], stock[0],
                                 state.choices_left - 1, NO_START)
        t = list(state.tableau)
        dealt = min(TABLEAU_PILES, len(stock))
        for i in range(dealt):
            t[i] += stock[i : i + 1]
        return _new(HamiltonState, (tuple(t), state.foundations, stock[dealt:], NO_CARD, 0, state.start))

    # --- outcome -----------------------------------------------------------
    def tableau(self, state: HamiltonState) -> tuple[tuple[int, ...], ...]:
        return state.tableau

    def score(self, state: HamiltonState) -> int:
        return sum(map(len, state.foundations))

    def is_won(self, state: HamiltonState) -> bool:
        return sum(map(len, state.foundations)) == self.max_score

    def is_stuck(self, state: HamiltonState) -> bool:
        return not self.legal_moves(state)

    # --- conveniences --------------------------------------------------------
    def double_click(self, state: HamiltonState, pile: int) -> list[Move]:
        """Chooser: choose its card. Tableau pile: send the longest fitting group up."""
        if pile == CHOOSER:
            if state.start != NO_START or state.chooser == NO_CARD:
                return []
            return [Move(CHOOSER, FOUNDATION_CODES[0], 1)]
        if state.start == NO_START or pile not in TABLEAU_CODES:
            return []
        source = state.tableau[pile - TABLEAU]
        if not source:
            return []
        idx = IDX[state.start]
        run = run_length(source, NEXT_IN_SUIT[state.start])
        for f in FOUNDATION_CODES:
            if self._why_not_on_foundation(state, source[-1], f, idx) is None:
                return [Move(pile, f, run)]
        return []

    def piles(self) -> tuple[int, ...]:
        return (STOCK, CHOOSER, *FOUNDATION_CODES, *TABLEAU_CODES)

    # --- presentation --------------------------------------------------------
    def view(self, state: HamiltonState) -> View:
        piles = [
            PileView("stock", "s", "stock", (), face_down=len(state.stock)),
            PileView("chooser", "c", "chooser",
                     (card_text(state.chooser),) if state.chooser != NO_CARD else ()),
        ]
        for code, cards in zip(FOUNDATION_CODES, state.foundations, strict=True):
            piles.append(PileView(pile_dom_id(code), pile_notation(code), "foundation",
                                  tuple(card_text(c) for c in cards)))
        for code, cards in zip(TABLEAU_CODES, state.tableau, strict=True):
            piles.append(PileView(pile_dom_id(code), pile_notation(code), "tableau",
                                  tuple(card_text(c) for c in cards)))
        status: dict[str, int | str | None] = {
            "stock_left": len(state.stock),
            "choices_left": state.choices_left if state.start == NO_START else None,
            "start_rank": state.start or None,
            "start_rank_name": rank_label(state.start) if state.start else None,
        }
        moves = self.legal_moves(state)
        score = self.score(state)
        return View(self.slug, tuple(piles), score, self.max_score,
                    score == self.max_score, not moves, status)

    def position_text(self, state: HamiltonState) -> str:
        chooser = card_text(state.chooser) if state.chooser != NO_CARD else "-"
        return (f"hamilton start={state.start} choices={state.choices_left} chooser={chooser} "
                f"stock={cards_field(state.stock)} f={piles_field(state.foundations)} "
                f"t={piles_field(state.tableau)}")

    def parse_position(self, text: str) -> HamiltonState:
        fields = parse_fields(text, self.slug)
        require(fields, ("start", "choices", "chooser", "stock", "f", "t"))
        try:
            start, choices = parse_int(fields["start"]), parse_int(fields["choices"])
        except ValueError:
            raise InvalidRecordError("position: start and choices must be numbers") from None
        if not 0 <= start <= 13 or not 0 <= choices <= INITIAL_CHOICES:
            raise InvalidRecordError("position: start must be 0-13 and choices 0-3")
        chooser = NO_CARD if fields["chooser"] == "-" else parse_cards(fields["chooser"])[0]
        state = HamiltonState(
            tableau=parse_piles(fields["t"], TABLEAU_PILES),
            foundations=parse_piles(fields["f"], FOUNDATIONS),
            stock=parse_cards(fields["stock"]),
            chooser=chooser,
            choices_left=choices if start == NO_START else 0,
            start=start,
        )
        every = [c for p in state.tableau + state.foundations for c in p] + list(state.stock)
        check_conservation(every + ([chooser] if chooser != NO_CARD else []), copies=1)
        if start != NO_START and chooser != NO_CARD:
            raise InvalidRecordError("position: the Chooser is empty once a start card is chosen")
        if start == NO_START and any(state.foundations):
            raise InvalidRecordError("position: foundations are empty until a start card is chosen")
        return state
