"""Two hostile scenarios of ``bench/load.py`` (``--scenario fair-reviews`` or ``imports``).

Each runs for ``--seconds`` against the server ``load.py`` started: ``--players`` other players
(default 10) deal Union Square and Hamilton games and play random legal moves with a short pause,
while the hostile clients loop:

* **fair reviews**: 20 clients loop ``GET /api/games/{id}/review?fair=1`` on Union Square games
  (deals 2000–2007, four moves each);
* **imports**: one client loops ``POST /api/stats/import`` with a valid 20,000-row file (after the
  first, every row already kept).

The hostile clients run in a process of their own, as clients on other machines would: a review
answer is about a megabyte of JSON, and reading twenty of them at a time in the process that times
the other players' moves would time the benchmark's own work. ``--same-process`` runs them beside
the other players anyway.

``--scenario quiet`` runs the other players alone, for reference: what their moves take on this
machine at this moment without hostile clients.

Printed: the other players' move latency (p50, p95, max), the hostile requests by status, and the
server's memory (server process and its workers, MB) before, at its peak (sampled every 0.25 s)
and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from bench.load import TIMEOUT, children_of, memory, percentile

FAIR_CLIENTS = 20
FAIR_DEALS = range(2000, 2008)
IMPORT_ROWS = 20_000


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(server, its workers) processor time so far, s."""
    def one(p: int) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return one(pid), sum(one(child) for child in children_of(pid))


def import_file(rows: int = IMPORT_ROWS) -> bytes:
    """A valid statistics export of ``rows`` lost Hamilton games."""
    games = [{"id": f"g_{n:024x}", "game": "hamilton", "deal": n + 1, "deck": None, "result": "lost",
              "score": n % 40, "moves": 50, "seconds": 120, "started_at": "2026-01-01T10:00:00Z",
              "finished_at": "2026-01-01T10:02:00Z", "used_hints": False, "used_undo": False}
             for n in range(rows)]
    return json.dumps({"format": "patience-statistics", "version": 1, "games": games}).encode()


