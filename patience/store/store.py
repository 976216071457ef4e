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
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Literal

from patience.store.connections import Connections, roll_back
from patience.store.records import (
    MAX_RESULTS_PER_PLAYER,
    Action,
    DealResult,
    GameRecord,
    History,
    PlayedDeal,
    Statistics,
    TooManyResults,
    new_game_id,
)
from patience.store.schema import MIGRATIONS, SCHEMA_VERSION, StoreError

_GAME_COLUMNS: Final = (
    "id, player, game, deal, deck, action_count, action_total, move_count, version, score, finished, "
    "won, used_hints, used_undo, elapsed, first_move_at, last_move_at, created_at, updated_at, finished_at"
)

GameFilter = Literal["all", "unfinished", "finished"]

#: The latest played deals :meth:`Store.stats` gives in ``history`` (the page shows 100).
RECENT_RESULTS: Final = 100
#: Rows per read when results are read a page at a time (:meth:`Store.iter_results`).
RESULTS_PAGE: Final = 1000

_RESULT_COLUMNS: Final = ("game_id, game, deal, deck, started_at, finished_at, won, score, seconds, moves, "
                          "used_hints, used_undo")

#: :meth:`Statistics.of` in SQL over the rows ``{where}`` picks: the counts and records in one pass
#: (the records come from the wins without hints), then the streaks. Deals go in the order they were
#: started; ``breaks`` counts the deals up to each one that were not won, so a run of wins shares one
#: value of it, and the current run is the one of the last deal's value (one less when the last deal
#: is still being played: it breaks no streak yet).
_STATS_SQL: Final = """
SELECT COUNT(*) AS played, COUNT(won) AS finished, SUM(won = 1) AS won, SUM(score) AS score_total,
    MIN(CASE WHEN won = 1 AND used_hints = 0 THEN seconds END) AS best_time,
    MIN(CASE WHEN won = 1 AND used_hints = 0 THEN moves END) AS fewest_moves,
    SUM(won = 1 AND used_hints = 1) AS wins_with_hints, SUM(won = 1 AND used_undo = 1) AS wins_with_undo
FROM results WHERE {where}
"""
_STREAKS_SQL: Final = """
WITH ordered AS (
    SELECT won, SUM(won IS NOT 1) OVER (ORDER BY started_at, game_id ROWS UNBOUNDED PRECEDING) AS breaks
    FROM results WHERE {where}),
runs AS (SELECT breaks, COUNT(*) AS length FROM ordered WHERE won = 1 GROUP BY breaks)
SELECT (SELECT MAX(length) FROM runs) AS best_streak,
    (SELECT length FROM runs WHERE breaks = (SELECT MAX(breaks) FROM ordered) - COALESCE(
        (SELECT won IS NULL FROM results WHERE {where} ORDER BY started_at DESC, game_id DESC LIMIT 1), 0))
        AS current_streak
"""


def _moves_json(moves: Sequence[str]) -> str:
    return json.dumps(list(moves), separators=(",", ":"))


def _action_from(row: sqlite3.Row) -> Action:
    return Action(row["seq"], tuple(str(m) for m in json.loads(row["moves"])), row["move_total"],
                  row["position"])


def _played_from(row: sqlite3.Row) -> PlayedDeal:
    return PlayedDeal(row["game_id"], row["game"], row["deal"], row["deck"], DealResult(
        row["started_at"], row["finished_at"], None if row["won"] is None else bool(row["won"]), row["score"],
        row["seconds"], row["moves"], bool(row["used_hints"]), bool(row["used_undo"])))


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


