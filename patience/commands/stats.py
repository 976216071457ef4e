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
from collections.abc import Iterator
from pathlib import Path

from patience.errors import PatienceError
from patience.i18n import _
from patience.rules import game_slugs, get_game
from patience.store import PlayedDeal, Store, StoreError, TooManyResults
from patience.store.exchange import ImportRefused, csv_chunks, json_chunks, read_json, too_many_games
from patience.store.files import default_db_path
from patience.wording import clock_text

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
    p.add_argument("--player", metavar="NAME",
                   help=_("whose statistics, by the number the list of players gives (1, 2, ...) or the "
                          "full id (needed when several players play)"))
    p.set_defaults(handler=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """Print, export or import; 2 with one line on a bad file, database or player."""

    path = args.db if args.db is not None else default_db_path()
    if not path.exists():
        raise PatienceError(_("there is no database at {path}").format(path=path))
    try:
        store = Store(path)
    except StoreError as exc:
        raise PatienceError(str(exc)) from None
    try:
        player = chosen_player(store, args.player)
        if args.import_file is not None:
            try:
                deals = read_json(read_capped(args.import_file))
            except ImportRefused as exc:
                raise PatienceError(f"{args.import_file}: {exc}") from None
            try:
                added = store.add_results(player, deals)
            except TooManyResults as exc:
                raise PatienceError(f"{args.import_file}: {too_many_games(exc)}") from None
            print(_("{added} games added, {kept} already kept").format(added=added, kept=len(deals) - added))
        if args.export is not None:
            count = export(store, player, args.game, args.export)
            print(_("{count} games written to {path}").format(count=count, path=args.export))
        if args.import_file is None and args.export is None:
            for slug in [args.game] if args.game else game_slugs():
                print(summary(store, player, slug))
    finally:
        store.close()
    return 0


def export(store: Store, player: str, game: str | None, path: Path) -> int:
    """Write the player's played deals to ``path`` (CSV when its name ends in .csv, else JSON) a page of
    rows at a time, so memory stays flat; how many were written."""
    count = 0

    def counted() -> Iterator[PlayedDeal]:
        nonlocal count
        for deal in store.iter_results(player, game):
            count += 1
            yield deal

    chunks = csv_chunks if path.suffix.lower() == ".csv" else json_chunks
    with path.open("w", encoding="utf-8") as file:
        for chunk in chunks(counted()):
            file.write(chunk)
    return count


def read_capped(path: Path) -> bytes:
    """At most :data:`MAX_FILE_BYTES` of a file, whatever it is (a character device such as /dev/zero
    says its size is 0, a pipe has none): a :class:`PatienceError` as soon as there is more."""
    with path.open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise PatienceError(_("{path}: the file is larger than {size} MiB").format(
            path=path, size=MAX_FILE_BYTES // 2**20))
    return data


def chosen_player(store: Store, name: str | None) -> str:
    """The player ``--player`` names (its number in :func:`player_names` or its full id), or the one
    player in the database; else a :class:`PatienceError` listing the players by name.

    >>> from patience.store import Store
    >>> store = Store(":memory:")
    >>> chosen_player(store, None)
    Traceback (most recent call last):
    ...
    patience.errors.PatienceError: nobody has played yet in this database
    """
    names = player_names(store)
    if name is None and len(names) == 1:
        return next(iter(names.values()))[0]
    if not names:
        raise PatienceError(_("nobody has played yet in this database"))
    for number, (player, _described) in names.items():
        if name in (str(number), player):
            return player
    listed = "; ".join(described for _player, described in list(names.values())[:10])
    if name is None:
        raise PatienceError(_("several players play here; choose one with --player: {players}").format(
            players=listed))
    raise PatienceError(_("there is no player {name} here; the players are: {players}").format(
        name=name[:60], players=listed))


def player_names(store: Store) -> dict[int, tuple[str, str]]:
    """Each player by number (1 is the first seen): its id and a line a person can read."""
    from datetime import UTC, datetime

    return {number: (player, _("player {number} (since {date}, games played: {count})").format(
        number=number, date=datetime.fromtimestamp(since, UTC).date().isoformat(), count=count))
        for number, (player, since, count) in enumerate(store.player_summaries(), start=1)}


def summary(store: Store, player: str, slug: str) -> str:
    """One line of a game's statistics."""
    s = store.stats(player, slug)
    none = "—"
    return _("{game}: played {played}, won {won} ({rate:.0%}), current streak {streak}, best streak {best}, "
             "best time {time}, fewest moves {moves}").format(
        game=_(get_game(slug).name), played=s.played, won=s.won, rate=s.win_rate, streak=s.current_streak,
        best=s.best_streak, time=none if s.best_time_seconds is None else clock_text(s.best_time_seconds),
        moves=none if s.fewest_moves is None else s.fewest_moves)
