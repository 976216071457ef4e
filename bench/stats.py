"""Statistics of a player with many games: ``GET /api/stats`` time and the server's memory during exports.

Run ``python bench/stats.py [--rows 50000] [--repeat 20]``. It starts ``python -m patience serve`` on
a free loopback port over a fresh temporary database, gives one player ``--rows`` played deals of
the registry's first game through ``POST /api/stats/import`` (files of at most 20,000 games; a third
of them won), then prints:

* ``GET /api/stats?game=G``: p50 and max over ``--repeat`` requests (ms);
* ``GET /api/stats/export`` as JSON and as CSV: time, size, and the server's resident memory (MB)
  before, at its peak (sampled every 10 ms while the file downloads) and after.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as python bench/NAME.py

from bench.server import free_port, rss_mb, start_server
from patience.rules import game_slugs, get_game

GAME = game_slugs()[0]
CARDS, FEWEST = get_game(GAME).max_score, get_game(GAME).min_winning_moves
FILE_GAMES = 20_000
START = 1_735_689_600  # 2025-01-01, UTC


def entry(n: int) -> dict[str, Any]:
    """Played deal ``n``: every third one won, the others lost."""
    won = n % 3 == 0
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(START + 600 * n))
    finished = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(START + 600 * n + 300))
    return {"id": f"g_{n:024x}", "game": GAME, "deal": n + 1, "deck": None,
            "result": "won" if won else "lost", "score": CARDS if won else n % 40, "moves": FEWEST + n % 50,
            "seconds": 100 + n % 200, "started_at": stamp, "finished_at": finished,
            "used_hints": n % 7 == 0, "used_undo": n % 5 == 0}


def fill(client: httpx.Client, rows: int) -> None:
    """Give the client's player ``rows`` played deals, a file of at most 20,000 at a time."""
    for first in range(0, rows, FILE_GAMES):
        games = [entry(n) for n in range(first, min(rows, first + FILE_GAMES))]
        body = json.dumps({"format": "patience-statistics", "version": 1, "games": games})
        answer = client.post("/api/stats/import", content=body, headers={"Content-Type": "application/json"})
        if answer.status_code != 200:
            raise SystemExit(f"import refused: {answer.status_code} {answer.text[:200]}")


def export(client: httpx.Client, pid: int, kind: str) -> tuple[float, int, float, float, float]:
    """(seconds, bytes, server MB before, at peak, after) of one export downloaded as a stream."""
    before = rss_mb(pid)
    peak = before
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, rss_mb(pid))
            time.sleep(0.01)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    began = time.perf_counter()
    size = 0
    with client.stream("GET", "/api/stats/export", params={"format": kind}) as response:
        for chunk in response.iter_bytes():
            size += len(chunk)
    seconds = time.perf_counter() - began
    done.set()
    watcher.join()
    time.sleep(0.5)
    return seconds, size, before, peak, rss_mb(pid)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=50_000, help="played deals of the player (default 50000)")
    parser.add_argument("--repeat", type=int, default=20, help="GET /api/stats requests timed (default 20)")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="patience-stats-") as directory:
        port = free_port()
        server = start_server(port, Path(directory) / "games.sqlite3")
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=300,
                              headers={"X-Patience": "1"}) as client:
                began = time.perf_counter()
                fill(client, options.rows)
                print(f"{options.rows} played deals imported in {time.perf_counter() - began:.1f} s; "
                      f"server {rss_mb(server.pid):.0f} MB")
                times = []
                for _ in range(options.repeat):
                    began = time.perf_counter()
                    answer = client.get("/api/stats", params={"game": GAME})
                    times.append((time.perf_counter() - began) * 1000)
                    assert answer.status_code == 200 and answer.json()["played"] == options.rows
                times.sort()
                print(f"\n{'request':<26} {'p50 ms':>8} {'max ms':>8}")
                print(f"{'GET /api/stats?game=' + GAME:<26} {times[len(times) // 2]:>8.1f} {times[-1]:>8.1f}")
                print(f"\n{'export':<8} {'seconds':>8} {'MB':>7} {'server MB before':>16} {'peak':>6} "
                      f"{'after':>6}")
                for kind in ("json", "csv"):
                    seconds, size, before, peak, after = export(client, server.pid, kind)
                    print(f"{kind:<8} {seconds:>8.2f} {size / 2**20:>7.1f} {before:>16.0f} {peak:>6.0f} "
                          f"{after:>6.0f}")
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
