"""Saved games and statistics: the SQLite store and the rules it keeps.

- :mod:`patience.store.store`: all the SQL (games, their actions, results);
- :mod:`patience.store.records`: what a game record is, its clock, what counts as played, streaks;
- :mod:`patience.store.schema`: the schema version and its migrations;
- :mod:`patience.store.backups`: checking the database file at start, backups.

The names below are the package's public face: ``from patience.store import Store``.
"""

from patience.store.backups import BACKUPS_KEPT, BackupKind, back_up, backups_of, check_database
from patience.store.records import (
    CLOCK_BEAT_SECONDS,
    CLOCK_GAP_SECONDS,
    MAX_GAP_SECONDS,
    MAX_MOVES_PER_GAME,
    MAX_RESULTS_PER_PLAYER,
    UNPLAYED_KEPT_SECONDS,
    Action,
    DealResult,
    GameRecord,
    Groups,
    History,
    PlayedDeal,
    Statistics,
    TooManyResults,
    new_game_id,
)
from patience.store.schema import SCHEMA_VERSION, StoreError
from patience.store.store import GameFilter, Store

__all__ = [
    "BACKUPS_KEPT",
    "CLOCK_BEAT_SECONDS",
    "CLOCK_GAP_SECONDS",
    "MAX_GAP_SECONDS",
    "MAX_MOVES_PER_GAME",
    "MAX_RESULTS_PER_PLAYER",
    "SCHEMA_VERSION",
    "UNPLAYED_KEPT_SECONDS",
    "Action",
    "BackupKind",
    "DealResult",
    "GameFilter",
    "GameRecord",
    "Groups",
    "History",
    "PlayedDeal",
    "Statistics",
    "Store",
    "StoreError",
    "TooManyResults",
    "back_up",
    "backups_of",
    "check_database",
    "new_game_id",
]
