"""Load: N simulated players against a real server, then statistics while 150 hints are in flight.

Run ``python bench/load.py [--players 200] [--seconds 60] [--think 1.0] [--soak]``.
It starts ``python -m patience serve`` itself on a free loopback port over a
fresh temporary database, and stops it at the end; every phase has a
deadline, so it always stops by itself.

* **Load**: each player (its own cookie and connection) deals a game and
  plays seeded random legal moves, a new deal when a game is over or stuck;
  after a move, a share of players ask for a hint (``--hint-share``) or
  whether the deal can still be won (``--winnable-share``), and everyone
  looks at the statistics now and then. Players pause ``--think`` seconds on
  average between actions (0: as fast as the server answers). Printed per
  route: requests, requests/s, p50 / p95 / p99 / max latency (ms), errors
  (5xx, transport errors, and any answer a correct client should not get).
* **Memory**: the server's resident memory (RSS, the server process and its
  solver workers separately) at start, during the run (every 10 s with
  ``--soak``), and at the end.
* **Stats under hints**: ``--hints`` (150) players ask for a hint at the same
  moment while another player reads ``GET /api/stats`` in a loop; printed:
  the stats latency while the hints are in flight, and how the hints were
  answered (status, basis, latency).

``--scenario fair-reviews`` (20 clients looping Union Square fair reviews) or ``--scenario imports``
(a client looping a 20,000-row statistics import) runs a hostile scenario instead, with
``--players`` (default 10) other players: their move p50/p95 and the server's memory before, at peak
and after (see ``bench/hostile.py``; the hostile clients run in a process of their own unless
``--same-process``). ``--scenario quiet``: the same players without hostile clients, for reference.

``--soak`` runs the load phase for 5 minutes (``--seconds 300``) with a
memory sample every 10 s: after warm-up the line should be flat.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as python bench/NAME.py

from bench.server import free_port, rss_mb, start_server

GAMES = ("hamilton", "union-square")
TIMEOUT = 60.0


def children_of(pid: int) -> list[int]:
    """Every descendant process of ``pid`` (the solver workers)."""
    parents: dict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents[ppid].append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def memory(pid: int) -> tuple[float, float]:
    """(server RSS, solver workers' RSS) in MB."""
    return rss_mb(pid), sum(rss_mb(child) for child in children_of(pid))


def percentile(ordered: list[float], share: float) -> float:
    """The ``share`` percentile of sorted samples (nearest rank)."""
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


@dataclass
class Tally:
    """Latencies (ms) and errors per route."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    def error(self, route: str, kind: str) -> None:
        self.errors[route][kind] += 1

    def table(self, seconds: float) -> str:
        rows = [f"{'route':<24} {'requests':>8} {'req/s':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>8}"
                "  errors"]
        total = 0
        for route in sorted(set(self.latencies) | set(self.errors)):
            samples = sorted(self.latencies.get(route, []))
            total += len(samples)
            counted = sorted(self.errors.get(route, {}).items())
            errors = ", ".join(f"{kind}: {n}" for kind, n in counted) or "0"
            if samples:
                rows.append(f"{route:<24} {len(samples):>8} {len(samples) / seconds:>7.1f} "
                            f"{percentile(samples, 0.5):>7.1f} {percentile(samples, 0.95):>7.1f} "
                            f"{percentile(samples, 0.99):>7.1f} {samples[-1]:>8.1f}  {errors}")
            else:
                rows.append(f"{route:<24} {0:>8} {'':>7} {'':>7} {'':>7} {'':>7} {'':>8}  {errors}")
        rows.append(f"{'all':<24} {total:>8} {total / seconds:>7.1f}")
        return "\n".join(rows)


async def request(client: httpx.AsyncClient, tally: Tally, route: str, method: str, url: str,
                  body: Any = None, expected: tuple[int, ...] = (200,)) -> dict[str, Any] | None:
    """One timed request; None (and an error counted) unless its status is expected."""
    began = time.perf_counter()
    try:
        response = await client.request(method, url, json=body)
    except httpx.HTTPError as exc:
        tally.error(route, type(exc).__name__)
        return None
    tally.latencies[route].append((time.perf_counter() - began) * 1000)
    if response.status_code not in expected:
        tally.error(route, str(response.status_code))
        return None
    answer: dict[str, Any] = response.json()
    return answer


async def player(base: str, rng: random.Random, deadline: float, tally: Tally,
                 options: argparse.Namespace) -> int:
    """One player until ``deadline``: deal, play legal moves, sometimes ask for hints and winnability."""
    moves = 0
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        await asyncio.sleep(rng.uniform(0, min(options.think or 0.5, 2.0)))  # do not all start at once
        game: dict[str, Any] | None = None
        while time.monotonic() < deadline:
            if game is None or game["finished"] or not game["legal"]:
                game = await request(client, tally, "POST /api/games", "POST", "/api/games",
                                     {"game": rng.choice(GAMES), "deal": rng.randrange(1, 10**6)}, (201,))
                if game is None:
                    await asyncio.sleep(1.0)
                    continue
            else:
                answer = await request(client, tally, "POST …/moves", "POST",
                                       f"/api/games/{game['id']}/moves",
                                       {"moves": [rng.choice(game["legal"])], "version": game["version"]})
                if answer is None:
                    game = None
                    continue
                game = answer
                moves += 1
                if rng.random() < options.hint_share:
                    await request(client, tally, "GET …/hint", "GET", f"/api/games/{game['id']}/hint")
                if rng.random() < options.winnable_share:
                    await request(client, tally, "GET …/winnable", "GET", f"/api/games/{game['id']}/winnable")
                if rng.random() < 0.02:
                    await request(client, tally, "GET /api/stats", "GET", f"/api/stats?game={game['game']}")
            if options.think:
                await asyncio.sleep(rng.uniform(0.5 * options.think, 1.5 * options.think))
    return moves


async def load(base: str, pid: int, options: argparse.Namespace) -> None:
    """The load phase, with memory samples every 10 s."""
    tally = Tally()
    began = time.monotonic()
    deadline = began + options.seconds
    rng = random.Random(options.seed)
    tasks = [asyncio.create_task(player(base, random.Random(rng.random()), deadline, tally, options))
             for _ in range(options.players)]
    samples: list[tuple[float, float, float]] = []
    while time.monotonic() < deadline:  # a memory sample every 10 s, and one at the end
        await asyncio.sleep(min(10.0, max(0.0, deadline - time.monotonic())))
        samples.append((time.monotonic() - began, *memory(pid)))
    await asyncio.wait(tasks, timeout=TIMEOUT)  # each player finishes its last request
    moves = sum(task.result() for task in tasks if task.done() and not task.cancelled())
    for task in tasks:
        task.cancel()
    elapsed = time.monotonic() - began
    print(f"\n== load: {options.players} players for {options.seconds:.0f} s "
          f"(think {options.think} s, hints {options.hint_share:.0%}, "
          f"winnable {options.winnable_share:.0%}) ==")
    print(tally.table(elapsed))
    print(f"moves played: {moves}; errors: {sum(sum(e.values()) for e in tally.errors.values())}")
    if options.soak or len(samples) > 2:
        print("memory during the run (s: server MB + workers MB):")
        print("  " + "  ".join(f"{t:.0f}s: {server:.0f}+{workers:.0f}" for t, server, workers in samples))


async def stats_under_hints(base: str, options: argparse.Namespace) -> None:
    """``GET /api/stats`` latency while ``options.hints`` hints are in flight."""
    rng = random.Random(options.seed + 1)
    clients = [httpx.AsyncClient(base_url=base, timeout=TIMEOUT) for _ in range(options.hints)]
    reader = httpx.AsyncClient(base_url=base, timeout=TIMEOUT)
    try:
        games = []
        for client in clients:  # a fresh deal each, so every hint has real solving to do
            response = await client.post("/api/games", json={"game": rng.choice(GAMES),
                                                              "deal": rng.randrange(1, 10**6)})
            games.append(response.json())
        await reader.get("/api/stats?game=hamilton")
        in_flight = 0
        hint_ms: list[float] = []
        answers: dict[str, int] = defaultdict(int)

        async def ask(client: httpx.AsyncClient, game: dict[str, Any]) -> None:
            nonlocal in_flight
            in_flight += 1
            began = time.perf_counter()
            try:
                response = await client.get(f"/api/games/{game['id']}/hint")
                hint_ms.append((time.perf_counter() - began) * 1000)
                basis = response.json().get("basis", "-") if response.status_code == 200 else "-"
                answers[f"{response.status_code} {basis}"] += 1
            except httpx.HTTPError as exc:
                answers[type(exc).__name__] += 1
            finally:
                in_flight -= 1

        hints = [asyncio.create_task(ask(c, g)) for c, g in zip(clients, games, strict=True)]
        await asyncio.sleep(0.05)
        stats_ms: list[float] = []
        deadline = time.monotonic() + TIMEOUT
        while in_flight and time.monotonic() < deadline:
            began = time.perf_counter()
            response = await reader.get("/api/stats?game=hamilton")
            if response.status_code == 200 and in_flight:
                stats_ms.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.02)
        await asyncio.wait(hints, timeout=TIMEOUT)
        print(f"\n== GET /api/stats while {options.hints} hints are in flight ==")
        if stats_ms:
            ordered = sorted(stats_ms)
            print(f"stats: {len(ordered)} requests, p50 {percentile(ordered, 0.5):.1f} ms, "
                  f"p95 {percentile(ordered, 0.95):.1f} ms, max {ordered[-1]:.1f} ms")
        else:
            print("stats: the hints were all answered before a statistics request finished")
        ordered = sorted(hint_ms)
        if ordered:
            print(f"hints: p50 {percentile(ordered, 0.5):.0f} ms, p95 {percentile(ordered, 0.95):.0f} ms, "
                  f"max {ordered[-1]:.0f} ms; answers: "
                  + ", ".join(f"{kind}: {n}" for kind, n in sorted(answers.items())))
    finally:
        for client in [*clients, reader]:
            await client.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=None,
                        help="simulated players (default 200; 10 beside a hostile scenario)")
    parser.add_argument("--scenario", choices=["load", "fair-reviews", "imports", "quiet"], default="load",
                        help="the load phase (default) or a hostile scenario")
    parser.add_argument("--same-process", action="store_true",
                        help="a hostile scenario's clients in the process that times the other players")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load phase (default 60)")
    parser.add_argument("--soak", action="store_true", help="a 5-minute load phase with memory every 10 s")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between a player's actions (s)")
    parser.add_argument("--hint-share", type=float, default=0.05, help="share of moves followed by a hint")
    parser.add_argument("--winnable-share", type=float, default=0.2,
                        help="share of moves followed by a winnability check")
    parser.add_argument("--hints", type=int, default=150, help="hints in flight while stats are timed")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    if options.players is None:
        options.players = 200 if options.scenario == "load" else 10
    if options.soak:
        options.seconds = max(options.seconds, 300.0)
    with tempfile.TemporaryDirectory(prefix="patience-load-") as directory:
        port = free_port()
        log = Path(directory) / "server.log"
        with log.open("wb") as errors:
            server = start_server(port, Path(directory) / "games.sqlite3", stderr=errors)
        try:
            base = f"http://127.0.0.1:{port}"
            server_mb, workers_mb = memory(server.pid)
            print(f"server pid {server.pid}, port {port}; memory at start: server {server_mb:.0f} MB, "
                  f"solver workers {workers_mb:.0f} MB")
            if options.scenario != "load":
                from bench.hostile import scenario

                asyncio.run(scenario(base, server.pid, options))
                return 0
            asyncio.run(load(base, server.pid, options))
            server_mb, workers_mb = memory(server.pid)
            print(f"memory after the load: server {server_mb:.0f} MB, solver workers {workers_mb:.0f} MB")
            if options.hints:
                asyncio.run(stats_under_hints(base, options))
            server_mb, workers_mb = memory(server.pid)
            print(f"memory at the end: server {server_mb:.0f} MB, solver workers {workers_mb:.0f} MB")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            lines = log.read_text(errors="replace").splitlines()
            if lines:
                print(f"server log: {len(lines)} lines, for example: {lines[0][:200]}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
