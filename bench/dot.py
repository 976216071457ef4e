"""The dot under load, and the dot that never gives up.

Run ``python bench/dot.py [--players 50] [--seconds 120] [--deal7]``. It starts
the real server (``python -m patience serve``) on a free port over a fresh
database, then over loopback:

* **soak** — ``--players`` players, each playing seeded random legal moves
  (one every ``--think`` seconds on average) and asking ``/winnable`` after
  each move the way the page does (again while ``pending``, backing off to
  4 s). After a warm-up of a third of the time, a fresh game is dealt every
  5 s by another player, who asks like the page until its first search has
  ended (decided, or still open after the first budget: the dot then says
  "Still thinking…" while longer searches go on). Prints the time to that
  first answer (p50 / p95 / max; target: the first budget, 2 s, plus a few
  seconds), what it was, and the server's memory (RSS) at the start and the end;
* **deal 7** (``--deal7``) — Hamilton deal 7, which a 2 s search cannot
  decide, asked like the page until decided: prints what the dot said and
  when (the escalation 2 s, 10 s, 60 s ... decides it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as python bench/NAME.py

from bench.server import free_port, rss_mb, start_server
from bench.web import GAMES, percentiles

POLL_MAX = 4.0


async def ask_until_answered(client: httpx.AsyncClient, game_id: str, stop: float,
                             first_search: bool = False) -> tuple[str, float]:
    """Ask ``/winnable`` like the page until it is not ``pending``: (status, seconds searched).

    ``first_search``: stop as soon as the first search has ended, decided or not.
    """
    delay = 0.25
    while time.monotonic() < stop:
        answer = (await client.get(f"/api/games/{game_id}/winnable")).json()
        searched = float(answer.get("searched_seconds", 0.0))
        if answer["status"] != "pending" or (first_search and searched > 0):
            return str(answer["status"]), searched
        await asyncio.sleep(delay)
        delay = min(delay * 1.5, POLL_MAX)
    return "pending", 0.0


async def player(base: str, rng: random.Random, stop: float, think: float) -> None:
    """Play random legal moves; after each, ask about winnability like the page (until the next move)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        game: dict[str, Any] | None = None
        while time.monotonic() < stop:
            if game is None or not game["legal"] or game["finished"]:
                game = (await client.post("/api/games", json={"game": rng.choice(GAMES),
                                                              "deal": rng.randrange(1, 10**6)})).json()
            else:
                response = await client.post(f"/api/games/{game['id']}/moves",
                                             json={"moves": [rng.choice(game["legal"])],
                                                   "version": game["version"]})
                game = response.json() if response.status_code == 200 else None
            if game is not None:
                pause = rng.uniform(0.5, 1.5) * think
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ask_until_answered(client, game["id"], stop), pause)


async def fresh_games(base: str, rng: random.Random, start: float, stop: float,
                      results: list[tuple[float, str]]) -> None:
    """From ``start``, a fresh game every 5 s: time its first answer."""
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < stop - 5:
            game = (await client.post("/api/games", json={"game": rng.choice(GAMES),
                                                          "deal": rng.randrange(1, 10**6)})).json()
            asked = time.monotonic()
            status, searched = await ask_until_answered(client, game["id"], stop + 30, first_search=True)
            said = status if status != "pending" else f"open after {searched:g} s"
            results.append((time.monotonic() - asked, said))
            await asyncio.sleep(5)


async def soak(base: str, players: int, seconds: float, think: float) -> list[tuple[float, str]]:
    rng = random.Random(7)
    now = time.monotonic()
    stop = now + seconds
    results: list[tuple[float, str]] = []
    tasks = [player(base, random.Random(rng.random()), stop, think) for _ in range(players)]
    tasks.append(fresh_games(base, random.Random(1), now + seconds / 3, stop, results))
    await asyncio.gather(*tasks)
    return results


def deal7(base: str, limit: float) -> None:
    """Hamilton deal 7 asked like the page until decided."""
    with httpx.Client(base_url=base, timeout=60) as client:
        game = client.post("/api/games", json={"game": "hamilton", "deal": 7}).json()
        started = time.monotonic()
        said = ""
        while time.monotonic() - started < limit + 30:
            answer = client.get(f"/api/games/{game['id']}/winnable").json()
            text = f"{answer['status']} (searched {answer['searched_seconds']:g} s)"
            if text != said:
                print(f"deal 7 after {time.monotonic() - started:6.1f} s: {text}")
                said = text
            if answer["status"] != "pending":
                return
            time.sleep(2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120.0, help="length of the soak (default 120)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a player's moves")
    parser.add_argument("--solver-workers", type=int, default=2)
    parser.add_argument("--deal7", action="store_true", help="only the deal 7 check, no soak")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, Path(tmp) / "bench.sqlite3", "--solver-workers", str(args.solver_workers))
        try:
            if args.deal7:
                deal7(base, 300)
                return 0
            memory_start = rss_mb(server.pid)
            results = asyncio.run(soak(base, args.players, args.seconds, args.think))
            memory_end = rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    if results:
        p50, p95, top = percentiles([r[0] * 1000 for r in results])
        statuses = {s: sum(1 for r in results if r[1] == s) for s in {r[1] for r in results}}
        print(f"{args.players} players for {args.seconds:g} s; fresh games: {len(results)}")
        print(f"first answer of a fresh game: p50 {p50 / 1000:.1f} s, p95 {p95 / 1000:.1f} s, "
              f"max {top / 1000:.1f} s; answers {statuses}")
    print(f"server memory (RSS): {memory_start:.0f} MB at start, {memory_end:.0f} MB at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
