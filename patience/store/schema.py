"""The database schema: its version, the migrations that build it step by step, and the store's error.

The schema version is SQLite's ``user_version``; a database at version ``n`` is
brought to :data:`SCHEMA_VERSION` by running ``MIGRATIONS[n + 1]`` and on.

>>> sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION + 1))
True
"""

from __future__ import annotations

from typing import Final

#: The schema this code writes; older databases are migrated step by step.
SCHEMA_VERSION: Final = 4

MIGRATIONS: Final[dict[int, str]] = {
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
    # 3: a result keeps its deal, so statistics imported from elsewhere (without a games row) keep it
    # too; and a result is the player's (two players may import the same file).
    3: """
    CREATE TABLE results_3 (
        game_id TEXT NOT NULL,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        deal INTEGER,
        deck TEXT,
        started_at REAL NOT NULL,
        finished_at REAL,
        won INTEGER,
        score INTEGER NOT NULL DEFAULT 0,
        seconds REAL NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        used_hints INTEGER NOT NULL DEFAULT 0,
        used_undo INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player, game_id)
    );
    INSERT INTO results_3 SELECT r.game_id, r.player, r.game, g.deal, g.deck, r.started_at, r.finished_at,
        r.won, r.score, r.seconds, r.moves, r.used_hints, r.used_undo
        FROM results r LEFT JOIN games g ON g.id = r.game_id;
    DROP TABLE results;
    ALTER TABLE results_3 RENAME TO results;
    CREATE INDEX results_by_player ON results (player, game, finished_at);
    """,
    # 4: a player's results in the order they were started, of one game or of all: statistics are
    # counted in SQL and exports are read a page at a time, neither sorting every row.
    4: """
    CREATE INDEX results_by_game_start ON results (player, game, started_at, game_id, won);
    CREATE INDEX results_by_start ON results (player, started_at, game_id);
    """,
}


class StoreError(RuntimeError):
    """The database cannot be used (for example, it was written by a newer version)."""

