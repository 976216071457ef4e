"""SQLite storage: games in progress, finished games and statistics. All the SQL lives here.

One row per game holds what a game is now; its history is one row per
player action in ``actions`` (the moves of one action, so one undo takes
back one double-click or autoplay), each with the position it led to. The
rows past the current action are the redo list. So loading, undo and redo
read one or two rows whatever the game's length, and an answer carries the
whole history only when asked. Every change is
written with ``BEGIN IMMEDIATE`` and a version check before the web app
answers, in WAL mode, so a server killed with SIGKILL loses nothing that was
answered. One connection per thread; the schema version is SQLite's
``user_version``.

>>> store = Store(":memory:")
>>> game = store.create_game("p1", "hamilton", deal=7, deck=None, now=100.0)
>>> moved = game.played([("s",)], now=101.0)
>>> store.save(moved, expected_version=0)
True
>>> store.get_game("p1", game.id, history=True).moves
['s']
>>> store.get_game("p1", game.id).move_count
1
>>> store.get_game("p2", game.id) is None
True
>>> store.stats("p1", "hamilton").played
1
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
import threading
import time
from collections.abc import Collection, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, Literal

from patience.i18n import _

#: The schema this code writes; older databases are migrated step by step.
SCHEMA_VERSION: Final = 2

#: The play clock: a page that shows a game reports every CLOCK_BEAT_SECONDS while it is visible
#: (and on every move, and when it is hidden or closed); each report adds the time since the one
#: before, at most CLOCK_GAP_SECONDS, so a closed tab, a sleeping computer or a stopped server adds
#: at most that much. See :meth:`GameRecord.clocked`.
CLOCK_BEAT_SECONDS: Final = 10.0
CLOCK_GAP_SECONDS: Final = 30.0
#: Kept for older callers: the longest gap one report adds.
MAX_GAP_SECONDS: Final = CLOCK_GAP_SECONDS
#: Games dealt but never played are removed after this long (they are not saved games).
UNPLAYED_KEPT_SECONDS: Final = 86400.0

_MIGRATIONS: Final[dict[int, str]] = {
    1: """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        deal INTEGER,
        deck TEXT,
        moves TEXT NOT NULL DEFAULT '[]',
        redo TEXT NOT NULL DEFAULT '[]',
        version INTEGER NOT NULL DEFAULT 0,
        score INTEGER NOT NULL DEFAULT 0,
        finished INTEGER NOT NULL DEFAULT 0,
        won INTEGER NOT NULL DEFAULT 0,
        used_hints INTEGER NOT NULL DEFAULT 0,
        used_undo INTEGER NOT NULL DEFAULT 0,
        elapsed REAL NOT NULL DEFAULT 0,
        first_move_at REAL,
        last_move_at REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE INDEX games_by_player ON games (player, finished, updated_at);
    CREATE TABLE results (
        game_id TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        started_at REAL NOT NULL,
        finished_at REAL,
        won INTEGER,
        score INTEGER NOT NULL DEFAULT 0,
        seconds REAL NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        used_hints INTEGER NOT NULL DEFAULT 0,
        used_undo INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX results_by_player ON results (player, game, finished_at);
    """,
    # 2: the history moves out of the games row into one row per action, each with its position
    # (NULL for actions migrated from version 1: the position is rebuilt when first needed).
    2: """
    CREATE TABLE actions (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        moves TEXT NOT NULL,
        move_total INTEGER NOT NULL,
        position TEXT,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    ALTER TABLE games ADD COLUMN action_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN action_total INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0;
    INSERT INTO actions (game_id, seq, moves, move_total)
        SELECT g.id, j.key + 1, j.value, 0 FROM games g, json_each(g.moves) j;
    INSERT INTO actions (game_id, seq, moves, move_total)
        SELECT g.id, json_array_length(g.moves) + j.key + 1, j.value, 0 FROM games g, json_each(g.redo) j;
    UPDATE actions SET move_total = t.total FROM (
        SELECT game_id, seq, SUM(json_array_length(moves)) OVER (PARTITION BY game_id ORDER BY seq) AS total
        FROM actions) AS t
        WHERE actions.game_id = t.game_id AND actions.seq = t.seq;
    UPDATE games SET action_count = json_array_length(moves),
                     action_total = json_array_length(moves) + json_array_length(redo);
    UPDATE games SET move_count = COALESCE((SELECT move_total FROM actions
                                            WHERE game_id = games.id AND seq = games.action_count), 0);
    UPDATE games SET moves = '[]', redo = '[]';
    """,
}

_GAME_COLUMNS: Final = (
    "id, player, game, deal, deck, action_count, action_total, move_count, version, score, finished, "
    "won, used_hints, used_undo, elapsed, first_move_at, last_move_at, created_at, updated_at, finished_at"
)

#: The most moves a game may have on the way to its position; further moves are refused.
MAX_MOVES_PER_GAME: Final = 10_000

Groups = tuple[tuple[str, ...], ...]
GameFilter = Literal["all", "unfinished", "finished"]


class StoreError(RuntimeError):
    """The database cannot be used (for example, it was written by a newer version)."""


@dataclass(frozen=True)
class GameRecord:
    """One saved game: where it came from, where it is now, and what the statistics need.

    ``actions`` player actions (``move_count`` moves) lead from the deal to
    the current position, whose text is ``position`` (None for the deal
    itself, or when it was not stored); ``redo_actions`` undone actions
    wait for redo. The history itself, ``groups`` (one tuple per action) and
    ``redo`` (the next one first), is loaded only when asked for
    (``Store.get_game(..., history=True)``); it is None otherwise.
    ``new_actions`` are the actions played since the record was read, which
    :meth:`Store.save` writes.
    ``elapsed`` is the play time; ``last_move_at`` is when it was last
    counted up to, None while the clock is paused (no page shows the game).
    """

    id: str
    player: str
    game: str
    deal: int | None
    deck: str | None
    actions: int = 0
    redo_actions: int = 0
    move_count: int = 0
    position: str | None = None
    groups: Groups | None = ()
    redo: Groups | None = ()
    new_actions: Groups = ()
    version: int = 0
    score: int = 0
    finished: bool = False
    won: bool = False
    used_hints: bool = False
    used_undo: bool = False
    elapsed: float = 0.0
    first_move_at: float | None = None
    last_move_at: float | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    finished_at: float | None = None

    @property
    def moves(self) -> list[str]:
        """Every move played up to the current position, in order (needs the history loaded)."""
        return [m for group in self._history(self.groups) for m in group]

    @property
    def redo_moves(self) -> list[str]:
        """The moves redo would replay, next one first (needs the history loaded)."""
        return [m for group in self._history(self.redo) for m in group]

    def _history(self, groups: Groups | None) -> Groups:
        if groups is None:
            raise ValueError(f"game {self.id} was read without its history")
        return groups

    @property
    def started(self) -> bool:
        """True from the first move on: the deal then counts as played."""
        return self.first_move_at is not None

    @property
    def clock_running(self) -> bool:
        """True while a page's reports keep the play clock running."""
        return self.started and not self.finished and self.last_move_at is not None

    def clocked(self, now: float, running: bool = True) -> GameRecord:
        """This record with its play clock brought up to ``now``; ``running=False`` pauses it.

        The time since the last report is added, never more than
        ``CLOCK_GAP_SECONDS`` and nothing while paused, so the clock never goes
        backwards and counts only while a page shows the game. Before the
        first move and after the end the clock does not run.

        >>> r = GameRecord("g", "p", "hamilton", 1, None, first_move_at=0.0, last_move_at=0.0)
        >>> r = r.clocked(10.0); r.elapsed
        10.0
        >>> r = r.clocked(3600.0, running=False); r.elapsed, r.last_move_at
        (40.0, None)
        >>> r.clocked(7200.0).elapsed
        40.0
        """
        if self.first_move_at is None or self.finished:
            return self
        elapsed = self.elapsed
        if self.last_move_at is not None:
            elapsed += min(max(now - self.last_move_at, 0.0), CLOCK_GAP_SECONDS)
        return replace(self, elapsed=elapsed, last_move_at=now if running else None)

    def touched(self, now: float) -> GameRecord:
        """This record after a player action at ``now``: time counted, version bumped."""
        if self.first_move_at is None:
            counted = replace(self, first_move_at=now, last_move_at=now)
        else:
            counted = self.clocked(now)
        return replace(counted, updated_at=now, version=self.version + 1)

    def played(self, groups: Sequence[Sequence[str]], now: float, position: str | None = None) -> GameRecord:
        """This record with ``groups`` appended as new actions (clears redo); ``position`` is the
        text of the position they lead to, kept so that loading never replays the history."""
        added = tuple(tuple(g) for g in groups)
        return replace(self.touched(now), groups=None if self.groups is None else self.groups + added,
                       redo=(), redo_actions=0, actions=self.actions + len(added),
                       move_count=self.move_count + sum(len(g) for g in added),
                       new_actions=self.new_actions + added, position=position)

    def moved_to(self, action: Action | None, now: float, *, redo_actions: int) -> GameRecord:
        """This record at a stored action (undo, redo; None: back at the deal), history unloaded."""
        return replace(self.touched(now), actions=action.seq if action else 0,
                       move_count=action.move_total if action else 0,
                       position=action.position if action else None,
                       redo_actions=redo_actions, groups=None, redo=None)

    def ended(self, won: bool, score: int, now: float) -> GameRecord:
        """This record finished, won or lost, with its final score."""
        return replace(self, finished=True, won=won, score=score, finished_at=now, updated_at=now,
                       version=self.version + 1)


@dataclass(frozen=True)
class Action:
    """One stored player action: its number (from 1), its moves, the moves up to it, its position."""

    seq: int
    moves: tuple[str, ...]
    move_total: int
    position: str | None


@dataclass(frozen=True)
class Result:
    """One played deal as the statistics see it (``won`` is None while it is being played)."""

    started_at: float
    finished_at: float | None
    won: bool | None
    score: int
    seconds: float
    moves: int
    used_hints: bool
    used_undo: bool


@dataclass(frozen=True)
class Statistics:
    """A player's statistics for one game.

    Every figure and the history come from one set of games, the *played*
    deals: every deal with at least one move, won, lost or still being
    played. A deal being played counts as not won until it is won (its
    score so far counts in the average); restarting, abandoning or deleting
    it makes it lost.
    """

    played: int
    won: int
    current_streak: int
    best_streak: int
    best_time_seconds: float | None
    fewest_moves: int | None
    average_score: float | None
    wins_with_hints: int
    wins_with_undo: int
    history: tuple[Result, ...]  # every played deal, in the order they were started

    @property
    def win_rate(self) -> float:
        """Won / played, 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @classmethod
    def of(cls, results: Sequence[Result]) -> Statistics:
        """Summarize results (in any order).

        Streaks follow the order in which deals were started. A deal left
        unfinished breaks the streak once a later deal was started (leaving a
        bad deal for a new one is no way to keep a streak); the latest deal,
        still being played, does not count yet.

        >>> r = lambda won, t: Result(t, t, won, 52 if won else 10, 60.0 * t, 100 + t, False, t == 3)
        >>> s = Statistics.of([r(True, 1), r(False, 2), r(True, 3), r(True, 4)])
        >>> s.played, s.won, s.current_streak, s.best_streak, s.wins_with_undo, s.fewest_moves
        (4, 3, 2, 2, 1, 101)
        >>> Statistics.of([r(True, 1), r(None, 2), r(True, 3)]).current_streak
        1
        """
        by_start = sorted(results, key=lambda r: r.started_at)
        wins = [r for r in by_start if r.won]
        streak = best = 0
        for index, r in enumerate(by_start):
            if r.won is None and index == len(by_start) - 1:
                break
            streak = streak + 1 if r.won else 0
            best = max(best, streak)
        return cls(
            played=len(results),
            won=len(wins),
            current_streak=streak,
            best_streak=best,
            best_time_seconds=min((r.seconds for r in wins), default=None),
            fewest_moves=min((r.moves for r in wins), default=None),
            average_score=sum(r.score for r in by_start) / len(by_start) if by_start else None,
            wins_with_hints=sum(1 for r in wins if r.used_hints),
            wins_with_undo=sum(1 for r in wins if r.used_undo),
            history=tuple(by_start),
        )


def new_game_id() -> str:
    """A fresh random game id such as ``g_3f9c0a1b2d4e5f60718293a4``."""
    return "g_" + secrets.token_hex(12)


def _moves_json(moves: Sequence[str]) -> str:
    return json.dumps(list(moves), separators=(",", ":"))


def _action_from(row: sqlite3.Row) -> Action:
    return Action(row["seq"], tuple(str(m) for m in json.loads(row["moves"])), row["move_total"],
                  row["position"])


def _record_from(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=row["id"], player=row["player"], game=row["game"], deal=row["deal"], deck=row["deck"],
        actions=row["action_count"], redo_actions=row["action_total"] - row["action_count"],
        move_count=row["move_count"], position=row["position"], groups=None, redo=None,
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
        #: Action rows read so far (what loading, undo and redo cost; tests check it stays flat).
        self.action_rows_read = 0
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._migrate(self._connection())

    # --- connections --------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10.0)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 10000")
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL loses nothing when the process is killed; only a power cut may.
            conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _connection(self) -> sqlite3.Connection:
        if self.path == ":memory:":  # one shared connection, serialized by the lock
            if self._shared is None:
                self._shared = self._open()
                self._connections.append(self._shared)
            return self._shared
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._open()
            self._local.conn = conn
            with self._lock:
                self._connections.append(conn)
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction taken with BEGIN IMMEDIATE; rolled back on any error, the COMMIT's too
        (a full disk fails there), so nothing is ever half-written."""
        with self._lock if self.path == ":memory:" else _nothing():
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                _roll_back(conn)
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock if self.path == ":memory:" else _nothing():
            yield self._connection()

    def close(self) -> None:
        """Close every connection this store opened."""
        with self._lock:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
            self._shared = None
        self._local = threading.local()

    def _migrate(self, conn: sqlite3.Connection) -> None:
        with self._lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                found = int(conn.execute("PRAGMA user_version").fetchone()[0])
                if found > SCHEMA_VERSION:
                    raise StoreError(f"{self.path} was written by a newer patience (schema {found})")
                for version in range(found + 1, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS[version].split(";"):
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

    def get_game(self, player: str, game_id: str, history: bool = False) -> GameRecord | None:
        """The player's game with this id, or None (also for another player's game).

        The current position's text comes with it (one row); the whole history (``groups`` and
        ``redo``) only with ``history=True``.
        """
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {_GAME_COLUMNS}, (SELECT position FROM actions WHERE game_id = games.id "
                "AND seq = games.action_count) AS position FROM games WHERE id = ? AND player = ?",
                (game_id, player)).fetchone()
            if row is None:
                return None
            record = _record_from(row)
            if history:
                actions = [_action_from(r) for r in conn.execute(
                    "SELECT seq, moves, move_total, NULL AS position FROM actions WHERE game_id = ? "
                    "ORDER BY seq",
                    (game_id,))]
                self.action_rows_read += len(actions)
                groups = tuple(a.moves for a in actions)
                record = replace(record, groups=groups[:record.actions], redo=groups[record.actions:])
        return record

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
            "INSERT OR IGNORE INTO results (game_id, player, game, started_at) VALUES (?, ?, ?, ?)",
            (record.id, record.player, record.game, record.first_move_at),
        )
        conn.execute(
            "UPDATE results SET finished_at = ?, won = ?, score = ?, seconds = ?, moves = ?, "
            "used_hints = ?, used_undo = ? WHERE game_id = ?",
            (record.finished_at, int(record.won) if record.finished else None, record.score,
             record.elapsed, record.move_count, int(record.used_hints), int(record.used_undo),
             record.id),
        )

    # --- statistics -------------------------------------------------------------
    def stats(self, player: str, game: str, deals: Collection[int] | None = None) -> Statistics:
        """The player's statistics for ``game``, from the deals played since the last reset.

        ``deals``: count only games dealt from these deal numbers (e.g. the deals of one difficulty).
        """
        with self._read() as conn:
            rows = conn.execute(
                "SELECT r.started_at, r.finished_at, r.won, r.score, r.seconds, r.moves, r.used_hints, "
                "r.used_undo, g.deal, g.deck FROM results r LEFT JOIN games g ON g.id = r.game_id "
                "WHERE r.player = ? AND r.game = ?",
                (player, game),
            ).fetchall()
        if deals is not None:
            rows = [r for r in rows if r["deck"] is None and r["deal"] in deals]
        return Statistics.of([
            Result(r["started_at"], r["finished_at"], None if r["won"] is None else bool(r["won"]),
                   r["score"], r["seconds"], r["moves"], bool(r["used_hints"]), bool(r["used_undo"]))
            for r in rows
        ])

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


# --- checks and backups at start ---------------------------------------------------------------
#: Copies kept next to the database, of each kind: ``NAME.backup-YYYYMMDDTHHMMSSZ`` (before an upgrade)
#: and ``NAME.damaged-YYYYMMDDTHHMMSSZ`` (a damaged database as it was found); older ones are deleted.
BACKUPS_KEPT: Final = 3

BackupKind = Literal["backup", "damaged"]


def backups_of(path: str | Path, kind: BackupKind = "backup") -> list[Path]:
    """The copies of this kind of the database at ``path``, oldest first."""
    db = Path(path)
    return sorted(db.parent.glob(f"{db.name}.{kind}-*"))


def back_up(path: str | Path, now: float | None = None, kind: BackupKind = "backup") -> Path:
    """Copy the database with SQLite's online backup API next to it, keeping the newest
    :data:`BACKUPS_KEPT` copies of this kind. Copies of a damaged database are kept apart, so a
    server started again and again on a damaged file never pushes the good backups out; one that
    SQLite cannot read at all is copied byte for byte.

    Restore: stop the server, delete ``NAME-wal`` and ``NAME-shm``, and copy the backup over ``NAME``.
    """
    db = Path(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() if now is None else now))
    target = db.with_name(f"{db.name}.{kind}-{stamp}")
    count = 1
    while target.exists():
        count += 1
        target = db.with_name(f"{db.name}.{kind}-{stamp}-{count}")
    try:
        with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(target)) as copy:
            source.backup(copy)
    except sqlite3.Error:
        if kind != "damaged":
            target.unlink(missing_ok=True)
            raise
        shutil.copyfile(db, target)  # SQLite cannot read it: the bytes as they were found
    for old in backups_of(db, kind)[:-BACKUPS_KEPT]:
        old.unlink(missing_ok=True)
    return target


