"""The engine's sub-commands: ``patience deal``, ``moves`` and ``replay``.

Most tests call :func:`patience.cli.main` in-process with pytest's ``capsys``;
a few run the real program in a subprocess, as a user would.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from patience.cli import main
from patience.deals import deck_text
from patience.layout import layout_text
from patience.notation import parse_moves
from patience.rules import Game, get_game
from tests.positions import HAMILTON, UNION_SQUARE

RECORDS = Path(__file__).parent.parent / "data" / "records"
DEAL_1 = deck_text(HAMILTON.deck_of(1))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``patience ARGV``."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, out: str, err: str, expected_status: int, fragment: str) -> None:
    """A failure: the status, nothing on stdout, exactly one line on stderr holding ``fragment``."""
    assert status == expected_status
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("patience: ")
    assert fragment in err
    assert "Traceback" not in err


def write_record(tmp_path: Path, text: str, name: str = "game.txt") -> str:
    """Write a record file; return its path as text."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [HAMILTON, UNION_SQUARE], ids=["hamilton", "union-square"])
@pytest.mark.parametrize("number", ["1", "2", "4294967295"])
def test_deal_prints_exactly_the_deck_string(capsys: pytest.CaptureFixture[str], game: Game[Any],
                                             number: str) -> None:
    """``patience deal GAME N`` prints the deck string on one line and nothing else."""
    status, out, err = run(capsys, "deal", game.slug, number)
    assert status == 0 and err == ""
    assert out == deck_text(game.deck_of(int(number))) + "\n"


def test_deal_show_prints_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    """``--show`` prints the dealt table: status line, pile labels, the cards."""
    status, out, err = run(capsys, "deal", "hamilton", "1", "--show")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Hamilton  score 0/52  stock 24  choices left 3"
    assert lines[2].split() == ["s", "c", "f1", "f2", "f3", "f4"]
    assert lines[5].split() == ["t1", "t2", "t3", "t4", "t5", "t6", "t7"]
    assert lines[6].split() == ["7♦", "9♣", "4♦", "8♥", "8♦", "5♠", "J♦"]  # row 1: the first 7 cards
    assert lines[-1].split() == ["8♠"]  # pile 7's last card, the 28th of the deck
    assert "\x1b[" not in out  # no colour codes in --show


def test_deal_show_union_square(capsys: pytest.CaptureFixture[str]) -> None:
    """Union Square's layout shows its 16 piles as the table does: a 4×4 grid."""
    status, out, _ = run(capsys, "deal", "union-square", "3", "--show")
    assert status == 0
    assert out.splitlines()[0].startswith("Union Square  score 0/104  stock 88")
    rows = [line for line in out.splitlines() if line.startswith("t")]
    assert len(rows) == 4
    for number, row in enumerate(rows):
        assert re.findall(r"\bt\d+\b", row) == [f"t{4 * number + k}" for k in (1, 2, 3, 4)]


@pytest.mark.parametrize("number", ["0", "4294967296", "-1"])
def test_deal_with_a_bad_number_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                                      number: str) -> None:
    """A deal number out of range: exit 2, one line on stderr."""
    status, out, err = run(capsys, "deal", "hamilton", number)
    assert_one_line_error(status, out, err, 2, f"not {number}")


# --- moves -----------------------------------------------------------------------------------


def test_moves_with_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """``moves --deal N`` lists the legal moves, one per line."""
    assert run(capsys, "moves", "hamilton", "--deal", "1") == (0, "s\n", "")
    status, out, _ = run(capsys, "moves", "hamilton", "--deal", "1", "--moves", "s")
    assert (status, out) == (0, "s\nc-f1\nc-f2\nc-f3\nc-f4\n")


def test_moves_with_a_deck_string_match_the_numbered_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """``--deck STR`` deals that deck; the same deck as deal 1 gives the same moves."""
    by_number = run(capsys, "moves", "hamilton", "--deal", "1", "--moves", "s c-f1")
    by_deck = run(capsys, "moves", "hamilton", "--deck", DEAL_1, "--moves", "s c-f1")
    assert by_number == by_deck
    out = by_deck[1]
    state = HAMILTON.apply_all(HAMILTON.new(1), [HAMILTON.parse_move(m) for m in ("s", "c-f1")])
    assert out.splitlines() == [str(m) for m in HAMILTON.legal_moves(state)]


