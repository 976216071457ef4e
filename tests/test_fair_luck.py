"""Luck or play (``patience.analysis.fair_luck``): a lost game's fall in fair odds, cards against moves."""

from __future__ import annotations

from typing import Any

import pytest

from patience.analysis.fair import Budget, Odds, completions
from patience.analysis.fair_luck import (
    LuckOrPlay,
    LuckOrPlayRun,
    Solver,
    luck_or_play,
    luck_or_play_text,
    odds_after,
)
from patience.analysis.fair_review import Decision, fair_review
from patience.analysis.review import positions_of
from patience.i18n import language
from patience.kit import observing
from patience.rules import Game, Move, get_game
from patience.solver import WON, solve
from tests.test_fair import reordered_deck
from tests.test_fair_review import LOST_GAME

SMALL = Budget(max_nodes=1_000)


def split_of(deal: Any, samples: int = 4, seed: int = 2) -> LuckOrPlay:
    game = get_game("hamilton")
    review = fair_review(game, deal, LOST_GAME, samples=samples, seed=seed, budget=SMALL)
    return luck_or_play(game, deal, LOST_GAME, review)


def test_the_parts_add_up_and_the_moves_never_beat_the_best() -> None:
    found = split_of(1)
    assert found.deal.samples == found.end.samples == 4
    assert found.end.won == 0  # the game ended lost: no way to deal the two unseen cards wins
    for decision, best in zip(found.decisions, found.best, strict=True):
        assert decision.after.won <= best.won <= decision.before.won + decision.before.unknown
    assert found.play_cost >= 0
    assert found.deal_share - found.end_share == pytest.approx(found.play_cost + found.luck)
    assert found.as_json()["play_cost"] == round(found.play_cost, 4)


def test_no_peeking_decks_that_differ_in_unseen_cards_split_alike() -> None:
    game = get_game("hamilton")
    one, other = reordered_deck(game, 1, [Move.parse(m) for m in LOST_GAME], seed=1)
    assert one != other
    assert split_of(one) == split_of(other)


def brute_won(game: Game[Any], samples: list[Any], move: Move) -> int:
    """The completions ``move`` keeps winnable, each solved afresh (no shortcut)."""
    return sum(
        solve(game, game.apply_legal(s, move), max_nodes=SMALL.max_nodes).outcome == WON
        for s in samples
        if move in game.legal_moves(s)
    )


def test_the_best_move_is_the_best_of_every_legal_move() -> None:
    game = get_game("hamilton")
    found = split_of(1)
    played = [Move.parse(m) for m in LOST_GAME]
    states = positions_of(game, 1, played)
    costly = [(d, b) for d, b in zip(found.decisions, found.best, strict=True) if d.after.won < d.before.won]
    assert costly  # the game has decisions that cost something: the shortcuts are exercised
    solver = Solver(game, SMALL.max_nodes)
    for decision, best in costly:
        i = decision.number - 1
        samples = completions(game, observing(game).observe(states[i], played[:i]), 4, 2)
        counts = {m: brute_won(game, samples, m) for m in game.legal_moves(samples[0])}
        for move, won in counts.items():
            assert odds_after(game, solver, samples, move).won == won
        assert best.won == max(decision.after.won, *counts.values())


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            "Luck or play: about 75% of the ways to deal the unseen cards won at the deal, 0% at the end. "
            "Against the best move at each decision your moves cost about 25 points. The cards that "
            "turned up cost about 50 points.",
        ),
        ("pt_BR", "25 pontos"),
        ("ru", "25 пунктов"),
    ],
)
def test_the_sentence_in_three_languages(lang: str, words: str) -> None:
    decision = Decision(3, Move.parse("s"), Odds(4, 2, 2, 0), Odds(4, 1, 3, 0))
    found = LuckOrPlay(Odds(4, 3, 1, 0), Odds(4, 0, 4, 0), (decision,), (Odds(4, 2, 2, 0),))
    sure = Decision(3, Move.parse("s"), Odds(4, 4, 0, 0), Odds(4, 1, 3, 0))  # the cards turned up well
    with language(lang):
        text = luck_or_play_text(found)
        lucky = luck_or_play_text(
            LuckOrPlay(Odds(4, 1, 3, 0), Odds(4, 0, 4, 0), (sure,), (Odds(4, 4, 0, 0),))
        )
    assert words in text and text != lucky
    if lang != "en":
        assert "Luck or play" not in text and "Luck or play" not in lucky  # translated
    else:
        assert lucky.endswith("The cards that turned up gave back about 50 points.")


def test_a_run_in_pieces_answers_as_one_never_stopped() -> None:
    game = get_game("hamilton")
    review = fair_review(game, 1, LOST_GAME, samples=4, seed=2, budget=SMALL)
    run = LuckOrPlayRun(game, 1, LOST_GAME, review)
    pieces = 1
    while not run.run(deadline=0.0):  # a deadline long past: one step a piece
        run = LuckOrPlayRun(game, 1, LOST_GAME, review, *run.progress())
        pieces += 1
    assert pieces == len(review.decisions) + 1
    assert run.answer() == luck_or_play(game, 1, LOST_GAME, review)
