"""SQLite storage: games in progress, finished games and statistics. All the SQL lives here.

One row per game holds what a game is now; its history is one row per
player action in ``actions`` (the moves of one action, so one undo takes
back one double-click or autoplay), each with the position it led to. The
rows past the current action are the redo list. So loading, undo and redo
read one or two rows whatever the game's length, and an answer carries the
whole history only when asked (:meth:`Store.history`). Every change is
written with ``BEGIN IMMEDIATE`` and a version check before the web app
answers, in WAL mode, so a server killed with SIGKILL loses nothing that was
answered. One connection per thread; the schema version is SQLite's
``user_version``.

>>> store = Store(":memory:")
>>> game = store.create_game("p1", "hamilton", deal=7, deck=None, now=100.0)
>>> moved = game.played([("s",)], now=101.0)
>>> store.save(moved, expected_version=0)
True
>>> record = store.get_game("p1", game.id)
>>> record.move_count, store.history(record).moves
(1, ['s'])
>>> store.get_game("p2", game.id) is None
True
>>> store.stats("p1", "hamilton").played
1
"""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
import time
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Literal

from patience.i18n import _
from patience.store.files import (
    Acknowledged,
    DatabaseFilesGone,
    FileId,
    file_ids,
    rescue,
    side_file_ids,
    whole_problem,
)
from patience.store.records import (
    Action,
    DealResult,
    GameRecord,
    History,
    PlayedDeal,
    Statistics,
    new_game_id,
)
from patience.store.schema import MIGRATIONS, SCHEMA_VERSION, StoreError

_GAME_COLUMNS: Final = (
    "id, player, game, deal, deck, action_count, action_total, move_count, version, score, finished, "
    "won, used_hints, used_undo, elapsed, first_move_at, last_move_at, created_at, updated_at, finished_at"
)

GameFilter = Literal["all", "unfinished", "finished"]
#: Seconds between two looks at a database pulled away (each runs PRAGMA quick_check).
REOPEN_EVERY: Final = 1.0


def _moves_json(moves: Sequence[str]) -> str:
    return json.dumps(list(moves), separators=(",", ":"))


def _action_from(row: sqlite3.Row) -> Action:
    return Action(row["seq"], tuple(str(m) for m in json.loads(row["moves"])), row["move_total"],
                  row["position"])


def _record_from(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=row["id"], player=row["player"], game=row["game"], deal=row["deal"], deck=row["deck"],
        actions=row["action_count"], redo_actions=row["action_total"] - row["action_count"],
        move_count=row["move_count"], position=row["position"],
        version=row["version"], score=row["score"], finished=bool(row["finished"]), won=bool(row["won"]),
        used_hints=bool(row["used_hints"]), used_undo=bool(row["used_undo"]), elapsed=row["elapsed"],
        first_move_at=row["first_move_at"], last_move_at=row["last_move_at"],
        created_at=row["created_at"], updated_at=row["updated_at"], finished_at=row["finished_at"],
    )


