"""``patience stats [--game G] [--export FILE] [--import FILE] [--db PATH] [--player ID]``: the statistics
the browser game keeps, printed, written to a file or read from one (the files of ``/api/stats/export``).

The statistics belong to a player (a browser). With one player in the
database, that one is meant; with several, ``--player`` names one (the
error lists them).

>>> import argparse, tempfile
>>> from pathlib import Path
>>> from patience.store import Store
>>> db = Path(tempfile.mkdtemp()) / "games.sqlite3"
>>> store = Store(db)
>>> game = store.create_game("p1", "hamilton", deal=7, deck=None, now=100.0)
>>> store.save(game.played([("s",)], now=101.0), expected_version=0)
True
>>> store.close()
>>> parser = argparse.ArgumentParser(prog="patience")
>>> register(parser.add_subparsers())
>>> run_stats(parser.parse_args(["stats", "--db", str(db), "--game", "hamilton"]))
Hamilton: played 1, won 0 (0%), current streak 0, best streak 0, best time —, fewest moves —
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from patience.errors import PatienceError
from patience.i18n import _
from patience.rules import game_slugs, get_game
from patience.store import Store, StoreError
from patience.store.exchange import ImportRefused, read_json, to_csv, to_json

#: The largest statistics file read (as the server's limit for ``POST /api/stats/import``).
MAX_FILE_BYTES = 8 * 1024 * 1024


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``stats``."""
    p = sub.add_parser("stats", help=_("show, export or import the statistics of the browser game"),
                       description=_("Print a player's statistics, write them to a file (JSON, or CSV when "
                                     "the name ends in .csv), or add the games of a JSON export."))
    p.add_argument("--game", choices=game_slugs(), help=_("only this game"))
    p.add_argument("--export", type=Path, metavar="FILE", help=_("write every played game to FILE"))
    p.add_argument("--import", dest="import_file", type=Path, metavar="FILE",
                   help=_("add the games of a JSON export; games already kept are left alone"))
    p.add_argument("--db", type=Path, metavar="PATH",
                   help=_("SQLite file for saved games and statistics (default: in your data directory)"))
    p.add_argument("--player", metavar="ID", help=_("whose statistics (needed when several players play)"))
    p.set_defaults(handler=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """Print, export or import; 2 with one line on a bad file, database or player."""
    from patience.web.app import default_db_path  # the web app's modules only when this command runs

    path = args.db if args.db is not None else default_db_path()
    if not path.exists():
        raise PatienceError(_("there is no database at {path}").format(path=path))
    try:
        store = Store(path)
    except StoreError as exc:
        raise PatienceError(str(exc)) from None
    try:
        player = args.player if args.player is not None else only_player(store)
        if args.import_file is not None:
            if args.import_file.stat().st_size > MAX_FILE_BYTES:
                raise PatienceError(_("{path}: the file is larger than {size} MiB").format(
                    path=args.import_file, size=MAX_FILE_BYTES // 2**20))
            try:
                deals = read_json(args.import_file.read_bytes())
            except ImportRefused as exc:
                raise PatienceError(f"{args.import_file}: {exc}") from None
            if not {d.game for d in deals} <= set(game_slugs()):
                raise PatienceError(f"{args.import_file}: {_('it names an unknown game')}")
            added = store.add_results(player, deals)
            print(_("{added} games added, {kept} already kept").format(added=added, kept=len(deals) - added))
        if args.export is not None:
            deals = store.results(player, args.game)
            text = to_csv(deals) if args.export.suffix.lower() == ".csv" else to_json(deals)
            args.export.write_text(text, encoding="utf-8")
            print(_("{count} games written to {path}").format(count=len(deals), path=args.export))
        if args.import_file is None and args.export is None:
            for slug in [args.game] if args.game else game_slugs():
                print(summary(store, player, slug))
    finally:
        store.close()
    return 0


def only_player(store: Store) -> str:
    """The one player in the database, or a :class:`PatienceError` saying to choose with ``--player``."""
    players = store.players()
    if len(players) == 1:
        return players[0]
    if not players:
        raise PatienceError(_("nobody has played yet in this database"))
    raise PatienceError(_("several players play here; choose one with --player: {players}").format(
        players=", ".join(players[:10])))


def summary(store: Store, player: str, slug: str) -> str:
    """One line of a game's statistics."""
    from patience.web.routers.stats import clock_text

    s = store.stats(player, slug)
    none = "—"
    return _("{game}: played {played}, won {won} ({rate:.0%}), current streak {streak}, best streak {best}, "
             "best time {time}, fewest moves {moves}").format(
        game=_(get_game(slug).name), played=s.played, won=s.won, rate=s.win_rate, streak=s.current_streak,
        best=s.best_streak, time=none if s.best_time_seconds is None else clock_text(s.best_time_seconds),
        moves=none if s.fewest_moves is None else s.fewest_moves)
