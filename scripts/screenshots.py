"""Screenshots of the page, reproducible: both games in three sizes and languages, looks, win, review, fair.

    python scripts/screenshots.py --out /tmp/shots            # every group, a README.md beside the shots
    python scripts/screenshots.py --out /tmp/shots --only fair  # one group (GROUPS: play, looks, win, ...)

It starts the real app (:func:`patience.web.app.create_app`, served by uvicorn on a free port) over a
fresh database in a temporary folder, drives Debian's Chromium (``/usr/bin/chromium``, or
``$CHROMIUM_PATH``) with Playwright and writes, into ``--out``:

* ``play-GAME-WxH-LANG.png``: a game under way (its first moves played through the API), at 390×844,
  1280×800 and 1920×1080, in en, pt_BR and ru;
* ``felt-NAME.png``, ``theme-dark.png`` and ``theme-dark-menu.png``: each table felt, the dark theme
  (and its menu open) at 1280×800;
* ``win-WxH-LANG.png``: the win box after a won game (the last move of a winning line dragged on the
  page), in the three sizes and languages: the footer's line shows under it;
* ``review-lost.png``: the review of a lost game, at its turning point;
* ``review-undecided-WxH-LANG.png``: a review left undecided between two moves (it says which), in
  the three sizes and languages;
* ``review-winnable-WxH-LANG.png``: the review of a game that can still be won (the position now and
  a winning line from it), in the three sizes and languages;
* ``fair-WxH-LANG-odds.png`` and ``fair-WxH-LANG-hint.png``: fair analysis in the three sizes and
  languages, the dot with the odds, then a fair hint (in the dock, above the footer's line).
* ``menu-GAME-WxH-LANG.png``: the menu (☰) open, with the settings, at 390×844 and 1280×800 in each
  language.

README.md lists each file with a line: what it shows, the width of a tableau card (CSS pixels) and
whether the page scrolls. Every shot is the window only (what a player sees without scrolling).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as python scripts/screenshots.py

from patience.notation import parse_record  # noqa: E402
from patience.web.app import create_app  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, serving  # noqa: E402
from tests.browser.helpers import drag_move, open_deal, post_moves, winning_line  # noqa: E402

SIZES = ((390, 844), (1280, 800), (1920, 1080))
LANGUAGES = {"en": "en", "pt_BR": "pt-BR", "ru": "ru"}
FELTS = ("green", "blue", "burgundy", "charcoal")
#: Moves played before a "game under way" shot: the first moves of a recorded winning line.
UNDER_WAY = 12
CARD_WIDTH_JS = (
    "() => { const c = document.querySelector('#table .pile.tableau > [data-card]');"
    " return c ? c.getBoundingClientRect().width : 0; }"
)
SCROLLS_JS = (
    "() => document.documentElement.scrollHeight > innerHeight"
    " || document.documentElement.scrollWidth > innerWidth"
)
ODDS_JS = (
    "() => { const d = document.getElementById('winnable'); return d.dataset.analysis === 'fair'"
    " && d.dataset.samples !== '0' && d.dataset.status !== 'pending'; }"
)


@dataclass(frozen=True)
class Shot:
    """One file written: its name and its line in the README."""

    name: str
    line: str


def line_of(game: str, moves: int) -> tuple[str, int, list[str]]:
    """The first ``moves`` moves of a recorded winning line of ``game``: (game, deal, moves)."""
    if game == "hamilton":
        slug, deal, line = winning_line("winning-hamilton-1.txt")
    else:
        record = parse_record((ROOT / "tests/data/records/union-square-7-won.txt").read_text("utf-8"))
        assert isinstance(record.deal, int)
        slug, deal, line = record.game, record.deal, [str(m) for m in record.moves]
    return slug, deal, line[:moves]


def serve(db: Path) -> AbstractContextManager[str]:
    """The app over ``db`` (small solver budgets, fast fair odds) on a free port; enter for its address."""
    return serving(
        create_app(
            db, winnable_budget=0.5, hint_budget=0.5, winnable_limit=2.0, fair_samples=32, fair_nodes=1500
        )
    )


class Camera:
    """Opens pages in fresh contexts and writes their screenshots with a README line each."""

    def __init__(self, browser: Browser, url: str, out: Path) -> None:
        self.browser, self.url, self.out = browser, url, out
        self.shots: list[Shot] = []

    @contextmanager
    def page(
        self, size: tuple[int, int] = (1280, 800), lang: str = "en", storage: dict[str, str] | None = None
    ) -> Iterator[Page]:
        """A page in a fresh context (fresh player): the window's size, its language, localStorage."""
        width, height = size
        phone = width < 600
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            locale=LANGUAGES[lang],
            reduced_motion="reduce",
            is_mobile=phone,
            has_touch=phone,
        )
        for key, value in (storage or {}).items():
            context.add_init_script(f"localStorage.setItem({key!r}, {value!r})")
        try:
            yield context.new_page()
        finally:
            context.close()

    def take(self, page: Page, name: str, what: str) -> None:
        """Wait for the cards to land, write ``name``.png and note its README line."""
        page.wait_for_function("() => document.getAnimations().length === 0")
        page.screenshot(path=str(self.out / f"{name}.png"))
        width = page.evaluate(CARD_WIDTH_JS)
        card = f"tableau card {width:.1f} px wide, " if width else ""
        scrolls = "scrolls" if page.evaluate(SCROLLS_JS) else "no scrolling"
        self.shots.append(Shot(f"{name}.png", f"{what} ({card}{scrolls})"))
        print(f"{name}.png", flush=True)

    @contextmanager
    def started(
        self,
        game: str,
        size: tuple[int, int] = (1280, 800),
        lang: str = "en",
        storage: dict[str, str] | None = None,
    ) -> Iterator[Page]:
        """A page showing a game of ``game`` with its first UNDER_WAY moves played through the API."""
        slug, deal, moves = line_of(game, UNDER_WAY)
        with self.page(size, lang, storage) as page:
            open_deal(page, self.url, slug, deal)
            post_moves(page, moves)
            yield page

    def under_way(
        self,
        game: str,
        size: tuple[int, int],
        lang: str,
        storage: dict[str, str] | None = None,
        name: str = "",
        what: str = "",
    ) -> None:
        """Shoot a game of ``game`` with its first moves played."""
        with self.started(game, size, lang, storage) as page:
            deal = page.evaluate("window.patience.app.game.deal")
            self.take(
                page,
                name or f"play-{game}-{size[0]}x{size[1]}-{lang}",
                what or f"{game} deal {deal} after {UNDER_WAY} moves, {size[0]}×{size[1]}, {lang}",
            )


