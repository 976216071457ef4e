"""Regenerate ``tests/data/review/cases.json``: hand-made lost games whose losing move is known.

Run from the repository root: ``python scripts/make_review_cases.py``. Each
case is a shipped winnable deal (see :mod:`patience.catalog`) played along its
winning line for ``k`` moves, then one move replaced by another legal move
after which the solver proves the position lost (a needed card buried for
good), then a few more legal moves. So the position after ``k`` moves is
winnable (the rest of the line wins from it) and the one after ``k + 1`` is
lost: ``lost_at`` is ``k + 1``. The test checks that against every prefix.
One more case per game is a deal the survey proved lost outright
(``lost_at`` 0).
"""

from __future__ import annotations

import contextlib
import gzip
import json
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from patience.catalog import shipped  # noqa: E402
from patience.rules import Game, Move, game_slugs, get_game  # noqa: E402
from patience.solver import LOST, solve  # noqa: E402

OUT: Final = ROOT / "tests" / "data" / "review" / "cases.json"
CASES_PER_GAME: Final = 3
EXTRA_MOVES: Final = 6
QUICK: Final = 0.5  # seconds: every lost position of a case is proven within this


def quickly_lost(game: Game[Any], state: Any) -> bool:
    """True when the solver proves ``state`` lost within :data:`QUICK` seconds."""
    return solve(game, state, max_seconds=QUICK).outcome == LOST


def case_of(game: Game[Any], deal: int, line: list[Move], start: int) -> dict[str, Any] | None:
    """The first losing replacement at or after move ``start`` of the line, with a few moves more."""
    state = game.apply_all(game.new(deal), line[:start])
    for k in range(start, len(line) - 1):
        for other in game.legal_moves(state):
            if other == line[k]:
                continue
            after = game.apply_legal(state, other)
            if not quickly_lost(game, after):
                continue
            moves = [*line[:k], other]
            for _extra in range(EXTRA_MOVES):
                legal = game.legal_moves(after)
                if not legal:
                    break
                following = game.apply_legal(after, legal[0])
                if not quickly_lost(game, following):
                    break
                moves.append(legal[0])
                after = following
            return {"game": game.slug, "deal": deal, "moves": [str(m) for m in moves], "lost_at": k + 1,
                    "line": [str(m) for m in line[k:]]}
        state = game.apply_legal(state, line[k])
    return None


def lost_deal(slug: str) -> dict[str, Any]:
    """The deal the survey proved lost with the least effort."""
    rows = []
    for path in sorted((ROOT / "docs" / "survey").glob(f"{slug}-*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            rows += [r for r in map(json.loads, lines) if r.get("outcome") == LOST]
    best = min(rows, key=lambda r: int(r["nodes"]))
    return {"game": slug, "deal": best["deal"], "moves": [], "lost_at": 0, "line": []}


def main() -> None:
    """Write the cases file."""
    cases: list[dict[str, Any]] = []
    for slug in game_slugs():
        game = get_game(slug)
        made = 0
        for index, entry in enumerate(shipped(slug)):
            if made == CASES_PER_GAME:
                break
            line = [game.parse_move(m) for m in entry.moves()]
            start = len(line) * (index % 3 + 1) // 5  # deviate early, midway or late in the line
            case = case_of(game, entry.deal, line, start)
            if case is not None:
                cases.append(case)
                made += 1
        with contextlib.suppress(ValueError):  # ValueError: the survey proved no deal of this game lost
            cases.append(lost_deal(slug))
    OUT.write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")
    for case in cases:
        print(case["game"], case["deal"], "moves", len(case["moves"]), "lost_at", case["lost_at"])


if __name__ == "__main__":
    main()
