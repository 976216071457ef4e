"""Game records: text and JSON round trips, headers, comments, deck deals, and real won games.

The won games in ``tests/data/records/`` were found once by a depth-first
search (preferring foundation moves) and shortened; replaying them through
the engine must still end with every card on the foundations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience import get_game
from patience.deals import deck_text
from patience.games.hamilton.rules import HamiltonState
from patience.games.union_square.rules import UnionSquareState
from patience.notation import Record, format_record, parse_record, record_json, replay

RECORDS = Path(__file__).parent / "data" / "records"
HAMILTON_WON = RECORDS / "hamilton-22-won.txt"
UNION_SQUARE_WON = RECORDS / "union-square-7-won.txt"


def test_text_record_round_trips() -> None:
    """``parse_record(format_record(r)) == r`` for a record with headers."""
    record = Record("hamilton", 1, ["s", "c-f1", "s"], {"Date": "2026-11-30", "Player": "Ann"})
    text = format_record(record)
    assert text == (
        '[Game "hamilton"]\n[Deal "1"]\n[Date "2026-11-30"]\n[Player "Ann"]\n\ns c-f1 s\n'
    )
    assert parse_record(text) == record


def test_json_record_round_trips() -> None:
    """``parse_record(record_json(r)) == r``; the JSON has the documented keys."""
    record = Record("union-square", 7, ["s", "w-t1"], {"Result": "not won"})
    text = record_json(record)
    assert json.loads(text) == {"game": "union-square", "deal": 7, "moves": ["s", "w-t1"],
                                "headers": {"Result": "not won"}}
    assert parse_record(text) == record


def test_the_readme_json_example_reads() -> None:
    """The JSON example of README.md reads as a record."""
    text = '{"game": "hamilton", "deal": 1, "moves": ["s", "s", "c-f1"], "headers": {}}'
    assert parse_record(text) == Record("hamilton", 1, ["s", "s", "c-f1"], {})
    assert replay(parse_record(text)).score == 1


def test_headers_with_quotes_and_backslashes_round_trip() -> None:
    """Header values may hold quotes and backslashes; they are escaped and read back."""
    headers = {"Player": 'Ann "the Ace" O\'Neil', "Note": "a\\b \\\"c\\\"", "Event": "[club] night; late"}
    record = Record("hamilton", 3, ["s"], headers)
    text = format_record(record)
    assert '[Player "Ann \\"the Ace\\" O\'Neil"]' in text
    assert parse_record(text) == record
    assert parse_record(record_json(record)) == record


def test_comments_and_blank_lines_are_ignored() -> None:
    """``;`` starts a comment that runs to the end of the line."""
    text = (
        "; a game of Hamilton\n"
        '[Game "hamilton"]  ; the game\n'
        '[Deal "1"]\n'
        "\n"
        "s s   ; two looks at the stock\n"
        "\n"
        "c-f1 ; chosen\n"
        "; s s s (not played)\n"
    )
    record = parse_record(text)
    assert record == Record("hamilton", 1, ["s", "s", "c-f1"], {})
    assert replay(record).score == 1


def test_moves_wrap_ten_to_a_line() -> None:
    """Long move lists are written ten to a line and read back whole."""
    moves = ["s"] * 4 + ["w-t1"] * 21
    record = Record("union-square", 2, moves)
    lines = format_record(record).splitlines()
    assert [len(line.split()) for line in lines[3:]] == [10, 10, 5]
    assert parse_record(format_record(record)).moves == moves


@pytest.mark.parametrize("slug", ["hamilton", "union-square"])
def test_record_dealt_from_a_deck_string(slug: str) -> None:
    """``[Deck "…"]`` replaces ``[Deal "…"]``; it replays like the numbered deal with that deck."""
    game = get_game(slug)
    deck = deck_text(game.deck_of(5))
    moves = ["s", "c-f1", "s"] if slug == "hamilton" else ["s", "s"]
    record = Record(slug, deck, moves)
    text = format_record(record)
    assert f'[Deck "{deck}"]' in text and "[Deal" not in text
    assert parse_record(text) == record
    assert parse_record(record_json(record)) == record
    assert replay(record).state == replay(Record(slug, 5, moves)).state


def test_replay_returns_the_moves_the_state_and_the_score() -> None:
    """``replay`` deals, plays every move and reports the score."""
    result = replay(Record("hamilton", 1, ["s", "c-f1", "s"]))
    game = get_game("hamilton")
    assert [str(m) for m in result.moves] == ["s", "c-f1", "s"]
    assert result.state == game.apply_all(game.new(1), result.moves)
    assert (result.score, result.won) == (1, False)


def test_replay_of_a_real_won_hamilton_game() -> None:
    """A whole game of Hamilton, deal 22, replays through the engine to a win."""
    record = parse_record(HAMILTON_WON.read_text(encoding="utf-8"))
    assert (record.game, record.deal) == ("hamilton", 22)
    assert record.headers["Result"] == "won"
    result = replay(record)
    assert result.won and result.score == 52
    assert isinstance(result.state, HamiltonState)
    assert all(len(f) == 13 for f in result.state.foundations)
    assert not any(result.state.tableau) and result.state.stock == ()
    # the record also survives a round trip through JSON
    assert replay(parse_record(record_json(record))).won


def test_replay_of_a_real_won_union_square_game() -> None:
    """A whole game of Union Square, deal 7, replays through the engine to a win."""
    record = parse_record(UNION_SQUARE_WON.read_text(encoding="utf-8"))
    assert (record.game, record.deal) == ("union-square", 7)
    result = replay(record)
    assert result.won and result.score == 104
    assert isinstance(result.state, UnionSquareState)
    assert all(len(f) == 26 for f in result.state.foundations)


def test_a_won_game_cut_short_is_not_won() -> None:
    """The same line without its last move is not a win."""
    record = parse_record(HAMILTON_WON.read_text(encoding="utf-8"))
    short = Record(record.game, record.deal, record.moves[:-1], record.headers)
    result = replay(short)
    assert not result.won and result.score < 52
