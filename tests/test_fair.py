"""Odds and fair hints (``patience.analysis.fair``): they count completions right, and they never peek."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.analysis.fair import Budget, FairHint, Odds, completions, fair_hint, observe, odds
from patience.deals import deck_text, shuffled_deck
from patience.kit import observing
from patience.rules import Game, Move, get_game
from patience.solver import LOST, UNKNOWN, WON, solve

# Hamilton deal 4 after 22 moves of a winning line: 9 cards in the stock, 7 of them never seen
# (the first two turned to the Chooser lie at its bottom); every solve below is decided.
HAMILTON_LINE = ("s s s c-f1 t7-t6 s t2-t6 t2-t5 t2-f2 t1-t2 t1-t6 t2-t1 t3-t2 t3-t2 t3-f1 t1-t2 t3-t1 "
                 "t4-t3 t4-f2 t4-t1 t6-t3x3 s")
HAMILTON_MOVES = tuple(HAMILTON_LINE.split())
DECIDING = Budget(max_nodes=20_000)
QUICK = Budget(max_nodes=1_500)


def hamilton_position() -> tuple[Game[Any], list[Move], Any]:
    game = get_game("hamilton")
    played = [Move.parse(m) for m in HAMILTON_MOVES]
    return game, played, game.apply_all(game.new(4), played)


def reordered_deck(game: Game[Any], deal: int, played: list[Move], seed: int) -> tuple[str, str]:
    """Two deck strings differing only in the order of the cards the player has not seen after ``played``."""
    deck = list(shuffled_deck(deal, copies=game.copies))
    unseen = observe(game, deal_text := deck_text(tuple(deck)), played).unseen
    if game.copies == 1:
        places = sorted(deck.index(card) for card in unseen)
    else:  # Union Square's stock is the deck's tail, and only the stock is hidden
        places = list(range(len(deck) - len(unseen), len(deck)))
    cards = [deck[i] for i in places]
    random.Random(seed).shuffle(cards)
    other = list(deck)
    for place, card in zip(places, cards, strict=True):
        other[place] = card
    assert other != deck
    return deal_text, deck_text(tuple(other))


def test_odds_count_every_completion_and_repeat() -> None:
    game, played, state = hamilton_position()
    seen = observing(game).observe(state, played)
    answer = odds(game, seen, samples=6, seed=1, budget=DECIDING)
    outcomes = [solve(game, s, max_nodes=20_000).outcome for s in completions(game, seen, 6, 1)]
    assert (answer.won, answer.lost, answer.unknown) == (outcomes.count(WON), outcomes.count(LOST),
                                                         outcomes.count(UNKNOWN))
    assert answer.samples == 6 and answer.low <= answer.won / 6 <= answer.high
    assert odds(game, seen, samples=6, seed=1, budget=DECIDING) == answer


def test_unknowns_widen_the_interval_both_ways() -> None:
    assert Odds(20, 10, 10, 0).low == Odds(20, 10, 0, 10).low
    assert Odds(20, 10, 0, 10).high == Odds(20, 20, 0, 0).high
    assert Odds(20, 10, 0, 10).high > Odds(20, 10, 10, 0).high


def test_fair_hint_keeps_the_most_completions_winnable() -> None:
    """Against brute force: every move solved on every completion (all decided here)."""
    game, played, state = hamilton_position()
    seen = observing(game).observe(state, played)
    hint = fair_hint(game, seen, samples=6, seed=1, budget=DECIDING)
    states = completions(game, seen, 6, 1)
    kept = {str(move): sum(solve(game, game.apply_legal(s, move), max_nodes=20_000).outcome == WON
                           for s in states)
            for move in game.legal_moves(state)}
    assert hint.move is not None and hint.samples == 6
    assert hint.won == kept[str(hint.move)] == max(kept.values())


def test_a_safe_move_is_the_fair_hint_without_samples() -> None:
    game = get_game("hamilton")
    played = [Move.parse(m) for m in ("s", "c-f1")]
    state = game.apply_all(game.new(13), played)  # 4♠ chosen: 4♥ on pile 2 goes up, no sample needed
    hint = fair_hint(game, observing(game).observe(state, played), samples=8, seed=0, budget=QUICK)
    assert hint == FairHint(Move.parse("t2-f2"), 0, 0)


@pytest.mark.parametrize("slug, deal, moves", [
    ("hamilton", 4, HAMILTON_MOVES),
    ("hamilton", 7, ()),
    ("union-square", 3, ("s", "s")),
])
def test_no_peeking_in_the_library(slug: str, deal: int, moves: tuple[str, ...]) -> None:
    game = get_game(slug)
    played = [Move.parse(m) for m in moves]
    one, other = reordered_deck(game, deal, played, seed=5)
    seen_one, seen_other = observe(game, one, played), observe(game, other, played)
    assert seen_one == seen_other
    assert (odds(game, seen_one, samples=4, seed=3, budget=QUICK)
            == odds(game, seen_other, samples=4, seed=3, budget=QUICK))
    assert (fair_hint(game, seen_one, samples=4, seed=3, budget=QUICK)
            == fair_hint(game, seen_other, samples=4, seed=3, budget=QUICK))
