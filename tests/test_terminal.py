"""The terminal game, driven by scripted input (and once as a real process with stdin piped)."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from patience import cli, get_game
from patience.cards import SUIT, card_symbol, make_card, parse_card
from patience.deals import deck_text
from patience.games.hamilton.rules import HamiltonState
from patience.games.union_square.rules import UnionSquareState
from patience.i18n import language
from patience.layout import RED_ON, card_name, layout_text, pile_name
from patience.notation import Record, format_record, parse_record, replay
from patience.rules import CHOOSER, FOUNDATION, STOCK_MOVE, TABLEAU, Game, Move
from patience.store import GameRecord, Store
from patience.table import Table
from patience.terminal import TerminalGame, colour_wanted, deal_game, normalize_input, stream_reader
from patience.wording import describe_move, refusal
from tests.positions import hamilton_game, union_square_game

ROOT = Path(__file__).resolve().parent.parent
CHOOSE = Move(CHOOSER, FOUNDATION, 1)
DEAL = 15  # Hamilton deal 15: after s c-f1, pile 3 sends a run of two to a foundation


@pytest.fixture(autouse=True)
def wide_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window wide enough that no sentence is wrapped (tests of wrapping say their width)."""
    monkeypatch.setenv("COLUMNS", "1000")


@dataclass
class Dealt:
    """A game dealt at a table of its own."""

    table: Table
    record: GameRecord

    @property
    def state(self) -> Any:
        """Its position."""
        return self.table.state_of(self.record)


def dealt(game: Game[Any], deal: int | str, moves: Sequence[Move] = ()) -> Dealt:
    """A new game at a fresh table (in memory), ``moves`` played one action each."""
    table = Table(Store(":memory:"))
    return Dealt(table, deal_game(table, game.slug, deal, moves))


def play(game: Dealt | TerminalGame, script: str, colour: bool = False,
         seed: int = 0) -> tuple[str, TerminalGame]:
    """Run the game on ``script`` (it must end with status 0); return everything printed, and the game."""
    out = io.StringIO()
    terminal = TerminalGame(game.table, game.record, out, colour=colour, rng=random.Random(seed))
    with language("en"):
        assert terminal.run(stream_reader(io.StringIO(script), out)) == 0
    return out.getvalue(), terminal


def after_choice(game: Game[Any], deal: int) -> Any:
    """Hamilton's position once the first stock card is the start card."""
    return game.apply_all(game.new(deal), [STOCK_MOVE, CHOOSE])


def hamilton_setup(deal: int) -> tuple[Game[Any], Move, Move]:
    """After ``s c-f1``: a legal move (a group move if any), then an illegal one from a non-empty pile."""
    game = hamilton_game()
    state = after_choice(game, deal)
    legal = [m for m in game.legal_moves(state) if m != STOCK_MOVE]
    good = max(legal, key=lambda m: m.count)
    after = game.apply(state, good)
    bad = next(Move(TABLEAU + i, TABLEAU + j, 1) for i in range(7) for j in range(7)
               if i != j and after.tableau[i] and not game.is_legal(after, Move(TABLEAU + i, TABLEAU + j, 1)))
    return game, good, bad


# --- a whole short Hamilton session ----------------------------------------------


def test_hamilton_session_choose_move_illegal_undo_redo_help_quit() -> None:
    game, good, bad = hamilton_setup(DEAL)
    spaced = str(good).replace("-", " ", 1)  # "t3 f2": the space works as the dash
    script = f"help\ns\ndc c\n{spaced}\n{bad}\nundo\nundo\nredo\nredo\nredo\nquit\nyes\nnever read\n"
    out, terminal = play(dealt(game, DEAL), script)
    assert f"Hamilton, deal {DEAL}" in out and f"--deal {DEAL}" in out
    assert "t3-t5x2" in out and "undo, redo" in out  # help explains notation and commands
    assert "choices left 2" in out and "start rank" in out
    position = game.apply(after_choice(game, DEAL), good)
    reason = str(game.why_illegal(position, bad))
    assert refusal(game, position, bad) in out  # the move in words, the engine's reason word for word
    assert ". " + reason[0].upper() + reason[1:] + "." in out and f"Not allowed: {bad}" not in out
    assert "There is nothing to redo." in out
    assert "never read" not in out
    assert [str(m) for m in terminal.moves()] == ["s", "c-f1", str(good)]
    assert terminal.state == game.apply(after_choice(game, DEAL), good)


