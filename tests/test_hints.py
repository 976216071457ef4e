"""Hints: a move and why, the status, within the budget, from any thread."""

from __future__ import annotations

import threading
import time

from patience import get_game
from patience.analysis.hints import Hint, heuristic_move, hint, known_hint, winnability
from patience.i18n import language
from patience.rules import Move
from patience.wording import move_instruction
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
    assert answer.explanation.startswith(move_instruction(game, state, answer.move) + ": this starts")
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


SENTENCES = {
    "en": ("Click the stock: this starts a winning line of 3 moves.",
           "This game can no longer be won. Click the stock: the most useful move left, because "),
    "pt_BR": ("Clique no monte: assim começa um caminho para a vitória de 3 jogadas.",
              "Esta partida não pode mais ser vencida. "
              "Clique no monte: é a jogada mais útil que resta, porque "),
    "ru": ("Щёлкните по колоде: с этого начинается выигрышный путь из 3 ходов.",
           "Эту партию уже не выиграть. "
           "Щёлкните по колоде: это самый полезный из оставшихся ходов, потому что "),
}


def test_hint_sentences_read_as_advice_in_every_language() -> None:
    game = get_game("hamilton")
    state = game.new(1)
    stock = Move.parse("s")
    for lang, (winning, lost) in SENTENCES.items():
        with language(lang):
            assert known_hint(game, state, "winnable", (stock, stock, stock)).explanation == winning
            assert known_hint(game, state, "lost").explanation.startswith(lost)

