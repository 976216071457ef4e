"""The fair review (``patience.analysis.fair_review``): odds before and after each decision, never peeking."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.analysis.fair import Budget, Odds
from patience.analysis.fair_review import Decision, FairReview, FairReviewRun, costliest_text, fair_review
from patience.analysis.review import positions_of
from patience.i18n import language
from patience.rules import Move, get_game
from tests.test_fair import reordered_deck
from tests.test_observation import random_game

# Hamilton deal 1 up to move 15, the deal from the stock after which it was lost (the exact review's
# case in tests/data/review); 2 cards of the stock are never seen
LOST_GAME = ["s", "c-f1", "t2-t1", "s", "t2-t3", "t5-t3", "t7-t4", "t5-t6", "t7-t2", "t3-t2x3", "t5-t3",
             "t1-t2", "t6-t3", "s", "s"]
SMALL = Budget(max_nodes=1_000)


def test_no_peeking_the_same_review_for_decks_that_differ_in_unseen_cards() -> None:
    game = get_game("hamilton")
    one, other = reordered_deck(game, 1, [Move.parse(m) for m in LOST_GAME], seed=1)
    assert one != other
    first = fair_review(game, one, LOST_GAME, samples=3, seed=9, budget=SMALL)
    second = fair_review(game, other, LOST_GAME, samples=3, seed=9, budget=SMALL)
    assert first == second
    assert first.costliest is not None and first.costliest == second.costliest
    assert first.costliest.number == 15


def test_the_same_seed_gives_the_same_review_and_a_resumed_run_agrees() -> None:
    game = get_game("hamilton")
    whole = fair_review(game, 1, LOST_GAME, samples=3, seed=2, budget=SMALL)
    run = FairReviewRun(game, 1, LOST_GAME, samples=3, seed=2, budget=SMALL)
    assert not run.run(deadline=time.monotonic()) and run.index == 1  # the first move, whole, then stop
    while not run.done:  # stop often, in the middle of moves, and go on in a new run, as the server does
        run.run(deadline=time.monotonic() + 0.2)
        start, decisions, carried = run.progress()
        run = FairReviewRun(game, 1, LOST_GAME, samples=3, seed=2, budget=SMALL, start=start,
                            decisions=decisions, carried=carried)
    assert run.answer() == whole
    assert whole.as_json() == fair_review(game, 1, LOST_GAME, samples=3, seed=2, budget=SMALL).as_json()


def test_odds_never_rise_across_a_move_and_decided_moves_are_skipped() -> None:
    game = get_game("hamilton")
    found = fair_review(game, 1, LOST_GAME, samples=3, seed=2, budget=SMALL)
    numbers = [d.number for d in found.decisions]
    assert 1 not in numbers  # the first click on the stock is the only move
    assert numbers == sorted(set(numbers)) and len(numbers) < len(LOST_GAME)
    for decision in found.decisions:
        assert decision.before.samples == decision.after.samples == 3
        assert decision.after.won <= decision.before.won
        assert decision.before.lost <= decision.after.lost
        assert str(decision.move) == LOST_GAME[decision.number - 1]


def test_a_safe_move_is_no_decision() -> None:
    game = get_game("hamilton")  # deal 13: 4♠ chosen, 4♥ from pile 2 goes up (the safe move)
    found = fair_review(game, 13, ["s", "c-f1", "t2-f2"], samples=2, seed=0, budget=SMALL)
    assert [d.number for d in found.decisions] == [2]


def test_the_costliest_move_is_the_largest_drop_the_earliest_of_equals() -> None:
    def decision(number: int, before: int, after: int) -> Decision:
        return Decision(number, Move.parse("s"), Odds(8, before, 8 - before, 0), Odds(8, after, 8 - after, 0))

    review = FairReview("hamilton", 9, 8, 0, 100, (decision(2, 8, 8), decision(4, 7, 3),
                                                    decision(6, 5, 1), decision(8, 1, 0)))
    assert review.costliest == decision(4, 7, 3)
    costliest = review.as_json()["costliest"]
    assert costliest is not None and costliest["number"] == 4
    assert FairReview("hamilton", 3, 8, 0, 100, (decision(2, 8, 8),)).costliest is None


def test_bad_sampling_is_refused() -> None:
    game = get_game("hamilton")
    with pytest.raises(ValueError, match="samples must be from 1"):
        fair_review(game, 1, LOST_GAME, samples=0)


@pytest.mark.parametrize("lang, words", [
    ("en", "Your costliest move was move 4, a click on the stock: about 88% of the ways"),
    ("pt_BR", "jogada 4, um clique no monte"),
    ("ru", "ход 4, щелчок по колоде"),
])
def test_the_sentence_names_the_move_as_the_table_shows_it(lang: str, words: str) -> None:
    game = get_game("hamilton")
    moves = LOST_GAME[:6]
    states = positions_of(game, 1, [Move.parse(m) for m in moves])
    review = FairReview("hamilton", 6, 8, 0, 100, (
        Decision(4, Move.parse("s"), Odds(8, 7, 1, 0), Odds(8, 2, 6, 0)),
        Decision(5, Move.parse("t2-t3"), Odds(8, 2, 6, 0), Odds(8, 1, 7, 0))))
    with language(lang):
        text = costliest_text(game, states, review)
    assert words in text and "t2" not in text
    if lang == "en":
        assert text.endswith("about 25% after.")
        one = FairReview("hamilton", 6, 8, 0, 100, review.decisions[1:])
        assert "6♣ from pile 2 to pile 3" in costliest_text(game, states, one)


# Union Square games whose fair review raised IndexError: a winning line kept for one completion was
# played on another with the same canonical key, whose piles lie in another order
SYMMETRIC_LINE_GAMES = [(2012, ["t8-t10", "t9-t8", "t3-t9", "t13-f2"]),
                        (2018, ["t3-f4", "t13-t3", "t10-t13", "t6-t10"])]


@pytest.mark.parametrize("deal, moves", SYMMETRIC_LINE_GAMES)
def test_a_kept_line_is_played_only_from_its_own_position(deal: int, moves: list[str]) -> None:
    found = fair_review(get_game("union-square"), deal, moves)
    assert found.moves == 4 and all(d.after.won <= d.before.won for d in found.decisions)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slug=st.sampled_from(["hamilton", "union-square"]), deal=st.integers(1, 10**6),
       length=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_random_games_are_reviewed_whole_and_in_pieces_alike(slug: str, deal: int, length: int,
                                                             seed: int) -> None:
    game = get_game(slug)
    moves = [str(m) for m in random_game(game, random.Random(seed), deal, length)[0]]
    budget = Budget(max_nodes=2_000)
    whole = fair_review(game, deal, moves, samples=8, seed=seed, budget=budget)
    run = FairReviewRun(game, deal, moves, samples=8, seed=seed, budget=budget)
    while not run.run(deadline=time.monotonic()):  # one move per piece, as the server may cut it
        start, decisions, carried = run.progress()
        run = FairReviewRun(game, deal, moves, samples=8, seed=seed, budget=budget, start=start,
                            decisions=decisions, carried=carried)
    assert run.answer() == whole
    for decision in whole.decisions:
        assert decision.after.won <= decision.before.won and decision.before.lost <= decision.after.lost
