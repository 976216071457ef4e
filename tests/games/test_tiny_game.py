"""A game registered from one test file is played everywhere: generic checks, solver, terminal, HTTP API."""

from __future__ import annotations

import io
import random

from fastapi.testclient import TestClient

from patience.kit import kit_of, kits
from patience.rules import game_slugs
from patience.solver import LOST, WON, solve
from patience.store import Store
from patience.table import Table
from patience.terminal import TerminalGame, deal_game, stream_reader
from tests.games.tiny_game import SLUG, TinyGame
from tests.test_properties import check_random_play
from tests.web.conftest import PAGE_HEADERS, play

DECK = "AC 2H 3C 4C AH 2C 3H 4H"


def test_it_is_registered_only_while_the_fixture_runs(tiny: TinyGame) -> None:
    assert SLUG in game_slugs()
    assert kit_of(tiny).slug == SLUG


def test_the_games_and_the_kits_are_listed_in_one_order_the_order_of_registration(tiny: TinyGame) -> None:
    assert game_slugs() == [kit.slug for kit in kits()]
    assert game_slugs()[-1] == SLUG  # registered last, listed last (sorted, it would come second)


def test_it_is_gone_after_the_fixture() -> None:
    assert SLUG not in game_slugs()


def test_the_generic_properties_hold_on_random_play(tiny: TinyGame) -> None:
    check_random_play(SLUG)


def test_the_solver_wins_and_its_line_replays(tiny: TinyGame) -> None:
    for deal in (1, 2, DECK):
        start = tiny.new(deal)
        result = solve(tiny, start, max_nodes=10_000)
        assert result.outcome == WON
        assert tiny.is_won(tiny.apply_all(start, result.moves))


def test_the_solver_proves_a_loss(tiny: TinyGame) -> None:
    """Both Aces are buried and no top card fits anywhere."""
    stuck = tiny.parse_position("tiny t=3C,AH,2C;2H;3H,4H f=-;- stock=- w=AC,4C")
    assert tiny.is_stuck(stuck)
    assert solve(tiny, stuck, max_nodes=1_000).outcome == LOST


def test_the_terminal_plays_it(tiny: TinyGame) -> None:
    out = io.StringIO()
    table = Table(Store(":memory:"))
    terminal = TerminalGame(table, deal_game(table, SLUG, DECK), out, colour=False, rng=random.Random(0))
    assert terminal.run(stream_reader(io.StringIO("t1-f1\nmoves\nundo\nhint\nquit\ny\n"), out)) == 0
    text = out.getvalue()
    assert "Tiny" in text and "Not allowed" not in text


def test_the_http_api_plays_it_to_the_end(tiny: TinyGame, app: object) -> None:
    line = [str(move) for move in solve(tiny, tiny.new(DECK), max_nodes=10_000).moves]
    with TestClient(app, headers=PAGE_HEADERS) as client:  # type: ignore[arg-type]
        created = client.post("/api/games", json={"game": SLUG, "deck": DECK})
        assert created.status_code == 201, created.text
        game = play(client, created.json(), line[0])
        assert game["view"]["score"] == (1 if line[0] != "s" else 0)
        game = play(client, game, *line[1:])
        assert game["view"]["won"], game
