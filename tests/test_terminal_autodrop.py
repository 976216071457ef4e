"""``patience play --autodrop off|safe|all`` and the in-game ``autodrop MODE``, fed on standard input."""

from __future__ import annotations

import io
import sys
from collections import Counter
from pathlib import Path

import pytest

from patience import cli
from patience.notation import parse_record
from patience.rules import Move, is_foundation

#: Hamilton deal 34: after s c-f1, safe sends three cards up and all a fourth.
HAMILTON_DEAL = 34
#: Union Square deal 2: ten stock clicks bring up aces (all plays them; safe waits for the second half).
UNION_SQUARE_DEAL = 2


@pytest.fixture(autouse=True)
def wide_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], lines: list[str]) -> str:
    """Run ``patience play ARGS`` (a database of its own) on these input lines; return what it printed."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    db = tmp_path / f"terminal-{len(list(tmp_path.iterdir()))}.sqlite3"
    assert cli.main(["play", *args, "--db", str(db), "--no-color", "--lang", "en"]) == 0
    return out.getvalue()


def saved_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, deal: int, mode: str | None,
                typed: list[str]) -> list[str]:
    """The moves of the record saved after typing ``typed`` with ``--autodrop mode`` (None: not given)."""
    target = tmp_path / f"{game}-{mode}.txt"
    option = [] if mode is None else ["--autodrop", mode]
    session(tmp_path, monkeypatch, [game, "--deal", str(deal), *option],
            [*typed, f"save {target}", "quit", "y"])
    return parse_record(target.read_text(encoding="utf-8")).moves


@pytest.mark.parametrize(("game", "deal", "typed"), [
    ("hamilton", HAMILTON_DEAL, ["s", "c-f1"]),
    ("union-square", UNION_SQUARE_DEAL, ["s"] * 10),
])
def test_the_saved_record_holds_the_automatic_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    game: str, deal: int, typed: list[str]) -> None:
    moves = {mode: saved_moves(tmp_path, monkeypatch, game, deal, mode, typed)
             for mode in ("off", "safe", "all")}
    assert moves["off"] == typed
    automatic = moves["all"][len(typed):] if game == "hamilton" else [m for m in moves["all"] if m != "s"]
    assert automatic and all(is_foundation(Move.parse(m).dst) for m in automatic)
    if game == "hamilton":
        assert moves["all"] == ["s", "c-f1", "t6-f2", "t2-f1", "t4-f2", "t6-f1"]  # right after c-f1
    assert [m for m in moves["all"] if m == "s"] == [m for m in typed if m == "s"]
    assert not Counter(moves["safe"]) - Counter(moves["all"])  # safe plays a part of what all plays
    assert saved_moves(tmp_path, monkeypatch, game, deal, None, typed) == moves["safe"]  # the default


def test_automatic_moves_are_said_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = session(tmp_path, monkeypatch, ["hamilton", "--deal", str(HAMILTON_DEAL), "--autodrop", "all"],
                  ["s", "c-f1"])
    assert ("By themselves, 4 cards went up to the foundations:\n"
            "t6-f2  Two of hearts: pile 6 to foundation 2") in out


def test_the_autodrop_command_changes_the_mode_and_help_lists_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "record.txt"
    out = session(tmp_path, monkeypatch, ["hamilton", "--deal", str(HAMILTON_DEAL), "--autodrop", "all"],
                  ["help", "autodrop", "autodrop sometimes", "autodrop off", "s", "c-f1", f"save {target}"])
    assert "autodrop MODE" in out and "now all" in out
    assert "Cards going up by themselves: all." in out
    assert "Write autodrop and off, safe or all, such as autodrop safe." in out
    assert "Cards going up by themselves: off." in out
    assert parse_record(target.read_text(encoding="utf-8")).moves == ["s", "c-f1"]


def test_a_bad_mode_on_the_command_line_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["play", "hamilton", "--autodrop", "some"])
    assert exited.value.code == 2
    assert "invalid choice: 'some'" in capsys.readouterr().err