def test_moves_union_square(capsys: pytest.CaptureFixture[str]) -> None:
    """Union Square: the legal moves of deal 1 after one stock click."""
    status, out, _ = run(capsys, "moves", "union-square", "--deal", "1", "--moves", "s")
    state = UNION_SQUARE.apply(UNION_SQUARE.new(1), UNION_SQUARE.parse_move("s"))
    assert status == 0
    assert out.splitlines() == [str(m) for m in UNION_SQUARE.legal_moves(state)]
    assert out.splitlines()[0] == "s"


def test_moves_with_an_illegal_move_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An illegal move in ``--moves`` is bad input: exit 2, naming the move and the reason."""
    status, out, err = run(capsys, "moves", "hamilton", "--deal", "1", "--moves", "s s s s")
    assert_one_line_error(status, out, err, 2, "move 4 (s): no choices are left")


def test_moves_with_unreadable_move_text_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Move text that does not parse: exit 2."""
    status, out, err = run(capsys, "moves", "hamilton", "--deal", "1", "--moves", "s t9-t1")
    assert_one_line_error(status, out, err, 2, "move 2: Hamilton has no pile 't9'")


@pytest.mark.parametrize(
    ("deck", "fragment"),
    [("AS 2S", "deck has 2 cards, expected 52"),
     (DEAL_1.replace("7D", "ZZ"), "card 1 of the deck, 'ZZ', is not a card"),
     (DEAL_1.replace("7D", "9C"), "deck has 9C more than once")],
)
def test_moves_with_a_bad_deck_exits_2(capsys: pytest.CaptureFixture[str], deck: str, fragment: str) -> None:
    """A bad deck string: exit 2, one line saying what is wrong."""
    status, out, err = run(capsys, "moves", "hamilton", "--deck", deck)
    assert_one_line_error(status, out, err, 2, fragment)


def test_moves_with_a_bad_deal_number_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """``--deal 0``: exit 2."""
    status, out, err = run(capsys, "moves", "union-square", "--deal", "0")
    assert_one_line_error(status, out, err, 2, "deal number must be from 1 to 4294967295")


# --- replay ----------------------------------------------------------------------------------


def replay_output(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, list[str]]:
    """Run ``replay``: the table it printed, and its last line (the score)."""
    status, out, err = run(capsys, "replay", *args)
    assert (status, err) == (0, "")
    lines = out.rstrip("\n").split("\n")
    return "\n".join(lines[:-1]), lines


