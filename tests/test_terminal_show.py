"""The terminal's ``show``: the next move of a winning line, searched once and then reused."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from patience import terminal
from patience.rules import get_game
from patience.store import Store
from patience.table import Table
from patience.terminal import TerminalGame, deal_game, stream_reader


def test_show_plays_a_winning_line_to_the_end_searching_once(monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[int] = []
    real_hint = terminal.hint  # type: ignore[attr-defined]

    def counting_hint(*args: Any, **kwargs: Any) -> Any:
        searches.append(1)
        return real_hint(*args, **kwargs)

    monkeypatch.setattr(terminal, "hint", counting_hint)
    game = get_game("hamilton")
    out = io.StringIO()
    table = Table(Store(":memory:"))
    play = TerminalGame(table, deal_game(table, "hamilton", 1782), out, colour=False, rng=random.Random(0))
    play.run(stream_reader(io.StringIO("show\n" * 200 + "quit\n"), out))
    assert game.is_won(play.state)
    assert len(searches) == 1
    assert "You won!" in out.getvalue()
    assert game.is_won(game.apply_all(game.new(1782), play.moves()))  # every step is an ordinary move
