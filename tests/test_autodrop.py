"""Auto-play to the foundations (patience.autodrop): what each mode plays, and that *safe* is safe."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from patience import get_game
from patience.autodrop import AUTODROP_MODES, DEFAULT_AUTODROP, automatic_moves, check_mode, next_automatic
from patience.finish import foundation_moves
from patience.rules import CHOOSER, STOCK, Game, Move, is_foundation
from patience.solver import solve
from patience.solver.result import Status
from tests.solver.positions import hamilton_near_end, union_square_near_end

#: Random positions per game in the property test, and the node budget of each search.
POSITIONS = 2000
BUDGET = 3000


def texts(moves: list[Move]) -> list[str]:
    return [str(m) for m in moves]


def test_modes_and_default() -> None:
    assert AUTODROP_MODES == ("off", "safe", "all") and DEFAULT_AUTODROP == "safe"
    with pytest.raises(ValueError, match="autodrop is off, safe or all, not 'some'"):
        check_mode("some")


def test_hamilton_deal_34_after_the_choice() -> None:
    game = get_game("hamilton")
    state = game.apply_all(game.new(34), [Move.parse("s"), Move.parse("c-f1")])
    assert automatic_moves(game, state, "off") == []
    assert texts(automatic_moves(game, state, "safe")) == ["t6-f2", "t2-f1", "t4-f2"]
    # all: the safe moves first, then 6♦... every card that fits
    assert texts(automatic_moves(game, state, "all")) == ["t6-f2", "t2-f1", "t4-f2", "t6-f1"]


def test_never_the_choosers_card() -> None:
    game = get_game("hamilton")
    for deal in range(1, 40):
        state = game.apply(game.new(deal), Move.parse("s"))  # a card on the Chooser, none chosen
        for mode in AUTODROP_MODES:
            assert automatic_moves(game, state, mode) == []
            assert all(m.src != CHOOSER for m in automatic_moves(game, state, mode))


def test_a_card_taken_down_does_not_go_straight_back_up() -> None:
    game = get_game("hamilton")
    state = game.apply_all(game.new(34), [Move.parse("s"), Move.parse("c-f1")])
    state = game.apply_all(state, automatic_moves(game, state, "all"))
    down = next(m for m in game.legal_moves(state) if is_foundation(m.src))
    after = game.apply(state, down)
    assert next_automatic(game, after, "all") is not None  # it would fit...
    assert automatic_moves(game, after, "all", [down]) == []  # ...but the player just took it down


def test_union_square_all_plays_aces_and_safe_waits_for_the_second_half() -> None:
    game = get_game("union-square")
    state = game.new(2)
    for _ in range(10):
        state = game.apply(state, Move.parse("s"))
    assert automatic_moves(game, state, "safe") == []
    moves = automatic_moves(game, state, "all")
    assert moves and all(is_foundation(m.dst) and m.src != STOCK for m in moves)
    assert foundation_moves(game, game.apply_all(state, moves)) == []  # nothing more fits


def test_safe_is_where_all_starts() -> None:
    rng = random.Random(5)
    for slug in ("hamilton", "union-square"):
        game = get_game(slug)
        for state in random_positions(game, rng, 200):
            safe = automatic_moves(game, state, "safe")
            assert automatic_moves(game, state, "all")[:len(safe)] == safe


# --- the property: a safe automatic move never turns a won position into a lost one -------------------

def playout_positions(game: Game[Any], rng: random.Random) -> Any:
    """A position of a random game of a numbered deal, just after a safe move became possible (or
    wherever the game stopped)."""
    state = game.new(rng.randint(1, 1_000_000))
    for _ in range(rng.randint(5, 150)):
        moves = game.legal_moves(state)
        if not moves:
            break
        others = [m for m in moves if m.src != STOCK]
        state = game.apply_legal(state, rng.choice(others if others and rng.random() < 0.85 else moves))
        if next_automatic(game, state, "safe") is not None:
            break
    return state


def near_end(game: Game[Any], rng: random.Random) -> Any:
    """A random position with few cards left off the foundations (Union Square: no pile longer than
    play from a deal can make one, 13 cards, which the compiled search assumes)."""
    if game.slug == "hamilton":
        return hamilton_near_end(rng, rng.randint(8, 40), rng.choice([0, 2, 9]))
    while True:
        in_play = rng.randint(10, 50)
        stock = rng.randint(0, in_play // 2)
        state = union_square_near_end(rng, in_play, stock, rng.randint(0, (in_play - stock) // 2),
                                      rng.randint(2, 8))
        if max(len(pile) for pile in state.tableau) <= 6:
            return state


def random_positions(game: Game[Any], rng: random.Random, count: int) -> list[Any]:
    """``count`` positions where a safe automatic move fires: from random games of numbered deals
    (Hamilton; Union Square's safe move waits for a foundation's second half, which random play
    hardly reaches) and random near-end positions."""
    makers: list[Callable[[], Any]] = [lambda: near_end(game, rng)]
    if game.slug == "hamilton":
        makers.append(lambda: playout_positions(game, rng))
    found: list[Any] = []
    while len(found) < count:
        state = rng.choice(makers)()
        if next_automatic(game, state, "safe") is not None:
            found.append(state)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["hamilton", "union-square"])
def test_safe_automatic_moves_never_lose_a_won_position(slug: str) -> None:
    game = get_game(slug)
    rng = random.Random(39)
    outcomes = {"won": 0, "lost": 0, "unknown": 0}
    for state in random_positions(game, rng, POSITIONS):
        before = solve(game, state, max_nodes=BUDGET, tidy=False).outcome
        outcomes[before.value] += 1
        if before is not Status.WON:
            continue
        after = game.apply_all(state, automatic_moves(game, state, "safe"))
        outcome = solve(game, after, max_nodes=BUDGET, tidy=False).outcome
        assert outcome is not Status.LOST, game.position_text(state)
    assert outcomes["won"] >= POSITIONS // 4, outcomes  # the property was tested on many won positions


@pytest.mark.slow
def test_all_can_spoil_a_game_deal_2143() -> None:
    """The example of docs/rules.md: with 9♦ as the start card, safe sends 10♦ up and the deal can
    still be won; all sends J♦ up as well, and then it cannot (the solver proves both)."""
    game = get_game("hamilton")
    state = game.apply_all(game.new(2143), [Move.parse("s"), Move.parse("c-f1")])
    safe, every = automatic_moves(game, state, "safe"), automatic_moves(game, state, "all")
    assert texts(safe) == ["t4-f1"] and texts(every) == ["t4-f1", "t2-f1"]
    assert solve(game, game.apply_all(state, safe), max_nodes=2_000_000).outcome is Status.WON
    assert solve(game, game.apply_all(state, every), max_nodes=5_000_000).outcome is Status.LOST
