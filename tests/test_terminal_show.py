"""The terminal's ``show``: the next move of a winning line, searched once and then reused."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from patience import terminal
from patience.rules import get_game
from patience.terminal import Session, TerminalGame, stream_reader


def test_show_plays_a_winning_line_to_the_end_searching_once(monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[int] = []
    real_hint = terminal.hint  # type: ignore[attr-defined]

    def counting_hint(*args: Any, **kwargs: Any) -> Any:
        searches.append(1)
        return real_hint(*args, **kwargs)

    monkeypatch.setattr(terminal, "hint", counting_hint)
    game = get_game("hamilton")
    out = io.StringIO()
    play = TerminalGame(Session(game, 1782), out, colour=False, rng=random.Random(0))
    play.run(stream_reader(io.StringIO("show\n" * 200 + "quit\n"), out))
    assert game.is_won(play.session.state)
    assert len(searches) == 1
    assert "You won!" in out.getvalue()
    assert play.session.undo()  # every step is an ordinary move of the game
