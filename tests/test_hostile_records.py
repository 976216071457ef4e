"""Hostile record files and numbers: bounded reading, ASCII digits only, one line and exit 2.

The record and deck parsers may raise only the documented error classes
(:class:`InvalidRecordError`, :class:`InvalidDealError`), whatever bytes
they are given; the CLI turns every one into one line on stderr and exit 2.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.cli import main
from patience.deals import deck_text, parse_deck
from patience.errors import InvalidDealError, InvalidRecordError, PatienceError
from patience.notation import (
    MAX_RECORD_BYTES,
    Record,
    format_record,
    parse_record,
    parse_record_bytes,
    record_json,
)
from patience.numbers import parse_float, parse_int
from patience.rules import deal_from_text
from patience.survey import parse_range

DOCUMENTED = (InvalidRecordError, InvalidDealError)
VALID_TEXT = format_record(Record("hamilton", 7, ["s", "c-f1"], {"Date": "2026-12-01"}))
VALID_JSON = record_json(Record("union-square", 7, ["s"], {}))


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """Exit status and the lines written to stderr."""
    status = main(argv)
    return status, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("text", ["٣", "²", "½", "1" * 5000, "1_000", " 1 2", "+3", "", "3.0"])
def test_numbers_accept_only_ascii_digits(text: str) -> None:
    with pytest.raises(ValueError):
        parse_int(text)
    with pytest.raises(ValueError):
        parse_float(text if text != "3.0" else "٣.0")


@pytest.mark.parametrize("deal", ["٣", "²", "1" * 4000, "٣٣"])
def test_a_deal_in_other_digits_is_refused_not_read(deal: str) -> None:
    with pytest.raises(InvalidDealError):
        deal_from_text(deal)
    with pytest.raises(InvalidRecordError, match="not a number"):
        parse_record(f'[Game "hamilton"]\n[Deal "{deal}"]\n\ns\n')


def test_other_numbers_users_type_are_ascii_only_too() -> None:
    with pytest.raises(PatienceError):
        parse_range("1-٣")
    hamilton = get_game("hamilton")
    text = hamilton.position_text(hamilton.new(1))
    assert "start=0 choices=3" in text
    with pytest.raises(InvalidRecordError):
        hamilton.parse_position(text.replace("choices=3", "choices=٣"))


def bad_files(tmp: Path) -> dict[str, Path]:
    """One file of each hostile kind the stress run used (sizes just over the limits)."""
    files = {
        "superscript": '[Game "hamilton"]\n[Deal "²"]\n\ns\n',
        "arabic": '[Game "hamilton"]\n[Deal "٣"]\n\ns\n',
        "long-deal": '[Game "hamilton"]\n[Deal "' + "1" * 5000 + '"]\n\ns\n',
        "nested": '{"game": "hamilton", "deal": 1, "moves": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "json-number": '{"game": "hamilton", "deal": ' + "9" * 5000 + "}",
        "long-header": '[Game "hamilton"]\n[Deal "1"]\n[Note "' + "a" * 10_000_000 + '"]\n\ns\n',
        "long-string": '{"game": "hamilton", "deal": 1, "x": "' + "\\\\a" * 3_000_000,
        "not-utf8": '[Game "hamilton"]\n[Deal "1"]\n\n\xff',
    }
    paths = {}
    for name, text in files.items():
        paths[name] = tmp / f"{name}.txt"
        paths[name].write_text(text, encoding="utf-8" if name != "not-utf8" else "latin-1")
    huge = tmp / "huge.txt"
    with huge.open("wb") as out:
        out.write(b'[Game "hamilton"]\n[Note "')
        out.truncate(MAX_RECORD_BYTES + 10)  # a header line longer than the cap, sparse on disk
    paths["huge"] = huge
    return paths


def test_every_hostile_file_is_one_line_and_exit_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    big = {"long-header", "long-string", "huge"}
    for name, path in bad_files(tmp_path).items():
        commands = [["replay", str(path)], ["hint", str(path)], ["solve", "hamilton", "--record", str(path)]]
        for argv in commands[:1] if name in big else commands:
            status, lines = run_cli(argv, capsys)
            assert (status, len(lines)) == (2, 1), (name, argv, lines)
            assert lines[0].startswith("patience: ") and len(lines[0]) < 300, (name, lines)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_after_the_cap(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run_cli(["replay", "/dev/zero"], capsys)
    assert status == 2 and lines == ["patience: /dev/zero is larger than 16 MiB: not a game record"]


def test_a_deal_number_argument_in_other_digits_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["deal", "hamilton", "٣"])
    assert exited.value.code == 2
    assert "invalid int value" in capsys.readouterr().err


# --- fuzzing ----------------------------------------------------------------------------------------
def _mutate(text: str, data: st.DataObject) -> str:
    """``text`` with a few random insertions, deletions or replacements."""
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        alphabet = st.sampled_from(list('[]{}"\\:;,0123456789٣²-\n xS')) | st.characters()
        piece = data.draw(st.text(alphabet=alphabet, max_size=6))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + len(piece) + 1:]
        else:
            text = text[:at] + piece + text[at + len(piece):]
    return text


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_raise_only_documented_errors(data: bytes) -> None:
    with contextlib.suppress(*DOCUMENTED):
        parse_record_bytes(data)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_near_valid_records_raise_only_documented_errors(data: st.DataObject) -> None:
    text = _mutate(data.draw(st.sampled_from([VALID_TEXT, VALID_JSON])), data)
    try:
        record = parse_record(text)
    except DOCUMENTED:
        return
    assert isinstance(record.deal, int | str) and record.game in ("hamilton", "union-square")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_near_valid_decks_raise_only_invalid_deal(data: st.DataObject) -> None:
    copies = data.draw(st.sampled_from([1, 2]))
    game = get_game("hamilton" if copies == 1 else "union-square")
    text = _mutate(deck_text(game.deck_of(1)), data)
    for parse in (lambda: parse_deck(text, copies), lambda: deal_from_text(text)):
        with contextlib.suppress(InvalidDealError):
            parse()

