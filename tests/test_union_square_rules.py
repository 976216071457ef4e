"""One test per rule of the Union Square section of docs/rules.md, which names each test.

Each docstring states the rule it checks.
Positions are hand-built with only the cards the rule needs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from patience import IllegalMoveError
from patience.analysis.hints import hint
from patience.cards import RANK
from patience.deals import deck_text
from patience.games.union_square.rules import UnionSquareState
from patience.layout import layout_text
from patience.rules import FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, WASTE, Move
from tests.positions import UNION_SQUARE as GAME
from tests.positions import cards, play, texts, union_square_position

DECK = GAME.deck_of(1)
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]


def t(n: int) -> int:
    """Code of tableau pile n (1-based)."""
    return TABLEAU + n - 1


def f(n: int) -> int:
    """Code of foundation n (1-based)."""
    return FOUNDATION + n - 1


def reason(state: UnionSquareState, move_text: str) -> str | None:
    """Why a move is illegal here (None if legal)."""
    return GAME.why_illegal(state, GAME.parse_move(move_text))


def up_and_down(suit: str, length: int = 26) -> str:
    """The first ``length`` cards of a full foundation of ``suit``: A…K, K…A."""
    order = RANKS + RANKS[::-1]
    return " ".join(r + suit for r in order[:length])


# --- the game --------------------------------------------------------------------------------


def test_two_decks_each_card_twice() -> None:
    """"Two 52-card decks (104 cards; the two copies of a card are interchangeable).\""""
    for deal in (1, 2, 99):
        deck = GAME.deck_of(deal)
        assert len(deck) == 104
        assert Counter(deck) == Counter({c: 2 for c in range(52)})
    # either copy of a card plays the same: both 6H fit on 5H
    state = union_square_position(["5H", "6H", "6H"])
    assert reason(state, "t2-t1") is None and reason(state, "t3-t1") is None


def test_slots() -> None:
    """"Slots: Stock, Waste, 16 Tableau piles in a 4×4 grid, 4 Foundations.\""""
    assert GAME.piles() == (STOCK, WASTE, f(1), f(2), f(3), f(4), *(t(i) for i in range(1, 17)))
    view = GAME.view(GAME.new(1))
    assert [p.pile for p in view.piles] == [
        "stock", "waste", "foundation-1", "foundation-2", "foundation-3", "foundation-4",
        *(f"tableau-{i}" for i in range(1, 17)),
    ]
    layout = layout_text(GAME, GAME.new(1), colour=False)
    assert all(f"t{i} " in layout for i in range(1, 17))


def test_score_is_cards_on_foundations() -> None:
    """"Score = cards on foundations.\""""
    state = union_square_position(foundations=["AH 2H", "", "AS", up_and_down("C", 14)])
    assert GAME.score(state) == 17
    assert GAME.view(state).score == 17


def test_maximum_104_won_when_every_foundation_holds_26() -> None:
    """"maximum 104; won when every foundation holds 26.\""""
    assert GAME.max_score == 104
    full = union_square_position(foundations=[up_and_down(s) for s in "HSCD"])
    assert GAME.score(full) == 104 and GAME.is_won(full) and GAME.view(full).won
    almost = union_square_position(
        ["AD"], foundations=[*(up_and_down(s) for s in "HSC"), up_and_down("D", 25)]
    )
    assert GAME.score(almost) == 103 and not GAME.is_won(almost)
    assert GAME.is_won(GAME.apply(almost, Move.parse("t1-f4")))


# --- deal ------------------------------------------------------------------------------------


def test_one_card_face_up_on_each_of_the_16_piles() -> None:
    """"One card face up on each of the 16 tableau piles.\""""
    state = GAME.new(deck_text(DECK))
    assert state.tableau == tuple((c,) for c in DECK[:16])
    for pile in GAME.view(state).piles:
        if pile.kind == "tableau":
            assert pile.face_down == 0 and len(pile.cards) == 1