def test_exact_count_is_required_and_the_legal_counts_are_shown() -> None:
    game = hamilton_game()
    # start rank Ace; pile 1 is 8H 7H, a run of two; pile 2 is 9H: only the whole run fits there
    position = game.parse_position(
        "hamilton start=1 choices=0 chooser=- stock=- f=AS;-;-;- "
        "t=8H,7H;9H;QC;KC;2S,3S,4S,5S,6S,7S,8S,9S,TS,JS,QS,KS,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC;"
        "2D,3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD,AD;AC,AH,2H,3H,4H,5H,6H,TH,JH,QH,KH")
    moves = [str(m) for m in game.legal_moves(position)]
    assert "t1-t2x2" in moves and "t1-t2" not in moves
    session = dealt(game, 1)  # then a hand-made position: no deal leads here quickly
    record = session.record
    made = record.played([["s"]], 0.0, game.position_text(position))
    assert session.table.store.save(made, record.version)
    session.record = session.table.load(record.player, record.id)[0]
    out, terminal = play(session, "t1-t2\nboard\n")
    assert "Not allowed: 7♥ from pile 1 to pile 2. 7♥ is not one step below 9♥." in out
    assert "Legal from pile 1 to pile 2: t1-t2x2" in out
    assert terminal.state == position  # the illegal move changed nothing
    out, terminal = play(terminal, "t1 t2x2\n")
    assert isinstance(terminal.state, HamiltonState)
    assert terminal.state.tableau[1] == position.tableau[1] + position.tableau[0]


def test_unreadable_input_says_why() -> None:
    out, terminal = play(dealt(hamilton_game(), 3), "t3-\nfrobnicate\nw-f1\ndc\n")
    assert "cannot read move 't3-'" in out
    assert "Unknown command 'frobnicate'" in out
    assert "Hamilton has no pile 'w'" in out
    assert "Write dc and a pile" in out
    assert terminal.moves() == []


def test_several_moves_on_one_line_stop_at_the_first_bad_one() -> None:
    game = hamilton_game()
    out, terminal = play(dealt(game, 7), "s s c-f1 t9-f1 s\n")
    assert [str(m) for m in terminal.moves()] == ["s", "s", "c-f1"]
    assert out.index("start rank") < out.index("no pile 't9'")


def test_input_normalization() -> None:
    assert normalize_input("t3 f1") == ["t3-f1"]
    assert normalize_input("T3 T5 x2") == ["t3-t5x2"]
    assert normalize_input("c f2") == ["c-f2"]
    assert normalize_input("s s") == ["s", "s"]
    assert normalize_input("t3-f1 t4-f1") == ["t3-f1", "t4-f1"]


def test_moves_command_lists_every_legal_move_in_words() -> None:
    game = hamilton_game()
    session = dealt(game, 7, [STOCK_MOVE])
    out, _t = play(session, "moves\n")
    chooser_card = game.view(session.state).pile("chooser").cards[0]
    assert "5 legal moves:" in out
    for text in ("s", "c-f1", "c-f2", "c-f3", "c-f4"):
        assert f"  {text} " in out
    assert "turn a stock card to the Chooser" in out
    assert f"choose the {card_name(parse_card(chooser_card))} as start card (foundation 4)" in out


def test_undo_and_redo_are_unlimited_and_take_whole_actions() -> None:
    game = union_square_game()
    script = "s\nauto\n" + "s\n" * 29 + "undo\n" * 40 + "redo\n" * 40
    out, terminal = play(dealt(game, 6), script)
    assert out.count("There is nothing to undo.") == 40 - 31
    assert out.count("There is nothing to redo.") == 40 - 31
    assert terminal.record.actions == 31
    replayed = game.apply_all(game.new(6), terminal.moves())
    assert replayed == terminal.state


