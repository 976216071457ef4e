"""Regenerate ``patience/data/winnable-<game>.json.gz`` from the committed survey results.

Run from the repository root: ``python scripts/make_catalog.py``. It reads
``docs/survey/<game>-*.jsonl.gz`` (numbered deals only), keeps every deal the
solver won, with its winning line, and gives it a difficulty from the solver's
effort (see :mod:`patience.catalog`). For each difficulty it ships the
lowest-numbered :data:`PER_LEVEL` deals whose line has at most
:data:`MAX_LINE` moves (so the file stays small and the test that replays
every shipped line stays fast). Every line is replayed through the rules
before it is written.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from patience.catalog import DIFFICULTIES, data_path, level_of  # noqa: E402
from patience.rules import game_slugs, get_game  # noqa: E402

PER_LEVEL: Final = 200
MAX_LINE: Final = 1000


def won_rows(slug: str) -> dict[int, dict[str, Any]]:
    """The survey's won row per deal, the one with the least effort when a deal was won twice."""
    best: dict[int, dict[str, Any]] = {}
    for path in sorted((ROOT / "docs" / "survey").glob(f"{slug}-*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for text in lines:
                row = json.loads(text)
                deal = row.get("deal")
                if row.get("outcome") != "won" or not isinstance(deal, int) or row.get("game") != slug:
                    continue
                if deal not in best or row["nodes"] < best[deal]["nodes"]:
                    best[deal] = row
    return best


def entries(slug: str) -> list[dict[str, Any]]:
    """The deals to ship for one game, sorted by deal number."""
    game = get_game(slug)
    chosen: dict[str, list[dict[str, Any]]] = {level: [] for level in DIFFICULTIES}
    for deal, row in sorted(won_rows(slug).items()):
        level = level_of(slug, row["nodes"])
        if len(chosen[level]) >= PER_LEVEL or len(row["moves"]) > MAX_LINE:
            continue
        state = game.apply_all(game.new(deal), [game.parse_move(m) for m in row["moves"]])
        if not game.is_won(state):
            raise SystemExit(f"{slug} deal {deal}: the survey's line does not win")
        chosen[level].append({"deal": deal, "difficulty": level, "nodes": row["nodes"],
                              "line": " ".join(row["moves"])})
    return sorted((e for level in DIFFICULTIES for e in chosen[level]), key=lambda e: int(e["deal"]))


def main() -> None:
    """Write one data file per game and say how many deals each level has."""
    for slug in game_slugs():
        shipped = entries(slug)
        path = data_path(slug)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"game": slug, "source": "docs/survey", "deals": shipped}, separators=(",", ":"))
        with gzip.GzipFile(path, "wb", mtime=0) as out:  # mtime 0: the same input gives the same bytes
            out.write(text.encode("utf-8"))
        counts = {level: sum(1 for e in shipped if e["difficulty"] == level) for level in DIFFICULTIES}
        print(f"{path.relative_to(ROOT)}: {len(shipped)} deals {counts}")


if __name__ == "__main__":
    main()