def test_the_other_88_cards_are_the_stock_face_down() -> None:
    """"The other 88 cards are the Stock, face down.\""""
    state = GAME.new(deck_text(DECK))
    assert state.stock == DECK[16:] and len(state.stock) == 88
    assert state.waste == () and not any(state.foundations)
    stock_view = GAME.view(state).pile("stock")
    assert stock_view.face_down == 88 and stock_view.cards == ()


# --- stock and waste -------------------------------------------------------------------------


def test_clicking_the_stock_turns_its_top_card_onto_the_waste() -> None:
    """"Clicking the Stock turns its top card face up onto the Waste.\""""
    state = play(GAME, GAME.new(1), "s s s")
    assert state.waste == DECK[16:19]
    assert state.stock == DECK[19:]
    assert GAME.view(state).pile("waste").cards == tuple(deck_text((c,)) for c in DECK[16:19])


def test_no_redeal_an_empty_stock_stays_empty() -> None:
    """"No redeal: an empty Stock stays empty.\""""
    state = union_square_position(stock="2C", waste="KS 5H")
    state = GAME.apply(state, STOCK_MOVE)
    assert state.stock == () and state.waste == cards("KS 5H 2C")
    assert STOCK_MOVE not in GAME.legal_moves(state)
    assert reason(state, "s") == "the stock is empty and there is no redeal"
    with pytest.raises(IllegalMoveError, match="no redeal"):
        GAME.apply(state, STOCK_MOVE)


def test_the_top_waste_card_is_available_for_play() -> None:
    """"The top Waste card is available for play.\""""
    state = union_square_position(["6H", "QS", "2D"], waste="KS 5H")
    from_waste = texts([m for m in GAME.legal_moves(state) if m.src == WASTE])
    assert "w-t1" in from_waste  # 5H on 6H
    assert "w-t2" not in from_waste  # KS is under 5H
    after = GAME.apply(state, Move.parse("w-t1"))
    assert after.tableau[0] == cards("6H 5H") and after.waste == cards("KS")
    assert reason(after, "w-t2") is None  # now KS is on top
    assert reason(union_square_position(), "w-t1") == "the waste is empty"


# --- what moves ------------------------------------------------------------------------------


def test_only_single_cards_move() -> None:
    """"Only single cards move: the top card of a tableau pile, or the top Waste card.\""""
    state = union_square_position(["5H 6H", "", "7H"], waste="8H", stock="9H")
    assert reason(state, "t1-t2x2") == "only single cards move in Union Square"
    with pytest.raises(IllegalMoveError, match="only single cards move"):
        GAME.apply(state, Move.parse("t1-t2x2"))
    moves = GAME.legal_moves(state)
    assert all(m.count == 1 for m in moves if m != STOCK_MOVE)
    assert {m.src for m in moves} == {STOCK, WASTE, t(1), t(3)}
    after = GAME.apply(state, Move.parse("t1-t2"))
    assert after.tableau[:2] == (cards("5H"), cards("6H"))


def test_foundation_cards_are_out_of_play() -> None:
    """"Foundation cards are out of play.\""""
    state = union_square_position(["", "3H"], foundations=["AH 2H"])
    assert reason(state, "f1-t1") == "cards on the foundations are out of play"
    assert reason(state, "f1-t2") == "cards on the foundations are out of play"
    assert not any(FOUNDATION <= m.src < TABLEAU for m in GAME.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="out of play"):
        GAME.apply(state, Move.parse("f1-t1"))


# --- tableau ---------------------------------------------------------------------------------


def test_an_empty_pile_takes_any_available_card() -> None:
    """"An empty pile takes any available card.\""""
    state = union_square_position(["KS", "", "AH"], waste="QD")
    assert reason(state, "t1-t2") is None
    assert reason(state, "w-t2") is None
    assert reason(state, "t3-t2") is None
    assert GAME.apply(state, Move.parse("w-t2")).tableau[1] == cards("QD")
    every_empty = {m.dst for m in GAME.legal_moves(state) if m.src == WASTE}
    assert every_empty == {t(2), *(t(i) for i in range(4, 17))}