def test_restart_and_new() -> None:
    game = hamilton_game()
    out, terminal = play(dealt(game, 7), "s\nrestart\n")
    assert terminal.moves() == [] and terminal.deal == 7
    out, terminal = play(dealt(game, 7), "s\nnew\n", seed=5)
    expected = random.Random(5).randint(1, 2**32 - 1)
    assert terminal.deal == expected and terminal.moves() == []
    assert f"deal {expected}" in out


# --- Union Square --------------------------------------------------------------------


def test_union_square_session_with_autoplay_and_directions() -> None:
    game = union_square_game()
    state = game.apply(game.new(6), STOCK_MOVE)
    autoplay = game.double_click(state, FOUNDATION)
    assert len(autoplay) >= 2 and str(autoplay[0]).startswith("w-")  # what the deal offers
    out, terminal = play(dealt(game, 6), "s\nauto\nauto\ndc w\nquit\n")
    assert terminal.moves() == [STOCK_MOVE, *autoplay]
    for move in autoplay:
        assert f"{move}  " in out
    assert "Nothing to do: no card there can go to a foundation." in out
    assert "Nothing to do: no card there can go to a foundation." in out
    assert "waste 1" in out and "stock 87" in out
    assert "↑ rising pile" in out  # the legend for the direction arrows
    # one undo takes back the whole autoplay
    out, terminal = play(dealt(game, 6), "s\nauto\nundo\n")
    assert terminal.moves() == [STOCK_MOVE]


def test_union_square_pile_direction_is_shown() -> None:
    game = union_square_game()
    position = game.parse_position(_union_square_position_with_runs())
    text = layout_text(game, position, colour=False)
    assert "t1  ↑ 4♣ 5♣" in text
    assert "t2  ↓ 9♥ 8♥" in text
    assert "t3    K♠" in text


def _union_square_position_with_runs() -> str:
    deck = [c for c in range(52)] * 2
    for card in (make_card(4, 0), make_card(5, 0), make_card(9, 2), make_card(8, 2), make_card(13, 3)):
        deck.remove(card)
    piles = ["4C,5C", "9H,8H", "KS"] + ["-"] * 13
    stock = ",".join(deck_text((c,)) for c in deck)
    return f"union-square stock={stock} waste=- f=-;-;-;- t={';'.join(piles)}"


def test_hamilton_stays_without_auto() -> None:
    out, _terminal = play(dealt(hamilton_game(), 7), "auto\n")
    assert "Unknown command 'auto'" in out


# --- won, stuck ----------------------------------------------------------------------


def union_square_easy_deck() -> list[int]:
    """A deck that wins by drawing every card and sending it up, in foundation order."""
    order: list[int] = []
    for suit in range(4):
        up = [make_card(rank, suit) for rank in range(1, 14)]
        order += up + up[::-1]
    return order[88:] + order[:88]  # the last 16 go to the piles, the first 88 are the stock


def test_a_won_game_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = union_square_game()
    deck = deck_text(tuple(union_square_easy_deck()))
    moves = ["s", "auto"] * 88
    session = dealt(game, deck)
    _out, terminal = play(session, "\n".join(moves[:-1]) + "\n")
    assert isinstance(terminal.state, UnionSquareState)
    assert game.score(terminal.state) < 104
    record = tmp_path / "near-won.txt"
    record.write_text(format_record(terminal.game_record()), encoding="utf-8")
    # resume the record from the command line and make the last move
    monkeypatch.setattr(sys, "stdin", io.StringIO("auto\n"))
    out_buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out_buffer)
    assert cli.main(["play", "--record", str(record), "--no-color", "--lang", "en"]) == 0
    text = out_buffer.getvalue()
    assert "You won!" in text and "score 104/104" in text and "WON" in text
    assert "deal given as a deck string" in text


def first_stuck_hamilton_deal() -> int:
    """A deal with no move left after ``s c-f1`` and dealing the whole stock."""
    game = hamilton_game()
    for deal in range(1, 400):
        state = game.apply_all(after_choice(game, deal), [STOCK_MOVE] * 4)
        if game.is_stuck(state):
            return deal
    raise AssertionError("no stuck deal in range")


