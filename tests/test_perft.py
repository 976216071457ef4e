"""The engine's move counts ("perft") against the golden files of ``tests/data/perft/``.

Each file holds a position, its legal moves and the number of move sequences
of length 1, 2, 3 … from it, counted by the independent reference
(``tests/reference/``) and frozen by ``scripts/make_golden.py``. Counts over
:data:`SLOW_LEAVES` sequences are marked slow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from patience.rules import Game, get_game
from tests.reference import reference_moves, reference_perft, to_reference

PERFT_DIR = Path(__file__).parent / "data" / "perft"
FILES = sorted(PERFT_DIR.glob("*.json"))
SLOW_LEAVES = 200_000
REFERENCE_CHECK_DEPTH = 2


def load(path: Path) -> dict[str, Any]:
    """One golden file."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def engine_perft(game: Game[Any], state: Any, depth: int) -> int:
    """Move sequences of length ``depth`` from ``state``, by the engine (last level counted, not played)."""
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(game, game.apply_legal(state, move), depth - 1) for move in moves)


def start_state(data: dict[str, Any]) -> Any:
    """The file's position as an engine state."""
    return get_game(data["game"]).parse_position(data["position"])


def _cases() -> list[Any]:
    cases = []
    for path in FILES:
        data = load(path)
        for depth, count in enumerate(data["perft"], start=1):
            marks = [pytest.mark.slow] if count > SLOW_LEAVES else []
            cases.append(pytest.param(path, depth, count, marks=marks, id=f"{path.stem}-d{depth}"))
    return cases


def test_golden_files_exist_for_every_game() -> None:
    games = {load(path)["game"] for path in FILES}
    assert games == {"hamilton", "union-square"}
    assert len(FILES) >= 2 * (3 + 3 + 4)


@pytest.mark.parametrize(("path", "depth", "expected"), _cases())
def test_engine_perft_matches_golden(path: Path, depth: int, expected: int) -> None:
    data = load(path)
    game = get_game(data["game"])
    assert engine_perft(game, start_state(data), depth) == expected


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_engine_moves_match_golden(path: Path) -> None:
    data = load(path)
    game = get_game(data["game"])
    moves = [str(m) for m in game.legal_moves(start_state(data))]
    assert len(moves) == len(set(moves)), "legal_moves lists a move twice"
    assert sorted(moves) == data["moves"]


DEALT_FILES = [path for path in FILES if "deal" in load(path)]


@pytest.mark.parametrize("path", DEALT_FILES, ids=[p.stem for p in DEALT_FILES])
def test_dealt_positions_match_their_deal(path: Path) -> None:
    """A file made from a deal pins that deal's layout (numbered deals never change)."""
    data = load(path)
    game = get_game(data["game"])
    assert game.position_text(game.new(data["deal"])) == data["position"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_reference_still_agrees_with_golden(path: Path) -> None:
    """The reference itself has not drifted from the frozen counts (first depths only, it is slow)."""
    data = load(path)
    slug = data["game"]
    position = to_reference(slug, start_state(data))
    assert sorted(reference_moves(slug, position)) == data["moves"]
    for depth in range(1, min(REFERENCE_CHECK_DEPTH, len(data["perft"])) + 1):
        assert reference_perft(slug, position, depth) == data["perft"][depth - 1]
