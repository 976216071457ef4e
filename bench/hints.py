"""Hint and dot latency on the positions of a known winning line.

Run ``python bench/hints.py [--steps N] [--solver-workers W]``. It starts the
real server (``python -m patience serve``) on a free port over a fresh
database and, for a few deals the solver wins quickly (Hamilton 1782, 1051,
358; Union Square 1291, 560), over loopback:

* asks ``POST /api/games/{id}/hint`` once on the fresh deal (a search: the
  solver finds the winning line; its time is printed apart; when the hint's
  budget is too short, the dot's longer searches are waited for);
* then follows that line for ``--steps`` moves: before each move it times
  ``GET .../hint`` (must come from the known line: basis "winning line",
  no search) and ``GET .../winnable`` (must answer ``winnable`` at once),
  and plays the move with ``POST .../moves``.

Prints p50 / p95 / max in milliseconds per request kind and the server's
memory (RSS) at the start and the end. Target: a hint on a known winning
line under 50 ms.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as python bench/NAME.py

from bench.server import free_port, rss_mb, start_server
from bench.web import percentiles

DEALS = (("hamilton", 1782), ("hamilton", 1051), ("hamilton", 358),
         ("union-square", 1291), ("union-square", 560))


def follow(client: httpx.Client, slug: str, deal: int, steps: int,
           samples: dict[str, list[float]]) -> None:
    """One deal: the first (searching) hint, then ``steps`` moves along its winning line."""
    game = client.post("/api/games", json={"game": slug, "deal": deal}).json()
    started = time.perf_counter()
    first = client.post(f"/api/games/{game['id']}/hint", json={}).json()
    samples["first hint (search)"].append((time.perf_counter() - started) * 1000)
    waited = time.monotonic()
    while first["basis"] != "winning line" and time.monotonic() - waited < 120:
        # the hint's own search ran out (a loaded machine): the dot's longer searches find the line
        time.sleep(1)
        client.get(f"/api/games/{game['id']}/winnable")
        first = client.get(f"/api/games/{game['id']}/hint").json()
    if first["basis"] != "winning line":
        print(f"{slug} {deal}: no winning line found; skipped", file=sys.stderr)
        return
    for move in first["line"][:steps]:
        started = time.perf_counter()
        hint = client.get(f"/api/games/{game['id']}/hint").json()
        samples["hint on the line"].append((time.perf_counter() - started) * 1000)
        if (hint["move"], hint["basis"]) != (move, "winning line"):
            raise RuntimeError(f"{slug} {deal}: the hint left the known line: {hint}")
        started = time.perf_counter()
        dot = client.get(f"/api/games/{game['id']}/winnable").json()
        samples["dot on the line"].append((time.perf_counter() - started) * 1000)
        if dot["status"] != "winnable":
            raise RuntimeError(f"{slug} {deal}: the dot did not know the line: {dot}")
        started = time.perf_counter()
        game = client.post(f"/api/games/{game['id']}/moves",
                           json={"moves": [move], "version": game["version"]}).json()
        samples["move"].append((time.perf_counter() - started) * 1000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=60, help="moves followed on each line (default 60)")
    parser.add_argument("--solver-workers", type=int, default=1, help="server's solver workers (default 1)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(port, Path(tmp) / "bench.sqlite3", "--solver-workers", str(args.solver_workers))
        try:
            memory_start = rss_mb(server.pid)
            samples: dict[str, list[float]] = {"first hint (search)": [], "hint on the line": [],
                                               "dot on the line": [], "move": []}
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
                for slug, deal in DEALS:
                    follow(client, slug, deal, args.steps, samples)
            memory_end = rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"{'request':<22}{'n':>6}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, values in samples.items():
        if values:
            p50, p95, top = percentiles(values)
            print(f"{name:<22}{len(values):>6}{p50:>10.1f}{p95:>10.1f}{top:>10.1f}")
    print(f"server memory (RSS): {memory_start:.0f} MB at start, {memory_end:.0f} MB at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
