"""Web app speed: move round trips with 1 and with 50 players, page weight, first render in Chromium.

Run ``python bench/web.py [--moves N] [--players P] [--moves-each M] [--no-browser | --render-only]``.
It starts the real server (``python -m patience serve``) on a free port over a
fresh database, then measures, on localhost:

* move round trip — ``POST /api/games/{id}/moves`` from sending to the parsed
  answer (each move is written to SQLite before the answer), one player playing
  seeded random legal moves, then P players at once (each its own cookie and
  connection), as p50 / p95 / max;
* page weight — the page and every asset it loads (``src``, ``href`` and JS
  ``import`` / ``from`` paths), bytes as served;
* time to first render — Chromium (``/usr/bin/chromium`` through Playwright),
  a fresh profile each time: first contentful paint, the moment the first
  card element is in the board (seen by a MutationObserver in the page, from
  the start of the navigation), the frame that paints it, and how many API
  requests the page made before it (``--render-only`` measures only this,
  ``--url`` on a server already running). The page says when its first card is
  in by a console message: the bench does not poll the page while it loads
  (Playwright's ``wait_for_function`` runs its own script in the page, which
  cost the page ~75 ms at the median on a 2-CPU machine).

The 50 players play twice: with no pause at all (each sends its next move the
moment the last answer arrives: the server is saturated, so this measures
throughput), and paced like fast human players (a move every ``--think``
seconds on average, 1 s by default), which is what the target is about.
Also printed: the server's CPU time per move. Targets: p95 under 20 ms with
one player, under 100 ms with 50.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as python bench/NAME.py

from bench.server import free_port, start_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"]
GAMES = ("hamilton", "union-square")
ASSET_RE = re.compile(
    r"""(?:src|href)\s*=\s*["']([^"'#?]+)["']|(?:import|from)\s*\(?\s*["']([^"']+\.js)["']""")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """p50, p95, max (ms)."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95, ordered[-1]


async def player(client: httpx.AsyncClient, moves: int, rng: random.Random, start: asyncio.Event,
                 samples: list[float], think: float) -> None:
    """Play ``moves`` random legal moves, starting new games when one ends; time each move.

    ``think``: mean seconds between a player's moves (uniform from 0.5x to 1.5x; 0: none).
    """
    await start.wait()
    game: dict[str, Any] | None = None
    played = 0
    while played < moves:
        if game is None or not game["legal"] or game["finished"]:
            response = await client.post("/api/games", json={"game": rng.choice(GAMES),
                                                              "deal": rng.randrange(1, 10**6)})
            game = response.json()
            continue
        move = rng.choice(game["legal"])
        began = time.perf_counter()
        response = await client.post(f"/api/games/{game['id']}/moves",
                                     json={"moves": [move], "version": game["version"]})
        answer = response.json()
        samples.append((time.perf_counter() - began) * 1000)
        if response.status_code != 200:
            raise RuntimeError(f"move refused: {response.status_code} {answer}")
        game = answer
        played += 1
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def round_trips(base: str, players: int, moves_each: int, seed: int,
                      think: float = 0.0) -> list[float]:
    """Move round trips (ms) of ``players`` players playing at the same time."""
    samples: list[float] = []
    start = asyncio.Event()
    clients = [httpx.AsyncClient(base_url=base, timeout=30) for _ in range(players)]
    try:
        for client in clients:  # one request each first, so every player has its cookie and connection
            await client.get("/api/games/catalog")
        tasks = [asyncio.create_task(player(c, moves_each, random.Random(seed + i), start, samples, think))
                 for i, c in enumerate(clients)]
        start.set()
        await asyncio.gather(*tasks)
    finally:
        for client in clients:
            await client.aclose()
    return samples


def page_weight(base: str) -> tuple[int, int]:
    """(files, bytes) of the page and everything it loads."""
    seen: set[str] = set()
    queue = ["/"]
    total = 0
    with httpx.Client(base_url=base) as client:
        while queue:
            path = queue.pop()
            if path in seen:
                continue
            seen.add(path)
            response = client.get(path)
            response.raise_for_status()
            total += len(response.content)
            if path == "/" or path.endswith((".js", ".css", ".html")):
                for match in ASSET_RE.finditer(response.text):
                    found = match.group(1) or match.group(2)
                    if found.startswith(("http:", "https:", "data:", "mailto:")):
                        continue
                    base_dir = path.rsplit("/", 1)[0] + "/"
                    resolved = found if found.startswith("/") else os.path.normpath(base_dir + found)
                    queue.append(resolved)
    return len(seen), total


def card_figures(base: str) -> tuple[int, int]:
    """(files, bytes) of the court figures, loaded by the page only when a Jack, Queen or King shows."""
    names = [f"{rank}{suit}" for rank in "JQK" for suit in "CDHS"]
    with httpx.Client(base_url=base) as client:
        sizes = [len(client.get(f"/static/cards/{name}.svg").raise_for_status().content) for name in names]
    return len(sizes), sum(sizes)


#: What the page logs once its first card is in the board (the bench waits for it without polling).
FIRST_CARD_MESSAGE = "bench: first card"
#: Notes, in the page, when the first card element enters the board, when the frame that shows it is
#: painted (after its animation frame callbacks: the next task after them) and how many API requests
#: went out before it (``performance.now()`` counts from the start of the navigation).
FIRST_CARD_WATCH = f"""
const FIRST_CARD_MESSAGE = {FIRST_CARD_MESSAGE!r};
window.benchApiRequests = 0;
const realFetch = window.fetch;
window.fetch = (...args) => {{
  if (String(args[0]).includes("/api/") && window.benchFirstCard === undefined) window.benchApiRequests += 1;
  return realFetch(...args);
}};
new MutationObserver((_, observer) => {{
  if (window.benchFirstCard === undefined && document.querySelector("[data-pile] [data-card]")) {{
    window.benchFirstCard = performance.now();
    window.benchRequestsBefore = window.benchApiRequests;
    observer.disconnect();
    requestAnimationFrame(() => {{
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {{
        window.benchCardPainted = performance.now();
        console.debug(FIRST_CARD_MESSAGE);
      }};
      channel.port2.postMessage(0);
    }});
  }}
}}).observe(document, {{ childList: true, subtree: true }});
"""


@dataclass
class Renders:
    """What :func:`first_render` measured, one entry per page load (ms from the navigation's start)."""

    paints: list[float] = field(default_factory=list)  #: first contentful paint
    boards: list[float] = field(default_factory=list)  #: first card element in the board
    painted: list[float] = field(default_factory=list)  #: the frame showing it painted
    requests: list[int] = field(default_factory=list)  #: API requests sent before the first card


def first_render(base: str, runs: int) -> Renders | None:
    """``runs`` fresh browser contexts (a new player each: no game to resume, so a new deal is dealt)."""
    if not Path(CHROMIUM).exists():
        return None
    from playwright.sync_api import sync_playwright

    found = Renders()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(FIRST_CARD_WATCH)
            page = context.new_page()
            with page.expect_console_message(lambda message: message.text == FIRST_CARD_MESSAGE,
                                             timeout=30_000):
                page.goto(base + "/", wait_until="commit")
            found.boards.append(float(page.evaluate("window.benchFirstCard")))
            found.painted.append(float(page.evaluate("window.benchCardPainted")))
            found.requests.append(int(page.evaluate("window.benchRequestsBefore")))
            paint = page.evaluate(
                "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
            if paint is not None:
                found.paints.append(float(paint))
            context.close()
        browser.close()
    return found


def render_rows(render: Renders, target: str = "") -> list[str]:
    """The table rows of the first-render measurements."""
    requests = sorted(set(render.requests))
    return [row("first contentful paint (Chromium)", percentiles(render.paints) if render.paints else None,
                f"{len(render.paints)} fresh loads"),
            row("first card on the board (Chromium)", percentiles(render.boards),
                f"{len(render.boards)} fresh loads; API requests before it: {requests}{target}"),
            row("first card painted (Chromium)", percentiles(render.painted),
                "the frame with it: after its animation frame")]


def render_only(base: str, runs: int) -> int:
    """Print only the first-render measurements of the server at ``base``."""
    render = first_render(base, runs)
    if render is None:
        print(f"no Chromium at {CHROMIUM}")
        return 1
    print(f"patience web page on {base}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"| {'measurement (ms)':<40} | {'p50':>8} | {'p95':>8} | {'max':>8} | notes")
    print(f"|{'-' * 42}|{'-' * 10}|{'-' * 10}|{'-' * 10}|------")
    print("\n".join(render_rows(render, "; target p50 < 500")))
    return 0


def row(name: str, values: tuple[float, float, float] | None, note: str = "") -> str:
    if values is None:
        return f"| {name:<40} | {'—':>8} | {'—':>8} | {'—':>8} | {note}"
    p50, p95, top = values
    return f"| {name:<40} | {p50:8.1f} | {p95:8.1f} | {top:8.1f} | {note}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=500, help="moves of the single player")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--moves-each", type=int, default=40, help="moves of each concurrent player")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds between moves of each player in the paced run")
    parser.add_argument("--renders", type=int, default=5, help="page loads in Chromium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--render-only", action="store_true",
                        help="measure only the first render in Chromium (quick: no players)")
    parser.add_argument("--url", help="with --render-only: a server already running (else one is started)")
    args = parser.parse_args(argv)
    if args.render_only and args.url:
        return render_only(args.url.rstrip("/"), args.renders)
    if args.render_only:
        with tempfile.TemporaryDirectory(prefix="patience-bench-") as tmp:
            port = free_port()
            server = start_server(port, Path(tmp) / "bench.sqlite3")
            try:
                return render_only(f"http://127.0.0.1:{port}", args.renders)
            finally:
                server.terminate()
                server.wait(timeout=10)

    with tempfile.TemporaryDirectory(prefix="patience-bench-") as tmp:
        port = free_port()
        server = start_server(port, Path(tmp) / "bench.sqlite3")
        base = f"http://127.0.0.1:{port}"
        try:
            asyncio.run(round_trips(base, 1, 20, args.seed + 999))  # warm up
            cpu_before = cpu_seconds(server.pid)
            one = asyncio.run(round_trips(base, 1, args.moves, args.seed))
            cpu_middle = cpu_seconds(server.pid)
            many = asyncio.run(round_trips(base, args.players, args.moves_each, args.seed + 1000))
            cpu_after = cpu_seconds(server.pid)
            paced = asyncio.run(round_trips(base, args.players, args.moves_each, args.seed + 2000,
                                            think=args.think))
            files, size = page_weight(base)
            figures, figure_bytes = card_figures(base)
            render = None if args.no_browser else first_render(base, args.renders)
        finally:
            server.terminate()
            server.wait(timeout=10)

    print(f"patience web app on localhost, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print()
    print(f"| {'measurement (ms)':<40} | {'p50':>8} | {'p95':>8} | {'max':>8} | notes")
    print(f"|{'-' * 42}|{'-' * 10}|{'-' * 10}|{'-' * 10}|------")
    print(row("move round trip, 1 player", percentiles(one), f"{len(one)} moves; target p95 < 20"))
    print(row(f"move round trip, {args.players} players, no pause", percentiles(many),
              f"{len(many)} moves, each sent when the last answer came"))
    print(row(f"move round trip, {args.players} players, ~{args.think:g} s apart", percentiles(paced),
              f"{len(paced)} moves; target p95 < 100"))
    if render is None:
        print(row("first contentful paint (Chromium)", None, "not measured"))
        print(row("first card on the board (Chromium)", None, "not measured"))
    else:
        print("\n".join(render_rows(render, "; target p50 < 500")))
    print()
    print(f"server CPU per move (games started in between included): "
          f"{(cpu_middle - cpu_before) / len(one) * 1000:.2f} ms with 1 player, "
          f"{(cpu_after - cpu_middle) / len(many) * 1000:.2f} ms with {args.players}")
    print(f"page weight: {files} files, {size / 1024:.1f} KiB as served (no compression, no external assets)")
    print(f"court figures: {figures} files, {figure_bytes / 1024:.1f} KiB in all, "
          "each loaded when its card first shows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
