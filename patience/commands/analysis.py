"""``patience review`` (where a saved game was lost) and ``patience daily`` (the deal of the day)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from patience.catalog import daily_deal, parse_day
from patience.commands.options import seconds
from patience.errors import InvalidDealError, InvalidRecordError, PatienceError
from patience.i18n import _, ngettext
from patience.notation import parse_moves, read_record
from patience.review import Review, review
from patience.rules import Game, game_slugs, get_game
from patience.wording import describe_move

DEFAULT_REVIEW_SECONDS = 60.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add review and daily."""
    p = sub.add_parser("review", help=_("find the move after which a saved game could no longer be won"),
                       description=_("Binary search over a saved game's moves: where the deal was lost, "
                                     "a move that would have kept it winnable, and the winning line."))
    p.add_argument("file", type=Path)
    p.add_argument("--max-seconds", type=seconds, default=DEFAULT_REVIEW_SECONDS, metavar="S",
                   help=_("stop after S seconds (default {seconds})").format(seconds=DEFAULT_REVIEW_SECONDS))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(handler=run_review)

    p = sub.add_parser("daily", help=_("print the number of the daily deal"),
                       description=_("The deal of the day (UTC), the same for everyone, proven winnable."))
    p.add_argument("game", choices=game_slugs())
    p.add_argument("--date", metavar="YYYY-MM-DD", help=_("another day (default today, UTC)"))
    p.set_defaults(handler=run_daily)


def run_review(args: argparse.Namespace) -> int:
    """Review a record file; exit 1 naming the first illegal move, like ``patience replay``."""
    record = read_record(args.file)
    game = get_game(record.game)
    moves = parse_moves(game, record.moves)
    try:
        answer = review(game, record.deal, moves, max_seconds=args.max_seconds)
    except (InvalidRecordError, InvalidDealError):
        raise
    except PatienceError as exc:
        print(f"patience: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(answer.as_json()))
    else:
        print(review_text(game, answer))
    return 0


def review_text(game: Game[Any], answer: Review) -> str:
    """The verdict in words, with the better move and the first moves of the winning line."""
    if answer.status == "won":
        return _("This game was won.")
    if answer.status == "winnable":
        return _("This game can still be won.")
    if answer.status == "unknown":
        return _("Not decided: a search ran out of time. Try again with more --max-seconds.")
    if answer.lost_at == 0:
        return _("This deal could not be won from the start.")
    assert answer.lost_at is not None and answer.better is not None and answer.played is not None
    state = answer.turning_point()
    lines = [_("Move {number} lost the game: {move}.").format(
                 number=answer.lost_at, move=describe_move(game, state, answer.played)),
             _("Instead: {move}.").format(move=describe_move(game, state, answer.better)),
             ngettext("A winning line of {count} move from there:",
                      "A winning line of {count} moves from there:", len(answer.line)).format(
                 count=len(answer.line))]
    for number, move in enumerate(answer.line, start=1):
        lines.append(f"{number:4d}. {describe_move(game, state, move)}")
        state = game.apply_legal(state, move)
    return "\n".join(lines)


def run_daily(args: argparse.Namespace) -> int:
    """Print the daily deal's number."""
    print(daily_deal(args.game, parse_day(args.date)).deal)
    return 0
