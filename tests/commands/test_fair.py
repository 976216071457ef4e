"""``patience odds``, ``patience hint --fair`` and ``--json``: the contract, no peeking, same answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience.cli import main
from patience.deals import deck_text, shuffled_deck
from tests.test_fair import HAMILTON_MOVES, hamilton_position, reordered_deck


def write_record(path: Path, slug: str, deck: str, moves: tuple[str, ...]) -> Path:
    path.write_text(f'[Game "{slug}"]\n[Deck "{deck}"]\n\n{" ".join(moves)}\n')
    return path


def test_no_peeking_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, played, _state = hamilton_position()
    one, other = reordered_deck(game, 4, played, seed=8)
    answers = []
    for name, deck in (("one", one), ("other", other)):
        record = write_record(tmp_path / f"{name}.txt", "hamilton", deck, HAMILTON_MOVES)
        assert main(["odds", "hamilton", "--record", str(record), "--samples", "5", "--seed", "2",
                     "--max-nodes", "1500", "--json"]) == 0
        assert main(["hint", str(record), "--fair", "--samples", "5", "--seed", "2", "--max-nodes", "1500",
                     "--json"]) == 0
        answers.append(capsys.readouterr().out)
    assert answers[0] == answers[1]
    odds_line, hint_line = answers[0].splitlines()
    assert set(json.loads(odds_line)) == {"samples", "won", "lost", "unknown", "low", "high"}
    assert set(json.loads(hint_line)) == {"move", "won", "samples"}
    assert main(["odds", "hamilton", "--deck", one, "--samples", "3", "--max-nodes", "500", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["odds", "hamilton", "--deck", other, "--samples", "3", "--max-nodes", "500", "--json"]) == 0
    assert capsys.readouterr().out == first


def test_node_budgets_give_the_same_odds_in_every_process() -> None:
    command = [sys.executable, "-m", "patience", "odds", "union-square", "--deal", "9", "--samples", "3",
               "--max-nodes", "800", "--json"]
    outputs = {subprocess.run(command, capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2")}
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["samples"] == 3


def test_the_command_line_in_words_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "hamilton", "--deal", "4", "--samples", "2", "--max-nodes", "300"]) == 0
    words = capsys.readouterr().out
    assert "2 ways to deal the unseen cards" in words and "95% interval" in words
    deck = deck_text(shuffled_deck(4, copies=1))
    record = write_record(tmp_path / "r.txt", "hamilton", deck, HAMILTON_MOVES)
    assert main(["hint", str(record), "--fair", "--samples", "2", "--max-nodes", "300"]) == 0
    hint = capsys.readouterr().out
    assert "of 2 ways to deal the unseen cards can still be won" in hint
    assert hint.startswith(("Click the stock:", "Move ")), hint  # an instruction, not "Play a click on …"
    assert main(["hint", str(record), "--json", "--budget", "0.5"]) == 0
    exact = json.loads(capsys.readouterr().out)
    assert set(exact) == {"move", "explanation", "status", "no_useful_moves"}
    for bad in (["--samples", "0"], ["--seed", "-1"], ["--max-nodes", "0"], ["--max-seconds", "0"]):
        assert main(["odds", "hamilton", "--deal", "4", *bad]) == 2
        assert "patience:" in capsys.readouterr().err
    assert main(["odds", "union-square", "--record", str(record)]) == 2