def play_shots(camera: Camera) -> None:
    """(a) both games under way, three sizes, three languages."""
    for game in ("hamilton", "union-square"):
        for size in SIZES:
            for lang in LANGUAGES:
                camera.under_way(game, size, lang)


def look_shots(camera: Camera) -> None:
    """(b) each felt and the dark theme, Hamilton under way at 1280×800."""
    for felt in FELTS:
        camera.under_way(
            "hamilton",
            (1280, 800),
            "en",
            {"patience.felt": felt, "patience.theme": "light"},
            f"felt-{felt}",
            f"{felt} felt, light theme, Hamilton under way",
        )
    camera.under_way(
        "union-square",
        (1280, 800),
        "en",
        {"patience.theme": "dark"},
        "theme-dark",
        "dark theme, green felt, Union Square under way",
    )
    with camera.started("union-square", storage={"patience.theme": "dark"}) as page:
        page.click("#menu-button")
        page.wait_for_selector("#menu-panel:not([hidden])")
        camera.take(page, "theme-dark-menu", "dark theme with the menu (☰) open: settings, looks, language")


def win_shot(camera: Camera) -> None:
    """(c) the win box: all but the last move of a winning line through the API, the last one dragged."""
    for size in SIZES:
        for lang in LANGUAGES:
            one_win(camera, size, lang)


def one_win(camera: Camera, size: tuple[int, int], lang: str) -> None:
    """The win box at one size in one language."""
    game, deal, moves = winning_line("winning-hamilton-1.txt")
    with camera.page(size, lang) as page:
        open_deal(page, camera.url, game, deal)
        post_moves(page, moves[:-1])
        drag_move(page, moves[-1])
        page.wait_for_function("() => window.patience.app.game.won")
        page.wait_for_selector("#message[data-kind='won']")
        camera.take(page, f"win-{size[0]}x{size[1]}-{lang}",
                    f"the win box after winning Hamilton deal {deal} ({len(moves)} moves), "
                    f"{size[0]}×{size[1]}, {lang}")


def review_shot(camera: Camera) -> None:
    """(d) the review of a lost game, opened at its turning point."""
    case = json.loads((ROOT / "tests/data/review/cases.json").read_text("utf-8"))[0]
    with camera.page() as page:
        open_deal(page, camera.url, case["game"], case["deal"])
        post_moves(page, case["moves"])
        menu_click(page, "#review-button")
        page.wait_for_selector("#review-dialog[data-status='lost']", timeout=60_000)
        camera.take(
            page,
            "review-lost",
            f"review of lost {case['game']} deal {case['deal']}: move "
            f"{case['lost_at']} lost it, shown at the turning point",
        )


