"""What the player sees (each game's ``observe``) and the completions drawn from it (``analysis.fair``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.analysis.fair import completions, observe
from patience.deals import deck_text, shuffled_deck
from patience.errors import PatienceError
from patience.games.hamilton.rules import HamiltonState
from patience.games.union_square.rules import UnionSquareState
from patience.kit import observing
from patience.observation import HIDDEN, Observation
from patience.rules import STOCK, Game, Move, game_slugs, get_game
from tests.positions import hamilton_game, union_square_game

CHI_SQUARE_999: Final = {5: 20.515, 11: 31.264}  # chi-square quantile 0.999 by degrees of freedom


def random_game(game: Game[Any], rng: random.Random, deal: int | str, length: int) -> tuple[list[Move], Any]:
    """Moves played at random from ``deal`` (at most ``length``), and the position reached."""
    state = game.new(deal)
    played: list[Move] = []
    for _ in range(length):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        state = game.apply_legal(state, move)
        played.append(move)
    return played, state


def face_up(state: Any) -> Any:
    """Everything but the stock."""
    return state._replace(stock=())


@settings(max_examples=25, deadline=None)
@given(slug=st.sampled_from(game_slugs()), deal=st.integers(1, 10**6), length=st.integers(0, 60),
       seed=st.integers(0, 2**64 - 1))
def test_every_completion_agrees_with_the_observation(slug: str, deal: int, length: int, seed: int) -> None:
    game = get_game(slug)
    played, state = random_game(game, random.Random(deal), deal, length)
    seen = observing(game).observe(state, played)
    assert seen.hidden_total == sum(1 for card in seen.table.stock if card == HIDDEN)
    assert Counter(seen.unseen) == Counter(c for c, shown in zip(state.stock, seen.table.stock, strict=True)
                                           if shown == HIDDEN)
    for completion in completions(game, seen, samples=3, seed=seed):
        assert observing(game).observe(completion, played) == seen
        assert face_up(completion) == face_up(state)
        assert isinstance(completion, (HamiltonState, UnionSquareState))
        assert Counter(completion.stock) == Counter(state.stock)
        assert [str(m) for m in game.legal_moves(completion)] == [str(m) for m in game.legal_moves(state)]


@pytest.mark.parametrize("slug", game_slugs())
def test_the_hidden_order_is_not_in_the_observation(slug: str) -> None:
    game = get_game(slug)
    deck = shuffled_deck(11, copies=game.copies)
    dealt_position = game.new(11)
    assert isinstance(dealt_position, (HamiltonState, UnionSquareState))
    dealt = len(deck) - len(dealt_position.stock)
    stock = list(deck[dealt:])
    random.Random(3).shuffle(stock)
    other = deck[:dealt] + tuple(stock)
    assert other != deck
    assert observe(game, deck_text(deck), []) == observe(game, deck_text(other), [])


@settings(max_examples=25, deadline=None)
@given(slug=st.sampled_from(game_slugs()), deal=st.integers(1, 10**6), length=st.integers(0, 80),
       seed=st.integers(0, 2**32))
def test_reordering_the_unseen_cards_changes_no_observation(slug: str, deal: int, length: int,
                                                           seed: int) -> None:
    """The same moves from a deck whose unseen cards are in another order: the same observation."""
    game = get_game(slug)
    played, state = random_game(game, random.Random(deal), deal, length)
    seen = observing(game).observe(state, played)
    deck = list(shuffled_deck(deal, copies=game.copies))
    if game.copies == 1:
        places = sorted(deck.index(card) for card in seen.unseen)
    else:  # Union Square's stock is the deck's tail
        places = list(range(len(deck) - len(seen.unseen), len(deck)))
    cards = [deck[i] for i in places]
    random.Random(seed).shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        deck[place] = card
    other = game.apply_all(game.new(deck_text(tuple(deck))), played)
    assert observing(game).observe(other, played) == seen


def test_hamilton_remembers_the_cards_sent_back_under_the_stock() -> None:
    game = hamilton_game()
    played = [Move.parse(m) for m in ("s", "s", "s", "c-f1")]
    state = game.apply_all(game.new(1), played)
    seen = observing(game).observe(state, played)
    assert seen.table.stock[-2:] == state.stock[-2:]  # the first two cards turned, not chosen
    assert seen.hidden == (("stock", 21),) and len(seen.unseen) == 21
    assert set(seen.unseen).isdisjoint(state.stock[-2:])
    for completion in completions(game, seen, samples=5, seed=1):
        assert completion.stock[-2:] == state.stock[-2:]
    before = game.apply_all(game.new(1), played[:2])  # still choosing: the position says it all
    assert observing(game).observe(before, []).table.stock[-1] == before.stock[-1]
    with pytest.raises(ValueError, match="do not choose a start card"):
        observing(game).observe(state, [])


def test_union_square_counts_the_two_copies_of_a_card() -> None:
    game = union_square_game()
    state = game.new(1)
    seen = observing(game).observe(state, [])
    assert seen.hidden == (("stock", 88),)
    counts = Counter(seen.unseen)
    assert set(counts.values()) <= {1, 2} and 2 in counts.values()
    assert sum(counts.values()) == 88


def test_the_same_seed_gives_the_same_completions() -> None:
    game = union_square_game()
    seen = observe(game, 5, [])
    first = completions(game, seen, samples=6, seed=42)
    assert first == completions(game, seen, samples=6, seed=42)
    assert first[:3] == completions(game, seen, samples=3, seed=42)
    assert first != completions(game, seen, samples=6, seed=43)
    assert len({s.stock for s in first}) == 6


@pytest.mark.parametrize("samples, seed", [(0, 1), (1, -1), (1, 2**64), (True, 1)])
def test_bad_sampling_is_refused(samples: int, seed: int) -> None:
    game = hamilton_game()
    with pytest.raises(PatienceError):
        completions(game, observe(game, 1, []), samples=samples, seed=seed)


def chi_square(counts: Counter[Any], orders: list[Any], n: int) -> float:
    expected = n / len(orders)
    return sum((counts[order] - expected) ** 2 / expected for order in orders)


def test_hamilton_orders_are_uniform() -> None:
    """The last three stock cards: 6 orders, each drawn about as often (chi-square, p = 0.001)."""
    game = hamilton_game()
    state: HamiltonState = game.new(2)
    state = state._replace(stock=state.stock[-3:], tableau=state.tableau[:-1] + (
        state.tableau[-1] + state.stock[:-3],), start=1, choices_left=0)
    seen = Observation("hamilton", state._replace(stock=(HIDDEN,) * 3), (("stock", 3),),
                       tuple(sorted(state.stock)))
    n = 3000
    counts = Counter(s.stock for s in completions(game, seen, samples=n, seed=9))
    orders = list(permutations(seen.unseen))
    assert set(counts) == set(orders)
    assert chi_square(counts, orders, n) < CHI_SQUARE_999[len(orders) - 1]


def test_union_square_orders_of_a_multiset_are_uniform() -> None:
    """Two 7♥ and one each of 8♥, 9♥ in the stock: 12 distinct orders, equally likely."""
    game = union_square_game()
    seven, eight, nine = 32, 33, 34  # 7♥, 8♥, 9♥
    deck = list(shuffled_deck(1, copies=2))
    for card in (seven, seven, eight, nine):
        deck.remove(card)
    state = game.new(deck_text((*deck, seven, seven, eight, nine)))
    state = game.apply_all(state, [Move(STOCK, STOCK, 0)] * 84)
    seen = observing(game).observe(state, [])
    assert seen.unseen == (seven, seven, eight, nine)
    n = 3600
    counts = Counter(s.stock for s in completions(game, seen, samples=n, seed=4))
    orders = sorted(set(permutations(seen.unseen)))
    assert len(orders) == 12 and set(counts) == set(orders)
    assert chi_square(counts, orders, n) < CHI_SQUARE_999[len(orders) - 1]
