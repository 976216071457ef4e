"""``patience review`` (where a saved game was lost) and ``patience daily`` (the deal of the day)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from patience.analysis.fair import DEFAULT_SEED, Budget, Odds
from patience.analysis.fair_luck import luck_or_play, luck_or_play_text
from patience.analysis.fair_review import REVIEW_NODES, REVIEW_SAMPLES, costliest_text, fair_review
from patience.analysis.review import Review, positions_of, review, undecided_text
from patience.catalog import daily_deal, parse_day
from patience.commands.options import count, seconds
from patience.errors import IllegalMoveError, InvalidDealError, InvalidRecordError, PatienceError
from patience.i18n import _, ngettext
from patience.notation import parse_moves, read_record
from patience.numbers import parse_int
from patience.rules import Game, Move, State, game_slugs, get_game
from patience.wording import describe_move, move_text

DEFAULT_REVIEW_SECONDS = 60.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add review and daily."""
    p = sub.add_parser("review", help=_("find the move after which a saved game could no longer be won"),
                       description=_("Binary search over a saved game's moves: where the deal was lost, "
                                     "a move that would have kept it winnable, and the winning line."))
    p.add_argument("file", type=Path)
    p.add_argument("--max-seconds", type=seconds, metavar="S",
                   help=_("stop after S seconds (default {seconds})").format(seconds=DEFAULT_REVIEW_SECONDS))
    p.add_argument("--fair", action="store_true",
                   help=_("use only what the player saw: the odds before and after each move, and the "
                          "move that cost the most"))
    p.add_argument("--samples", type=count, metavar="K",
                   help=_("with --fair: ways to deal the unseen cards at each move (default {samples})")
                   .format(samples=REVIEW_SAMPLES))
    p.add_argument("--seed", type=parse_int, metavar="S",
                   help=_("with --fair: seed of the random orders (default {seed})").format(
                       seed=DEFAULT_SEED))
    p.add_argument("--max-nodes", type=count, metavar="N",
                   help=_("with --fair: positions per solve (default {nodes}): the same answer on every run")
                   .format(nodes=REVIEW_NODES))
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
    if args.fair:
        return _print_fair_review(args, game, record.deal, moves)
    fair_only = (("--samples", args.samples), ("--seed", args.seed), ("--max-nodes", args.max_nodes))
    for option, value in fair_only:
        if value is not None:
            raise PatienceError(_("{option} is for the fair review: add --fair").format(option=option))
    max_seconds = DEFAULT_REVIEW_SECONDS if args.max_seconds is None else args.max_seconds
    try:
        answer = review(game, record.deal, moves, max_seconds=max_seconds)
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


def _print_fair_review(args: argparse.Namespace, game: Game[State], deal: int | str,
                       moves: list[Move]) -> int:
    """``patience review --fair``: the odds before and after each decision, and the costliest move."""
    if args.max_seconds is not None:
        raise PatienceError(_("--max-seconds is for the exact review: with --fair, give --max-nodes"))
    samples = REVIEW_SAMPLES if args.samples is None else args.samples
    seed = DEFAULT_SEED if args.seed is None else args.seed
    nodes = REVIEW_NODES if args.max_nodes is None else args.max_nodes
    try:
        answer = fair_review(game, deal, moves, samples=samples, seed=seed, budget=Budget(max_nodes=nodes))
    except IllegalMoveError as exc:
        print(f"patience: {exc}", file=sys.stderr)
        return 1
    states = positions_of(game, deal, moves)
    split = None if game.is_won(states[-1]) else luck_or_play(game, deal, moves, answer)
    if args.json:
        print(json.dumps({**answer.as_json(), "luck_or_play": None if split is None else split.as_json()}))
        return 0
    lines = [costliest_text(game, states, answer),
             ngettext("Each move: {samples} way to deal the unseen cards, {nodes} positions per solve.",
                      "Each move: {samples} ways to deal the unseen cards, {nodes} positions per solve.",
                      samples).format(samples=samples, nodes=nodes)]
    for decision in answer.decisions:
        lines.append(_("{number:4d}. {move}: {before} before, {after} after").format(
            number=decision.number, move=move_text(game, states[decision.number - 1], decision.move),
            before=_won_of(decision.before), after=_won_of(decision.after)))
    if split is not None:
        lines.append(luck_or_play_text(split))
    print("\n".join(lines))
    return 0


def _won_of(odds: Odds) -> str:
    if odds.unknown:
        return _("{won} of {samples} win ({unknown} not decided)").format(
            won=odds.won, samples=odds.samples, unknown=odds.unknown)
    return _("{won} of {samples} win").format(won=odds.won, samples=odds.samples)


def review_text(game: Game[State], answer: Review) -> str:
    """The verdict in words, with the better move and the first moves of the winning line."""
    if answer.status == "won":
        return _("This game was won.")
    if answer.status == "winnable":
        return _("This game can still be won.")
    if answer.status == "unknown":
        return _undecided_review_text(game, answer)
    if answer.lost_at == 0:
        return _("This deal could not be won from the start.")
    assert answer.lost_at is not None and answer.better is not None and answer.played is not None
    state = answer.turning_point()
    assert state is not None  # a game lost after some moves has its positions
    lines = [_("Move {number} lost the game: {move}.").format(
                 number=answer.lost_at, move=describe_move(game, state, answer.played)),
             _("Instead: {move}.").format(move=describe_move(game, state, answer.better)),
             ngettext("A winning line of {count} move from there:",
                      "A winning line of {count} moves from there:", len(answer.line)).format(
                 count=len(answer.line))]
    return "\n".join(lines + _numbered(game, state, answer.line))


def _undecided_review_text(game: Game[State], answer: Review) -> str:
    """An ``unknown`` review in words: the ends it knows, then the winning line it keeps from the last
    position known winnable."""
    known = undecided_text(answer.winnable_after, answer.lost_after)
    if known is None:
        return _("Not decided: a search ran out of time. Try again with more --max-seconds.")
    known += " " + _("Try again with more --max-seconds.")
    after, count = answer.winnable_after, len(answer.line)
    if after is None or not count or not answer.positions:
        return known
    if after:
        head = ngettext("A winning line of {count} move from the position after move {number}:",
                        "A winning line of {count} moves from the position after move {number}:",
                        count).format(count=count, number=after)
    else:
        head = ngettext("A winning line of {count} move from the deal as dealt:",
                        "A winning line of {count} moves from the deal as dealt:", count).format(count=count)
    return "\n".join([known, head, *_numbered(game, answer.positions[after], answer.line)])


def _numbered(game: Game[State], state: State, line: tuple[Move, ...]) -> list[str]:
    """The moves of ``line`` from ``state``, numbered, in words, one a line."""
    lines = []
    for number, move in enumerate(line, start=1):
        lines.append(f"{number:4d}. {describe_move(game, state, move)}")
        state = game.apply_legal(state, move)
    return lines


def run_daily(args: argparse.Namespace) -> int:
    """Print the daily deal's number."""
    print(daily_deal(args.game, parse_day(args.date)).deal)
    return 0
