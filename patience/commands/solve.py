"""``patience solve``, ``patience hint`` and ``patience survey``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from patience.analyse import Analysis
from patience.analysis.fair import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    check_sampling,
    fair_hint,
    fair_hint_text,
    observe,
)
from patience.commands.fair import DEFAULT_FAIR_SECONDS, budget_of, sampling_arguments
from patience.commands.options import count, seconds, tell_if_core_absent
from patience.errors import InvalidRecordError, PatienceError
from patience.i18n import _, ngettext
from patience.notation import parse_moves, read_record
from patience.numbers import parse_int
from patience.rules import Game, Move, State, game_slugs, get_game
from patience.solver import LOST, WON, Result, solve
from patience.solver.result import LOOSER_GAME
from patience.survey import (
    FAIR_POLICIES,
    POLICIES,
    THOUGHTFUL,
    Backend,
    Summary,
    dask_backend,
    merge_rows,
    parse_range,
    summarize,
    survey,
)

DEFAULT_SOLVE_SECONDS = 60.0
DEFAULT_HINT_SECONDS = 1.0
DEFAULT_SURVEY_SECONDS = 10.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add solve, hint and survey."""
    games = game_slugs()
    p = sub.add_parser("solve", help=_("decide whether a deal or saved game can be won"),
                       description=_("Search for a winning line: won (with the line), lost (proven), "
                                     "or unknown when the budget runs out."))
    p.add_argument("game", choices=games)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=parse_int, metavar="N", help=_("numbered deal"))
    source.add_argument("--deck", metavar="STR", help=_("deck string, cards in dealing order"))
    source.add_argument("--record", type=Path, metavar="FILE",
                        help=_("saved game: solve from its current position"))
    _budget_arguments(p, DEFAULT_SOLVE_SECONDS)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(handler=run_solve)

    p = sub.add_parser("hint", help=_("suggest a move for a saved game"),
                       description=_("Print the move to play in a saved game, why, and whether it "
                                     "can still be won."))
    p.add_argument("file", type=Path)
    p.add_argument("--budget", type=seconds, metavar="S",
                   help=_("seconds to think (default {seconds}); with --fair, seconds per solve").format(
                       seconds=DEFAULT_HINT_SECONDS))
    p.add_argument("--fair", action="store_true",
                   help=_("use only what the player sees: the move that keeps most ways to deal the "
                          "unseen cards winnable"))
    sampling_arguments(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(handler=run_hint)

    p = sub.add_parser("survey", help=_("solve a range of numbered deals and report the win rate"),
                       description=_("Solve deals A to B in parallel, one JSON line per deal in the "
                                     "output file; a rerun skips the deals already decided."))
    p.add_argument("game", choices=games)
    p.add_argument("--deals", metavar="A-B", help=_("deal numbers, e.g. 1-2000"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=parse_int, default=1, metavar="N", help=_("processes (default 1)"))
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help=_("solve on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://host:8786 "
                              "(needs pip install 'patience[cluster]')"))
    p.add_argument("--batch", type=parse_int, metavar="N",
                   help=_("deals per cluster task with --scheduler (default: from the cluster's size)"))
    p.add_argument("--policy", choices=POLICIES, default=THOUGHTFUL,
                   help=_("thoughtful: solve each deal knowing the stock's order (the default); fair: play "
                          "it seeing only what a player sees, with fair hints; fair-plan: the same, planning "
                          "each time up to the next card it will see"))
    p.add_argument("--samples", type=parse_int, metavar="K",
                   help=_("with --policy fair: ways to deal the unseen cards at each decision (default "
                          "{samples})").format(samples=DEFAULT_SAMPLES))
    p.add_argument("--max-nodes", type=count, metavar="N",
                   help=_("stop after N positions (with --policy fair: each solve; then the same results "
                          "on every run)"))
    p.add_argument("--max-seconds", type=seconds, metavar="S",
                   help=_("stop after S seconds (default {seconds}; with --policy fair: each solve, default "
                          "{fair} without --max-nodes)").format(seconds=DEFAULT_SURVEY_SECONDS,
                                                                fair=DEFAULT_FAIR_SECONDS))
    p.add_argument("--out", type=Path, metavar="FILE",
                   help=_("results file (default survey-GAME-A-B.jsonl)"))
    p.add_argument("--skip-searched", action="store_true",
                   help=_("do not search again the deals left unknown by a search with at least this "
                          "budget (it would almost surely end the same way)"))
    p.add_argument("--summary", nargs="*", type=Path, metavar="FILE",
                   help=_("only print the summary, of the results file or of the FILEs given (merged, "
                          "the latest row of each deal counts); solve nothing"))
    p.set_defaults(handler=run_survey)


def _budget_arguments(parser: argparse.ArgumentParser, default: float) -> None:
    parser.add_argument("--max-nodes", type=count, metavar="N", help=_("stop after N positions"))
    parser.add_argument("--max-seconds", type=seconds, default=default, metavar="S",
                        help=_("stop after S seconds (default {seconds})").format(seconds=default))


def _position(args: argparse.Namespace) -> tuple[Game[State], int | str, list[Move], State]:
    """The game, the deal, the moves already played and the position to solve."""
    game = get_game(args.game)
    if args.record is not None:
        record = read_record(args.record)
        if record.game != game.slug:
            message = _("{path} is a {game} record").format(path=args.record, game=record.game)
            raise InvalidRecordError(message)
        played = parse_moves(game, record.moves)
        return game, record.deal, played, game.apply_all(game.new(record.deal), played)
    deal: int | str = args.deck if args.deck is not None else args.deal
    return game, deal, [], game.new(deal)


def run_solve(args: argparse.Namespace) -> int:
    """Solve a deal or a saved game's position and print the answer."""
    game, deal, played, state = _position(args)
    tell_if_core_absent()
    result = solve(game, state, max_nodes=args.max_nodes, max_seconds=args.max_seconds)
    if args.json:
        moves = [str(m) for m in played] + [str(m) for m in result.moves]
        print(json.dumps({"game": game.slug, "deal": deal, "outcome": result.outcome, "moves": moves,
                          "nodes": result.nodes, "seconds": round(result.seconds, 3)}))
        return 0
    print(describe(result))
    if result.outcome == WON and result.moves:
        print(" ".join(str(m) for m in result.moves))
    return 0


def describe(result: Result) -> str:
    """One translated sentence saying what the search found."""
    if result.outcome == WON:
        text = ngettext("won: a winning line of {count} move", "won: a winning line of {count} moves",
                        len(result.moves))
        detail = text.format(count=len(result.moves))
    elif result.outcome == LOST:
        detail = (_("lost: no line wins (every reachable position of a looser game, the tableau seen as "
                    "runs, was searched; it holds every line of this game)")
                  if result.searched == LOOSER_GAME
                  else _("lost: no line wins (every reachable position was searched)"))
    else:
        reason = {"nodes": _("the node budget"), "memory": _("the memory budget")}.get(
            result.stopped, _("the time budget"))
        detail = _("unknown: {reason} ran out first").format(reason=reason)
    return _("{detail} ({nodes} positions, {seconds:.2f} s)").format(
        detail=detail, nodes=result.nodes, seconds=result.seconds)


def run_hint(args: argparse.Namespace) -> int:
    """Print a hint for a saved game: the exact one, or with ``--fair`` the one that does not peek."""
    record = read_record(args.file)
    game = get_game(record.game)
    moves = parse_moves(game, record.moves)
    if args.fair:
        return _print_fair_hint(args, game, record.deal, moves)
    if args.budget is not None and not args.budget > 0:
        raise PatienceError(_("--budget must be more than 0"))
    budget = DEFAULT_HINT_SECONDS if args.budget is None else args.budget
    answer = Analysis.of_moves(game, record.deal, moves).hint_here(budget)
    if args.json:
        print(json.dumps({"move": None if answer.move is None else str(answer.move),
                          "explanation": answer.explanation, "status": answer.status,
                          "no_useful_moves": answer.end}))
        return 0
    print(answer.explanation)
    labels = {"winnable": _("can still be won"), "lost": _("can no longer be won"),
              "unknown": _("not known whether it can still be won")}
    print(_("Status: {status}").format(status=labels.get(answer.status, answer.status)))
    return 0


def _print_fair_hint(args: argparse.Namespace, game: Game[State], deal: int | str, moves: list[Move]) -> int:
    """``patience hint --fair``: sample the unseen cards, keep the move most samples still win after."""
    seen = observe(game, deal, moves)
    answer = fair_hint(game, seen, samples=args.samples, seed=args.seed,
                       budget=budget_of(args.max_nodes, args.budget))
    if args.json:
        print(json.dumps(answer.as_json()))
        return 0
    state = game.apply_all(game.new(deal), moves)
    print(fair_hint_text(game, state, answer))
    return 0


def run_survey(args: argparse.Namespace) -> int:
    """Run (or resume) a survey and print its summary."""
    deals = parse_range(args.deals) if args.deals is not None else None
    if args.summary is not None:
        return _print_summary(args, deals)
    if deals is None:
        raise PatienceError(_("which deals? give --deals A-B"))
    if args.workers < 1:
        raise PatienceError(_("--workers must be at least 1"))
    if args.batch is not None and args.scheduler is None:
        raise PatienceError(_("--batch is for a Dask cluster: give --scheduler too"))
    if args.samples is not None and args.policy not in FAIR_POLICIES:
        raise PatienceError(_("--samples is for the fair player: give --policy fair too"))
    if args.samples is not None:
        check_sampling(args.samples, DEFAULT_SEED)
    out = args.out or _default_out(args.game, deals)
    if out.suffix == ".gz":
        raise PatienceError(_("cannot add rows to the compressed file {path}: gunzip it first").format(
            path=out))

    if args.policy in FAIR_POLICIES:
        budget = budget_of(args.max_nodes, args.max_seconds)
        max_seconds = budget.max_seconds
    else:
        max_seconds = DEFAULT_SURVEY_SECONDS if args.max_seconds is None else args.max_seconds

    def run(backend: Backend | None) -> Summary:
        return survey(args.game, deals, out, workers=args.workers, max_nodes=args.max_nodes,
                      max_seconds=max_seconds, progress=sys.stderr, backend=backend, policy=args.policy,
                      samples=args.samples, skip_searched=args.skip_searched)

    if args.scheduler is None:
        summary = run(None)
    else:
        with dask_backend(args.scheduler, batch=args.batch) as backend:
            threads = backend.threads()
            print(ngettext("Dask scheduler {address}: {threads} worker thread",
                           "Dask scheduler {address}: {threads} worker threads", threads).format(
                address=args.scheduler, threads=threads), file=sys.stderr)
            summary = run(backend)
    print(summary.text())
    print(_("results: {path}").format(path=out))
    return 0


def _default_out(game: str, deals: range) -> Path:
    return Path(f"survey-{game}-{deals.start}-{deals.stop - 1}.jsonl")


def _print_summary(args: argparse.Namespace, deals: range | None) -> int:
    """``--summary``: of the results file (``--out`` or the default name) or of several files merged."""
    files: list[Path] = list(args.summary)
    if not files:  # the survey's own results file; as before, none yet means no deals yet
        if args.out is not None:
            own: Path = args.out
        elif deals is not None:
            own = _default_out(args.game, deals)
        else:
            raise PatienceError(_("which results? give --deals A-B, --out FILE or --summary FILE"))
        files = [own] if own.exists() else []
    print(summarize(merge_rows(files, args.game, deals, args.policy)).text())
    return 0