def test_no_move_left_offers_undo_restart_new() -> None:
    deal = first_stuck_hamilton_deal()
    session = dealt(hamilton_game(), deal, [STOCK_MOVE, CHOOSE, STOCK_MOVE, STOCK_MOVE, STOCK_MOVE])
    out, _terminal = play(session, "s\nmoves\ns\n")
    assert "no move left" in out
    assert "No move is left. Type undo" in out and "restart" in out and "new" in out
    assert "Not allowed: a click on the stock. The stock is empty." in out


# --- colours ---------------------------------------------------------------------------


def test_colours_on_and_off() -> None:
    game = hamilton_game()
    coloured, _t = play(dealt(game, 7), "", colour=True)
    plain, _t = play(dealt(game, 7), "", colour=False)
    assert RED_ON in coloured
    assert "\x1b[" not in plain
    red = next(c for c in game.deck_of(7)[:28] if SUIT[c] in (1, 2))
    assert f"{RED_ON}{card_symbol(red)}" in coloured


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_choice_follows_tty_flags_and_no_color() -> None:
    assert colour_wanted(None, _Tty(), {}) is True
    assert colour_wanted(None, _Tty(), {"NO_COLOR": "1"}) is False
    assert colour_wanted(None, _Tty(), {"NO_COLOR": ""}) is True
    assert colour_wanted(None, io.StringIO(), {}) is False
    assert colour_wanted(True, io.StringIO(), {"NO_COLOR": "1"}) is True
    assert colour_wanted(False, _Tty(), {}) is False


# --- save, record, language ------------------------------------------------------------------


def test_save_writes_a_record_that_replay_accepts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, good, _bad = hamilton_setup(DEAL)
    target = tmp_path / "game.txt"
    out, terminal = play(dealt(game, DEAL), f"s\nc-f1\n{good}\nsave {target}\nsave\n")
    assert "Saved 3 moves to" in out
    assert "Write save and a file name" in out
    record = parse_record(target.read_text(encoding="utf-8"))
    assert record.game == "hamilton" and record.deal == DEAL and record.moves == ["s", "c-f1", str(good)]
    assert replay(record).state == terminal.state
    assert cli.main(["replay", str(target)]) == 0
    shown = capsys.readouterr().out
    assert shown.splitlines()[-1].startswith(f"score {game.score(terminal.state)}/52")
    assert layout_text(game, terminal.state, colour=False) in shown  # and the final table


def test_save_to_a_bad_place_says_why(tmp_path: Path) -> None:
    out, _t = play(dealt(hamilton_game(), 7), f"save {tmp_path / 'no' / 'such' / 'x.txt'}\n")
    assert "Cannot write" in out


def test_record_resumes_with_undo_into_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.txt"
    path.write_text(format_record(Record("hamilton", 7, ["s", "s", "c-f1"])), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("undo\nsave " + str(path) + "\n"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli.main(["play", "hamilton", "--record", str(path), "--no-color", "--lang", "en"]) == 0
    assert parse_record(path.read_text(encoding="utf-8")).moves == ["s", "s"]


def test_record_of_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.txt"
    path.write_text(format_record(Record("hamilton", 7, ["s"])), encoding="utf-8")
    assert cli.main(["play", "union-square", "--record", str(path)]) == 2
    assert "hamilton record" in capsys.readouterr().err


def test_a_deal_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "hamilton", "--deal", "0"]) == 2
    assert capsys.readouterr().err.startswith("patience: ")


def test_card_and_pile_names_are_translatable_pieces() -> None:
    with language("en"):
        assert card_name(make_card(10, 2)) == "Ten of hearts"
        assert pile_name(TABLEAU + 11) == "pile 12"
        assert pile_name(FOUNDATION + 3) == "foundation 4"


# --- the real program ------------------------------------------------------------------------


