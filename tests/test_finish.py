"""Auto-finish: a sure win by foundation moves alone, defined through the rules engine (patience.finish)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from patience.finish import finish_moves, foundation_moves, is_sure_win
from patience.notation import parse_record, replay
from patience.rules import Game, get_game, is_foundation
from tests.positions import hamilton_position, union_square_position

RECORDS = Path(__file__).parent / "data" / "records"


def positions_of(name: str) -> tuple[Game[Any], list[Any]]:
    """Every position along a stored won game, from the deal to the win."""
    result = replay(parse_record((RECORDS / name).read_text(encoding="utf-8")))
    game = result.game
    state = game.new(parse_record((RECORDS / name).read_text(encoding="utf-8")).deal)
    states = [state]
    for move in result.moves:
        state = game.apply(state, move)
        states.append(state)
    return game, states


def wins_in_any_order(game: Game[Any], state: Any, rng: random.Random) -> bool:
    """Play random foundation moves until none is left; True when that wins."""
    while not game.is_won(state):
        up = foundation_moves(game, state)
        if not up:
            return False
        state = game.apply(state, rng.choice(up))
    return True


@pytest.mark.parametrize("name", ["hamilton-22-won.txt", "union-square-7-won.txt"])
def test_along_a_won_game_finish_is_offered_only_when_every_order_wins(name: str) -> None:
    game, states = positions_of(name)
    rng = random.Random(7)
    offered = 0
    for state in states[:-1]:
        moves = finish_moves(game, state)
        assert is_sure_win(game, state) == (moves is not None)
        if moves is None:
            continue
        offered += 1
        # ordinary moves, each to a foundation and legal where it is played, ending in the win
        after = state
        for move in moves:
            assert is_foundation(move.dst) and not is_foundation(move.src) and move.count == 1
            after = game.apply(after, move)
        assert game.is_won(after)
        # no choice left that matters: any order of foundation moves wins too
        assert all(wins_in_any_order(game, state, rng) for _ in range(5))
    assert offered >= 1  # the end of every won game is a sure thing
    assert finish_moves(game, states[-1]) == [] and not is_sure_win(game, states[-1])


def test_never_offered_while_the_stock_has_cards() -> None:
    game = get_game("union-square")
    for deal in range(1, 4):
        assert finish_moves(game, game.new(deal)) is None
    hamilton = get_game("hamilton")
    assert finish_moves(hamilton, hamilton.new(1)) is None  # the start card is not even chosen


def test_a_card_buried_under_a_higher_card_of_its_suit_is_not_a_sure_win() -> None:
    game = get_game("hamilton")
    # start rank 7: hearts need 8♥ then 9♥, but 8♥ lies under 9♥ in pile 1
    state = hamilton_position(["8H 9H"], foundations=["7H"], start=7)
    assert foundation_moves(game, state) == []
    assert finish_moves(game, state) is None


def test_a_union_square_end_with_the_stock_empty_is_finished_card_by_card() -> None:
    game = get_game("union-square")
    # hearts: A–K and K–3 up, 2♥ and A♥ left on two piles; the other suits nearly done too
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"
    others = [" ".join(f"{r}{s}" for r in "A23456789TJQK" + "KQJT98765432") for s in "CDS"]
    state = union_square_position(["2H", "AH"], foundations=[full, *others],
                                  stock="", waste="AC AD AS")
    moves = finish_moves(game, state)
    assert moves is not None and len(moves) == 5
    assert game.is_won(game.apply_all(state, moves))
