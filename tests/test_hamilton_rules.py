"""One test per rule of the Hamilton section of docs/rules.md, which names each test.

Each docstring states the rule it checks.
Positions are hand-built with only the cards the rule needs.
"""

from __future__ import annotations

import pytest

from patience import IllegalMoveError
from patience.analysis.hints import hint
from patience.cards import RANK, parse_card, rank_label
from patience.deals import deck_text
from patience.games.hamilton.rules import NO_CARD, NO_START, HamiltonState
from patience.layout import layout_text
from patience.rules import CHOOSER, FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, Move
from tests.positions import HAMILTON as GAME
from tests.positions import card, cards, hamilton_position, play, texts

DECK = GAME.deck_of(1)
SUIT_ORDER = "CDHS"


def cyclic_ranks(start: int) -> list[int]:
    """Ranks in the order S, S+1, …, K, A, …, S-1."""
    return [(start - 1 + i) % 13 + 1 for i in range(13)]


def suit_from(start: int, suit_letter: str) -> str:
    """The 13 cards of a suit, start rank first, as card text."""
    return " ".join(rank_label(r).replace("10", "T") + suit_letter for r in cyclic_ranks(start))


def moves_between(state: HamiltonState, src: int, dst: int) -> list[Move]:
    """Legal moves from ``src`` to ``dst``."""
    return [m for m in GAME.legal_moves(state) if m.src == src and m.dst == dst]


def t(n: int) -> int:
    """Code of tableau pile n (1-based)."""
    return TABLEAU + n - 1


def f(n: int) -> int:
    """Code of foundation n (1-based)."""
    return FOUNDATION + n - 1


RUN_ONLY = "only a run of the same suit, each card one step lower, moves as a group"


def reason(state: HamiltonState, move_text: str) -> str | None:
    """Why a move is illegal here (None if legal)."""
    return GAME.why_illegal(state, GAME.parse_move(move_text))


def chosen(deal: int = 1, clicks: int = 1, foundation: str = "f1") -> HamiltonState:
    """Deal ``deal`` after ``clicks`` stock clicks and the choice of the Chooser card."""
    state: HamiltonState = play(GAME, GAME.new(deal), "s " * clicks + f"c-{foundation}")
    return state


# --- the game --------------------------------------------------------------------------------


def test_one_52_card_deck() -> None:
    """"One 52-card deck." Every card once, dealt between tableau and stock."""
    for deal in (1, 2, 77):
        assert sorted(GAME.deck_of(deal)) == list(range(52))
        state = GAME.new(deal)
        assert sorted([c for p in state.tableau for c in p] + list(state.stock)) == list(range(52))


def test_slots() -> None:
    """"Slots: Stock, Chooser, 4 Foundations, 7 Tableau piles.\""""
    assert GAME.piles() == (STOCK, CHOOSER, f(1), f(2), f(3), f(4), *(t(i) for i in range(1, 8)))
    view = GAME.view(GAME.new(1))
    assert [p.pile for p in view.piles] == [
        "stock", "chooser", "foundation-1", "foundation-2", "foundation-3", "foundation-4",
        *(f"tableau-{i}" for i in range(1, 8)),
    ]


def test_score_is_cards_on_foundations() -> None:
    """"Score = cards on the foundations.\""""
    state = hamilton_position(["KS"], foundations=["7H 8H", "7S", "", "7C 8C 9C"], start=7)
    assert GAME.score(state) == 6
    assert GAME.view(state).score == 6
    assert GAME.score(GAME.new(1)) == 0


def test_maximum_52_won_at_52() -> None:
    """"maximum 52; won at 52.\""""
    full = hamilton_position(foundations=[suit_from(7, s) for s in SUIT_ORDER], start=7)
    assert GAME.max_score == 52
    assert GAME.score(full) == 52 and GAME.is_won(full) and GAME.view(full).won
    one_back = GAME.apply(full, Move.parse("f2-t1"))
    assert GAME.score(one_back) == 51
    assert not GAME.is_won(one_back) and not GAME.view(one_back).won