def test_piles_build_in_suit() -> None:
    """"A pile builds in suit, up or down, one rank at a time\": another suit never fits."""
    state = union_square_position(["5H", "6D", "4S", "6H", "4H", "7H"])
    assert reason(state, "t2-t1") == "piles build in suit: 6♦ does not go on 5♥"
    assert reason(state, "t3-t1") == "piles build in suit: 4♠ does not go on 5♥"
    assert reason(state, "t4-t1") is None
    assert reason(state, "t5-t1") is None
    assert reason(state, "t6-t1") == "7♥ is not one rank above or below 5♥"


def test_no_wrapping_between_king_and_ace() -> None:
    """"with no wrapping (no K–A)\""""
    state = union_square_position(["KH", "AH", "QH", "2H"])
    assert reason(state, "t2-t1") == "A♥ is not one rank above or below K♥"
    assert reason(state, "t1-t2") == "K♥ is not one rank above or below A♥"
    assert reason(state, "t3-t1") is None and reason(state, "t4-t2") is None
    rising_to_king = union_square_position(["QH KH", "AH"])
    assert reason(rising_to_king, "t2-t1") == "pile 1 is rising: A♥ does not follow K♥"
    falling_to_ace = union_square_position(["2H AH", "KH"])
    assert reason(falling_to_ace, "t2-t1") == "pile 1 is falling: K♥ does not follow A♥"


def test_a_pile_of_one_card_takes_one_rank_higher_or_lower() -> None:
    """"A pile of one card takes the same suit one rank higher or lower.\""""
    state = union_square_position(["5H", "6H", "4H", "5H"])
    assert reason(state, "t2-t1") is None
    assert reason(state, "t3-t1") is None
    assert reason(state, "t4-t1") == "5♥ is not one rank above or below 5♥"
    assert GAME.apply(state, Move.parse("t3-t1")).tableau[0] == cards("5H 4H")


def test_a_pile_of_two_or_more_has_the_direction_of_its_top_two_cards() -> None:
    """"A pile of two or more cards has a direction, set by its top two cards: rising piles take top+1,
    falling piles take top−1.\""""
    rising = union_square_position(["4H 5H", "6H", "4H", "4D 3D", "2D", "4D"])
    assert reason(rising, "t2-t1") is None
    assert reason(rising, "t3-t1") == "pile 1 is rising: 4♥ does not follow 5♥"
    assert reason(rising, "t5-t4") is None
    assert reason(rising, "t6-t4") == "pile 4 is falling: 4♦ does not follow 3♦"
    assert GAME.view(rising).pile("tableau-1").direction == "up"
    assert GAME.view(rising).pile("tableau-4").direction == "down"


def test_direction_follows_the_top_two_cards_as_cards_leave() -> None:
    """The direction is "set by its top two cards": when cards leave, the remaining top two decide,
    and a pile back to one card may go either way."""
    state = union_square_position(["4H 5H 6H", "", "", "3H"])
    state = GAME.apply(state, Move.parse("t1-t2"))  # 4H 5H: still rising
    assert reason(state, "t2-t1") is None  # 6H back
    assert reason(state, "t4-t1") == "pile 1 is rising: 3♥ does not follow 5♥"
    state = GAME.apply(state, Move.parse("t1-t3"))  # 4H alone: either way
    assert reason(state, "t4-t1") is None
    assert reason(state, "t3-t1") is None
    assert GAME.view(state).pile("tableau-1").direction is None


# --- foundations -----------------------------------------------------------------------------


def test_four_foundations_of_26_a_to_k_then_k_to_a() -> None:
    """"Four foundations, one per suit, each holding both copies of its suit: A up to K, then the
    second K, then down to A (26 cards).\""""
    run = up_and_down("H")
    state = union_square_position(stock=run)
    for _ in range(26):
        state = play(GAME, state, "s w-f1")
    assert state.foundations[0] == cards(run)
    assert [RANK[c] for c in state.foundations[0]] == [*range(1, 14), *range(13, 0, -1)]
    assert GAME.score(state) == 26
    full = union_square_position(["AH"], foundations=[run])
    assert reason(full, "t1-f1") == "that foundation is full"


