"""``patience play GAME [--deal N] [--record FILE] [--db PATH] [--lang L] [--autodrop off|safe|all]
[--color | --no-color]``: the terminal game.

Every action is saved as it is played (in ``terminal.sqlite3`` in the user's data directory, or
``--db``); without ``--record``, a game under way (with ``--deal``, of that deal) is offered to resume.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
from pathlib import Path
from typing import Final, TextIO

import platformdirs

from patience.autodrop import AUTODROP_MODES, DEFAULT_AUTODROP
from patience.deals import MAX_DEAL, MIN_DEAL
from patience.errors import InvalidRecordError
from patience.i18n import _, language, language_from_environment
from patience.kit import default_slug
from patience.notation import parse_moves, read_record
from patience.numbers import parse_int
from patience.rules import game_slugs, get_game
from patience.store import GameRecord, Store
from patience.table import Table
from patience.terminal import (
    TERMINAL_PLAYER,
    LineReader,
    TerminalGame,
    colour_wanted,
    console_reader,
    deal_game,
    is_yes,
    stream_reader,
)
from patience.wording import or_list

#: The terminal's games, in the user's data directory (the web app's are in another file).
TERMINAL_DATABASE: Final = "terminal.sqlite3"


def terminal_db_path() -> Path:
    """Where the terminal's games are saved: the user's data directory (platformdirs)."""
    return Path(platformdirs.user_data_dir("patience", appauthor=False)) / TERMINAL_DATABASE


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play``."""
    p = sub.add_parser("play", help=_("play in the terminal"),
                       description=_("Play a game in the terminal; type help once it starts."))
    p.add_argument("game", nargs="?", choices=game_slugs(),
                   help=_("{games} (default: the record's game, else {default})").format(
                       games=or_list(game_slugs()), default=default_slug()))
    source = p.add_mutually_exclusive_group()
    source.add_argument("--deal", type=parse_int, metavar="N",
                        help=_("numbered deal, {low} to {high} (default: a random one, printed)")
                        .format(low=MIN_DEAL, high=MAX_DEAL))
    source.add_argument("--record", type=Path, metavar="FILE", help=_("resume a saved game record"))
    p.add_argument("--db", type=Path, metavar="PATH",
                   help=_("where the terminal's games are saved (default: in the user's data directory)"))
    p.add_argument("--lang", metavar="L", help=_("language: en, pt_BR or ru (default: from LANG)"))
    p.add_argument("--autodrop", choices=AUTODROP_MODES, default=DEFAULT_AUTODROP,
                   help=_("cards that go up to the foundations by themselves: off, safe (only moves that "
                          "cannot spoil the game) or all (every card that fits) (default: {default})")
                   .format(default=DEFAULT_AUTODROP))
    colour = p.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="colour", action="store_const", const=True,
                        help=_("red suits in red even when not on a terminal"))
    colour.add_argument("--no-color", "--no-colour", dest="colour", action="store_const", const=False,
                        help=_("no colours (also when NO_COLOR is set)"))
    p.set_defaults(handler=run_play, colour=None)


def game_from(args: argparse.Namespace, table: Table, rng: random.Random, read: LineReader,
              out: TextIO) -> GameRecord:
    """The game the arguments ask for: a record resumed, the game under way (with ``--deal``, that deal's)
    when the player wants it back, else the numbered deal or a random one."""
    if args.record is not None:
        record = read_record(args.record)
        if args.game is not None and args.game != record.game:
            raise InvalidRecordError(f"{args.record} is a {record.game} record, not {args.game}")
        game = get_game(record.game)
        return deal_game(table, game.slug, record.deal, parse_moves(game, record.moves))
    slug = args.game or default_slug()
    played = table.store.list_games(TERMINAL_PLAYER, "unfinished", played_only=True)
    if args.deal is not None:  # that deal's game under way, if any, is offered first
        played = [g for g in played if g.game == slug and g.deal == args.deal and g.deck is None]
    under_way = played[0] if played else None
    if under_way is not None and args.game in (None, under_way.game):
        name = _(get_game(under_way.game).name)
        question = (_("Resume your game of {game}, deal {deal} (moves played: {count})? (y/n) ").format(
            game=name, deal=under_way.deal, count=under_way.move_count) if under_way.deck is None else
            _("Resume your game of {game} (moves played: {count})? (y/n) ").format(
                game=name, count=under_way.move_count))
        if is_yes(read(question)):
            return under_way
        out.write(_("A new deal, then; that game stays saved.") + "\n")
    return deal_game(table, slug, args.deal if args.deal is not None else rng.randint(MIN_DEAL, MAX_DEAL))


def enable_line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has ``readline``."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what turns editing on for input())


def run_play(args: argparse.Namespace) -> int:
    """Play in the terminal until quit, end of input or Ctrl-C."""
    environ = dict(os.environ)
    rng = random.Random()
    colour = colour_wanted(args.colour, sys.stdout, environ)
    reader: LineReader = stream_reader(sys.stdin, sys.stdout)
    if sys.stdin.isatty():
        enable_line_editing()
        reader = console_reader
    path = args.db if args.db is not None else terminal_db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    table = Table(Store(path))
    # the language holds for this game only (a context, not a global), so a caller's is untouched
    with language(args.lang if args.lang else language_from_environment(environ)):
        record = game_from(args, table, rng, reader, sys.stdout)
        return TerminalGame(table, record, sys.stdout, colour=colour, rng=rng,
                            autodrop=args.autodrop).run(reader)
