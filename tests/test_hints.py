"""Hints: a move and why, the status, within the budget, from any thread."""

from __future__ import annotations

import threading
import time

from patience import get_game
from patience.hints import Hint, heuristic_move, hint, winnability
from patience.i18n import language
from patience.wording import move_text
from tests.solver.positions import hamilton_won_position_text

WON_POSITION = ("hamilton start=1 choices=0 chooser=- stock=- f="
                + ";".join(",".join(r + s for r in "A23456789TJQK") for s in "DHS")
                + ";AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC t=QC,KC;-;-;-;-;-;-")


def test_hint_follows_a_winning_line() -> None:
    game = get_game("hamilton")
    state = game.parse_position(WON_POSITION)
    answer = hint(game, state, budget=1.0)
    assert answer.basis == "winning line" and answer.status == "winnable"
    assert answer.move is not None and answer.line[0] == answer.move
    assert game.is_won(game.apply_all(state, answer.line))
    # the move in words, as the table shows it, never in notation
    assert move_text(game, state, answer.move) in answer.explanation
    assert str(answer.move) not in answer.explanation


def test_hint_in_a_lost_game_still_offers_a_move() -> None:
    game = get_game("hamilton")
    state = game.new(454)
    answer = hint(game, state, budget=1.0)
    assert answer.status == "lost" and answer.basis == "heuristic"
    assert answer.move is not None and game.is_legal(state, answer.move)
    assert answer.line == ()


def test_hint_without_any_move() -> None:
    game = get_game("hamilton")
    won = game.parse_position(hamilton_won_position_text())
    answer = hint(game, won)
    assert answer.move is None and answer.status == "winnable"


def test_hint_keeps_its_budget_and_works_in_a_thread() -> None:
    game = get_game("union-square")
    state = game.new(2)
    answers: list[Hint] = []
    started = time.perf_counter()
    worker = threading.Thread(target=lambda: answers.append(hint(game, state, budget=0.5)))
    worker.start()
    worker.join(timeout=5)
    assert answers and time.perf_counter() - started < 1.5
    assert answers[0].move is not None and game.is_legal(state, answers[0].move)


def test_explanations_are_translated_without_errors() -> None:
    game = get_game("hamilton")
    for lang in ("en", "pt_BR", "ru"):
        with language(lang):
            assert hint(game, game.new(454), budget=0.3).explanation
            assert hint(game, game.parse_position(WON_POSITION), budget=0.3).explanation


def test_winnability() -> None:
    game = get_game("hamilton")
    assert winnability(game, game.new(454), budget=1.0) == "lost"
    assert winnability(game, game.parse_position(WON_POSITION), budget=1.0) == "winnable"
    assert winnability(game, game.new(1), budget=0.01) in ("unknown", "winnable", "lost")


def test_heuristic_uncovers_the_card_that_goes_up_next() -> None:
    game = get_game("hamilton")
    state = game.parse_position(WON_POSITION)
    move, reason = heuristic_move(game, state)
    assert move is not None and str(move).startswith("t1-t")  # the King moves aside
    following, reason = heuristic_move(game, game.apply(state, move))
    assert following is not None and str(following) == "t1-f4"
    assert reason
