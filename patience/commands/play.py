"""``patience play GAME [--deal N] [--record FILE] [--lang L] [--color | --no-color]``: the terminal game."""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
from pathlib import Path

from patience.deals import MAX_DEAL, MIN_DEAL
from patience.errors import InvalidRecordError
from patience.i18n import _, language, language_from_environment
from patience.notation import parse_moves, read_record
from patience.numbers import parse_int
from patience.rules import game_slugs, get_game
from patience.terminal import LineReader, Session, TerminalGame, colour_wanted, console_reader, stream_reader


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play``."""
    p = sub.add_parser("play", help=_("play in the terminal"),
                       description=_("Play a game in the terminal; type help once it starts."))
    p.add_argument("game", nargs="?", choices=game_slugs(),
                   help=_("hamilton or union-square (default: the record's game, else hamilton)"))
    source = p.add_mutually_exclusive_group()
    source.add_argument("--deal", type=parse_int, metavar="N",
                        help=_("numbered deal, {low} to {high} (default: a random one, printed)")
                        .format(low=MIN_DEAL, high=MAX_DEAL))
    source.add_argument("--record", type=Path, metavar="FILE", help=_("resume a saved game record"))
    p.add_argument("--lang", metavar="L", help=_("language: en, pt_BR or ru (default: from LANG)"))
    colour = p.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="colour", action="store_const", const=True,
                        help=_("red suits in red even when not on a terminal"))
    colour.add_argument("--no-color", "--no-colour", dest="colour", action="store_const", const=False,
                        help=_("no colours (also when NO_COLOR is set)"))
    p.set_defaults(handler=run_play, colour=None)


def session_from(args: argparse.Namespace, rng: random.Random) -> Session:
    """The session the arguments ask for: a record resumed, a numbered deal, or a random deal."""
    if args.record is not None:
        record = read_record(args.record)
        if args.game is not None and args.game != record.game:
            raise InvalidRecordError(f"{args.record} is a {record.game} record, not {args.game}")
        game = get_game(record.game)
        return Session(game, record.deal, parse_moves(game, record.moves))
    game = get_game(args.game or "hamilton")
    deal = args.deal if args.deal is not None else rng.randint(MIN_DEAL, MAX_DEAL)
    return Session(game, deal)


def enable_line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has ``readline``."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what turns editing on for input())


def run_play(args: argparse.Namespace) -> int:
    """Play in the terminal until quit, end of input or Ctrl-C."""
    environ = dict(os.environ)
    rng = random.Random()
    session = session_from(args, rng)
    colour = colour_wanted(args.colour, sys.stdout, environ)
    reader: LineReader = stream_reader(sys.stdin, sys.stdout)
    if sys.stdin.isatty():
        enable_line_editing()
        reader = console_reader
    # the language holds for this game only (a context, not a global), so a caller's is untouched
    with language(args.lang if args.lang else language_from_environment(environ)):
        return TerminalGame(session, sys.stdout, colour=colour, rng=rng).run(reader)
