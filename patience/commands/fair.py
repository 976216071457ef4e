"""``patience odds``: the share of the ways to deal the unseen cards that still win."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from patience.analysis.fair import DEFAULT_SAMPLES, DEFAULT_SEED, Budget, Odds, observe, odds
from patience.errors import InvalidRecordError, PatienceError
from patience.i18n import _, ngettext
from patience.notation import parse_moves, read_record
from patience.numbers import parse_float, parse_int
from patience.rules import game_slugs, get_game

DEFAULT_FAIR_SECONDS = 1.0  # per solve, when no --max-nodes is given


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add odds."""
    p = sub.add_parser("odds", help=_("the odds of winning, seeing only what the player sees"),
                       description=_("Deal the cards the player has not seen in random orders and solve "
                                     "each: how many can still be won, with a 95% interval."))
    p.add_argument("game", choices=game_slugs())
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=parse_int, metavar="N", help=_("numbered deal"))
    source.add_argument("--deck", metavar="STR", help=_("deck string, cards in dealing order"))
    source.add_argument("--record", type=Path, metavar="FILE",
                        help=_("saved game: its current position"))
    sampling_arguments(p)
    p.add_argument("--max-seconds", type=parse_float, metavar="T",
                   help=_("stop each solve after T seconds (default {seconds}, none with --max-nodes)")
                   .format(seconds=DEFAULT_FAIR_SECONDS))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(handler=run_odds)


def sampling_arguments(parser: argparse.ArgumentParser) -> None:
    """``--samples``, ``--seed`` and ``--max-nodes``, shared with ``patience hint --fair``."""
    parser.add_argument("--samples", type=parse_int, default=DEFAULT_SAMPLES, metavar="K",
                        help=_("ways to deal the unseen cards (default {samples})").format(
                            samples=DEFAULT_SAMPLES))
    parser.add_argument("--seed", type=parse_int, default=DEFAULT_SEED, metavar="S",
                        help=_("seed of the random orders (default {seed})").format(seed=DEFAULT_SEED))
    parser.add_argument("--max-nodes", type=parse_int, metavar="N",
                        help=_("stop each solve after N positions: the same answer on every run"))


def budget_of(max_nodes: int | None, max_seconds: float | None) -> Budget:
    """The budget of each solve: time only when asked for, or when no position count is given."""
    if max_nodes is not None and max_nodes < 1:
        raise PatienceError(_("--max-nodes must be at least 1"))
    if max_seconds is not None and not max_seconds > 0:
        raise PatienceError(_("--max-seconds must be more than 0"))
    if max_seconds is None and max_nodes is None:
        max_seconds = DEFAULT_FAIR_SECONDS
    return Budget(max_nodes=max_nodes, max_seconds=max_seconds)


def run_odds(args: argparse.Namespace) -> int:
    """Print the odds of a deal or a saved game's position."""
    game = get_game(args.game)
    budget = budget_of(args.max_nodes, args.max_seconds)
    if args.record is not None:
        record = read_record(args.record)
        if record.game != game.slug:
            message = _("{path} is a {game} record").format(path=args.record, game=record.game)
            raise InvalidRecordError(message)
        seen = observe(game, record.deal, parse_moves(game, record.moves))
    else:
        seen = observe(game, args.deck if args.deck is not None else args.deal, [])
    answer = odds(game, seen, samples=args.samples, seed=args.seed, budget=budget)
    print(json.dumps(answer.as_json()) if args.json else odds_text(answer))
    return 0


def odds_text(answer: Odds) -> str:
    """The odds in words: the counts, then the share with its interval."""
    counts = ngettext("{samples} way to deal the unseen cards: {won} can still be won, {lost} cannot, "
                      "{unknown} not decided",
                      "{samples} ways to deal the unseen cards: {won} can still be won, {lost} cannot, "
                      "{unknown} not decided", answer.samples).format(
        samples=answer.samples, won=answer.won, lost=answer.lost, unknown=answer.unknown)
    share = _("About {share:.0%} still win (95% interval {low:.0%} to {high:.0%}, "
              "undecided ones counted both ways).").format(
        share=answer.won / answer.samples, low=answer.low, high=answer.high)
    return f"{counts}\n{share}"
