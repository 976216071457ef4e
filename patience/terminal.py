"""The terminal game: read commands and moves, print the table.

Every action goes through a :class:`~patience.table.Table` (the same one the
web app uses), so each one is checked by the rules and saved as it is
played: quitting loses nothing, and the next ``patience play`` offers to
resume a game under way. :class:`TerminalGame` reads lines through a
:data:`LineReader` and writes to a text stream, sentences wrapped to the
window's width, so a test drives it with :class:`io.StringIO`. Nothing here
is global: the language is set by the caller
(``patience.i18n.set_language``), the table and the random source for new
deals are passed in.

>>> import io, random
>>> from patience.store import Store
>>> table = Table(Store(":memory:"))
>>> out = io.StringIO()
>>> play = TerminalGame(table, deal_game(table, "hamilton", 1), out, colour=False, rng=random.Random(0))
>>> play.run(stream_reader(io.StringIO("s\\nc-f1\\nquit\\ny\\n"), out))
0
>>> "start rank Queen" in out.getvalue()
True
"""

from __future__ import annotations

import datetime
import random
import shutil
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TextIO

from patience.analysis.hints import BASIS_LINE, hint
from patience.autodrop import AUTODROP_MODES, DEFAULT_AUTODROP, check_mode

# The readers and the typed words live in console.py; their names stay importable from here.
from patience.console import (
    PROMPT,
    LineReader,
    colour_wanted,
    console_reader,
    normalize_input,
    stream_reader,
)
from patience.deals import MAX_DEAL, MIN_DEAL
from patience.errors import IllegalMoveError, PatienceError, TableError
from patience.i18n import _, ngettext
from patience.kit import kit_of
from patience.layout import game_name, layout_text
from patience.notation import Record, format_record
from patience.rules import (
    FOUNDATION,
    STOCK,
    Game,
    Move,
    State,
    get_game,
    is_tableau,
    pile_notation,
)
from patience.store import GameRecord
from patience.table import Table, parse_stored
from patience.wording import describe_move, pile_text

__all__ = [
    "DEFAULT_WIDTH", "HINT_SECONDS", "PROMPT", "SHOW_SECONDS", "TERMINAL_PLAYER", "LineReader",
    "TerminalGame", "colour_wanted", "console_reader", "deal_game", "help_text", "is_yes",
    "normalize_input", "stream_reader",
]

#: The player the terminal's games are saved for (its own database holds no one else's).
TERMINAL_PLAYER: Final = "terminal-player-0001"
#: Columns when the window's width is not known.
DEFAULT_WIDTH: Final = 80

HINT_SECONDS: Final = 1.0  # the hint answers within about this long
SHOW_SECONDS: Final = 10.0  # ``show`` searches this long for a winning line when none is known


def help_text(game: Game[State], autodrop: str = DEFAULT_AUTODROP) -> str:
    """What the player can type (``autodrop``: the mode in use, which the help names)."""
    lines = [
        # TRANSLATORS: in the help lines, keep what the player types (s, c-f1, t3-f1, moves, undo,
        # dc PILE, save FILE…) as it is: commands and moves are the same in every language.
        _("Moves are written in the notation of the records:"),
        _("  s          click the stock"),
    ]
    table = kit_of(game).table
    lines += table.move_help()
    lines += [
        _("Piles: s stock, {extra}, f1-f4 foundations, t1-t{last} tableau piles.").format(
            extra=table.pile_help(),
            last=sum(1 for p in game.piles() if is_tableau(p))),
        _("A space works as well as the dash (t3 f1), and several moves fit on one line (s s t3-f1)."),
        "",
        _("Commands:"),
        _("  moves      list the legal moves"),
        _("  undo, redo take back a move, play it again (as often as you like)"),
    ]
    lines += table.double_click_help()
    lines += [
        _("  hint       suggest a move and say whether the deal can still be won"),
        _("  show       play the next move of a winning line (show me how)"),
        _("  board      show the table again"),
        _("  finish     play every remaining card up once nothing else can go wrong"),
        _("  autodrop MODE  cards that go up by themselves: off, safe (never spoils a game) or all "
          "(can spoil one); now {mode}").format(mode=autodrop),
        _("  new        a new random deal"),
        _("  restart    start this deal again"),
        _("  save FILE  write the game record to FILE (patience replay FILE replays it)"),
        _("  help       this text"),
        _("  quit       leave the game (end of input does too)"),
    ]
    return "\n".join(lines)


