"""The won lines in the committed survey results (docs/survey/*.jsonl.gz) replay to a win.

The fair players' rows (``"policy": "fair"`` or ``"fair-plan"``) keep the line of a lost game too: it
must be legal move by move and must not win.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from patience import get_game
from patience.survey import FAIR_POLICIES
from tests.whole import sampled

#: Every results file with lines (the start cards searched one by one keep outcomes only:
#: ``report.py --start-ranks`` checks them against these).
SURVEY = Path(__file__).resolve().parent.parent.parent / "docs" / "survey"
RESULTS = sorted(path for path in SURVEY.glob("*.jsonl.gz") if not path.name.startswith("start-ranks-"))


def test_there_are_results_files() -> None:
    assert len(RESULTS) >= 4


#: The game, the deal number and the outcome a row starts with (written in that order).
DEAL = re.compile(r'^\{"game": "(?P<game>[a-z-]+)", "deal": (?P<deal>\d+), "outcome": "(?P<outcome>\w+)"')


@pytest.mark.parametrize("path", [path for path in RESULTS if not path.name.startswith("fair-")],
                         ids=lambda p: p.name)
def test_a_survey_file_holds_the_deals_its_name_says(path: Path) -> None:
    """``GAME-FIRST-LAST.jsonl.gz`` holds deals FIRST-LAST of GAME only (``report.py --fair``
    reads only the files whose range holds a deal the fair players played)."""
    named = re.fullmatch(r"([a-z-]+)-(\d+)-(\d+)\.jsonl\.gz", path.name)
    assert named is not None, path.name
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        heads = [DEAL.match(line) for line in rows]
    assert all(head is not None for head in heads)
    assert {head["game"] for head in heads if head} == {named[1]}
    deals = [int(head["deal"]) for head in heads if head]
    assert int(named[2]) <= min(deals) and max(deals) <= int(named[3])


#: A file of many deals replays about this many of them (unless ``PATIENCE_TESTS_WHOLE=1``).
SAMPLE = 1000


def every(path: Path) -> int:
    """Replay every n-th deal of ``path``: every tenth, fewer in a file of more than 10,000 deals
    (its name says its range, ``union-square-10001-100000``)."""
    span = re.search(r"(\d+)-(\d+)\.jsonl\.gz$", path.name)
    deals = int(span[2]) - int(span[1]) + 1 if span else 0
    return max(10, deals // SAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("path", RESULTS, ids=lambda p: p.name)
def test_every_won_line_replays_to_a_win(path: Path) -> None:
    """Each ``won`` row's moves, replayed from the numbered deal with every move checked, win, and a
    fair player's lost game (it keeps its line) is legal and not won (a sample of the deals,
    :func:`every`, unless ``PATIENCE_TESTS_WHOLE=1``); a thoughtful row not won has no moves."""
    won = 0
    step = every(path)
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        for line in rows:
            head = DEAL.match(line)
            thoughtful_lost = head is not None and head["outcome"] != "won" and '"policy": "fair' not in line
            if head and not thoughtful_lost and not sampled(int(head["deal"]), step):
                continue  # a line not in the sample: not even read
            row = json.loads(line)
            fair = row.get("policy") in FAIR_POLICIES
            if row["outcome"] != "won" and not fair:
                assert row["moves"] == [], row["deal"]
                continue
            if not sampled(row["deal"], step):
                continue
            game = get_game(row["game"])
            moves = [game.parse_move(text) for text in row["moves"]]
            wins = game.is_won(game.apply_all(game.new(row["deal"]), moves))  # apply_all checks every move
            assert wins == (row["outcome"] == "won"), (path.name, row["deal"])
            won += wins
    assert won > 0
