"""``patience deal``, ``patience moves`` and ``patience replay``."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from patience.deals import deck_text
from patience.errors import InvalidDealError, InvalidRecordError, PatienceError
from patience.i18n import language, language_from_environment
from patience.layout import layout_text
from patience.notation import parse_moves, read_record, replay
from patience.numbers import parse_int
from patience.rules import game_slugs, get_game
from patience.terminal import colour_wanted
from patience.wording import describe_move


def add_deal_source(parser: argparse.ArgumentParser) -> None:
    """``--deal N`` or ``--deck STR``, one of them required."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=parse_int, metavar="N", help="numbered deal (1 to 4294967295)")
    source.add_argument("--deck", metavar="STR", help="deck string, cards in dealing order")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add deal, moves and replay."""
    games = game_slugs()
    p = sub.add_parser("deal", help="print the deck string of a numbered deal",
                       description="Print the deck string of deal N on one line.")
    p.add_argument("game", choices=games)
    p.add_argument("number", type=parse_int, metavar="N")
    p.add_argument("--show", action="store_true", help="print the dealt layout as text")
    p.set_defaults(handler=run_deal)

    p = sub.add_parser("moves", help="list the legal moves of a position",
                       description="Print the legal moves, one per line, after the given moves.")
    p.add_argument("game", choices=games)
    add_deal_source(p)
    p.add_argument("--moves", default="", metavar='"M1 M2 …"', help="moves to play first")
    p.set_defaults(handler=run_moves)

    p = sub.add_parser("replay", help="replay a game record: the final table and the score",
                       description="Replay a record: print the final table (with --each, the table after "
                                   "every move), then the score; exit 1 naming the first illegal move.")
    p.add_argument("file", type=Path)
    p.add_argument("--each", action="store_true", help="print the table after every move")
    p.add_argument("--lang", metavar="L", help="language of the table: en, pt_BR or ru (default: from LANG)")
    p.set_defaults(handler=run_replay)


def run_deal(args: argparse.Namespace) -> int:
    """Print a deal's deck string, or its layout with ``--show``."""
    game = get_game(args.game)
    if args.show:
        print(layout_text(game, game.new(args.number), colour=False))
    else:
        print(deck_text(game.deck_of(args.number)))
    return 0


def run_moves(args: argparse.Namespace) -> int:
    """Print the legal moves after ``--moves``."""
    game = get_game(args.game)
    state = game.new(args.deck if args.deck is not None else args.deal)
    state = game.apply_all(state, parse_moves(game, args.moves))
    for move in game.legal_moves(state):
        print(move)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Replay a record file."""
    record = read_record(args.file)
    try:
        result = replay(record)
    except (InvalidRecordError, InvalidDealError):
        raise  # bad input (exit 2), not a bad move
    except PatienceError as exc:
        print(f"patience: {exc}", file=sys.stderr)
        return 1
    colour = colour_wanted(None, sys.stdout, dict(os.environ))
    with language(args.lang if args.lang else language_from_environment(os.environ)):
        if args.each:
            game = result.game
            state = game.new(record.deal)
            for number, move in enumerate(result.moves, start=1):
                words = describe_move(game, state, move)
                state = game.apply_legal(state, move)
                print(f"{number}. {move}  {words}")
                print(layout_text(game, state, colour=colour))
                print()
        else:
            print(layout_text(result.game, result.state, colour=colour))
            print()
    print(f"score {result.score}/{result.game.max_score}, {'won' if result.won else 'not won'}")
    return 0