def test_an_empty_foundation_takes_an_ace_of_a_suit_no_other_foundation_has_begun() -> None:
    """"An empty foundation takes an Ace of a suit that no other foundation has begun.\""""
    fresh = union_square_position(["AH", "2H"], waste="AS")
    every_foundation = [f(1), f(2), f(3), f(4)]
    assert [m.dst for m in GAME.legal_moves(fresh) if m.src == t(1) and m.dst < TABLEAU] == every_foundation
    assert [m.dst for m in GAME.legal_moves(fresh) if m.src == WASTE and m.dst < TABLEAU] == every_foundation
    assert reason(fresh, "t2-f1") == "an empty foundation takes only an Ace"
    begun = union_square_position(["AH", "AS"], foundations=["", "AH 2H"])
    assert reason(begun, "t1-f1") == "another foundation has already begun ♥"
    assert reason(begun, "t2-f1") is None
    # a suit whose foundation is complete has begun too
    complete = union_square_position(["AH"], foundations=[up_and_down("H", 25)])
    assert reason(complete, "t1-f2") == "another foundation has already begun ♥"


def test_the_second_ace_of_a_suit_cannot_start_another_foundation() -> None:
    """One foundation per suit: "each holding both copies of its suit" — the second Ace of a suit
    cannot open a second foundation."""
    state = play(GAME, union_square_position(["AH", "AH"]), "t1-f3")
    assert state.foundations[2] == cards("AH")
    for foundation in (1, 2, 4):
        assert reason(state, f"t2-f{foundation}") == "another foundation has already begun ♥"
    assert reason(state, "t2-f3") == "the foundation builds up: A♥ does not follow A♥"
    assert not any(m.src == t(2) and m.dst < TABLEAU for m in GAME.legal_moves(state))


def test_foundation_with_fewer_than_13_cards_takes_top_plus_1() -> None:
    """"Otherwise, same suit and: with fewer than 13 cards, top+1\""""
    state = union_square_position(["4H", "5H", "4D", "2H"], foundations=["AH 2H 3H"])
    assert reason(state, "t1-f1") is None
    assert reason(state, "t2-f1") == "the foundation builds up: 5♥ does not follow 3♥"
    assert reason(state, "t3-f1") == "foundations build in suit: 4♦ does not go on 3♥"
    assert reason(state, "t4-f1") == "the foundation builds up: 2♥ does not follow 3♥"
    assert GAME.apply(state, Move.parse("t1-f1")).foundations[0] == cards("AH 2H 3H 4H")


def test_foundation_with_exactly_13_cards_takes_a_king() -> None:
    """"with exactly 13 (A…K), a King\""""
    state = union_square_position(["KH", "QH", "KS"], foundations=[up_and_down("H", 13)])
    assert reason(state, "t1-f1") is None
    assert reason(state, "t2-f1") == "after the King the foundation takes the second King"
    assert reason(state, "t3-f1") == "foundations build in suit: K♠ does not go on K♥"
    assert len(GAME.apply(state, Move.parse("t1-f1")).foundations[0]) == 14


def test_foundation_with_more_than_13_cards_takes_top_minus_1() -> None:
    """"with more than 13, top−1.\""""
    state = union_square_position(["JH", "TH", "2H"], foundations=[up_and_down("H", 15)])  # … K K Q
    assert reason(state, "t1-f1") is None
    assert reason(state, "t2-f1") == "the foundation now builds down: 10♥ does not follow Q♥"
    assert reason(state, "t3-f1") == "the foundation now builds down: 2♥ does not follow Q♥"
    last = union_square_position(["AH"], foundations=[up_and_down("H", 25)])
    assert reason(last, "t1-f1") is None


# --- conveniences ----------------------------------------------------------------------------


