"""Every won line in the committed survey results (docs/survey/*.jsonl.gz) replays to a win."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from patience import get_game

RESULTS = sorted((Path(__file__).resolve().parent.parent.parent / "docs" / "survey").glob("*.jsonl.gz"))


def test_there_are_results_files() -> None:
    assert len(RESULTS) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("path", RESULTS, ids=lambda p: p.name)
def test_every_won_line_replays_to_a_win(path: Path) -> None:
    """Each ``won`` row's moves, replayed from the numbered deal with every move checked, win."""
    won = 0
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            if row["outcome"] != "won":
                assert row["moves"] == [], row["deal"]
                continue
            game = get_game(row["game"])
            moves = [game.parse_move(text) for text in row["moves"]]
            assert game.is_won(game.apply_all(game.new(row["deal"]), moves)), (path.name, row["deal"])
            won += 1
    assert won > 0