async def mover(base: str, seed: int, deadline: float, moves_ms: list[float]) -> None:
    """Another player: deal, play random legal moves with a short pause, time each move."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        game: dict[str, Any] | None = None
        while time.monotonic() < deadline:
            if game is None or game["finished"] or not game["legal"]:
                kind = rng.choice(["hamilton", "union-square"])
                answer = await client.post("/api/games", json={"game": kind, "deal": rng.randrange(1, 10**6)})
                game = answer.json() if answer.status_code == 201 else None
                continue
            began = time.perf_counter()
            move = {"moves": [rng.choice(game["legal"])], "version": game["version"]}
            answer = await client.post(f"/api/games/{game['id']}/moves", json=move)
            moves_ms.append((time.perf_counter() - began) * 1000)
            game = answer.json() if answer.status_code == 200 else None
            await asyncio.sleep(rng.uniform(0.05, 0.25))


async def fair_reviewer(base: str, index: int, deadline: float, statuses: Counter[str]) -> None:
    """A client looping the fair review of a Union Square game of four moves."""
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        deal = FAIR_DEALS[index % len(FAIR_DEALS)]
        game = (await client.post("/api/games", json={"game": "union-square", "deal": deal})).json()
        for _ in range(4):
            moved = await client.post(f"/api/games/{game['id']}/moves",
                                      json={"moves": [game["legal"][0]], "version": game["version"]})
            game = moved.json()
        while time.monotonic() < deadline:
            try:
                answer = await client.get(f"/api/games/{game['id']}/review", params={"fair": 1})
            except httpx.HTTPError as exc:
                statuses[type(exc).__name__] += 1
                continue
            fair = answer.json().get("fair", {}) if answer.status_code == 200 else {}
            statuses[f"{answer.status_code} {fair.get('status', '')}".strip()] += 1
            if answer.status_code == 503:
                await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))


async def importer(base: str, deadline: float, statuses: Counter[str]) -> None:
    """A client looping a valid 20,000-row import."""
    body = import_file()
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        while time.monotonic() < deadline:
            answer = await client.post("/api/stats/import", content=body,
                                       headers={"Content-Type": "application/json"})
            statuses[str(answer.status_code)] += 1
            if answer.status_code == 503:
                await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))


def hostile_clients(base: str, kind: str, deadline: float, statuses: Counter[str]) -> list[Any]:
    """The hostile clients of scenario ``kind`` (coroutines), counting answers in ``statuses``."""
    if kind == "fair-reviews":
        return [fair_reviewer(base, i, deadline, statuses) for i in range(FAIR_CLIENTS)]
    if kind == "quiet":
        return []
    return [importer(base, deadline, statuses)]


def hostile_process(base: str, kind: str, seconds: float) -> Counter[str]:
    """In a process of its own: the hostile clients for ``seconds``; their answers by status."""
    statuses: Counter[str] = Counter()

    async def run() -> None:
        deadline = time.monotonic() + seconds
        tasks = [asyncio.create_task(c) for c in hostile_clients(base, kind, deadline, statuses)]
        if tasks:
            await asyncio.wait(tasks, timeout=seconds + TIMEOUT)

    asyncio.run(run())
    return statuses


async def scenario(base: str, pid: int, options: argparse.Namespace) -> None:
    """Run ``options.scenario`` and print the other players' moves and the server's memory."""
    before, cpu_before = memory(pid), cpu_seconds(pid)
    deadline = time.monotonic() + options.seconds
    moves_ms: list[float] = []
    statuses: Counter[str] = Counter()
    pool = None
    if options.same_process:
        clients = hostile_clients(base, options.scenario, deadline, statuses)
        hostile = [asyncio.create_task(c) for c in clients]
    else:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        elsewhere = pool.submit(hostile_process, base, options.scenario, options.seconds)
        hostile = [asyncio.create_task(asyncio.wait_for(asyncio.wrap_future(elsewhere),
                                                        options.seconds + 2 * TIMEOUT))]
    others = [mover(base, options.seed * 1000 + i, deadline, moves_ms) for i in range(options.players)]
    tasks = [*hostile, *[asyncio.create_task(c) for c in others]]
    peak = before
    while time.monotonic() < deadline:
        await asyncio.sleep(0.25)
        now = memory(pid)
        peak = max(peak, now, key=sum)
    await asyncio.wait(tasks, timeout=2 * TIMEOUT)
    if pool is not None:
        if not hostile[0].done() or hostile[0].cancelled():
            statuses["hostile process unfinished"] += 1
        elif hostile[0].exception() is not None:
            statuses[f"hostile process failed: {hostile[0].exception()!r}"] += 1
        else:
            statuses.update(hostile[0].result())
        pool.shutdown(wait=False, cancel_futures=True)
    cpu = [after - earlier for after, earlier in zip(cpu_seconds(pid), cpu_before, strict=True)]
    await asyncio.sleep(2.0)
    after = memory(pid)
    ordered = sorted(moves_ms)
    where = ("none" if options.scenario == "quiet" else "beside them" if options.same_process
             else "in a process of their own")
    print(f"\n== {options.scenario}: {options.players} other players for {options.seconds:.0f} s "
          f"(hostile clients {where}) ==")
    if ordered:
        print(f"other players' moves: {len(ordered)}, p50 {percentile(ordered, 0.5):.1f} ms, "
              f"p95 {percentile(ordered, 0.95):.1f} ms, max {ordered[-1]:.1f} ms")
    print("hostile requests: " + ", ".join(f"{kind}: {n}" for kind, n in sorted(statuses.items())))
    print(f"processor time: server {cpu[0]:.1f} s, its workers {cpu[1]:.1f} s")
    marks = (("before", before), ("peak", peak), ("after", after))
    print("memory (server + workers, MB): "
          + ", ".join(f"{label} {s:.0f} + {w:.0f}" for label, (s, w) in marks))