def check_database(path: str | Path) -> Path | None:
    """Check the database a server is about to use; return the backup made, if one was needed.

    Runs ``PRAGMA quick_check`` and a write that is rolled back. Before an upgrade of the schema,
    or when damage is found, a backup is made first (:func:`back_up`). Any problem raises
    :class:`StoreError` with one line naming the file and what is wrong.
    """
    db = Path(path)
    if not db.exists():
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(_("cannot create the database {path}: {problem}").format(
                path=db, problem=exc.strerror or exc)) from None
        return None
    backup: Path | None = None
    try:
        with closing(sqlite3.connect(db, timeout=10.0)) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                backup = _back_up_damaged(db)
                raise _damaged(db, problems[0], backup)
            if version > SCHEMA_VERSION:
                raise StoreError(_("the database {path} was written by a newer patience (schema {version})")
                                 .format(path=db, version=version))
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA user_version = {version}")  # can it be written at all?
            conn.execute("ROLLBACK")
        if 0 < version < SCHEMA_VERSION:
            backup = back_up(db)
    except sqlite3.Error as exc:
        if backup is None and _is_damage(exc):
            raise _damaged(db, str(exc), _back_up_damaged(db)) from None
        raise StoreError(_("cannot use the database {path}: {problem}").format(
            path=db, problem=exc)) from None
    except OSError as exc:
        raise StoreError(_("cannot use the database {path}: {problem}").format(
            path=db, problem=exc.strerror or exc)) from None
    return backup


def _damaged(db: Path, problem: str, backup: Path) -> StoreError:
    return StoreError(_("the database {path} is damaged ({problem}); a copy was kept in {backup}").format(
        path=db, problem=" ".join(problem.split())[:200], backup=backup))


def _is_damage(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.DatabaseError) and any(
        words in str(exc) for words in ("malformed", "not a database", "corrupt"))


def _back_up_damaged(db: Path) -> Path:
    """A copy of the damaged database (the last one again if the file has not changed since)."""
    try:
        earlier = backups_of(db, "damaged")
        if earlier and earlier[-1].stat().st_mtime_ns >= db.stat().st_mtime_ns:
            return earlier[-1]  # the file has not changed since that copy
        return back_up(db, kind="damaged")
    except OSError as exc:
        raise StoreError(_("the database {path} is damaged and cannot even be copied: {problem}").format(
            path=db, problem=exc.strerror or exc)) from None
