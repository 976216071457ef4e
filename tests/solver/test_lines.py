"""Tidying winning lines: loops and detours are cut, the line still wins, nothing else changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience import get_game
from patience.rules import Move
from patience.solver import WON, solve
from patience.solver import lines as lines_module
from patience.solver.canonical import canonical_key
from patience.solver.lines import relabelling, shortened, without_loops
from tests.positions import hamilton_game, union_square_game


def _padded(game_slug: str, deal: int, seed: int) -> tuple[Any, tuple[Move, ...], tuple[Move, ...]]:
    """A won line, and the same line with there-and-back detours put in at random places."""
    game = get_game(game_slug)
    state = game.new(deal)
    result = solve(game, state, max_seconds=60)
    assert result.outcome == WON
    rng = random.Random(seed)
    padded: list[Move] = []
    position = state
    for move in result.moves:
        if rng.random() < 0.3:
            for detour in game.legal_moves(position):
                there = game.apply_legal(position, detour)
                back = Move(detour.dst, detour.src, detour.count)
                if detour.src >= 20 and detour.dst >= 20 and game.is_legal(there, back) \
                        and game.apply_legal(there, back) == position:
                    padded += [detour, back]
                    break
        padded.append(move)
        position = game.apply_legal(position, move)
    return state, result.moves, tuple(padded)


@pytest.mark.parametrize(("slug", "deal"), [("hamilton", 1), ("union-square", 28)])
def test_detours_are_cut_and_the_line_still_wins(slug: str, deal: int) -> None:
    game = get_game(slug)
    state, line, padded = _padded(slug, deal, seed=deal)
    assert len(padded) > len(line)
    tidy = shortened(game, state, padded)
    assert len(tidy) <= len(line)
    assert game.is_won(game.apply_all(state, tidy))


def test_relabelling_pairs_piles_with_the_same_cards() -> None:
    game = union_square_game()
    rng = random.Random(5)
    for deal in range(1, 30):
        state = game.new(deal)
        order = list(range(16))
        rng.shuffle(order)
        shuffled = state._replace(tableau=tuple(state.tableau[i] for i in order))
        assert canonical_key(game, shuffled) == canonical_key(game, state)
        codes = relabelling(state, shuffled)
        tableau = {src: dst for src, dst in codes.items() if src >= 20}
        assert sorted(tableau.values()) == list(range(20, 36))
        for src, dst in tableau.items():
            assert shuffled.tableau[src - 20] == state.tableau[dst - 20]


def test_a_loop_is_cut_to_nothing() -> None:
    game = hamilton_game()
    line = tuple(Move.parse(text) for text in ["s", "c-f1", "t1-t2", "t2-t1"])
    assert [str(m) for m in without_loops(game, game.new(5), line)] == ["s", "c-f1"]


def test_a_spent_deadline_still_gives_a_winning_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time left only the linear steps run; the line is still a replayable win."""
    game = hamilton_game()
    state, line, padded = _padded("hamilton", 1, seed=3)

    def no_pass(*_args: object) -> tuple[Move, ...]:
        raise AssertionError("a shortcut pass ran after the deadline")

    monkeypatch.setattr(lines_module, "_shortcut_pass", no_pass)
    tidy = shortened(game, state, padded, deadline=0.0)
    assert len(line) <= len(tidy) <= len(padded)
    assert game.is_won(game.apply_all(state, tidy))
