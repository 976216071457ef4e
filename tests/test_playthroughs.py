"""Golden whole games (``tests/data/playthroughs/``): the engine still plays them move for move.

Each file is a seeded game written by ``scripts/make_golden.py``: a header,
``deal N → position``, then one ``move → position`` line per move. Two checks:

* replaying the recorded moves through ``apply`` gives each recorded
  position (a rule change in what a move does shows as the first line that
  differs);
* the seeded policy, run again on today's engine, picks the same moves (a
  change in which moves are legal changes its choices, and shows the same way).

After an intended rule change: ``python -m scripts.make_golden --playthroughs``, then read the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from patience.rules import get_game
from scripts.make_golden import ARROW, playthrough_lines

PLAYTHROUGH_DIR = Path(__file__).parent / "data" / "playthroughs"
FILES = sorted(PLAYTHROUGH_DIR.glob("*.txt"))
NAME = re.compile(r"^(?P<slug>[a-z-]+)-(?P<deal>[0-9]+)$")
MIN_MOVES = 60


def read(path: Path) -> tuple[str, int, list[str]]:
    """(game slug, deal number, lines) of a playthrough file."""
    match = NAME.match(path.stem)
    assert match, f"{path.name} is not named <game>-<deal>.txt"
    return match["slug"], int(match["deal"]), path.read_text(encoding="utf-8").splitlines()


def first_difference(expected: list[str], actual: list[str]) -> str:
    """Where two line lists part, for the failure message."""
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        if want != got:
            return f"line {number} differs:\n  golden: {want}\n  engine: {got}"
    return f"golden has {len(expected)} lines, engine {len(actual)}"


def test_two_playthroughs_per_game() -> None:
    slugs = [read(path)[0] for path in FILES]
    assert sorted(set(slugs)) == ["hamilton", "union-square"]
    assert all(slugs.count(slug) >= 2 for slug in set(slugs))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_recorded_moves_give_recorded_positions(path: Path) -> None:
    slug, deal, lines = read(path)
    game = get_game(slug)
    assert lines[0].startswith(f"# {slug} deal {deal}")
    label, _, position = lines[1].partition(ARROW)
    assert label == f"deal {deal}"
    state = game.new(deal)
    replayed = [lines[0], lines[1]]
    assert game.position_text(state) == position
    for line in lines[2:]:
        move_text, _, _ = line.partition(ARROW)
        state = game.apply(state, game.parse_move(move_text))
        replayed.append(f"{move_text}{ARROW}{game.position_text(state)}")
    assert replayed == lines, first_difference(lines, replayed)
    assert len(lines) - 2 >= MIN_MOVES


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_seeded_policy_still_chooses_the_same_game(path: Path) -> None:
    slug, deal, lines = read(path)
    regenerated = playthrough_lines(slug, deal)
    assert regenerated == lines, first_difference(lines, regenerated)