def deal_game(table: Table, slug: str, deal: int | str, moves: Sequence[Move] = (),
              player: str = TERMINAL_PLAYER) -> GameRecord:
    """A new game of ``slug`` on ``deal`` at the table, ``moves`` played one action each (so undo takes
    them back one by one); an illegal one raises :class:`IllegalMoveError` naming it and why."""
    record, _state = table.create(player, slug, deal if isinstance(deal, int) else None,
                                  deal if isinstance(deal, str) else None)
    for index, move in enumerate(moves, start=1):
        try:
            record, _state = table.play(player, record.id, [str(move)], record.version)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {index} ({move}): {exc}") from None
    return record


def is_yes(answer: str | None) -> bool:
    """True for a yes typed in English or in the player's language; end of input counts as yes.

    >>> is_yes("Y"), is_yes(" yes"), is_yes("n"), is_yes(""), is_yes(None)
    (True, True, False, False, True)
    """
    if answer is None:
        return True
    # TRANSLATORS: the short and the long answer "yes" a player may type to a question (y, yes)
    return answer.strip().lower() in {"y", "yes", _("y"), _("yes")}


class TerminalGame:
    """The game loop: one line in, the answer and the table out."""

    def __init__(self, table: Table, record: GameRecord, out: TextIO, *, colour: bool, rng: random.Random,
                 width: int | None = None, autodrop: str = "off") -> None:
        self.table = table
        self.autodrop = check_mode(autodrop)
        self.record = record
        self.state: State = table.state_of(record)
        self.out = out
        self.colour = colour
        self.rng = rng
        self.width = width if width is not None else shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
        self.read: LineReader | None = None
        self.commands: dict[str, Callable[[list[str]], bool]] = {
            "help": self.cmd_help, "?": self.cmd_help,
            "moves": self.cmd_moves,
            "undo": self.cmd_undo, "u": self.cmd_undo,
            "redo": self.cmd_redo,
            "dc": self.cmd_double_click,
            "hint": self.cmd_hint, "h": self.cmd_hint,
            "show": self.cmd_show,
            "board": self.cmd_board,
            "finish": self.cmd_finish,
            "new": self.cmd_new,
            "restart": self.cmd_restart,
            "save": self.cmd_save,
            "autodrop": self.cmd_autodrop,
            "quit": self.cmd_quit, "q": self.cmd_quit, "exit": self.cmd_quit,
        }
        if kit_of(self.game).table.autoplay:
            self.commands["auto"] = self.cmd_auto
        self.known_line: tuple[State, tuple[Move, ...]] | None = None  # a position and a winning line from it

    @property
    def game(self) -> Game[State]:
        """The game being played."""
        return get_game(self.record.game)

    @property
    def deal(self) -> int | str:
        """The deal number, or the deck string."""
        return self.record.deck if self.record.deck is not None else int(self.record.deal or 0)

    @property
    def player(self) -> str:
        """Whose game this is at the table."""
        return self.record.player

    def moves(self) -> list[Move]:
        """Every move played since the deal, in order."""
        return [parse_stored(m) for m in self.table.moves_of(self.record)]

    def game_record(self, headers: dict[str, str] | None = None) -> Record:
        """The game so far as a record."""
        return Record(self.game.slug, self.deal, [str(m) for m in self.moves()], dict(headers or {}))

    def under_way(self) -> bool:
        """True once a move is played, until the game is over."""
        return self.record.started and not self.record.finished

    # --- output ---------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Write a sentence (or lines), each wrapped to the window's width between words."""
        for line in text.split("\n"):
            indent = line[:len(line) - len(line.lstrip())]
            wrapped = textwrap.wrap(line, width=max(self.width, 20), subsequent_indent=indent,
                                    break_long_words=False, break_on_hyphens=False) or [""]
            self.out.write("\n".join(wrapped) + "\n")

    def show_board(self) -> None:
        """The table, then what the position means for the player."""
        game, state = self.game, self.state
        self.out.write("\n" + layout_text(game, state, colour=self.colour, width=self.width) + "\n\n")
        if game.is_won(state):
            self.say(_("You won! Every card is on the foundations."))
            self.say(_("Type new for another deal, or quit."))
        elif game.is_stuck(state):
            self.say(_("No move is left. Type undo to take moves back, restart to play this deal "
                       "again, or new for another deal."))
        elif kit_of(game).table.choosing(game.view(state)):
            self.say(_("Choose the start card: s turns a stock card to the Chooser (up to three), "
                       "c-f1 or dc c makes it the start card."))

    def announce_deal(self) -> None:
        """Which deal this is, and how to play it again."""
        deal = self.deal
        if isinstance(deal, int):
            self.say(_("{game}, deal {number}. Play it again with: patience play {slug} --deal {number}")
                     .format(game=game_name(self.game), number=deal, slug=self.game.slug))
        else:
            self.say(_("{game}, deal given as a deck string.").format(game=game_name(self.game)))
        self.say(_("Type help for the notation and the commands."))

    # --- the loop ---------------------------------------------------------------
    def run(self, read: LineReader) -> int:
        """Play until quit or end of input; return the exit status (0). Every action is saved as it is
        played, so a game under way is there to resume."""
        self.read = read
        self.announce_deal()
        self.show_board()
        try:
            while True:
                line = read(PROMPT)
                if line is None:
                    self.say()
                    self.say_saved()
                    return 0
                if not self.execute(line):
                    return 0
        except KeyboardInterrupt:
            self.say()
            self.say_saved()
            return 0

    def say_saved(self) -> None:
        """On leaving a game under way: it is saved, and how to come back to it."""
        if self.under_way():
            self.say(_("Your game is saved: patience play offers to resume it."))

    def execute(self, line: str) -> bool:
        """Carry out one typed line; False when the game should end."""
        words = line.strip().split()
        if not words:
            return True
        command = self.commands.get(words[0].lower())
        if command is not None:
            return command(words[1:])
        self.play_words(normalize_input(line))
        return True

    def _changed(self, record: GameRecord, state: State) -> None:
        self.record, self.state = record, state

    def play_words(self, words: list[str]) -> None:
        """Play move texts in turn, stopping at the first one that is unreadable or illegal.

        The moves before a bad one stay played; the table is shown, then why the bad one failed.
        """
        game = self.game
        played: list[str] = []
        problem: list[str] = []
        # per played move: the position after, what went up
        automatic: dict[int, tuple[State, list[str]]] = {}
        for word in words:
            try:
                move = game.parse_move(word)
            except PatienceError as exc:
                if word.isalpha() and len(word) > 1:
                    problem.append(_("Unknown command '{word}'.").format(word=word))
                else:
                    problem.append(str(exc))
                problem.append(_("Type help for the notation and the commands, moves for the legal moves."))
                break
            before = self.state
            try:
                record, state, auto = self.table.play_auto(self.player, self.record.id, [word],
                                                           self.record.version, autodrop=self.autodrop)
                self._changed(record, state)
            except IllegalMoveError as exc:
                problem.append(str(exc))
                problem += self.matching_moves(move)
                break
            except TableError as exc:
                problem.append(str(exc))
                break
            what = describe_move(game, before, move)
            played.append(_("Played {move}: {what}").format(move=move, what=what))
            if auto:
                automatic[len(played) - 1] = (game.apply_legal(before, move), auto)
        if played:
            self.show_board()
        for number, line in enumerate(played):
            self.say(line)
            if number in automatic:
                self.say_automatic(*automatic[number])
        for line in problem:
            self.say(line)

    def _say_moves(self, template: str, moves: Sequence[Move], state: State) -> None:
        """One line per move, played in turn from ``state``: ``template`` with its text and its words."""
        for move in moves:
            self.say(template.format(move=move, what=describe_move(self.game, state, move)))
            state = self.game.apply_legal(state, move)

    def matching_moves(self, move: Move) -> list[str]:
        """After an illegal move: the legal moves between the same piles, or from the same pile."""
        legal = self.game.legal_moves(self.state)
        same = [m for m in legal if m.src == move.src and m.dst == move.dst]
        if same:
            return [_("Legal from {source} to {target}: {moves}").format(
                source=pile_text(move.src), target=pile_text(move.dst),
                moves=" ".join(str(m) for m in same))]
        from_source = [m for m in legal if m.src == move.src]
        if from_source and move.src != STOCK:
            return [_("Legal from {source}: {moves}").format(
                source=pile_text(move.src), moves=" ".join(str(m) for m in from_source))]
        return []

    def describe_action(self, state: State, applied: Sequence[str]) -> None:
        """Each move of a convenience, with what it did from ``state``."""
        for text in applied:
            move = parse_stored(text)
            self.say(f"{move}  {describe_move(self.game, state, move)}")
            state = self.game.apply_legal(state, move)

    def say_automatic(self, state: State, automatic: Sequence[str]) -> None:
        """The moves that went up by themselves from ``state``, in words."""
        if automatic:
            self.say(ngettext("By itself, {count} card went up to the foundations:",
                              "By themselves, {count} cards went up to the foundations:",
                              len(automatic)).format(count=len(automatic)))
            self.describe_action(state, automatic)

    # --- commands -----------------------------------------------------------------
    def cmd_help(self, args: list[str]) -> bool:
        """``help``."""
        self.say(help_text(self.game, self.autodrop))
        return True

    def cmd_moves(self, args: list[str]) -> bool:
        """``moves``: every legal move, with what it does."""
        game, state = self.game, self.state
        legal = game.legal_moves(state)
        if not legal:
            self.say(_("No move is left."))
            return True
        self.say(ngettext("{count} legal move:", "{count} legal moves:", len(legal)).format(count=len(legal)))
        for move in legal:
            self.say(f"  {move!s:<10} {describe_move(game, state, move)}")
        return True

    def _refused(self, action: Callable[[], None]) -> None:
        """Do ``action``; a refusal of the table is said in its own words."""
        try:
            action()
        except TableError as exc:
            self.say(str(exc))

    def cmd_undo(self, args: list[str]) -> bool:
        """``undo``: the board, then each move taken back."""
        def undo() -> None:
            before = self.moves()
            self._changed(*self.table.undo(self.player, self.record.id, self.record.version))
            self.show_board()
            self._say_moves(_("Took back {move}: {what}"), before[len(self.moves()):], self.state)
        self._refused(undo)
        return True

    def cmd_redo(self, args: list[str]) -> bool:
        """``redo``: the board, then each move played again."""
        def redo() -> None:
            before, state = len(self.moves()), self.state
            self._changed(*self.table.redo(self.player, self.record.id, self.record.version))
            self.show_board()
            self._say_moves(_("Played again {move}: {what}"), self.moves()[before:], state)
        self._refused(redo)
        return True

    def double_click(self, pile_text: str) -> None:
        """The table's double-click on a pile, its moves described, or why nothing moves."""
        before = self.state
        try:
            record, state, applied, auto = self.table.double_click_auto(
                self.player, self.record.id, pile_text, self.record.version, autodrop=self.autodrop)
        except (TableError, PatienceError) as exc:
            self.say(str(exc))
            return
        self._changed(record, state)
        self.describe_action(before, applied)
        self.say_automatic(self.game.apply_all(before, [parse_stored(m) for m in applied]), auto)
        self.show_board()

    def cmd_double_click(self, args: list[str]) -> bool:
        """``dc PILE``: the game's double-click on that pile."""
        if len(args) != 1:
            self.say(_("Write dc and a pile, such as dc t3."))
            return True
        self.double_click(args[0])
        return True

    def cmd_auto(self, args: list[str]) -> bool:
        """``auto``: Union Square's autoplay (a double-click on a foundation)."""
        self.double_click(pile_notation(FOUNDATION))
        return True

    def cmd_autodrop(self, args: list[str]) -> bool:
        """``autodrop MODE``: off, safe or all from the next move on; alone, the mode in use."""
        if len(args) == 1 and args[0].lower() in AUTODROP_MODES:
            self.autodrop = check_mode(args[0].lower())
        elif args:
            self.say(_("Write autodrop and off, safe or all, such as autodrop safe."))
            return True
        self.say(_("Cards going up by themselves: {mode}.").format(mode=self.autodrop))
        return True

    def cmd_hint(self, args: list[str]) -> bool:
        """``hint``: the solver's suggestion within about a second, and whether the deal can still be won."""
        state = self.state
        line = self.line_from(state)
        try:
            self.record, _state, suggestion = self.table.hint(self.player, self.record.id,
                                                              budget=HINT_SECONDS, line=line)
        except TableError as exc:
            self.say(str(exc))
            return True
        if not line:
            self.remember_line(state, suggestion.line)
        self.say(suggestion.explanation)
        if suggestion.move is not None:
            # TRANSLATORS: {move} is what the player types, in the notation (t3-f1, s)
            self.say(_("To play it, type {move}").format(move=suggestion.move))
        status = {
            "winnable": _("This position can still be won."),
            "lost": _("This position can no longer be won."),
        }.get(suggestion.status, _("Whether this position can be won is not known yet."))
        self.say(status)
        return True

    def last_move(self) -> Move | None:
        """The move just played, if any."""
        moves = self.moves()
        return moves[-1] if moves else None

    def remember_line(self, state: State, line: Sequence[Move]) -> None:
        """Keep a winning line from ``state`` (hint and show reuse it without a new search)."""
        self.known_line = (state, tuple(line)) if line else None

    def line_from(self, state: State) -> tuple[Move, ...]:
        """The known winning line from this position, if the last one found leads here."""
        if self.known_line is not None and self.known_line[0] == state:
            return self.known_line[1]
        return ()

    def cmd_show(self, args: list[str]) -> bool:
        """``show``: play the next move of a winning line (searching for one when none is known)."""
        game, state = self.game, self.state
        if game.is_won(state):
            self.say(_("The game is won."))
            return True
        line = self.line_from(state)
        if not line:
            self.say(_("Looking for a winning line (up to {seconds} s)…").format(seconds=int(SHOW_SECONDS)))
            found = hint(game, state, budget=SHOW_SECONDS, last=self.last_move())
            if found.basis != BASIS_LINE or not found.line:
                self.say(found.explanation)
                return True
            line = found.line
        move = line[0]
        self.say(f"{move}  {describe_move(game, state, move)}")
        try:
            self._changed(*self.table.play(self.player, self.record.id, [str(move)], self.record.version))
        except TableError as exc:
            self.say(str(exc))
            return True
        self.remember_line(self.state, line[1:])
        self.show_board()
        return True

    def cmd_finish(self, args: list[str]) -> bool:
        """``finish``: when the rest is a sure win by foundation moves alone, play it all up."""
        before = self.state
        try:
            record, state, applied = self.table.finish(self.player, self.record.id, self.record.version)
        except TableError as exc:
            self.say(str(exc))
            return True
        self._changed(record, state)
        self.describe_action(before, applied)
        self.show_board()
        return True

    def cmd_board(self, args: list[str]) -> bool:
        """``board``."""
        self.show_board()
        return True

    def cmd_new(self, args: list[str]) -> bool:
        """``new``: a new random deal (the game under way stays saved)."""
        self._changed(*self.table.create(self.player, self.game.slug, self.rng.randint(MIN_DEAL, MAX_DEAL),
                                         None))
        self.announce_deal()
        self.show_board()
        return True

    def cmd_restart(self, args: list[str]) -> bool:
        """``restart``: this deal from the start."""
        self._changed(*self.table.restart(self.player, self.record.id))
        self.say(_("Starting the deal again."))
        self.show_board()
        return True

    def cmd_save(self, args: list[str]) -> bool:
        """``save FILE``: write the record."""
        if len(args) != 1:
            self.say(_("Write save and a file name, such as save game.txt."))
            return True
        path = Path(args[0]).expanduser()
        game = self.game
        headers = {"Date": datetime.date.today().isoformat(),
                   "Result": f"{game.score(self.state)}/{game.max_score}"}
        record = self.game_record(headers)
        try:
            path.write_text(format_record(record), encoding="utf-8")
        except OSError as exc:
            self.say(_("Cannot write {file}: {reason}").format(file=path, reason=exc.strerror or exc))
            return True
        count = len(record.moves)
        self.say(ngettext("Saved {count} move to {file}.", "Saved {count} moves to {file}.", count)
                 .format(count=count, file=path))
        return True

    def cmd_quit(self, args: list[str]) -> bool:
        """``quit``: a game under way asks once first (it stays saved either way)."""
        if self.under_way() and self.read is not None:
            answer = self.read(_("Quit this game? It is saved: patience play offers to resume it. (y/n) "))
            if not is_yes(answer):
                self.say(_("Playing on."))
                return True
        self.say_saved()
        return False