class Store(Connections):
    """The game database at ``path`` (``":memory:"`` for a private in-memory one, tests only).

    Safe to share between threads: each thread gets its own connection.
    """

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        #: Action rows read so far (what loading, undo and redo cost; tests check it stays flat).
        self.action_rows_read = 0
        self._migrate(self._connection(create=True))
        self._watch()

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
                roll_back(conn)
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

    def hand_over_result(self, player: str, old_id: str, new_id: str) -> None:
        """The statistics row of game ``old_id`` becomes game ``new_id``'s (a deal played on from a
        review stays one played deal); nothing when ``old_id`` has none."""
        with self._write() as conn:
            conn.execute("UPDATE results SET game_id = ? WHERE game_id = ? AND player = ?",
                         (new_id, old_id, player))

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
        cursor = conn.execute(
            "INSERT OR IGNORE INTO results (game_id, player, game, started_at, deal, deck) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (record.id, record.player, record.game, record.first_move_at, record.deal, record.deck),
        )
        if cursor.rowcount == 1:  # a deal played for the first time: the oldest finished may go
            conn.execute(
                "DELETE FROM results WHERE player = ?1 AND game_id IN (SELECT game_id FROM results "
                "WHERE player = ?1 AND won IS NOT NULL ORDER BY started_at, game_id LIMIT max(0, "
                "(SELECT COUNT(*) FROM results WHERE player = ?1) - ?2))",
                (record.player, MAX_RESULTS_PER_PLAYER))
        conn.execute(
            "UPDATE results SET finished_at = ?, won = ?, score = ?, seconds = ?, moves = ?, "
            "used_hints = ?, used_undo = ? WHERE game_id = ? AND player = ?",
            (record.finished_at, int(record.won) if record.finished else None, record.score,
             record.elapsed, record.move_count, int(record.used_hints), int(record.used_undo),
             record.id, record.player),
        )

    # --- statistics -------------------------------------------------------------
    def stats(self, player: str, game: str, deals: Collection[int] | None = None,
              recent: int | None = RECENT_RESULTS) -> Statistics:
        """The player's statistics for ``game``, from the deals played since the last reset, counted in
        SQL (as :meth:`Statistics.of` counts them); ``history`` holds the ``recent`` latest played deals
        (None: all of them).

        ``deals``: count only games dealt from these deal numbers (e.g. the deals of one difficulty).
        """
        where = "player = :player AND game = :game"
        args: dict[str, object] = {"player": player, "game": game, "recent": -1 if recent is None else recent}
        if deals is not None:
            where += " AND deck IS NULL AND deal IN (SELECT value FROM json_each(:deals))"
            args["deals"] = json.dumps(sorted(deals))
        with self._read() as conn:
            row = conn.execute(_STATS_SQL.format(where=where), args).fetchone()
            streaks = conn.execute(_STREAKS_SQL.format(where=where), args).fetchone()
            latest = [] if recent == 0 else conn.execute(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE {where} ORDER BY started_at DESC, "
                "game_id DESC LIMIT :recent", args).fetchall()
        played = int(row["played"])
        return Statistics(
            played=played, won=int(row["won"] or 0), current_streak=int(streaks["current_streak"] or 0),
            best_streak=int(streaks["best_streak"] or 0), best_time_seconds=row["best_time"],
            fewest_moves=row["fewest_moves"],
            average_score=row["score_total"] / played if played else None,
            wins_with_hints=int(row["wins_with_hints"] or 0), wins_with_undo=int(row["wins_with_undo"] or 0),
            history=tuple(_played_from(r).result for r in reversed(latest)),
            finished=int(row["finished"] or 0))

    def results(self, player: str, game: str | None = None) -> list[PlayedDeal]:
        """Every deal the player played (of ``game``, or of every game), in the order they were started."""
        return list(self.iter_results(player, game))

    def iter_results(self, player: str, game: str | None = None,
                     page: int = RESULTS_PAGE) -> Iterator[PlayedDeal]:
        """:meth:`results` a page of ``page`` rows at a time, each page its own short read (an export of
        any length holds one page in memory and keeps no read open while it is written out)."""
        where, args = ("player = ? AND game = ?", [player, game]) if game is not None else (
            "player = ?", [player])
        after: tuple[float, str] | None = None
        while True:
            more = "" if after is None else " AND (started_at, game_id) > (?, ?)"
            with self._read() as conn:
                rows = conn.execute(
                    f"SELECT {_RESULT_COLUMNS} FROM results WHERE {where}{more} "
                    "ORDER BY started_at, game_id LIMIT ?", [*args, *(after or ()), page]).fetchall()
            yield from (_played_from(r) for r in rows)
            if len(rows) < page:
                return
            after = (rows[-1]["started_at"], rows[-1]["game_id"])

    def count_results(self, player: str, game: str | None = None) -> int:
        """How many played deals the player's statistics hold (of ``game``, or of every game)."""
        where, args = ("player = ? AND game = ?", (player, game)) if game is not None else (
            "player = ?", (player,))
        with self._read() as conn:
            return int(conn.execute(f"SELECT COUNT(*) FROM results WHERE {where}", args).fetchone()[0])

    def add_results(self, player: str, deals: Sequence[PlayedDeal]) -> int:
        """Add played deals to the player's statistics, all or none; those already there (same id) are
        left as they are (read first, so a file already imported costs no write). Returns how many were
        added.

        Raises :class:`TooManyResults` (and adds nothing) when the player would then hold more than
        :data:`MAX_RESULTS_PER_PLAYER` played deals.
        """
        with self._read() as conn:
            rows = conn.execute("SELECT game_id FROM results WHERE player = ?", (player,)).fetchall()
        kept = {str(r[0]) for r in rows}
        deals = [d for d in deals if d.id not in kept]
        if not deals:
            return 0
        with self._write() as conn:
            held = int(conn.execute("SELECT COUNT(*) FROM results WHERE player = ?", (player,)).fetchone()[0])
            if held + len(deals) > MAX_RESULTS_PER_PLAYER:
                raise TooManyResults(held, len(deals), MAX_RESULTS_PER_PLAYER)
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

    def player_summaries(self) -> list[tuple[str, float, int]]:
        """Every player as ``(id, first seen, played deals)``, the first seen first (so players can be
        numbered for people: ``patience stats`` calls them player 1, 2, ...)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT player, MIN(since), SUM(played) FROM ("
                "SELECT player, MIN(created_at) AS since, 0 AS played FROM games GROUP BY player UNION ALL "
                "SELECT player, MIN(started_at), COUNT(*) FROM results GROUP BY player) "
                "GROUP BY player ORDER BY MIN(since), player").fetchall()
        return [(str(r[0]), float(r[1]), int(r[2])) for r in rows]

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
