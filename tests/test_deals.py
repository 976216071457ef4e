"""Numbered deals: pinned forever, and reproducible from README.md's description alone.

The golden decks below were computed once and written in as literals: if one
changes, every saved game and published deal number would change with it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.deals import SplitMix64, deck_text, parse_deck

GOLDEN = {
    ("hamilton", 1): (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S QC 4S 6C 7C "
        "AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S"
    ),
    ("hamilton", 2): (
        "QH 3S 4C 5H 7H 2D KH TD AC 6C 7S 3C QC 7D 6H JH TC 9S JD 8C 4D 5S 2S 4H AD QD 6S 8H 3H 9D 6D JS "
        "AS 5C JC AH KC 2H 7C 4S 9C TH 5D TS QS KS 8S KD 3D 2C 8D 9H"
    ),
    ("hamilton", 4294967295): (
        "6H 2D 8H 3S TC 5S 4H QC 3C JC 8C 5H JS KD 7S 9H 4D 5D 3D AD JD KS AC 4S 7C 8D 9C 2C 9D 2H 2S JH "
        "QS 6C 6D 9S KH AS 4C 6S 7H 8S 5C QD TS TH 7D AH TD QH KC 3H"
    ),
    ("union-square", 1): (
        "6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C TH KD JH AH QS TS 4D 3C 4C JC 9S JS KC 5S 3S 7S AC 8S 9C 8D 9D "
        "QD 3D 6C 7D AS AD AS 6D 6H KH 3H KC JS TD 5S 5D 2D 3S 2C 8H 7C 4S 8H 2H JH 2S 9H 2C 5C 9S 5H 7C "
        "3C 6S 2S AH TH 4S 9H QH 4C 4D QS QH 2H 9D 4H QC KS TC 7H 6D 5D 5H AD TS 2D KH QD 3H 8S QC 3D 8D "
        "TD KD JD TC JD AC 4H 7S"
    ),
    ("union-square", 2): (
        "TD AH 6H JS 2D QS 5H 3D 7C AC AS 4S KH 2C KC 6D 4C 9C 6D 8D 8C KS 7C 4D 8S 9H 7S KC KS 9S AS 4C "
        "JH TS 7H QD 6S 9D QH 2S AC TH 4D TS 3C 2C 6C 8S 8C 4H AH QC 5D 3S 2H QS 9D 5D TH 2S AD 5S 3C 3H "
        "QH 2H 6S 3H 4H 8D JH 7D 6H 6C 7H TC 8H QD 7S 5C JC JD 5H AD 5S 9C 2D JC JD 3S 7D 4S 8H KD KD QC "
        "9S 5C 3D JS TD TC KH 9H"
    ),
    ("union-square", 4294967295): (
        "8D AS QD QH 5H 7C QH 4H 8C KH TS 2D AD TH 9D 7C 5D 6S KD 9H 3H 7D 3C AC TS 8H 5S 2S 6C 7H 3S 5H "
        "QD 6S 2S KS AH 2C KC JH 5C 6H 4D 7D 4S TH QS 4H 5D TC 9C QS 2D 9D 9S JH KC 6H AS 7H AD 4C JC 9C "
        "AH 6D 8S TD JS JD 5S 2C 6D 2H QC 5C 9H 8D 3S KD 4S JS KS 8C 9S 2H QC KH 7S 3C 4C JC 7S 6C JD 8S "
        "3D 8H 4D TD AC 3D TC 3H"
    ),
}


@pytest.mark.parametrize(("slug", "number"), sorted(GOLDEN))
def test_golden_deals_never_change(slug: str, number: int) -> None:
    """Deals 1, 2 and 4294967295 of each game are pinned to their exact deck strings."""
    game = get_game(slug)
    assert deck_text(game.deck_of(number)) == GOLDEN[slug, number]
    assert game.new(number) == game.new(GOLDEN[slug, number])


# --- README.md's recipe, written again from its text ------------------------------------------


def readme_deck(deal: int, copies: int) -> list[str]:
    """The deck of ``deal`` following README.md step by step, sharing no code with the engine."""
    ranks, suits = "A23456789TJQK", "CDHS"
    deck = [rank + suit for suit in suits for rank in ranks] * copies  # step 1
    mask = (1 << 64) - 1
    state = deal  # step 2

    def draw() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    for i in range(len(deck) - 1, 0, -1):  # step 3
        j = draw() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck  # step 4: dealing order


@pytest.mark.parametrize("number", [1, 2, 3, 22, 1000, 123456789, 2**31, 4294967295])
def test_the_documented_shuffle_gives_the_same_decks(number: int) -> None:
    """README.md's SplitMix64 + Fisher–Yates recipe, re-implemented here, gives the engine's decks."""
    assert deck_text(get_game("hamilton").deck_of(number)).split() == readme_deck(number, copies=1)
    assert deck_text(get_game("union-square").deck_of(number)).split() == readme_deck(number, copies=2)


def test_splitmix64_matches_the_published_reference() -> None:
    """The generator is the standard SplitMix64 (Steele, Lea and Flood; Vigna's C reference)."""
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


# --- every deal is a whole deck ----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(number=st.integers(min_value=1, max_value=2**32 - 1))
def test_every_numbered_deal_is_a_permutation_of_the_right_cards(number: int) -> None:
    """Any deal number gives each of the 52 cards exactly once (Hamilton) or twice (Union Square)."""
    for slug, copies in (("hamilton", 1), ("union-square", 2)):
        game: Any = get_game(slug)
        deck = game.deck_of(number)
        assert Counter(deck) == Counter({card: copies for card in range(52)})
        assert parse_deck(deck_text(deck), copies=copies) == deck


def test_neighbouring_deals_differ() -> None:
    """Deal numbers are not aliases of one another (no two of the first hundred are equal)."""
    for slug in ("hamilton", "union-square"):
        decks = {get_game(slug).deck_of(n) for n in range(1, 101)}
        assert len(decks) == 100
