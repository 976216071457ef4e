"""Long games: loading and undo in a short game and in one at the 10,000-move limit.

Run ``python bench/history.py [--repeats 50]``. Over a fresh temporary
database, it plays a Hamilton game of 15 moves and one of 9,995 (deal 1, a
card going back and forth between a foundation and a pile, one move per
action), then, with a cold position cache each time, times loading the game
and answering it, and undo (then redo) with its answer; and measures the
answer's size, default and with ``?history=full``. Both columns should be
alike: nothing grows with the game's length but the full history.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from patience.store import Store
from patience.table import Table
from patience.web.service import GameService

PLAYER = "player-bench-history-01"
OPENING = ["s", "s", "s", "c-f1", "s"]
PAIR = ["f1-t1", "t1-f1"]


def build(service: GameService, actions: int) -> str:
    """A game of the opening then ``actions`` single moves; its id."""
    record, _state = service.table.create(PLAYER, "hamilton", deal=1, deck=None)
    record, _state = service.table.play(PLAYER, record.id, OPENING, record.version)
    for index in range(actions):
        record, _state = service.table.play(PLAYER, record.id, [PAIR[index % 2]], record.version)
    return record.id


def measure(store: Store, game_id: str, repeats: int) -> dict[str, float]:
    """Median and max ms of a cold load and of an undo, each with its answer; answer sizes."""
    loads: list[float] = []
    undos: list[float] = []
    for _ in range(repeats):
        service = GameService(Table(store))
        began = time.perf_counter()
        record, state = service.table.load(PLAYER, game_id)
        answer = service.describe(record, state)
        loads.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        record, state = service.table.undo(PLAYER, game_id, record.version)
        service.describe(record, state)
        undos.append((time.perf_counter() - began) * 1000)
        record, state = service.table.redo(PLAYER, game_id, record.version)
    full = service.describe(record, state, history=True)
    return {"moves": record.move_count, "load p50": statistics.median(loads), "load max": max(loads),
            "undo p50": statistics.median(undos), "undo max": max(undos),
            "answer bytes": len(answer.model_dump_json()), "full bytes": len(full.model_dump_json())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=50)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="patience-history-") as directory:
        store = Store(Path(directory) / "games.sqlite3")
        service = GameService(Table(store))
        rows = [measure(store, build(service, actions), options.repeats) for actions in (10, 9990)]
        store.close()
    print(f"{'':<14}" + "".join(f"{int(row['moves']):>12,} moves" for row in rows))
    for key in ("load p50", "load max", "undo p50", "undo max"):
        print(f"{key + ' (ms)':<14}" + "".join(f"{row[key]:>18.2f}" for row in rows))
    for key in ("answer bytes", "full bytes"):
        print(f"{key:<14}" + "".join(f"{int(row[key]):>18,}" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