def test_replay_prints_the_final_table_and_the_score(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """``replay FILE`` prints the final table, then the score and whether the game is won."""
    path = write_record(tmp_path, '[Game "hamilton"]\n[Deal "1"]\n\ns c-f1 s\n')
    table, lines = replay_output(capsys, path)
    assert lines[-1] == "score 1/52, not won"
    game = get_game("hamilton")
    final = game.apply_all(game.new(1), parse_moves(game, "s c-f1 s"))
    assert table.strip() == layout_text(game, final, colour=False)


def test_replay_each_prints_the_table_after_every_move(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """``replay FILE --each``: every move in notation and in words, and the table after it."""
    path = write_record(tmp_path, '[Game "hamilton"]\n[Deal "1"]\n\ns c-f1 s\n')
    table, lines = replay_output(capsys, path, "--each")
    assert lines[-1] == "score 1/52, not won"
    numbered = [line.split("  ")[0] for line in lines if line[:2] in ("1.", "2.", "3.")]
    assert numbered == ["1. s", "2. c-f1", "3. s"]
    assert table.count("Hamilton  score") == 3 and "choose the Queen of clubs as start card" in table


def test_replay_reads_json_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A JSON record replays the same way; Union Square's table is its 4×4 grid."""
    path = write_record(tmp_path, '{"game": "union-square", "deal": 1, "moves": ["s", "s"]}', "game.json")
    table, lines = replay_output(capsys, path)
    assert lines[-1] == "score 0/104, not won"
    assert "waste 2" in table and sum(1 for line in table.splitlines() if line.startswith("t")) == 4


def test_replay_of_a_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The stored won game of Hamilton replays to ``score 52/52, won``."""
    table, lines = replay_output(capsys, str(RECORDS / "hamilton-22-won.txt"))
    assert lines[-1] == "score 52/52, won" and "WON" in table


def test_replay_with_an_illegal_move_exits_1_naming_it(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """An illegal move in a record: exit 1, naming the move's index and the reason."""
    path = write_record(tmp_path, '[Game "hamilton"]\n[Deal "1"]\n\ns c-f1 c-f2 s\n')
    status, out, err = run(capsys, "replay", path)
    assert_one_line_error(status, out, err, 1, "move 3 (c-f2): the Chooser is empty")


def test_replay_with_an_unreadable_move_exits_1_naming_it(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    """A move that does not parse in a record: exit 1, naming its index."""
    path = write_record(tmp_path, '[Game "union-square"]\n[Deal "1"]\n\ns c-f1\n')
    status, out, err = run(capsys, "replay", path)
    assert_one_line_error(status, out, err, 1, "move 2: Union Square has no pile 'c'")


def test_replay_of_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file that cannot be read: exit 2, one line."""
    status, out, err = run(capsys, "replay", str(tmp_path / "missing.txt"))
    assert_one_line_error(status, out, err, 2, "cannot read")


def test_replay_of_a_directory_or_binary_file_exits_2(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """A directory, or bytes that are not UTF-8: exit 2, one line."""
    status, out, err = run(capsys, "replay", str(tmp_path))
    assert_one_line_error(status, out, err, 2, "cannot read")
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\xff\xfe\x00[Game")
    status, out, err = run(capsys, "replay", str(binary))
    assert_one_line_error(status, out, err, 2, "cannot read")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("", "record is empty"),
     ('[Deal "1"]\n\ns\n', "record names no game"),
     ('[Game "klondike"]\n[Deal "1"]\n', "unknown game 'klondike'"),
     ('[Game hamilton]\n', "line 1: expected a header"),
     ('{"game": "hamilton", "deal": ', "not valid JSON"),
     ('[Game "hamilton"]\n[Deal "1"]\n[Deck "AS"]\n', "exactly one of"),
     ('[Game "hamilton"]\n\ns\n', "exactly one of")],
)
def test_replay_of_a_corrupt_record_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           text: str, fragment: str) -> None:
    """A record that cannot be read: exit 2, one line saying why."""
    status, out, err = run(capsys, "replay", write_record(tmp_path, text))
    assert_one_line_error(status, out, err, 2, fragment)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [('[Game "hamilton"]\n[Deal "0"]\n\ns\n', "not 0"),
     ('[Game "hamilton"]\n[Deal "4294967296"]\n\ns\n', "not 4294967296"),
     ('[Game "hamilton"]\n[Deck "AS 2S"]\n\ns\n', "deck has 2 cards"),
     ('{"game": "union-square", "deal": "AS"}', "deck has 1 cards, expected 104")],
)
def test_replay_of_a_record_with_a_bad_deal_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   text: str, fragment: str) -> None:
    """A record whose deal or deck is wrong is bad input, not a bad move: exit 2."""
    status, out, err = run(capsys, "replay", write_record(tmp_path, text))
    assert_one_line_error(status, out, err, 2, fragment)


# --- help and argument errors ----------------------------------------------------------------


def test_help_lists_the_sub_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """``patience --help`` lists deal, moves and replay."""
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    for command in ("deal", "moves", "replay"):
        assert f"    {command} " in out


def test_an_unknown_game_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse refuses an unknown game with exit 2 and no traceback."""
    with pytest.raises(SystemExit) as exited:
        main(["deal", "klondike", "1"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'klondike'" in err and "Traceback" not in err


# --- the real program ------------------------------------------------------------------------


def patience_process(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m patience ARGV`` as a separate process."""
    return subprocess.run([sys.executable, "-m", "patience", *argv], capture_output=True, text=True,
                          timeout=60, check=False)


def test_the_real_program_deals_and_fails_cleanly(tmp_path: Path) -> None:
    """Through a real process: deal, --help, and a one-line failure with exit 1."""
    dealt = patience_process("deal", "hamilton", "1")
    assert (dealt.returncode, dealt.stdout, dealt.stderr) == (0, DEAL_1 + "\n", "")

    helped = patience_process("--help")
    assert helped.returncode == 0
    assert all(f"    {command} " in helped.stdout for command in ("deal", "moves", "replay"))

    bad = patience_process("replay", write_record(tmp_path, '[Game "hamilton"]\n[Deal "1"]\n\ns s s s\n'))
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr == (
        "patience: move 4 (s): no choices are left: move the card in the Chooser to a foundation\n"
    )
