"""Bad input is refused with the right error and a message that says what is wrong.

Every error is a :class:`PatienceError` (a ``ValueError``) of the one class
that means it, and a refused move leaves the position as it was: states are
immutable, so the original still equals a fresh copy read back from its
position text, and ``apply`` raised instead of returning a new state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from patience import (
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    InvalidRecordError,
    PatienceError,
    UnknownGameError,
    get_game,
)
from patience.deals import deck_text
from patience.notation import Record, parse_moves, parse_record, record_json, replay
from patience.rules import CHOOSER, FOUNDATION, TABLEAU, WASTE, Game, Move
from tests.positions import HAMILTON, UNION_SQUARE

GAMES: list[Game[Any]] = [HAMILTON, UNION_SQUARE]
GAME_IDS = ["hamilton", "union-square"]


def fresh_copy(game: Any, state: Any) -> Any:
    """An equal state rebuilt from text, sharing nothing with ``state``."""
    return game.parse_position(game.position_text(state))


def assert_refused(game: Any, state: Any, move: Move, reason: str) -> None:
    """``apply`` raises IllegalMoveError naming the move and the reason, and changes nothing."""
    before = fresh_copy(game, state)
    result: list[Any] = []
    with pytest.raises(IllegalMoveError) as raised:
        result.append(game.apply(state, move))
    assert result == []
    assert str(raised.value) == f"{move}: {reason}"
    assert game.why_illegal(state, move) == reason
    assert not game.is_legal(state, move)
    assert state == before


# --- deck strings ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_deck_with_the_wrong_count(game: Any) -> None:
    """A deck string one card short, or one too long, says how many cards it has."""
    words = deck_text(game.deck_of(1)).split()
    expected = 52 * game.copies
    with pytest.raises(InvalidDealError, match=f"deck has {expected - 1} cards, expected {expected}"):
        game.new(" ".join(words[:-1]))
    with pytest.raises(InvalidDealError, match=f"deck has {expected + 1} cards, expected {expected}"):
        game.new(" ".join([*words, words[0]]))
    with pytest.raises(InvalidDealError, match=f"deck has 0 cards, expected {expected}"):
        game.deck_of("   ")


def test_hamilton_deck_with_a_duplicate_names_it() -> None:
    """A Hamilton deck with KS twice (and no AS) names KS."""
    words = deck_text(HAMILTON.deck_of(1)).split()
    words[words.index("AS")] = "KS"
    with pytest.raises(InvalidDealError) as raised:
        HAMILTON.new(" ".join(words))
    assert str(raised.value) == "deck has KS more than once"


def test_union_square_deck_with_a_card_three_times_names_it() -> None:
    """A Union Square deck with QD three times names QD."""
    words = deck_text(UNION_SQUARE.deck_of(1)).split()
    words[words.index("AS")] = "QD"
    with pytest.raises(InvalidDealError) as raised:
        UNION_SQUARE.new(" ".join(words))
    assert str(raised.value) == "deck has QD more than 2 times"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("bad", ["1H", "ZZ", "AX", "10", "KHH"])
def test_deck_with_an_unknown_card_names_it(game: Any, bad: str) -> None:
    """An unknown card is named, with its place in the deck."""
    words = deck_text(game.deck_of(1)).split()
    words[4] = bad
    with pytest.raises(InvalidDealError) as raised:
        game.new(" ".join(words))
    assert str(raised.value) == f"card 5 of the deck, {bad!r}, is not a card"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_deck_strings_accept_10_and_lower_case(game: Any) -> None:
    """The deck format accepts ``10`` for ``T`` and any letter case (not bad input)."""
    text = deck_text(game.deck_of(3))
    assert game.new(text.replace("T", "10").lower()) == game.new(3)


# --- deal numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("number", [0, -1, -(2**32), 2**32, 2**64])
def test_deal_numbers_out_of_range(game: Any, number: int) -> None:
    """Deal numbers run from 1 to 4294967295; others are refused and named."""
    message = f"deal number must be from 1 to 4294967295, not {number}"
    with pytest.raises(InvalidDealError) as raised:
        game.new(number)
    assert str(raised.value) == message
    with pytest.raises(InvalidDealError):
        game.deck_of(number)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_ends_of_the_deal_range_are_valid(game: Any) -> None:
    """1 and 4294967295 are deals."""
    assert game.new(1) != game.new(4294967295)


# --- move text -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "x", "t3-", "-t3", "t0-t1", "t17-t1", "f5-t1", "t1-t2x0", "t1-t2x", "t1t2", "t1-t1",
             "s-t1", "t1-s", "t1-t2-t3", "t1–t2", "f1-f1"],
)
def test_move_text_that_does_not_parse(text: str) -> None:
    """Move text that does not parse raises InvalidMoveError, in either game."""
    with pytest.raises(InvalidMoveError):
        Move.parse(text)
    for game in GAMES:
        with pytest.raises(InvalidMoveError):
            game.parse_move(text)


def test_a_move_list_names_the_bad_move() -> None:
    """In a list of moves, the unreadable one is named by its 1-based index."""
    with pytest.raises(InvalidMoveError, match=r"^move 3: cannot read move 'c-'"):
        parse_moves(HAMILTON, "s s c- t1-t2")


def test_hamilton_has_no_pile_t9_or_waste() -> None:
    """Hamilton has seven piles and no waste: ``t9`` and ``w`` are not its piles."""
    with pytest.raises(InvalidMoveError, match=r"^Hamilton has no pile 't9'$"):
        HAMILTON.parse_move("t9-t1")
    with pytest.raises(InvalidMoveError, match=r"^Hamilton has no pile 'w'$"):
        HAMILTON.parse_move("w-t1")
    state = HAMILTON.apply_all(HAMILTON.new(1), parse_moves(HAMILTON, "s c-f1"))
    assert_refused(HAMILTON, state, Move(TABLEAU + 8, TABLEAU), "Hamilton has no such pile to move from")
    assert_refused(HAMILTON, state, Move(TABLEAU, TABLEAU + 8), "Hamilton has no such pile to move to")
    assert_refused(HAMILTON, state, Move(WASTE, TABLEAU), "Hamilton has no such pile to move from")


def test_a_move_read_before_is_still_checked_against_each_game_and_a_bad_one_stays_refused() -> None:
    """Move texts read once are kept, but each game still refuses the piles it lacks, every time."""
    first = UNION_SQUARE.parse_move("t9-t1")
    assert first == UNION_SQUARE.parse_move(" T9-t1 ") == Move(TABLEAU + 8, TABLEAU)
    for _ in range(2):
        with pytest.raises(InvalidMoveError, match=r"^Hamilton has no pile 't9'$"):
            HAMILTON.parse_move("t9-t1")
        with pytest.raises(InvalidMoveError, match=r"same source and target"):
            Move.parse("t3-t3")


def test_union_square_has_no_chooser() -> None:
    """Union Square has no Chooser: ``c`` is not one of its piles."""
    with pytest.raises(InvalidMoveError, match=r"^Union Square has no pile 'c'$"):
        UNION_SQUARE.parse_move("c-f1")
    state = UNION_SQUARE.new(1)
    assert_refused(UNION_SQUARE, state, Move(CHOOSER, FOUNDATION),
                   "Union Square has no such pile to move from")
    assert_refused(UNION_SQUARE, state, Move(TABLEAU, CHOOSER), "cards cannot be moved to the Chooser")
    assert_refused(UNION_SQUARE, state, Move(TABLEAU, WASTE), "cards cannot be moved to the waste")


# --- legal-looking but illegal moves ---------------------------------------------------------


def test_hamilton_illegal_moves_say_why_and_change_nothing() -> None:
    """A move that parses but is illegal raises IllegalMoveError with the reason."""
    new = HAMILTON.new(1)
    assert_refused(HAMILTON, new, Move.parse("t1-t2"),
                   "choose the start card first: click the stock, then move the Chooser card to a foundation")
    assert_refused(HAMILTON, new, Move.parse("c-f1"), "the Chooser is empty")
    state = HAMILTON.apply_all(new, parse_moves(HAMILTON, "s c-f1"))  # QC chosen: start rank Q
    assert_refused(HAMILTON, state, Move.parse("t1-f2"),
                   "an empty foundation takes only a card of the start rank (Queens)")
    assert_refused(HAMILTON, state, Move.parse("f2-t1"), "foundation 2 is empty")
    assert_refused(HAMILTON, state, Move.parse("t2-t1x3"), "pile 2 has only 2 cards")
    assert_refused(HAMILTON, state, Move.parse("t1-t2"), "7♦ is not one step below 6♦")
    assert_refused(HAMILTON, state, Move(0, 0, 1), "a stock click is written s")


def test_union_square_illegal_moves_say_why_and_change_nothing() -> None:
    """A move that parses but is illegal raises IllegalMoveError with the reason."""
    state = UNION_SQUARE.new(1)  # t1 is 6H, t2 is 7H, t3 is JC
    assert_refused(UNION_SQUARE, state, Move.parse("w-t1"), "the waste is empty")
    assert_refused(UNION_SQUARE, state, Move.parse("t3-t1"), "piles build in suit: J♣ does not go on 6♥")
    assert_refused(UNION_SQUARE, state, Move.parse("t1-f1"), "an empty foundation takes only an Ace")
    assert_refused(UNION_SQUARE, state, Move.parse("t1-t2x2"), "only single cards move in Union Square")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_apply_all_names_the_illegal_move_and_keeps_the_start(game: Any) -> None:
    """``apply_all`` raises naming the 1-based index of the illegal move; the start is unchanged."""
    state = game.new(1)
    before = fresh_copy(game, state)
    moves = [Move.parse("s"), Move.parse("s"), Move.parse("f1-t1")]
    with pytest.raises(IllegalMoveError, match=r"^move 3 \(f1-t1\): "):
        game.apply_all(state, moves)
    assert state == before


# --- position text ---------------------------------------------------------------------------


def _hamilton_text() -> str:
    state = HAMILTON.apply_all(HAMILTON.new(1), parse_moves(HAMILTON, "s c-f1 s"))
    text: str = HAMILTON.position_text(state)
    return text


# Each edit spoils the good text: "hamilton start=12 choices=0 chooser=- stock=… f=QC;-;-;- t=7D,4S;…"
CORRUPT_HAMILTON_POSITIONS: dict[str, Callable[[str], str]] = {
    "empty": lambda t: "",
    "wrong game": lambda t: t.replace("hamilton", "union-square", 1),
    "missing field": lambda t: t.replace(" choices=0", ""),
    "unknown field": lambda t: t + " extra=1",
    "field twice": lambda t: t + " start=3",
    "no value": lambda t: t.replace("start=12", "start="),
    "start not a number": lambda t: t.replace("start=12", "start=x"),
    "start out of range": lambda t: t.replace("start=12", "start=14"),
    "too few piles": lambda t: t.rsplit(";", 1)[0],
    "unknown card": lambda t: t.replace("QC", "QX", 1),
    "card missing": lambda t: t.replace("f=QC;", "f=-;"),
    "card twice": lambda t: t.replace("f=QC;-", "f=QC;QC"),
    "chooser after the choice": lambda t: t.replace("chooser=-", "chooser=QC").replace("f=QC;", "f=-;"),
    "foundation before the choice": lambda t: t.replace("start=12", "start=0"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT_HAMILTON_POSITIONS))
def test_corrupt_hamilton_position_text(name: str) -> None:
    """Position text that is wrong in any way raises InvalidRecordError (and the good one reads)."""
    good = _hamilton_text()
    HAMILTON.parse_position(good)
    bad = CORRUPT_HAMILTON_POSITIONS[name](good)
    assert bad != good
    with pytest.raises(InvalidRecordError, match="position"):
        HAMILTON.parse_position(bad)


def test_corrupt_union_square_position_text() -> None:
    """Union Square position text: wrong game, pile count, conservation."""
    good = UNION_SQUARE.position_text(UNION_SQUARE.new(1))
    assert UNION_SQUARE.parse_position(good) == UNION_SQUARE.new(1)
    for bad in (
        good.replace("union-square", "hamilton", 1),
        good.replace(" waste=-", ""),
        good.replace(" t=", " t=-;"),
        good.replace("waste=-", "waste=6H"),
        good.replace("t=6H;", "t=-;"),
    ):
        with pytest.raises(InvalidRecordError, match="position"):
            UNION_SQUARE.parse_position(bad)


# --- records ---------------------------------------------------------------------------------

GOOD_RECORD = '[Game "hamilton"]\n[Deal "1"]\n\ns c-f1\n'

CORRUPT_RECORDS = {
    "empty": ("", "record is empty"),
    "no game": ('[Deal "1"]\n\ns\n', "record names no game"),
    "unknown game": ('[Game "klondike"]\n[Deal "1"]\n\ns\n', "unknown game 'klondike'"),
    "bad header": ('[Game hamilton]\n[Deal "1"]\n\ns\n', "line 1: expected a header"),
    "unclosed header": ('[Game "hamilton"\n[Deal "1"]\n\ns\n', "line 1: expected a header"),
    "header after moves": ('[Game "hamilton"]\n\ns\n[Deal "1"]\n', "line 4: header after the moves"),
    "deal and deck": ('[Game "hamilton"]\n[Deal "1"]\n[Deck "AS"]\n\ns\n', "exactly one of"),
    "neither deal nor deck": ('[Game "hamilton"]\n\ns\n', "exactly one of"),
    "deal not a number": ('[Game "hamilton"]\n[Deal "one"]\n\ns\n', "deal 'one' is not a number"),
    "bad JSON": ('{"game": "hamilton", "deal": 1,', "record is not valid JSON"),
    "a bracketed list": ("[1, 2]", "line 1: expected a header"),
    "JSON deal and no game": ('{"deal": 1}', "record names no game"),
    "JSON neither deal nor deck": ('{"game": "hamilton"}', "exactly one of"),
    "JSON moves not a list": ('{"game": "hamilton", "deal": 1, "moves": "s"}', "list of move texts"),
    "JSON deal is true": ('{"game": "hamilton", "deal": true}', "number or a deck string"),
    "JSON headers not strings": ('{"game": "hamilton", "deal": 1, "headers": {"a": 1}}', "headers"),
    "JSON game not a string": ('{"game": 3, "deal": 1}', "game must be a string"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT_RECORDS))
def test_corrupt_records(name: str) -> None:
    """A record that cannot be read raises InvalidRecordError saying where and why."""
    text, message = CORRUPT_RECORDS[name]
    with pytest.raises(InvalidRecordError) as raised:
        parse_record(text)
    assert message in str(raised.value)


def test_the_good_record_reads() -> None:
    """The record the corrupt ones start from is fine."""
    record = parse_record(GOOD_RECORD)
    assert (record.game, record.deal, record.moves) == ("hamilton", 1, ["s", "c-f1"])
    assert parse_record(record_json(record)) == record


def test_records_with_a_bad_deal_or_bad_move_fail_on_replay() -> None:
    """A record that reads but holds a bad deal or a bad move fails when replayed, naming it."""
    with pytest.raises(InvalidDealError, match="not 0"):
        replay(parse_record('[Game "hamilton"]\n[Deal "0"]\n\ns\n'))
    with pytest.raises(InvalidDealError, match="deck has 1 cards"):
        replay(parse_record(json.dumps({"game": "hamilton", "deal": "AS"})))
    with pytest.raises(InvalidMoveError, match=r"^move 2: Hamilton has no pile 't9'"):
        replay(Record("hamilton", 1, ["s", "t9-t1"]))
    with pytest.raises(IllegalMoveError, match=r"^move 3 \(c-f2\): the Chooser is empty$"):
        replay(Record("hamilton", 1, ["s", "c-f1", "c-f2"]))


def test_unknown_game() -> None:
    """An unknown game slug raises UnknownGameError listing the known ones."""
    with pytest.raises(UnknownGameError, match="known games: hamilton, union-square"):
        get_game("klondike")


def test_every_error_is_a_patience_error_and_a_value_error() -> None:
    """Callers may catch PatienceError, or ValueError, for any bad input."""
    for error in (IllegalMoveError, InvalidDealError, InvalidMoveError, InvalidRecordError, UnknownGameError):
        assert issubclass(error, PatienceError) and issubclass(error, ValueError)
