"""The engine agrees with the independent reference (``tests/reference/``) on random play.

Hypothesis plays random games from numbered deals and from the hand-built
golden positions (late-game situations random play seldom reaches). At every
position the engine's legal moves, as a set of texts, must equal the
reference's, and the position after a move must be the same in both.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.rules import get_game
from tests.reference import reference_apply, reference_moves, to_engine, to_reference

REFERENCE_GAMES = ("hamilton", "union-square")
PERFT_DIR = Path(__file__).parent / "data" / "perft"
STEPS = 25
EXTRA_APPLIES = 3  # moves besides the one played whose result is compared at each position


def hand_built_positions(slug: str) -> list[str]:
    """Position texts of the hand-built golden positions of a game."""
    texts = []
    for path in sorted(PERFT_DIR.glob(f"{slug}-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "deal" not in data:
            texts.append(data["position"])
    return texts


def starting_states(slug: str) -> st.SearchStrategy[Any]:
    """A numbered deal or a hand-built position."""
    game = get_game(slug)
    deals = st.integers(min_value=1, max_value=2**32 - 1).map(game.new)
    built = st.sampled_from(hand_built_positions(slug)).map(game.parse_position)
    return st.one_of(deals, built)


def assert_agree_at(slug: str, state: Any, data: st.DataObject) -> str | None:
    """Compare moves and a few results at one position; return the move to play next (None if none)."""
    game = get_game(slug)
    position = to_reference(slug, state)
    engine_moves = sorted(str(m) for m in game.legal_moves(state))
    reference = sorted(reference_moves(slug, position))
    assert engine_moves == reference, f"moves differ at {game.position_text(state)}"
    if not reference:
        return None
    played = data.draw(st.sampled_from(reference), label="move")
    checked = {played, *(data.draw(st.sampled_from(reference)) for _ in range(EXTRA_APPLIES))}
    for text in sorted(checked):
        engine_after = game.apply(state, game.parse_move(text))
        reference_after = reference_apply(slug, position, text)
        assert to_reference(slug, engine_after) == reference_after, (
            f"{text} gives different positions from {game.position_text(state)}")
        assert to_engine(slug, reference_after) == engine_after
    return played


@pytest.mark.parametrize("slug", REFERENCE_GAMES)
def test_engine_and_reference_agree_on_random_play(slug: str) -> None:
    game = get_game(slug)

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(start=starting_states(slug), data=st.data())
    def play(start: Any, data: st.DataObject) -> None:
        state = start
        for _ in range(STEPS):
            move = assert_agree_at(slug, state, data)
            if move is None:
                return
            state = game.apply(state, game.parse_move(move))

    play()


@pytest.mark.parametrize("slug", REFERENCE_GAMES)
def test_converters_round_trip(slug: str) -> None:
    game = get_game(slug)
    for text in hand_built_positions(slug):
        state = game.parse_position(text)
        assert to_engine(slug, to_reference(slug, state)) == state