def undecided_review_shots(camera: Camera) -> None:
    """(d) a review that stays undecided between two moves (Union Square deal 28 as played in
    ``bench/data/lost-games.json``: no search decides the positions in between), in each size and
    language."""
    record = next(r for r in json.loads((ROOT / "bench/data/lost-games.json").read_text("utf-8"))
                  if r["game"] == "union-square" and r["deal"] == 28)
    for size in SIZES:
        for lang in LANGUAGES:
            with camera.page(size, lang) as page:
                open_deal(page, camera.url, record["game"], record["deal"])
                for start in range(0, len(record["moves"]), 500):  # the API takes 500 moves at a time
                    post_moves(page, record["moves"][start:start + 500])
                menu_click(page, "#review-button")
                page.wait_for_selector("#review-dialog[data-status='unknown']", timeout=120_000)
                camera.take(page, f"review-undecided-{size[0]}x{size[1]}-{lang}",
                            f"review of Union Square deal 28 ({len(record['moves'])} moves) left undecided "
                            f"between two moves, {size[0]}×{size[1]}, {lang}")


def winnable_review_shots(camera: Camera) -> None:
    """(d) the review of a game under way that can still be won: the position now and a winning line
    from it, its first button named for that board, in each size and language."""
    slug, deal, moves = line_of("hamilton", UNDER_WAY)
    for size in SIZES:
        for lang in LANGUAGES:
            with camera.page(size, lang) as page:
                open_deal(page, camera.url, slug, deal)
                post_moves(page, moves)
                menu_click(page, "#review-button")
                page.wait_for_selector("#review-dialog[data-status='winnable']", timeout=60_000)
                camera.take(page, f"review-winnable-{size[0]}x{size[1]}-{lang}",
                            f"review of {slug} deal {deal} after {len(moves)} moves, still winnable: "
                            f"the position now and a line from it, {size[0]}×{size[1]}, {lang}")


def fair_shots(camera: Camera) -> None:
    """(e) fair analysis: the odds on the dot and a fair hint, in each size and language."""
    slug, deal, moves = line_of("hamilton", 4)
    for size in SIZES:
        for lang in LANGUAGES:
            at = f"{size[0]}x{size[1]}-{lang}"
            with camera.page(size, lang=lang, storage={"patience.analysis": "fair"}) as page:
                open_deal(page, camera.url, slug, deal)
                post_moves(page, moves)
                page.wait_for_function(ODDS_JS, timeout=120_000)
                camera.take(page, f"fair-{at}-odds", f"fair analysis, the odds on the dot, {at}")
                menu_click(page, "#hint")
                page.wait_for_selector("#hint-box[data-basis='fair']:not([hidden])", timeout=60_000)
                camera.take(page, f"fair-{at}-hint", f"fair analysis, a fair hint over the footer line, {at}")


def menu_shots(camera: Camera) -> None:
    """(f) the settings menu (☰) open over each game, at 390×844 and 1280×800, in each language."""
    for game in ("hamilton", "union-square"):
        for size in SIZES[:2]:
            for lang in LANGUAGES:
                with camera.started(game, size, lang) as page:
                    page.click("#menu-button")
                    page.wait_for_selector("#menu-panel:not([hidden])")
                    camera.take(page, f"menu-{game}-{size[0]}x{size[1]}-{lang}",
                                f"the menu open over {game}, {size[0]}×{size[1]}, {lang}")


def menu_click(page: Page, selector: str) -> None:
    """Click a toolbar control, opening the menu (☰) first when the control sits in it."""
    if page.locator(f"#menu-panel {selector}").count() and page.locator("#menu-panel").is_hidden():
        page.click("#menu-button")
    page.click(selector)


GROUPS: dict[str, Callable[[Camera], None]] = {
    "play": play_shots,
    "looks": look_shots,
    "win": win_shot,
    "review": review_shot,
    "undecided-review": undecided_review_shots,
    "winnable-review": winnable_review_shots,
    "fair": fair_shots,
    "menu": menu_shots,
}


def write_readme(out: Path, shots: list[Shot]) -> None:
    """README.md in ``out``: one line per file."""
    lines = ["# Screenshots", "", "Made by `python scripts/screenshots.py --out DIR`.", ""]
    lines += [f"- `{shot.name}`: {shot.line}" for shot in shots]
    (out / "README.md").write_text("\n".join(lines) + "\n", "utf-8")


def main(argv: list[str] | None = None) -> int:
    """Take the shots; 0 when all were written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNGs and README.md")
    parser.add_argument(
        "--only", default="", help="only the groups whose name starts so: " + ", ".join(GROUPS)
    )
    args = parser.parse_args(argv)
    path = chromium_path()
    if path is None:
        print("Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)", file=sys.stderr)
        return 1
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(Path(tmp) / "patience.sqlite3") as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        camera = Camera(browser, url, out)
        for name, take in GROUPS.items():
            if name.startswith(args.only):
                take(camera)
        browser.close()
    write_readme(out, camera.shots)
    print(f"{len(camera.shots)} shots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