# --- deal ------------------------------------------------------------------------------------


def test_tableau_dealt_row_by_row_all_face_up() -> None:
    """"Tableau dealt row by row, all face up: row r (r = 0…6) puts one card on each of piles r…6.\""""
    state = GAME.new(deck_text(DECK))
    d = DECK
    assert state.tableau[0] == (d[0],)
    assert state.tableau[1] == (d[1], d[7])
    assert state.tableau[2] == (d[2], d[8], d[13])
    assert state.tableau[3] == (d[3], d[9], d[14], d[18])
    assert state.tableau[4] == (d[4], d[10], d[15], d[19], d[22])
    assert state.tableau[5] == (d[5], d[11], d[16], d[20], d[23], d[25])
    assert state.tableau[6] == (d[6], d[12], d[17], d[21], d[24], d[26], d[27])
    for pile in GAME.view(state).piles:
        if pile.kind == "tableau":
            assert pile.face_down == 0 and len(pile.cards) == int(pile.notation[1:])


def test_pile_i_has_i_plus_1_cards_28_in_all() -> None:
    """"Pile i (0-based) ends with i+1 cards: 28 cards in all.\""""
    state = GAME.new(2)
    assert [len(p) for p in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert sum(len(p) for p in state.tableau) == 28


def test_other_24_cards_are_the_stock_face_down() -> None:
    """"The other 24 cards are the Stock, face down.\""""
    state = GAME.new(deck_text(DECK))
    assert state.stock == DECK[28:]
    stock_view = GAME.view(state).pile("stock")
    assert stock_view.face_down == 24 and stock_view.cards == ()


# --- choosing the start card -------------------------------------------------------------------


def test_start_has_three_choices_and_no_start_card() -> None:
    """"At the start choices_left = 3, no Start card.\""""
    state = GAME.new(1)
    assert state.choices_left == 3
    assert state.start == NO_START and state.chooser == NO_CARD
    assert not any(state.foundations)
    assert GAME.view(state).status["choices_left"] == 3
    assert GAME.view(state).status["start_rank"] is None


def test_first_stock_click_turns_the_top_card_to_the_chooser() -> None:
    """"Clicking the Stock while choices_left > 0: choices_left -= 1; … then the top Stock card
    goes face up to the Chooser.\""""
    state = GAME.apply(GAME.new(1), STOCK_MOVE)
    assert state.choices_left == 2
    assert state.chooser == DECK[28]
    assert state.stock == DECK[29:]
    assert GAME.view(state).pile("chooser").cards == (deck_text(DECK[28:29]),)


def test_chooser_card_goes_to_the_bottom_of_the_stock() -> None:
    """"if the Chooser holds a card, that card goes face down to the **bottom** of the Stock;
    then the top Stock card goes face up to the Chooser.\""""
    second = play(GAME, GAME.new(1), "s s")
    assert second.choices_left == 1
    assert second.chooser == DECK[29]
    assert second.stock == DECK[30:] + (DECK[28],)
    third = GAME.apply(second, STOCK_MOVE)
    assert third.choices_left == 0
    assert third.chooser == DECK[30]
    assert third.stock == DECK[31:] + (DECK[28], DECK[29])


@pytest.mark.parametrize("foundation", [1, 2, 3, 4])
def test_chooser_card_to_any_foundation_becomes_the_start_card(foundation: int) -> None:
    """"The Chooser card may be moved to any foundation: it becomes the Start card and its rank
    the start rank; choosing ends.\""""
    turned = GAME.apply(GAME.new(1), STOCK_MOVE)
    assert texts(GAME.legal_moves(turned)) == ["s", "c-f1", "c-f2", "c-f3", "c-f4"]
    state = GAME.apply(turned, Move(CHOOSER, f(foundation)))
    assert state.foundations[foundation - 1] == (DECK[28],)
    assert sum(len(p) for p in state.foundations) == 1
    assert state.start == RANK[DECK[28]]
    assert GAME.view(state).status["start_rank"] == RANK[DECK[28]]
    # choosing ends: the Chooser is empty, nothing more can be chosen, the stock now deals rows
    assert state.chooser == NO_CARD
    assert reason(state, "c-f2") == "the Chooser is empty"
    assert not any(m.src == CHOOSER for m in GAME.legal_moves(state))
    dealt = GAME.apply(state, STOCK_MOVE)
    assert [len(p) for p in dealt.tableau] == [2, 3, 4, 5, 6, 7, 8]


def test_chooser_card_goes_only_to_a_foundation() -> None:
    """The Chooser card "may be moved to any foundation" — and nowhere else."""
    turned = hamilton_position(["8H", ""], stock="KS", chooser="9H", start=NO_START, choices=2)
    assert reason(turned, "c-t1") == "the card in the Chooser can only go to a foundation"
    assert reason(turned, "c-t2") == "the card in the Chooser can only go to a foundation"
    assert reason(turned, "c-f3") is None


def test_after_three_choices_the_stock_does_nothing_and_the_third_card_stays() -> None:
    """"Once choices_left == 0 the Stock does nothing more while no card is chosen; the third card
    stays in the Chooser and can still be chosen.\""""
    third = play(GAME, GAME.new(1), "s s s")
    assert texts(GAME.legal_moves(third)) == ["c-f1", "c-f2", "c-f3", "c-f4"]
    assert reason(third, "s") == "no choices are left: move the card in the Chooser to a foundation"
    with pytest.raises(IllegalMoveError, match="no choices are left"):
        GAME.apply(third, STOCK_MOVE)
    assert third.chooser == DECK[30]
    state = GAME.apply(third, Move.parse("c-f2"))
    assert state.foundations[1] == (DECK[30],) and state.start == RANK[DECK[30]]


@pytest.mark.parametrize("deal", [1, 2, 3, 50, 4294967295])
def test_start_card_is_always_one_of_the_first_three_stock_cards(deal: int) -> None:
    """"So the Start card is always one of the first three Stock cards." Every line of play
    before the choice is explored."""
    deck = GAME.deck_of(deal)
    starts: set[int] = set()
    frontier = [GAME.new(deal)]
    while frontier:
        state = frontier.pop()
        for move in GAME.legal_moves(state):
            after = GAME.apply(state, move)
            if after.start == NO_START:
                frontier.append(after)
            else:
                starts.add(next(p[0] for p in after.foundations if p))
                assert len(after.stock) == 23
    assert starts == set(deck[28:31])


def test_no_other_move_before_the_start_card_is_chosen() -> None:
    """"Before a Start card is chosen, no other move exists: no tableau moves.\""""
    # with start 7 chosen, 6H could go on 7D, and anything on the empty piles
    state = hamilton_position(["7D", "6H"], stock="9C TC JC", start=NO_START, choices=3)
    assert texts(GAME.legal_moves(state)) == ["s"]
    assert reason(state, "t2-t1") == (
        "choose the start card first: click the stock, then move the Chooser card to a foundation"
    )
    with pytest.raises(IllegalMoveError, match="choose the start card first"):
        GAME.apply(state, Move.parse("t2-t3"))
    turned = GAME.apply(state, STOCK_MOVE)
    assert texts(GAME.legal_moves(turned)) == ["s", "c-f1", "c-f2", "c-f3", "c-f4"]
    assert reason(turned, "t1-f1") is not None
    after = GAME.apply(turned, Move.parse("c-f1"))
    assert "t2-t1" in texts(GAME.legal_moves(after))


# --- cyclic order ----------------------------------------------------------------------------


@pytest.mark.parametrize("start", range(1, 14))
def test_ranks_are_ordered_cyclically_from_the_start_rank(start: int) -> None:
    """"All ranks are ordered cyclically from the start rank S: S, S+1, …, K, A, 2, …, S−1."
    A foundation of hearts is built one card at a time in exactly that order."""
    # a pile holding the hearts so that the start rank is on top: S-1 at the bottom
    hearts = suit_from(start, "H").split()
    state = hamilton_position([" ".join(reversed(hearts))], start=start)
    for expected in hearts:
        legal_to_f1 = [m for m in moves_between(state, t(1), f(1)) if m.count == 1]
        assert legal_to_f1, f"{expected} should go up"
        state = GAME.apply(state, Move(t(1), f(1)))
        assert state.foundations[0][-1] == card(expected)
    assert [RANK[c] for c in state.foundations[0]] == cyclic_ranks(start)


@pytest.mark.parametrize("start", range(1, 14))
def test_idx_is_zero_for_the_start_rank_and_twelve_for_the_rank_below(start: int) -> None:
    """"idx(c) = (rank(c) − S) mod 13 (0 for the start rank, 12 for the rank just below it)":
    the start rank opens a foundation, and the rank just below the start is a foundation's last."""
    below = (start - 2) % 13 + 1
    state = hamilton_position([suit_from(start, "S").split()[0], rank_label(below).replace("10", "T") + "H"],
                              foundations=["", " ".join(suit_from(start, "H").split()[:12])], start=start)
    assert reason(state, "t1-f1") is None  # the start rank: idx 0
    assert reason(state, "t2-f2") is None  # the rank below: idx 12, after idx 11
    assert reason(state, "t2-f1") is not None


# --- foundations -----------------------------------------------------------------------------


def test_empty_foundation_takes_a_start_rank_card_of_any_suit() -> None:
    """"An empty foundation takes a card of the start rank, any suit.\""""
    state = hamilton_position(["7C", "7D", "7H", "7S", "8H", "AH", "6H"], start=7)
    for pile in (1, 2, 3, 4):
        assert [m.dst for m in moves_between(state, t(pile), f(1))] == [f(1)]
        for foundation in (1, 2, 3, 4):
            assert GAME.is_legal(state, Move(t(pile), f(foundation)))
    for pile in (5, 6, 7):
        assert reason(state, f"t{pile}-f1") == "an empty foundation takes only a card of the start rank (7s)"
    after = GAME.apply(state, Move.parse("t2-f3"))
    assert after.foundations == ((), (), (card("7D"),), ())


def test_foundation_takes_the_next_card_in_the_same_suit() -> None:
    """"Otherwise it takes the next card in the same suit: idx(new) = idx(top) + 1.\""""
    state = hamilton_position(["8H", "8D", "9H", "6H"], foundations=["7H"], start=7)
    assert reason(state, "t1-f1") is None
    assert reason(state, "t2-f1") == "foundations build in suit: 8♦ does not go on 7♥"
    assert reason(state, "t3-f1") == "9♥ is not the next card after 7♥"
    assert reason(state, "t4-f1") == "6♥ is not the next card after 7♥"  # no building down
    after = GAME.apply(state, Move.parse("t1-f1"))
    assert after.foundations[0] == cards("7H 8H")
    assert GAME.score(after) == 2


def test_full_foundation_has_13_cards_from_s_to_s_minus_1() -> None:
    """"A full foundation has 13 cards (S up to S−1).\""""
    start = 10
    hearts = suit_from(start, "H").split()
    state = hamilton_position([" ".join(reversed(hearts))], start=start)
    state = GAME.apply(state, Move(t(1), f(1), 13))
    assert state.foundations[0] == cards(" ".join(hearts))
    assert len(state.foundations[0]) == 13
    assert RANK[state.foundations[0][0]] == 10 and RANK[state.foundations[0][-1]] == 9
    assert not any(m.dst == f(1) for m in GAME.legal_moves(state))


def test_movable_group_goes_to_a_foundation_in_one_move_in_order() -> None:
    """"A movable group (below) whose exposed card fits may go to a foundation in one move; its cards
    land in order.\""""
    state = hamilton_position(["KS 9H 8H 7H"], foundations=["6H"], start=6)
    after = GAME.apply(state, Move.parse("t1-f1x3"))
    assert after.foundations[0] == cards("6H 7H 8H 9H")
    assert after.tableau[0] == cards("KS")
    # a group opens an empty foundation when its exposed card is of the start rank
    opening = hamilton_position(["8H 7H 6H"], start=6)
    assert GAME.apply(opening, Move.parse("t1-f2x3")).foundations[1] == cards("6H 7H 8H")


@pytest.mark.parametrize("count", [1, 2, 3])
def test_score_rises_by_the_group_size(count: int) -> None:
    """"Score rises by the group's size.\""""
    state = hamilton_position(["KS 9H 8H 7H"], foundations=["6H"], start=6)
    after = GAME.apply(state, Move(t(1), f(1), count))
    assert GAME.score(after) == GAME.score(state) + count


def test_any_size_of_group_whose_exposed_card_fits_may_go() -> None:
    """"Any size of group whose exposed card fits may go (1, 2, … up to the run).\""""
    state = hamilton_position(["KS 9H 8H 7H"], foundations=["6H"], start=6)
    assert [m.count for m in moves_between(state, t(1), f(1))] == [1, 2, 3]
    assert reason(state, "t1-f1x4") == RUN_ONLY
    assert reason(state, "t1-f1x5") == "pile 1 has only 4 cards"
    opening = hamilton_position(["8H 7H 6H"], start=6)
    assert [(m.dst, m.count) for m in GAME.legal_moves(opening) if m.dst < TABLEAU] == [
        (f(j), k) for j in (1, 2, 3, 4) for k in (1, 2, 3)
    ]
    # the exposed card must fit, whatever the size
    nofit = hamilton_position(["9H 8H"], foundations=["6H"], start=6)
    assert moves_between(nofit, t(1), f(1)) == []
    assert reason(nofit, "t1-f1x2") == "8♥ is not the next card after 6♥"


def test_top_foundation_card_may_come_back_to_the_tableau_score_falls_by_1() -> None:
    """"Cards on foundations stay in play: the top card of a foundation may be moved back to the
    tableau, following the tableau rules; score falls by 1.\""""
    state = hamilton_position(["TD", "TS", "", "8D"], foundations=["7H 8H 9H", "7S"], start=7)
    assert GAME.score(state) == 4
    after = GAME.apply(state, Move.parse("f1-t1"))
    assert after.tableau[0] == cards("TD 9H") and after.foundations[0] == cards("7H 8H")
    assert GAME.score(after) == 3
    # following the tableau rules: colour, one step below, an empty pile takes it
    assert reason(state, "f1-t2") == "the tableau builds by colour: 9♥ and 10♠ differ"
    assert reason(state, "f1-t4") == "9♥ is not one step below 8♦"
    assert reason(state, "f1-t3") is None
    # even the start card itself may come back
    assert reason(state, "f2-t3") is None
    assert GAME.apply(state, Move.parse("f2-t3")).foundations[1] == ()
    from_f1 = {str(m) for m in GAME.legal_moves(state) if m.src == f(1)}
    assert from_f1 == {"f1-t1", "f1-t3", "f1-t5", "f1-t6", "f1-t7"}


def test_only_one_card_at_a_time_comes_off_a_foundation() -> None:
    """"Only one card at a time comes off a foundation.\""""
    state = hamilton_position(["TD", ""], foundations=["7H 8H 9H"], start=7)
    assert reason(state, "f1-t2x2") == "only one card at a time comes off a foundation"
    with pytest.raises(IllegalMoveError, match="only one card at a time"):
        GAME.apply(state, Move.parse("f1-t2x2"))
    assert all(m.count == 1 for m in GAME.legal_moves(state) if m.src == f(1))
    assert reason(state, "f1-f2") == "cards do not move from one foundation to another"


# --- stock after the choice --------------------------------------------------------------------


@pytest.mark.parametrize("clicks", [1, 2, 3])
def test_after_choosing_the_stock_holds_23_cards(clicks: int) -> None:
    """"After choosing, the Stock always holds 23 cards.\""""
    for deal in (1, 2, 3):
        assert len(chosen(deal, clicks).stock) == 23


def test_stock_deals_one_card_on_each_pile_left_to_right_then_two() -> None:
    """"Clicking the Stock deals one card face up onto each tableau pile, left to right; when exactly
    2 cards remain, they go to the first two piles. So the deals are 7, 7, 7, 2.\""""
    state = chosen(1)
    stock = state.stock
    before = state.tableau
    sizes = []
    for _ in range(4):
        previous = state
        state = GAME.apply(state, STOCK_MOVE)
        grew = [len(a) - len(b) for a, b in zip(state.tableau, previous.tableau, strict=True)]
        sizes.append(sum(grew))
        assert all(g in (0, 1) for g in grew)
    assert sizes == [7, 7, 7, 2]
    assert state.stock == ()
    for i in range(7):
        added = state.tableau[i][len(before[i]):]
        expected = tuple(stock[row * 7 + i] for row in range(3))
        if i < 2:
            expected += (stock[21 + i],)
        assert added == expected
    assert GAME.view(state).pile("stock").face_down == 0


def test_dealing_is_allowed_at_any_time_and_fills_empty_piles() -> None:
    """"Dealing is allowed at any time while the Stock has cards (not only when stuck), and fills
    empty piles too.\""""
    state = hamilton_position(["8H", "9H"], stock="2C 3C 4C 5C 6C 7C 8C JD JH", start=5)
    moves = texts(GAME.legal_moves(state))
    assert "t1-t2" in moves and "s" in moves
    after = GAME.apply(state, STOCK_MOVE)
    assert after.tableau == (cards("8H 2C"), cards("9H 3C"), cards("4C"), cards("5C"), cards("6C"),
                             cards("7C"), cards("8C"))
    assert after.stock == cards("JD JH")


def test_no_redeal() -> None:
    """"No redeal." Once the stock is empty, clicking it is not a move."""
    state = play(GAME, chosen(1), "s s s s")
    assert state.stock == ()
    assert STOCK_MOVE not in GAME.legal_moves(state)
    assert reason(state, "s") == "the stock is empty"
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        GAME.apply(state, STOCK_MOVE)


# --- tableau ---------------------------------------------------------------------------------


def test_tableau_builds_down_by_colour_same_suit_counts() -> None:
    """"Built down by colour: a card (or the bottom card of a moved group) may go on a tableau top
    card T when both are the same colour (both red or both black; same suit counts) and
    idx(T) = idx(card) + 1.\""""
    state = hamilton_position(["7D", "7H", "7S", "6H", "6C", "5H", "8H"], start=2)
    assert reason(state, "t4-t1") is None  # red on red, another suit
    assert reason(state, "t4-t2") is None  # same suit
    assert reason(state, "t5-t3") is None  # black on black
    assert reason(state, "t4-t3") == "the tableau builds by colour: 6♥ and 7♠ differ"
    assert reason(state, "t5-t1") == "the tableau builds by colour: 6♣ and 7♦ differ"
    assert reason(state, "t6-t1") == "5♥ is not one step below 7♦"
    assert reason(state, "t7-t1") == "8♥ is not one step below 7♦"  # no building up
    after = GAME.apply(state, Move.parse("t4-t1"))
    assert after.tableau[0] == cards("7D 6H") and after.tableau[3] == ()


def test_the_bottom_card_of_a_moved_group_must_fit() -> None:
    """"a card (or the bottom card of a moved group) may go on a tableau top card T …\""""
    state = hamilton_position(["KS 9H 8H", "TD", "9D"], start=2)
    assert reason(state, "t1-t2x2") is None  # 9H (bottom of the group) on TD
    assert reason(state, "t1-t3x2") == "9♥ is not one step below 9♦"
    assert reason(state, "t1-t3") is None  # 8H alone on 9D


@pytest.mark.parametrize("start", range(2, 14))
def test_a_king_goes_on_an_ace_unless_the_start_rank_is_ace(start: int) -> None:
    """"Consequences: a King goes on an Ace unless the start rank is Ace\""""
    state = hamilton_position(["AD", "KH"], start=start)
    assert reason(state, "t2-t1") is None
    ace_start = state._replace(start=1)
    assert reason(ace_start, "t2-t1") == "nothing can be placed on an A when A is the start rank"
    assert "t2-t1" not in texts(GAME.legal_moves(ace_start))


def test_nothing_goes_on_a_card_of_the_start_rank() -> None:
    """"nothing goes on a card of the start rank" — and the refusal says why in words:
    "nothing can be placed on a 7 when 7 is the start rank"."""
    state = hamilton_position(["7H", "6H", "6D", "7C", "6S"], start=7)
    assert reason(state, "t2-t1") == "nothing can be placed on a 7 when 7 is the start rank"
    assert reason(state, "t3-t1") == "nothing can be placed on a 7 when 7 is the start rank"
    assert reason(state, "t5-t4") == "nothing can be placed on a 7 when 7 is the start rank"
    with pytest.raises(IllegalMoveError) as raised:
        GAME.apply(state, Move.parse("t2-t1"))
    assert str(raised.value) == "t2-t1: nothing can be placed on a 7 when 7 is the start rank"
    assert not any(m.dst in (t(1), t(4)) for m in GAME.legal_moves(state))
    # the same cards with another start rank: 6H does go on 7H
    assert reason(state._replace(start=5), "t2-t1") is None


def test_the_card_just_below_the_start_rank_goes_on_nothing() -> None:
    """"the card just below the start rank goes on nothing" (only on an empty pile).\""""
    six = parse_card("6H")
    for target in range(52):
        if target == six:
            continue
        state = HamiltonState(((six,), (target,), (), (), (), (), ()), ((),) * 4, (), NO_CARD, 0, 7)
        assert reason(state, "t1-t2") is not None, f"6H went on {deck_text((target,))}"
        assert reason(state, "t1-t3") is None


def test_movable_group_is_a_same_suit_run_each_one_step_lower() -> None:
    """"Movable group: the top card of a pile, or a run of top cards that are all the same suit and
    each one step lower (in cyclic order) than the card under it.\""""
    def group_sizes(pile: str, start: int) -> list[int]:
        state = hamilton_position([pile, ""], start=start)
        return [m.count for m in moves_between(state, t(1), t(2))]

    assert group_sizes("3C 2H AH KH QH", start=5) == [1, 2, 3, 4]  # runs through K-A when S is 5
    assert group_sizes("2H AH KH QH", start=1) == [1, 2]  # A is the start rank: K is not below it
    assert group_sizes("8D 7H", start=2) == [1]  # same colour, another suit
    assert group_sizes("9H 7H", start=2) == [1]  # a gap
    assert group_sizes("7H 8H", start=2) == [1]  # going up
    assert group_sizes("QS", start=2) == [1]  # the top card alone
    state = hamilton_position(["3C 2H AH KH QH", ""], start=5)
    assert reason(state, "t1-t2x5") == RUN_ONLY


def test_any_top_part_of_a_run_may_be_moved() -> None:
    """"Any top part of such a run may be moved (runs may be split).\""""
    state = hamilton_position(["TH 9H 8H", "TD", "9D"], start=2)
    assert "t1-t2x2" in texts(GAME.legal_moves(state))
    assert "t1-t3" in texts(GAME.legal_moves(state))
    split = GAME.apply(state, Move.parse("t1-t2x2"))
    assert split.tableau[:3] == (cards("TH"), cards("TD 9H 8H"), cards("9D"))
    single = GAME.apply(state, Move.parse("t1-t3"))
    assert single.tableau[:3] == (cards("TH 9H"), cards("TD"), cards("9D 8H"))


def test_empty_pile_takes_any_movable_card_or_group_or_a_foundation_top() -> None:
    """"An empty pile takes any movable card or group, from the tableau or the top card of a foundation.\""""
    state = hamilton_position(["KS TH 9H 8H", "", "5S", "4D"], foundations=["5C 6C"], start=5)
    assert [m.count for m in moves_between(state, t(1), t(2))] == [1, 2, 3]
    assert reason(state, "t1-t2x4") == RUN_ONLY
    assert reason(state, "t3-t2") is None  # a card of the start rank
    assert reason(state, "t4-t2") is None  # the card just below the start rank
    assert reason(state, "f1-t2") is None
    after = GAME.apply(state, Move.parse("t1-t2x3"))
    assert after.tableau[:2] == (cards("KS"), cards("TH 9H 8H"))
    back = GAME.apply(state, Move.parse("f1-t2"))
    assert back.tableau[1] == cards("6C") and back.foundations[0] == cards("5C")


# --- conveniences ----------------------------------------------------------------------------


def test_double_click_on_the_chooser_makes_the_choice() -> None:
    """"Double-click on the Chooser: move its card to a foundation (the choice).\""""
    assert GAME.double_click(GAME.new(1), CHOOSER) == []  # nothing turned yet
    turned = GAME.apply(GAME.new(1), STOCK_MOVE)
    moves = GAME.double_click(turned, CHOOSER)
    assert texts(moves) == ["c-f1"]
    state = GAME.apply_all(turned, moves)
    assert state.start == RANK[DECK[28]]
    assert GAME.double_click(state, CHOOSER) == []


def test_double_click_on_a_tableau_pile_sends_the_longest_group_up() -> None:
    """"Double-click on a tableau pile: if its top card fits a foundation, move the longest movable group
    from the top to that foundation.\""""
    state = hamilton_position(["KS 9H 8H 7H", "8C", "", "7C"], foundations=["6S", "", "6H"], start=6)
    assert texts(GAME.double_click(state, t(1))) == ["t1-f3x3"]
    after = GAME.apply_all(state, GAME.double_click(state, t(1)))
    assert after.foundations[2] == cards("6H 7H 8H 9H")
    assert GAME.double_click(state, t(2)) == []  # 8C fits no foundation
    assert GAME.double_click(state, t(3)) == []  # empty pile
    assert GAME.double_click(state, t(4)) == []  # 7C: f1 is spades, f3 hearts, f2 takes only 6s
    opening = hamilton_position(["7C 6C"], start=6)
    assert texts(GAME.double_click(opening, t(1))) == ["t1-f1x2"]
    # before the choice there is nothing to double-click on the tableau
    assert GAME.double_click(GAME.new(1), t(7)) == []


def test_ours_says_when_no_move_is_left() -> None:
    """"ours says when no move is left\": the view and the status line say the game is stuck."""
    stuck = hamilton_position(["6H", "6D", "6C", "6S", "KD", "KC", "2H"],
                              foundations=["7S", "7C", "7D", "7H"], start=7)
    assert GAME.legal_moves(stuck) == []
    assert GAME.is_stuck(stuck) and GAME.view(stuck).stuck
    assert "no move left" in layout_text(GAME, stuck, colour=False).splitlines()[0]
    with_stock = stuck._replace(stock=cards("QH"))
    assert not GAME.is_stuck(with_stock) and not GAME.view(with_stock).stuck


def test_ours_says_when_the_solver_knows_the_deal_is_lost() -> None:
    """"and, when the solver knows it, that the deal can no longer be won": moves are left, but the
    hint proves the position lost and says so."""
    lost = play(GAME, GAME.new(39), "s c-f1 s s s")
    assert GAME.legal_moves(lost) and not GAME.is_stuck(lost)
    answer = hint(GAME, lost, budget=60, max_nodes=2_000)
    assert answer.status == "lost"
    assert answer.explanation.startswith("This game can no longer be won.")


def test_our_hint_looks_ahead() -> None:
    """"Hint, in the reference program: simple, no look-ahead. Ours must be better": our hint's move
    starts a winning line the solver found, many moves deep."""
    answer = hint(GAME, GAME.new(1), budget=60, max_nodes=5_000)
    assert answer.basis == "winning line" and answer.status == "winnable"
    assert answer.move == answer.line[0] and len(answer.line) > 50
    assert GAME.is_won(GAME.apply_all(GAME.new(1), list(answer.line)))
