"""Review speed: ``patience.analysis.review.review`` on recorded lost games, 20 per game.

Run ``python bench/review.py [--max-seconds 60] [--games hamilton union-square]``; it prints, per
game, how many reviews were decided, the median / p95 / max seconds (wall clock: the review's budget
is wall clock), the median number of solves, the peak memory, and the median and max processor
seconds (the load of the machine changes them less; each game in a process of its own).

The lost games are stored in ``bench/data/lost-games.json``; ``python bench/review.py --make``
records them again, reproducibly: for each deal of the shipped winnable list in turn
(:mod:`patience.catalog`), it plays from the deal with a seeded random generator (seed = deal
number): 70 % of the time the heuristic hint's move (:func:`patience.analysis.hints.heuristic_move`), else
a random legal move, never back to a position already seen, until no move is left or 3,000 moves
are played; it keeps the game when the solver proves its last position lost within 10 s (a game
whose deal was winnable, so it was lost somewhere along the way).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience import get_game
from patience.analysis.hints import heuristic_move
from patience.analysis.review import review
from patience.catalog import shipped
from patience.rules import Game, Move, game_slugs
from patience.solver import LOST, solve
from patience.survey import quantile

DATA: Final = Path(__file__).resolve().parent / "data" / "lost-games.json"
PER_GAME: Final = 20
MAX_MOVES: Final = 3000
HEURISTIC_SHARE: Final = 0.7
PROOF_SECONDS: Final = 10.0


def played_game(game: Game[Any], deal: int) -> list[Move]:
    """A game played from ``deal`` as described above (the same moves every time)."""
    rng = random.Random(deal)
    state = game.new(deal)
    seen = {state.key()}
    moves: list[Move] = []
    while len(moves) < MAX_MOVES:
        fresh = [m for m in game.legal_moves(state) if game.apply_legal(state, m).key() not in seen]
        if not fresh:
            break
        best, _reason = heuristic_move(game, state)
        move = best if best in fresh and rng.random() < HEURISTIC_SHARE else rng.choice(fresh)
        state = game.apply_legal(state, move)
        seen.add(state.key())
        moves.append(move)
    return moves


def make(slugs: list[str]) -> None:
    """Record :data:`PER_GAME` lost games per game into :data:`DATA`."""
    records: list[dict[str, Any]] = []
    for slug in slugs:
        game = get_game(slug)
        kept = 0
        for entry in shipped(slug):
            if kept == PER_GAME:
                break
            moves = played_game(game, entry.deal)
            final = game.apply_all(game.new(entry.deal), moves)
            if game.is_won(final) or solve(game, final, max_seconds=PROOF_SECONDS).outcome != LOST:
                continue
            records.append({"game": slug, "deal": entry.deal, "moves": [str(m) for m in moves]})
            kept += 1
            print(f"{slug} deal {entry.deal}: {len(moves)} moves, lost", file=sys.stderr)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(records_text(records), encoding="utf-8")


def records_text(records: list[dict[str, Any]]) -> str:
    """The records as a JSON list, one game to a line."""
    return "[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in records) + "\n]\n"


Row = tuple[str, int, int, float, float, float, float, float, float, float]


def bench_game(slug: str, max_seconds: float) -> Row:
    """Review every recorded lost game of ``slug``; the table row."""
    game = get_game(slug)
    games = [r for r in json.loads(DATA.read_text("utf-8")) if r["game"] == slug]
    seconds: list[float] = []
    cpu: list[float] = []
    solves: list[float] = []
    decided = 0
    for record in games:
        started, processor = time.perf_counter(), time.process_time()
        answer = review(game, record["deal"], record["moves"], max_seconds=max_seconds)
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - processor)
        solves.append(answer.solves)
        decided += answer.status == "lost"
    seconds.sort()
    cpu.sort()
    solves.sort()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return (slug, len(games), decided, quantile(seconds, 0.5), quantile(seconds, 0.95), seconds[-1],
            quantile(solves, 0.5), peak_mb, quantile(cpu, 0.5), cpu[-1])


def _worker(args: tuple[str, float]) -> Row:
    return bench_game(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--max-seconds", type=float, default=60.0, help="budget per review (default 60)")
    parser.add_argument("--games", nargs="+", default=game_slugs(), choices=game_slugs())
    parser.add_argument("--make", action="store_true", help="record the lost games again, then stop")
    args = parser.parse_args()
    if args.make:
        make(args.games)
        return
    with multiprocessing.get_context("spawn").Pool(len(args.games)) as pool:
        rows = pool.map(_worker, [(slug, args.max_seconds) for slug in args.games])
    print(f"review of recorded lost games, budget {args.max_seconds:g} s per review")
    print(f"{'game':<14}{'games':>6}{'lost_at found':>14}{'median s':>10}{'p95 s':>8}{'max s':>8}"
          f"{'solves':>8}{'peak MB':>9}{'median cpu s':>14}{'max cpu s':>11}")
    for slug, n, decided, median, p95, top, solves_median, peak, cpu_median, cpu_top in rows:
        print(f"{slug:<14}{n:>6}{decided:>14}{median:>10.2f}{p95:>8.2f}{top:>8.2f}{solves_median:>8.0f}"
              f"{peak:>9.0f}{cpu_median:>14.2f}{cpu_top:>11.2f}")


if __name__ == "__main__":
    main()
