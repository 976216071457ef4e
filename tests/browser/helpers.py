"""What the browser tests do again and again: open a deal, read the table, drag, post moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from patience.notation import parse_record

DATA_DIR = Path(__file__).resolve().parent / "data"


def wait_ready(page: Any) -> None:
    """Wait until the page has loaded its game and drawn the table."""
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_selector("#table [data-pile]")


def open_deal(page: Any, url: str, game: str, deal: int) -> dict[str, Any]:
    """Start ``game`` on deal ``deal`` by its link ``/?game=...&deal=...``; return the game object."""
    page.goto(f"{url}/?game={game}&deal={deal}")
    wait_ready(page)
    game_now = game_object(page)
    assert (game_now["game"], game_now["deal"], game_now["moves"]) == (game, deal, [])
    return game_now


def control(page: Any, selector: str) -> Any:
    """A toolbar control, ready to use: the menu (☰) is opened first when the control sits in it.

    The toolbar is one row; what does not fit goes into the menu, which depends on the screen's width,
    the language and how many controls there are.
    """
    locator = page.locator(selector)
    if page.locator(f"#menu-panel {selector}").count() and page.locator("#menu-panel").is_hidden():
        page.click("#menu-button")
    return locator


def open_deal_by_controls(page: Any, url: str, game: str, deal: int) -> dict[str, Any]:
    """Load the page and start ``game`` on deal ``deal`` through the controls; return the game object."""
    page.goto(url + "/")
    wait_ready(page)
    if page.input_value("#game-select") != game:
        control(page, "#game-select").select_option(game)
        page.wait_for_function("g => window.patience.app.game && window.patience.app.game.game === g",
                               arg=game)
    control(page, "#deal-number").fill(str(deal))
    control(page, "#deal-go").click()
    page.wait_for_function(
        "([g, d]) => { const x = window.patience.app.game; return x && x.game === g && x.deal === d "
        "&& x.moves.length === 0; }",
        arg=[game, deal],
    )
    return game_object(page)


def game_object(page: Any) -> dict[str, Any]:
    """The game object the page last received from the server."""
    game: dict[str, Any] = page.evaluate("window.patience.app.game")
    return game


def wait_version(page: Any, version: int) -> dict[str, Any]:
    """Wait for the page to show a game with at least this version."""
    page.wait_for_function("v => window.patience.app.game && window.patience.app.game.version >= v",
                           arg=version)
    return game_object(page)


def table_position(page: Any) -> dict[str, list[str]]:
    """Every pile's cards as the DOM shows them: ``{"tableau-3": ["TH", "9H"], "stock": ["back", ...]}``."""
    position: dict[str, list[str]] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table [data-pile]')].map(
            p => [p.dataset.pile, [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))"""
    )
    return position


def pile_cards(page: Any, pile: str) -> list[str]:
    """The cards of one pile, bottom first."""
    return table_position(page)[pile]


def drag(page: Any, source: Any, target: Any) -> None:
    """Drag with the mouse (pointer events) from the middle of ``source`` to the middle of ``target``."""
    a = source.bounding_box()
    b = target.bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + min(a["height"] / 2, 12))
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + min(b["height"] / 2, 30), steps=8)
    page.mouse.up()


def drag_move(page: Any, move: str) -> None:
    """Play a move between piles in our notation (``t6-t2x2``) by dragging its cards on the page."""
    source_pile, target_pile = move.split("x")[0].split("-")
    count = int(move.split("x")[1]) if "x" in move else 1
    pile_of = {p["notation"]: p["pile"] for p in game_object(page)["view"]["piles"]}
    page.wait_for_function("() => document.getAnimations().length === 0")
    source = page.locator(f'#table [data-pile="{pile_of[source_pile]}"] > [data-card]').nth(-count)
    drag(page, source, page.locator(f'[data-pile="{pile_of[target_pile]}"]'))


def top_card(page: Any, pile: str) -> Any:
    """The locator of a pile's top card."""
    return page.locator(f'#table [data-pile="{pile}"] > [data-card]').last


def post_moves(page: Any, moves: list[str]) -> dict[str, Any]:
    """Play moves through the API as this page's player (same cookie), then reload the page."""
    game = game_object(page)
    response = page.request.post(
        f"{page.url.rstrip('/').split('#')[0]}/api/games/{game['id']}/moves",
        data={"moves": moves, "version": game["version"]},
    )
    assert response.status == 200, response.text()
    page.reload()
    wait_ready(page)
    return game_object(page)


def winning_line(name: str) -> tuple[str, int, list[str]]:
    """A stored game record that wins: (game, deal, moves)."""
    record = parse_record((DATA_DIR / name).read_text())
    assert isinstance(record.deal, int)
    return record.game, record.deal, [str(m) for m in record.moves]