def test_double_click_on_a_pile_or_the_waste_sends_its_top_card_up_if_it_fits() -> None:
    """"Double-click on a tableau pile or the Waste: move its top card to a foundation if it fits.\""""
    state = union_square_position(["AS", "5C", "", "3D"], foundations=["", "AD 2D"], waste="AH")
    assert texts(GAME.double_click(state, WASTE)) == ["w-f1"]
    assert texts(GAME.double_click(state, t(1))) == ["t1-f1"]
    assert texts(GAME.double_click(state, t(4))) == ["t4-f2"]
    assert GAME.double_click(state, t(2)) == []  # 5C fits nowhere
    assert GAME.double_click(state, t(3)) == []  # empty pile
    assert GAME.double_click(union_square_position(), WASTE) == []
    after = GAME.apply_all(state, GAME.double_click(state, t(4)))
    assert after.foundations[1] == cards("AD 2D 3D")


def test_double_click_on_a_foundation_autoplays_until_nothing_more_goes_up() -> None:
    """"Double-click on a foundation: repeat that for every pile until nothing more goes up (autoplay).\""""
    state = union_square_position(["3H", "3D 2D", "AD", "5S", "4H"], waste="2H AH", stock="AS")
    moves = GAME.double_click(state, f(2))
    assert all(m.count == 1 and FOUNDATION <= m.dst < TABLEAU for m in moves)
    after = GAME.apply_all(state, moves)  # ordinary, legal moves, in turn
    assert sorted(after.foundations, key=len, reverse=True)[:2] == [cards("AH 2H 3H 4H"), cards("AD 2D 3D")]
    assert GAME.score(after) == 7
    assert after.tableau[3] == cards("5S") and after.stock == cards("AS")  # the stock is not touched
    assert GAME.double_click(after, f(1)) == []  # nothing more goes up
    assert not any(FOUNDATION <= m.dst < TABLEAU for m in GAME.legal_moves(after))


def test_the_layout_shows_the_top_two_cards_so_the_direction_is_visible() -> None:
    """"The layout shows the top two cards of each tableau pile, so the direction is visible.\""""
    state = union_square_position(["4H 5H 6H", "6D 5D", "9C"])
    view = GAME.view(state)
    assert view.pile("tableau-1").cards[-2:] == ("5H", "6H")
    assert [view.pile(f"tableau-{i}").direction for i in (1, 2, 3, 4)] == ["up", "down", None, None]
    lines = layout_text(GAME, state, colour=False).splitlines()
    first_row = next(line for line in lines if line.startswith("t1 "))  # the 4×4 grid's first row
    assert "t1  ↑ 5♥ 6♥ (3)" in first_row and "t2  ↓ 6♦ 5♦" in first_row and "t4    --" in first_row


def test_ours_says_when_the_stock_is_empty_and_no_move_is_left() -> None:
    """"ours says when the Stock is empty and no move is left\""""
    stuck = union_square_position(
        ["3C", "5C", "7C", "9C", "JC", "KC", "3D", "5D", "7D", "9D", "JD", "KD", "3H", "5H", "7H", "9H"]
    )
    assert GAME.legal_moves(stuck) == []
    assert GAME.is_stuck(stuck) and GAME.view(stuck).stuck
    assert "no move left" in layout_text(GAME, stuck, colour=False).splitlines()[0]
    with_stock = stuck._replace(stock=cards("2S"))
    assert not GAME.is_stuck(with_stock) and not GAME.view(with_stock).stuck


def test_ours_says_when_the_solver_knows_the_deal_is_lost() -> None:
    """"and when the solver knows the deal is lost": moves are left, but the hint proves the position
    lost and says so."""
    lost = GAME.apply_all(GAME.new(1), [STOCK_MOVE] * 88)
    assert GAME.legal_moves(lost) and not GAME.is_stuck(lost)
    answer = hint(GAME, lost, budget=60, max_nodes=2_000)
    assert answer.status == "lost"
    assert answer.explanation.startswith("This game can no longer be won.")
