"""Options every command shares: budgets refused in one line with exit 2, and ``patience`` alone
taking every ``serve`` option (``patience --port 8771`` is ``patience serve --port 8771``)."""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from patience.cli import build_parser, main, with_command
from patience.commands.serve import run_serve

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
RECORD = '[Game "hamilton"]\n[Deal "1"]\n\ns\n'

#: Each command with a budget in seconds: the arguments before the option, and the option.
SECONDS_OPTIONS = [
    (["solve", "hamilton", "--deal", "1"], "--max-seconds"),
    (["survey", "hamilton", "--deals", "1-2"], "--max-seconds"),
    (["review", "RECORD"], "--max-seconds"),
    (["hint", "RECORD"], "--budget"),
    (["serve"], "--winnable-limit"),
    ([], "--winnable-limit"),  # plain patience is patience serve
]
NODE_OPTIONS = [(["solve", "hamilton", "--deal", "1"], "--max-nodes"),
                (["survey", "hamilton", "--deals", "1-2"], "--max-nodes")]
BAD_SECONDS = ["nan", "NaN", "inf", "-inf", "Infinity", "1e999", "٣", "１０", "0", "-1", "0x10", "1_0", ""]
BAD_COUNTS = ["-5", "0", "٣", "1.5", "nan", "1e3", "9" * 40]


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line a refused command line prints (asserting exit 2 and nothing else)."""
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.endswith("\n"), err
    return err


@pytest.mark.parametrize(("before", "option"), SECONDS_OPTIONS)
def test_a_budget_in_seconds_must_be_a_real_number_of_seconds(
        before: list[str], option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text(RECORD)
    argv = [str(record) if word == "RECORD" else word for word in before]
    command = argv[0] if argv else "serve"
    for value in BAD_SECONDS:
        line = refusal([*argv, f"{option}={value}"], capsys)  # "=": "-1" would read as an option
        assert line.startswith(f"patience {command}: error: argument {option}: wants a number of seconds "
                               "more than 0"), line


@pytest.mark.parametrize(("before", "option"), NODE_OPTIONS)
def test_a_node_budget_must_be_a_count_from_1(before: list[str], option: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for value in BAD_COUNTS:
        line = refusal([*before, f"{option}={value}"], capsys)
        assert line.startswith(f"patience {before[0]}: error: argument {option}: wants a whole number"), line


def test_good_budgets_are_read() -> None:
    parser = build_parser()
    args = parser.parse_args(["solve", "hamilton", "--deal", "1", "--max-seconds", "2e1", "--max-nodes", "7"])
    assert (args.max_seconds, args.max_nodes) == (20.0, 7)
    assert parser.parse_args(["review", "x", "--max-seconds", ".5"]).max_seconds == 0.5
    assert parser.parse_args(["hint", "x", "--budget", "3"]).budget == 3.0


def test_every_argument_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "invalid choice: 'klondike'" in refusal(["deal", "klondike", "1"], capsys)
    assert "unrecognized arguments: --colour-blind" in refusal(["--colour-blind"], capsys)
    assert "the following arguments are required" in refusal(["solve"], capsys)


def serve_options() -> list[argparse.Action]:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    serve = commands.choices["serve"]
    return [action for action in serve._actions if action.option_strings and action.dest != "help"]


SAMPLE_VALUES = {"host": "127.0.0.2", "port": "8771", "db": "games.sqlite3", "allow_host": "games.example",
                 "solver_workers": "2", "winnable_limit": "30"}


@pytest.mark.parametrize("action", serve_options(), ids=lambda action: action.option_strings[-1])
def test_every_serve_option_works_without_the_word_serve(action: argparse.Action) -> None:
    parser = build_parser()
    argv = [action.option_strings[-1]] + ([SAMPLE_VALUES[action.dest]] if action.nargs != 0 else [])
    assert with_command(parser, argv) == ["serve", *argv]
    args = parser.parse_args(with_command(parser, argv))
    assert args.handler is run_serve
    assert getattr(args, action.dest) == parser.parse_args(["serve", *argv]).__dict__[action.dest]


def test_the_top_level_options_stay_top_level(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    assert with_command(parser, ["--version"]) == ["--version"]
    assert with_command(parser, ["-h"]) == ["-h"]
    assert with_command(parser, []) == ["serve"]
    assert with_command(parser, ["deal", "hamilton", "1"]) == ["deal", "hamilton", "1"]
    assert main(["--port", "0"]) == 2
    assert capsys.readouterr().err == "patience: the port must be from 1 to 65535, not 0\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_patience_with_only_a_port_serves_the_game(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "patience", "--port", str(port), "--db",
                             str(tmp_path / "games.sqlite3"), "--solver-workers", "1"],
                            cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 60
        line = proc.stdout.readline()
        assert time.monotonic() < deadline
        assert f"http://127.0.0.1:{port}/" in line, line
    finally:
        proc.terminate()
        proc.wait(timeout=30)