def test_real_process_with_piped_stdin() -> None:
    _game, good, bad = hamilton_setup(DEAL)
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "NO_COLOR"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-m", "patience", "play", "hamilton", "--deal", str(DEAL)],
        input=f"s\nc f1\n{good}\n{bad}\nundo\nredo\nhelp\n", capture_output=True, text=True,
        cwd=ROOT, env=env, timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "\x1b[" not in result.stdout  # not a terminal: no colour
    assert f"> {bad}\nNot allowed: " in result.stdout  # piped input is echoed after the prompt
    assert "start rank" in result.stdout and "Commands:" in result.stdout
    assert result.stdout.endswith("> \nYour game is saved: patience play offers to resume it.\n")


def test_ctrl_c_ends_the_game_cleanly() -> None:
    def interrupted(prompt: str) -> str | None:
        raise KeyboardInterrupt

    out = io.StringIO()
    game = dealt(hamilton_game(), 7)
    assert TerminalGame(game.table, game.record, out, colour=False, rng=random.Random()).run(
        interrupted) == 0


def test_random_deal_is_printed_so_it_can_be_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "union-square", "--no-color", "--lang", "en"]) == 0
    text = out.getvalue()
    number = int(next(x for x in text.splitlines() if "--deal" in x).rsplit("--deal", 1)[1])
    game = union_square_game()
    assert layout_text(game, game.new(number), colour=False) in text


def test_hint_suggests_the_next_move_of_a_winning_line() -> None:
    """Three moves before the end of a won game, ``hint`` names a move that keeps the game winnable."""
    record = parse_record((ROOT / "tests/data/records/hamilton-22-won.txt").read_text(encoding="utf-8"))
    game = get_game(record.game)
    moves = [game.parse_move(m) for m in record.moves]
    session = dealt(game, record.deal, moves[:-3])
    text, terminal = play(session, "hint\nquit\n")
    assert "winning line of 3 moves" in text
    assert "This position can still be won." in text
    assert "To play it, type " in text  # the words first, then what to type
    assert terminal.moves() == moves[:-3]  # a hint changes nothing


def test_hint_on_a_lost_position_says_so() -> None:
    """On a position with no move left, ``hint`` says the deal can no longer be won."""
    moves = [STOCK_MOVE, CHOOSE, *[STOCK_MOVE] * 4]
    session = dealt(hamilton_game(), first_stuck_hamilton_deal(), moves)
    text, _terminal = play(session, "hint\nquit\n")
    assert "No move is left." in text
    assert "This position can no longer be won." in text


# --- finish ----------------------------------------------------------------------------------------


def test_finish_plays_the_rest_up_once_it_is_a_sure_win() -> None:
    record = parse_record((ROOT / "tests" / "browser" / "data" / "winning-hamilton-1.txt").read_text())
    game = get_game(record.game)
    moves = [game.parse_move(m) for m in record.moves]
    session = dealt(game, record.deal, moves[:64])
    out, terminal = play(session, "finish\n")
    assert "Not yet: the cards go up by themselves" in out
    assert len(terminal.moves()) == 64  # nothing changed
    out, terminal = play(dealt(game, record.deal, moves[:65]), "finish\n")
    assert "You won! Every card is on the foundations." in out
    assert game.is_won(terminal.state) and len(terminal.moves()) == 65 + 24
    assert terminal.record.actions == 65 + 1  # one action
    played = terminal.moves()[65:]
    assert all(f"{move}  " in out for move in played)  # each move printed, with its words beside it
    assert " to foundation " in out


def test_union_square_board_is_the_four_by_four_grid() -> None:
    out, _ = play(dealt(union_square_game(), 5), "board\n")
    rows = [line for line in out.splitlines() if line.startswith("t1 ")]
    assert rows and all(f"t{n}" in rows[-1] for n in (1, 2, 3, 4))


# --- saved games, quitting, the window's width -----------------------------------------------------


def test_sentences_are_wrapped_between_words_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out, _terminal = play(dealt(hamilton_game(), 7), "help\nt1-f1\n")
    words = set(out.split())
    for line in out.splitlines():
        assert len(line) <= 80 or " " not in line.strip(), line
    monkeypatch.setenv("COLUMNS", "1000")
    unwrapped, _terminal = play(dealt(hamilton_game(), 7), "help\nt1-f1\n")
    assert words == set(unwrapped.split())  # the same words: none broken in the middle
    assert max(len(line) for line in unwrapped.splitlines()) > 80