class Store:
    """The game database at ``path`` (``":memory:"`` for a private in-memory one, tests only).

    Safe to share between threads: each thread gets its own connection.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._shared: sqlite3.Connection | None = None
        #: How many reads and writes are using a connection now (a file database), under ``_gate``.
        self._gate = threading.Condition()
        self._busy = 0
        #: Action rows read so far (what loading, undo and redo cost; tests check it stays flat).
        self.action_rows_read = 0
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._migrate(self._connection(create=True))
        #: The database and ``-wal`` files as opened, checked before every read and write (see
        #: :mod:`.files`), those beside them, and a connection kept aside to save the games if they are
        #: deleted or replaced.
        self._keeper: sqlite3.Connection | None = None
        self._opened: tuple[FileId, FileId] = (None, None)
        self._opened_beside: tuple[FileId, FileId] = (None, None)
        #: Set while the files are pulled away: the line said on stderr, what was acknowledged then,
        #: where it was saved (None: not yet), and when to look at the database at the path again.
        self._gone: str | None = None
        self._acknowledged: Acknowledged | None = None
        self._saved: Path | None = None
        self._next_look = 0.0
        self._problem: str | None = None
        self._watch()

    def _watch(self) -> None:
        """Open the connection kept aside and note which files it opened (a file database only; not
        while the files are pulled away: :meth:`_reopened` does it once they are whole)."""
        if self.path == ":memory:" or self._keeper is not None or self._gone is not None:
            return
        with self._lock:
            if self._keeper is not None or self._gone is not None:
                return
            self._keeper = self._open()
            self._keeper.execute("SELECT count(*) FROM games").fetchone()  # opens the -wal file
            self._connections.append(self._keeper)
            self._opened = file_ids(self.path)
            self._opened_beside = side_file_ids(self.path)

    # --- connections --------------------------------------------------------
    def _open(self, create: bool = False) -> sqlite3.Connection:
        """A new connection; only with ``create`` may it create a missing database file."""
        target = self.path
        if self.path != ":memory:":
            target = f"{Path(self.path).absolute().as_uri()}?mode={'rwc' if create else 'rw'}"
        conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False, timeout=10.0,
                               uri=self.path != ":memory:")
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 10000")
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL loses nothing when the process is killed; only a power cut may.
            conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _connection(self, create: bool = False) -> sqlite3.Connection:
        if self.path == ":memory:":  # one shared connection, serialized by the lock
            if self._shared is None:
                self._shared = self._open()
                self._connections.append(self._shared)
            return self._shared
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._open(create)
            self._local.conn = conn
            with self._gate:  # not _lock: a rescue holds that while it waits for the uses to end
                self._connections.append(conn)
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction taken with BEGIN IMMEDIATE; rolled back on any error, the COMMIT's too
        (a full disk fails there), so nothing is ever half-written."""
        with self._use() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                _roll_back(conn)
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._use() as conn:
            yield conn

    @contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, for one read or write, on the files the store opened.

        Every use first checks the files (two ``stat`` calls, :func:`.files.file_ids`) and counts
        itself in ``_busy``, so that connections are saved from and closed only when no use is
        running. Uses must not nest (a nested use could wait for itself).
        """
        if self.path == ":memory:":
            with self._lock:
                yield self._connection()
            return
        self._enter()
        try:
            yield self._connection()
        finally:
            with self._gate:
                self._busy -= 1
                if not self._busy:
                    self._gate.notify_all()

    def _enter(self) -> None:
        """Count one use in ``_busy``, or raise :class:`DatabaseFilesGone` (503) while the database is
        not whole; the first use to see the files changed saves the games, later ones reopen them."""
        self._watch()  # again after close(): the store opens its connections anew when used
        while True:
            with self._gate:
                gone = self._gone
                if gone is None:
                    self._busy += 1
            if gone is None:
                if file_ids(self.path) == self._opened:
                    return
                with self._gate:
                    self._busy -= 1
                    if not self._busy:
                        self._gate.notify_all()
                self._pulled_away()
            elif not self._reopened():
                raise DatabaseFilesGone(gone)

    def _quiet(self) -> None:
        """Wait until no use holds a connection (new uses are refused while ``_gone`` is set)."""
        with self._gate:
            self._gate.wait_for(lambda: not self._busy, timeout=30.0)

    def _pulled_away(self) -> None:
        """The files are not the ones opened: refuse uses from now on, save what was acknowledged, and
        say so in one line on stderr; then refuse this use too."""
        with self._lock:
            with self._gate:
                first = self._gone is None
                if first:
                    self._gone = _("the database {path} was deleted or replaced while the server ran").format(
                        path=self.path)
            if first:
                self._quiet()  # every use under way has committed: the rescue holds it
                self._rescue()
                print(f"patience: {self._gone}", file=sys.stderr, flush=True)
                self._next_look = 0.0
            gone = self._gone
        assert gone is not None
        raise DatabaseFilesGone(gone)

    def _rescue(self) -> None:
        """Save the games through the connection kept aside (under ``_lock``, no use running)."""
        assert self._keeper is not None
        try:
            self._saved = rescue(self._keeper, self.path, self._opened[0])
            self._acknowledged = Acknowledged.read(self._keeper)
            self._gone = _("the database {path} was deleted or replaced while the server ran; the games "
                           "were saved in {saved}; play resumes once {path} is whole again").format(
                               path=self.path, saved=self._saved)
        except (sqlite3.Error, OSError) as exc:
            self._saved = None
            self._gone = _("the database {path} was deleted or replaced while the server ran, "
                           "and its games could not be saved: {problem}").format(path=self.path, problem=exc)

    def _reopened(self) -> bool:
        """While the files are pulled away, at most once a second: is the database at the path whole
        again (:func:`.files.whole_problem`)? Then reopen every connection on it and say so on stderr.

        The old connections are closed first, with no use running: their last close deletes the
        ``-wal`` and ``-shm`` files at the path by name, so it waits while those are other files.
        """
        with self._lock:
            if self._gone is None:
                return True
            if time.monotonic() < self._next_look:
                return False
            self._next_look = time.monotonic() + REOPEN_EVERY
            if self._saved is None and self._keeper is not None:
                self._quiet()
                self._rescue()
                if self._saved is None:
                    return False
            if self._keeper is not None:
                if any(found not in (None, opened)
                       for found, opened in zip(side_file_ids(self.path), self._opened_beside, strict=True)):
                    return self._not_whole(_("the -wal or -shm file beside it is not the one the server "
                                             "opened; delete it"))
                self._quiet()
                self._close_all()
            assert self._acknowledged is not None
            problem = whole_problem(self.path, self._acknowledged)
            if problem is not None:
                return self._not_whole(problem)
            self._keeper = self._open()
            self._keeper.execute("SELECT count(*) FROM games").fetchone()
            self._connections.append(self._keeper)
            self._opened = file_ids(self.path)
            self._opened_beside = side_file_ids(self.path)
            with self._gate:
                self._gone = None
            self._acknowledged, self._saved, self._problem = None, None, None
        print("patience: " + _("the database {path} is whole again; play resumes").format(path=self.path),
              file=sys.stderr, flush=True)
        return True

    def _not_whole(self, problem: str) -> bool:
        """Say once on stderr why the database at the path is not whole yet; False."""
        if problem != self._problem:
            self._problem = problem
            print("patience: " + _("the database {path} is not whole yet: {problem}").format(
                path=self.path, problem=problem), file=sys.stderr, flush=True)
        return False

    def _close_all(self) -> None:
        """Close every connection (under ``_lock``); threads open new ones when next used."""
        with self._gate:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
        self._shared = None
        self._keeper = None
        self._local = threading.local()

    def close(self) -> None:
        """Close every connection this store opened."""
        with self._lock:
            self._close_all()

    def _migrate(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                found = int(conn.execute("PRAGMA user_version").fetchone()[0])
                if found > SCHEMA_VERSION:
                    raise StoreError(f"{self.path} was written by a newer patience (schema {found})")
                for version in range(found + 1, SCHEMA_VERSION + 1):
                    for statement in MIGRATIONS[version].split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {version}")
                conn.execute("COMMIT")
            except BaseException:
                _roll_back(conn)
                raise

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        with self._read() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    # --- games ----------------------------------------------------------------
    def create_game(self, player: str, game: str, deal: int | None, deck: str | None,
                    now: float) -> GameRecord:
        """Save a new, unplayed game and return it."""
        record = GameRecord(id=new_game_id(), player=player, game=game, deal=deal, deck=deck,
                            created_at=now, updated_at=now)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO games (id, player, game, deal, deck, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (record.id, player, game, deal, deck, now, now),
            )
        return record

    def get_game(self, player: str, game_id: str) -> GameRecord | None:
        """The player's game with this id, or None (also for another player's game).

        The current position's text comes with it (one row); its moves do not (see :meth:`history`).
        """
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {_GAME_COLUMNS}, (SELECT position FROM actions WHERE game_id = games.id "
                "AND seq = games.action_count) AS position FROM games WHERE id = ? AND player = ?",
                (game_id, player)).fetchone()
        return _record_from(row) if row is not None else None

    def history(self, record: GameRecord) -> History:
        """Every move of the game as ``record`` has it: the actions up to its position and its redo list
        (one row per action; the routes that need only the position read none)."""
        with self._read() as conn:
            rows = conn.execute("SELECT moves FROM actions WHERE game_id = ? AND seq <= ? ORDER BY seq",
                                (record.id, record.actions + record.redo_actions)).fetchall()
        self.action_rows_read += len(rows)
        groups = tuple(tuple(str(m) for m in json.loads(row["moves"])) for row in rows)
        return History(groups[:record.actions], groups[record.actions:])

    def list_games(self, player: str, status: GameFilter = "all", limit: int = 100,
                   played_only: bool = True) -> list[GameRecord]:
        """The player's saved games, most recently changed first (without positions or history).

        A game in which no move was ever played is not a saved game: it is
        left out unless ``played_only`` is False.
        """
        where = {"all": "", "unfinished": " AND finished = 0", "finished": " AND finished = 1"}[status]
        if played_only:
            where += " AND first_move_at IS NOT NULL"
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_GAME_COLUMNS}, NULL AS position FROM games WHERE player = ?{where} "
                "ORDER BY updated_at DESC, rowid DESC LIMIT ?",
                (player, limit),
            ).fetchall()
        return [_record_from(r) for r in rows]

    # --- history -------------------------------------------------------------------------------
    def action(self, game_id: str, seq: int) -> Action | None:
        """Stored action number ``seq`` of a game (1 is the first), or None."""
        with self._read() as conn:
            row = conn.execute("SELECT seq, moves, move_total, position FROM actions "
                               "WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        self.action_rows_read += row is not None
        return _action_from(row) if row is not None else None

    def replay_from(self, game_id: str, seq: int) -> tuple[Action | None, list[Action]]:
        """How to rebuild the position after action ``seq``: the latest action up to it with a stored
        position (None: start from the deal), and the actions after that one up to ``seq``.

        Every action played since schema 2 has its position, so this is one row; only games
        migrated from schema 1 replay more, once (see :meth:`keep_positions`).
        """
        with self._read() as conn:
            row = conn.execute("SELECT seq, moves, move_total, position FROM actions WHERE game_id = ? "
                               "AND seq <= ? AND position IS NOT NULL ORDER BY seq DESC LIMIT 1",
                               (game_id, seq)).fetchone()
            base = _action_from(row) if row is not None else None
            rows = conn.execute("SELECT seq, moves, move_total, position FROM actions WHERE game_id = ? "
                                "AND seq > ? AND seq <= ? ORDER BY seq",
                                (game_id, base.seq if base else 0, seq)).fetchall()
        self.action_rows_read += len(rows) + (base is not None)
        return base, [_action_from(r) for r in rows]

    def keep_positions(self, game_id: str, positions: Sequence[tuple[int, str]]) -> None:
        """Store positions ``(seq, text)`` after those actions where they are missing (games from
        schema 1)."""
        with self._write() as conn:
            conn.executemany("UPDATE actions SET position = ? WHERE game_id = ? AND seq = ? "
                             "AND position IS NULL", [(text, game_id, seq) for seq, text in positions])

    def recent_moves(self, record: GameRecord, limit: int) -> tuple[list[str], list[str]]:
        """The last ``limit`` moves up to the current position and the first ``limit`` redo moves
        (at most ``limit`` rows each, whatever the game's length)."""
        with self._read() as conn:
            before = conn.execute("SELECT moves FROM actions WHERE game_id = ? AND seq <= ? "
                                  "ORDER BY seq DESC LIMIT ?", (record.id, record.actions, limit)).fetchall()
            after = conn.execute(
                "SELECT moves FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                (record.id, record.actions, limit)).fetchall() if record.redo_actions else []
        self.action_rows_read += len(before) + len(after)
        done = [m for row in reversed(before) for m in json.loads(row["moves"])]
        redo = [m for row in after for m in json.loads(row["moves"])]
        return done[-limit:], redo[:limit]

    def current_game(self, player: str) -> GameRecord | None:
        """The player's most recently changed unfinished game."""
        games = self.list_games(player, "unfinished", limit=1, played_only=False)
        return games[0] if games else None

    def find_unfinished(self, player: str, game: str, deal: int | None,
                        deck: str | None) -> GameRecord | None:
        """The player's most recently changed unfinished game of ``game`` on this deal, or None."""
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {_GAME_COLUMNS}, (SELECT position FROM actions WHERE game_id = games.id "
                "AND seq = games.action_count) AS position FROM games "
                "WHERE player = ? AND game = ? AND finished = 0 AND deal IS ? AND deck IS ? "
                "ORDER BY updated_at DESC, rowid DESC LIMIT 1",
                (player, game, deal, deck),
            ).fetchone()
        return _record_from(row) if row is not None else None

    def forget_unplayed(self, player: str, before: float) -> int:
        """Remove the player's games without a move that were dealt before ``before``; how many."""
        with self._write() as conn:
            cursor = conn.execute(
                "DELETE FROM games WHERE player = ? AND first_move_at IS NULL AND finished = 0 "
                "AND updated_at < ?", (player, before))
        return cursor.rowcount

    def delete_game(self, player: str, game_id: str, now: float) -> bool:
        """Remove one of the player's games; False when there is no such game of this player.

        A deal being played counts as lost in the statistics (as when it is
        abandoned); a finished deal keeps its result.
        """
        with self._write() as conn:
            conn.execute(
                "UPDATE results SET won = 0, finished_at = ? "
                "WHERE game_id = ? AND player = ? AND won IS NULL", (now, game_id, player))
            conn.execute("DELETE FROM actions WHERE game_id IN "
                         "(SELECT id FROM games WHERE id = ? AND player = ?)", (game_id, player))
            cursor = conn.execute("DELETE FROM games WHERE id = ? AND player = ?", (game_id, player))
        return cursor.rowcount == 1

    def save_clock(self, record: GameRecord) -> None:
        """Write a game's play clock only (no version change: other tabs' moves stay valid)."""
        with self._write() as conn:
            conn.execute("UPDATE games SET elapsed = ?, last_move_at = ? WHERE id = ? AND player = ?",
                         (record.elapsed, record.last_move_at, record.id, record.player))
            conn.execute("UPDATE results SET seconds = ? WHERE game_id = ? AND player = ?",
                         (record.elapsed, record.id, record.player))

    def save(self, record: GameRecord, expected_version: int) -> bool:
        """Write a changed game if its stored version is still ``expected_version``.

        Returns False (and writes nothing) when another request changed it
        first. Keeps the statistics row in step in the same transaction.
        """
        try:
            with self._write() as conn:
                self._update(conn, record, expected_version)
        except _StaleVersion:
            return False
        return True

    def _update(self, conn: sqlite3.Connection, record: GameRecord, expected_version: int) -> None:
        cursor = conn.execute(
            "UPDATE games SET action_count = ?, action_total = ?, move_count = ?, version = ?, score = ?, "
            "finished = ?, won = ?, used_hints = ?, used_undo = ?, elapsed = ?, first_move_at = ?, "
            "last_move_at = ?, updated_at = ?, finished_at = ? WHERE id = ? AND player = ? AND version = ?",
            (record.actions, record.actions + record.redo_actions, record.move_count, record.version,
             record.score, int(record.finished), int(record.won), int(record.used_hints),
             int(record.used_undo), record.elapsed, record.first_move_at, record.last_move_at,
             record.updated_at, record.finished_at, record.id, record.player, expected_version),
        )
        if cursor.rowcount != 1:
            raise _StaleVersion
        if record.new_actions:
            self._write_actions(conn, record)
        if record.started:
            self._write_result(conn, record)

    @staticmethod
    def _write_actions(conn: sqlite3.Connection, record: GameRecord) -> None:
        """Replace the redo list with the record's new actions (the last one with its position)."""
        first = record.actions - len(record.new_actions) + 1
        conn.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (record.id, first))
        total = record.move_count - sum(len(g) for g in record.new_actions)
        rows = []
        for offset, group in enumerate(record.new_actions):
            total += len(group)
            last = offset == len(record.new_actions) - 1
            rows.append((record.id, first + offset, _moves_json(group), total,
                         record.position if last else None))
        conn.executemany("INSERT INTO actions (game_id, seq, moves, move_total, position) "
                         "VALUES (?, ?, ?, ?, ?)", rows)

    def mark_hint_used(self, player: str, game_id: str) -> None:
        """Remember that the player asked for a hint in this game (the version does not change)."""
        with self._write() as conn:
            conn.execute("UPDATE games SET used_hints = 1 WHERE id = ? AND player = ?", (game_id, player))
            conn.execute("UPDATE results SET used_hints = 1 WHERE game_id = ? AND player = ?",
                         (game_id, player))

    @staticmethod
    def _write_result(conn: sqlite3.Connection, record: GameRecord) -> None:
        assert record.first_move_at is not None
        conn.execute(
            "INSERT OR IGNORE INTO results (game_id, player, game, started_at, deal, deck) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (record.id, record.player, record.game, record.first_move_at, record.deal, record.deck),
        )
        conn.execute(
            "UPDATE results SET finished_at = ?, won = ?, score = ?, seconds = ?, moves = ?, "
            "used_hints = ?, used_undo = ? WHERE game_id = ? AND player = ?",
            (record.finished_at, int(record.won) if record.finished else None, record.score,
             record.elapsed, record.move_count, int(record.used_hints), int(record.used_undo),
             record.id, record.player),
        )

    # --- statistics -------------------------------------------------------------
    def stats(self, player: str, game: str, deals: Collection[int] | None = None) -> Statistics:
        """The player's statistics for ``game``, from the deals played since the last reset.

        ``deals``: count only games dealt from these deal numbers (e.g. the deals of one difficulty).
        """
        rows = [r for r in self.results(player, game)
                if deals is None or (r.deck is None and r.deal in deals)]
        return Statistics.of([r.result for r in rows])

    def results(self, player: str, game: str | None = None) -> list[PlayedDeal]:
        """Every deal the player played (of ``game``, or of every game), in the order they were started."""
        where, args = ("AND game = ?", (player, game)) if game is not None else ("", (player,))
        with self._read() as conn:
            rows = conn.execute(
                "SELECT game_id, game, deal, deck, started_at, finished_at, won, score, seconds, moves, "
                f"used_hints, used_undo FROM results WHERE player = ? {where} ORDER BY started_at, game_id",
                args).fetchall()
        return [PlayedDeal(r["game_id"], r["game"], r["deal"], r["deck"], DealResult(
            r["started_at"], r["finished_at"], None if r["won"] is None else bool(r["won"]), r["score"],
            r["seconds"], r["moves"], bool(r["used_hints"]), bool(r["used_undo"]))) for r in rows]

    def add_results(self, player: str, deals: Sequence[PlayedDeal]) -> int:
        """Add played deals to the player's statistics, all or none; those already there (same id) are
        left as they are. Returns how many were added."""
        with self._write() as conn:
            before = conn.total_changes
            conn.executemany(
                "INSERT OR IGNORE INTO results (game_id, player, game, deal, deck, started_at, finished_at, "
                "won, score, seconds, moves, used_hints, used_undo) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(d.id, player, d.game, d.deal, d.deck, d.result.started_at, d.result.finished_at,
                  None if d.result.won is None else int(d.result.won), d.result.score, d.result.seconds,
                  d.result.moves, int(d.result.used_hints), int(d.result.used_undo)) for d in deals])
            return conn.total_changes - before

    def players(self) -> list[str]:
        """Every player with a game or a result here, in order."""
        with self._read() as conn:
            rows = conn.execute("SELECT player FROM games UNION SELECT player FROM results "
                                "ORDER BY player").fetchall()
        return [str(r[0]) for r in rows]

    def reset_stats(self, player: str, game: str) -> None:
        """Forget the player's statistics for ``game`` (a deal being played counts again from its next
        move)."""
        with self._write() as conn:
            conn.execute("DELETE FROM results WHERE player = ? AND game = ?", (player, game))


class _StaleVersion(Exception):
    """Raised inside a write transaction to roll it back: the stored version moved on."""


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _roll_back(conn: sqlite3.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already (it may, after a full disk)."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # the error that brought us here is the one to report
