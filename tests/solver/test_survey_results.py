"""The won lines in the committed survey results (docs/survey/*.jsonl.gz) replay to a win.

The fair player's rows (``"policy": "fair"``) keep the line of a lost game too: it must be legal
move by move and must not win.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from patience import get_game
from tests.whole import sampled

RESULTS = sorted((Path(__file__).resolve().parent.parent.parent / "docs" / "survey").glob("*.jsonl.gz"))


def test_there_are_results_files() -> None:
    assert len(RESULTS) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("path", RESULTS, ids=lambda p: p.name)
def test_every_won_line_replays_to_a_win(path: Path) -> None:
    """Each ``won`` row's moves, replayed from the numbered deal with every move checked, win
    (every tenth deal's unless ``PATIENCE_TESTS_WHOLE=1``); a row not won has no moves."""
    won = 0
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            fair = row.get("policy") == "fair"
            if row["outcome"] != "won" and not fair:
                assert row["moves"] == [], row["deal"]
                continue
            if not (fair or sampled(row["deal"], 10)):
                continue
            game = get_game(row["game"])
            moves = [game.parse_move(text) for text in row["moves"]]
            wins = game.is_won(game.apply_all(game.new(row["deal"]), moves))  # apply_all checks every move
            assert wins == (row["outcome"] == "won"), (path.name, row["deal"])
            won += wins
    assert won > 0
