"""Safe automatic moves: each rule fires where it should, and never changes an answer."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from patience.games.hamilton.rules import HamiltonState
from patience.games.hamilton.safe_moves import hamilton_safe_move
from patience.games.union_square.search import union_square_safe_move
from patience.solver.expand import Expander, safe_closure
from tests.positions import hamilton_game, union_square_game
from tests.solver.mini import MiniHamilton, mini_hamilton, mini_union_square
from tests.solver.positions import hamilton_near_end, union_square_near_end

pytestmark = pytest.mark.python_search  # the Python search itself, whatever the switch says

search_module = importlib.import_module("patience.solver.search")

FULL = ",".join(r + "{s}" for r in "A23456789TJQK")


def _outcome(game: Any, state: Any, safe: bool) -> str:
    result = search_module.search(game, state, max_seconds=30, expander=Expander(game, safe=safe))
    assert result.decided
    return str(result.outcome)


def test_hamilton_start_card_goes_up() -> None:
    game = hamilton_game()
    state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- f=-;"
                                + ";".join(FULL.format(s=s) for s in "CDS")
                                + " t=KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H,AH;-;-;-;-;-;-")
    move = hamilton_safe_move(state)
    assert move is not None and str(move) == "t1-f1"
    moves, after = safe_closure(game, state)
    # AH; then 2H onto it; then, diamonds being all up, every heart in turn
    assert [str(m) for m in moves] == ["t1-f1"] * 13
    assert game.is_won(after)


def test_hamilton_second_card_goes_onto_its_start_card() -> None:
    game = hamilton_game()
    clubs = FULL.format(s="C")
    # start rank Ace; hearts has only its Ace up, diamonds nothing: 2H goes on AH, 3H waits
    state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
                                f"f={clubs};AH;-;- t=KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H;"
                                + FULL.format(s="S") + ";AD," + ",".join(r + "D" for r in "KQJT98765432")
                                + ";-;-;-;-")
    moves, after = safe_closure(game, state)
    assert [str(m) for m in moves] == ["t1-f2"]
    assert game.score(after) == 13 + 2


def test_hamilton_card_goes_up_when_both_lower_cards_of_its_colour_are_up() -> None:
    game = hamilton_game()
    # start rank 5; spades up to 8S (5S..8S), clubs up to 7C: 8C goes up (7C and 7S are up), then 9C
    # (8C, 8S), then 9S (8S, 8C), then TC and TS in turn: the two suits climb together
    reds = ";" + ",".join(r + "H" for r in "A23456789TJQK") + ";" + ",".join(r + "D" for r in "A23456789TJQK")
    state = game.parse_position(
        "hamilton start=5 choices=0 chooser=- stock=- f=5S,6S,7S,8S;5C,6C,7C;-;- "
        "t=4C,3C,2C,AC,KC,QC,JC,TC,9C,8C;4S,3S,2S,AS,KS,QS,JS,TS,9S" + reds + ";-;-;-")
    moves, after = safe_closure(game, state)
    assert [str(m) for m in moves][:3] == ["t1-f2", "t1-f2", "t2-f1"]
    assert game.score(after) == 26  # both black suits; no red card is free to go up
    # spades only up to 6S: 7S could still be needed on 8C, and 8C stays (so does everything else)
    state = game.parse_position(
        "hamilton start=5 choices=0 chooser=- stock=- f=5S,6S;5C,6C,7C;-;- "
        "t=4C,3C,2C,AC,KC,QC,JC,TC,9C,8C;7S,8S,4S,3S,2S,AS,KS,QS,JS,TS,9S" + reds + ";-;-;-")
    assert hamilton_safe_move(state) is None


def test_hamilton_rule_waits_for_the_choice_and_ignores_other_cards() -> None:
    game = hamilton_game()
    assert hamilton_safe_move(game.new(1)) is None
    state = game.apply_all(game.new(1), [game.parse_move("s"), game.parse_move("c-f1")])
    start = state.start
    for pile in state.tableau:
        if pile and pile[-1] % 13 + 1 == start:
            assert hamilton_safe_move(state) is not None
            break
    else:
        assert hamilton_safe_move(state) is None


def test_union_square_rule_fires_only_in_the_second_half() -> None:
    game = union_square_game()
    up = ",".join(r + "H" for r in "A23456789TJQK")
    rest = ";".join(",".join(r + s for r in "A23456789TJQK") + "," + ",".join(r + s for r in "KQJT98765432A")
                    for s in "CDS")
    # hearts: A..K up; the second King and the rest wait in two piles
    text = (f"union-square stock=- waste=- f={up};{rest} "
            "t=AH,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH;KH" + ";-" * 14)
    state = game.parse_position(text)
    move = union_square_safe_move(state)
    assert move is not None and str(move) == "t2-f1"
    moves, after = safe_closure(game, state)
    assert len(moves) == 13 and game.is_won(after)
    # in the first half nothing is automatic: Q of hearts on a foundation at J
    half = ",".join(r + "H" for r in "A23456789TJ")
    text = (f"union-square stock=- waste=- f={half};{rest} "
            "t=AH,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH;KH,KH,QH" + ";-" * 14)
    assert union_square_safe_move(game.parse_position(text)) is None


def test_safe_moves_change_no_answer_on_mini_positions() -> None:
    rng = random.Random(99)
    for _ in range(60):
        us_game, us_state = mini_union_square(rng, rng.randint(5, 12), piles=rng.randint(2, 5),
                                              stock=rng.randint(0, 4), waste=rng.randint(0, 2),
                                              up=rng.randint(0, 30))
        assert _outcome(us_game, us_state, True) == _outcome(us_game, us_state, False)
    for _ in range(30):
        h_game, h_state = mini_hamilton(rng, rng.randint(3, 8), rng.choice([0, 2]), rng.randint(0, 6))
        assert _outcome(h_game, h_state, True) == _outcome(h_game, h_state, False)


def test_safe_moves_change_no_answer_on_full_positions() -> None:
    union_square = union_square_game()
    rng = random.Random(5)
    for _ in range(25):
        us_state = union_square_near_end(rng, rng.randint(4, 14), rng.randint(0, 5), rng.randint(0, 3),
                                         rng.randint(1, 5))
        assert _outcome(union_square, us_state, True) == _outcome(union_square, us_state, False)
    hamilton = hamilton_game()
    for _ in range(10):
        h_state = hamilton_near_end(rng, rng.randint(3, 6), rng.choice([0, 2]))
        assert _outcome(hamilton, h_state, True) == _outcome(hamilton, h_state, False)


@pytest.mark.slow
def test_safe_moves_change_no_answer_on_lost_positions() -> None:
    data = Path(__file__).resolve().parent.parent / "data" / "solver" / "hamilton-mini-lost.json"
    for fixture in json.loads(data.read_text(encoding="utf-8")):
        game = MiniHamilton(fixture["cards"])
        state = HamiltonState(tuple(tuple(p) for p in fixture["tableau"]), ((),) * 4, (), -1, 0,
                              fixture["start"])
        assert _outcome(game, state, True) == _outcome(game, state, False) == "lost"
    hamilton = hamilton_game()
    deal = hamilton.new(16)  # lost: proven in about 8,000 positions with the rules, 34,000 without
    assert _outcome(hamilton, deal, True) == _outcome(hamilton, deal, False) == "lost"


def _second_card_fires(state: HamiltonState) -> bool:
    move = hamilton_safe_move(state)
    return move is not None and len(state.foundations[move.dst - 10]) == 1


def test_second_card_rule_changes_no_answer_where_it_fires() -> None:
    """Random mini positions where a card one step above the start rank can go onto its start card."""
    rng = random.Random(2024)
    checked = 0
    while checked < 40:
        game, state = mini_hamilton(rng, rng.randint(3, 12), rng.choice([0, 2]), rng.randint(1, 4))
        if not _second_card_fires(state):
            continue
        checked += 1
        assert _outcome(game, state, True) == _outcome(game, state, False)


@pytest.mark.slow
def test_safe_moves_change_no_answer_on_lost_deals() -> None:
    """Small mini positions are all won; lost numbered deals check the rules where losing is possible."""
    hamilton = hamilton_game()
    for deal in (446, 1092):
        assert _outcome(hamilton, hamilton.new(deal), True) == _outcome(hamilton, hamilton.new(deal), False) \
            == "lost"


def test_classic_rule_keeps_every_position_of_a_winning_line_won() -> None:
    """Along winning lines, wherever a card could go up because both lower cards of its colour are,
    the search with the safe moves still wins (a wrong safe move would make a won position lost)."""
    game = hamilton_game()
    checked = 0
    for deal in (1, 12, 25):  # deals whose lines are found quickly without the safe moves
        state = game.new(deal)
        line = search_module.search(game, state, max_seconds=30, expander=Expander(game, safe=False)).moves
        assert line
        for move in line:
            safe = hamilton_safe_move(state)
            if safe is not None and len(state.foundations[safe.dst - 10]) >= 2 and safe != move:
                assert _outcome(game, state, True) == "won", (deal, str(safe))
                checked += 1
            state = game.apply_legal(state, move)
    assert checked >= 30