def test_quit_asks_once_during_a_game_and_not_before_it() -> None:
    out, _terminal = play(dealt(hamilton_game(), 7), "s\nquit\nn\nquit\nyes\nnever read\n")
    assert out.count("Quit this game?") == 2 and "Playing on." in out and "never read" not in out
    assert "Your game is saved: patience play offers to resume it." in out
    out, _terminal = play(dealt(hamilton_game(), 7), "quit\nnever read\n")
    assert "Quit this game?" not in out and "never read" not in out  # nothing to lose yet


def test_the_next_play_offers_to_resume_the_game_under_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "terminal.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("s\ns\nquit\ny\n"))
    assert cli.main(["play", "hamilton", "--deal", "7", "--db", db, "--no-color", "--lang", "en"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nmoves\n"))
    assert cli.main(["play", "--db", db, "--no-color", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Resume your game of Hamilton, deal 7 (moves played: 2)? (y/n) y" in out
    assert "Hamilton, deal 7." in out and "choices left 1" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert cli.main(["play", "--db", db, "--no-color", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "A new deal, then; that game stays saved." in out and "Hamilton, deal 7." not in out
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert cli.main(["play", "--db", db, "--no-color", "--lang", "en"]) == 0
    assert "Hamilton, deal 7." in capsys.readouterr().out  # still there to resume


def test_play_saves_to_the_users_data_directory_by_default(data_home: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("s\n"))
    assert cli.main(["play", "hamilton", "--deal", "7", "--no-color", "--lang", "en"]) == 0
    assert (data_home / "patience" / "terminal.sqlite3").exists()


def test_moves_undo_and_redo_say_what_was_played_or_taken_back() -> None:
    game, good, _bad = hamilton_setup(DEAL)
    out, _terminal = play(dealt(game, DEAL), f"s\nc-f1\n{good}\nundo\nredo\nquit\nyes\n")
    state = after_choice(game, DEAL)
    what = describe_move(game, state, good)
    assert f"Played {good}: {what}" in out
    assert f"Took back {good}: {what}" in out
    assert f"Played again {good}: {what}" in out
    assert out.index(f"Took back {good}") > out.index(f"Played {good}")


def test_play_with_a_deal_offers_that_deals_game_under_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "terminal.sqlite3")
    args = ["--db", db, "--no-color", "--lang", "en"]
    monkeypatch.setattr("sys.stdin", io.StringIO("s\ns\nquit\ny\n"))
    assert cli.main(["play", "hamilton", "--deal", "42", *args]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nquit\ny\n"))  # another deal played since
    assert cli.main(["play", "hamilton", "--deal", "7", *args]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert cli.main(["play", "hamilton", "--deal", "42", *args]) == 0
    out = capsys.readouterr().out
    assert "Resume your game of Hamilton, deal 42 (moves played: 2)? (y/n) y" in out
    assert "choices left 1" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("n\ns\nquit\ny\n"))  # no: a new game of that deal
    assert cli.main(["play", "hamilton", "--deal", "42", *args]) == 0
    out = capsys.readouterr().out
    assert "Hamilton, deal 42." in out and "choices left 2" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # the one declined is still offered later
    assert cli.main(["play", "hamilton", "--deal", "42", *args]) == 0
    assert "Resume your game of Hamilton, deal 42" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "pt_BR", "ru"])
def test_union_square_fits_a_window_of_60_columns(lang: str) -> None:
    game = union_square_game()
    out = io.StringIO()
    dealt_game = dealt(game, 5)
    terminal = TerminalGame(dealt_game.table, dealt_game.record, out, colour=False, rng=random.Random(0),
                            width=60)
    with language(lang):
        assert terminal.run(stream_reader(io.StringIO("s\nquit\ny\n"), out)) == 0
    lines = [line for line in out.getvalue().splitlines() if not line.endswith(" y")]  # not the question
    assert max(len(line) for line in lines) <= 60, max(lines, key=len)
    assert any(line.startswith("t1 ") and "t2 " in line and "t3 " not in line for line in lines)
