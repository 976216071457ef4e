"""A review left undecided between two known ends, made from the first recorded review case: what
the API and the page's tests show (a real one takes tens of seconds and depends on the clock)."""

from __future__ import annotations

import json
from pathlib import Path

from patience.analysis.review import positions_of
from patience.rules import get_game
from patience.web.reviews import described
from patience.web.schemas import ReviewOut
from patience.workers.answers import ReviewAnswer

CASE = json.loads((Path(__file__).parent / "data" / "review" / "cases.json").read_text("utf-8"))[0]


def undecided_review() -> tuple[ReviewAnswer, ReviewOut]:
    """The answer (winnable after ``CASE["lost_at"] - 1`` moves, lost after all of them, with the
    recorded winning line from the first) and the review's object made from it.

    >>> found, shown = undecided_review()
    >>> found.status, shown.winnable_after == CASE["lost_at"] - 1
    ('unknown', True)
    """
    game = get_game(CASE["game"])
    states = positions_of(game, CASE["deal"], [game.parse_move(m) for m in CASE["moves"]])
    found = ReviewAnswer(game=CASE["game"], moves=len(CASE["moves"]), status="unknown",
                         winnable_after=CASE["lost_at"] - 1, lost_after=len(CASE["moves"]),
                         line=tuple(CASE["line"]))
    return found, described(game, found, CASE["moves"], states)
