"""The error classes of the rules, each meaning one thing.

All are :class:`ValueError` so a caller that only cares about bad input can
catch that.
"""

from __future__ import annotations


class PatienceError(ValueError):
    """Base class of every input error the rules raise."""


class InvalidMoveError(PatienceError):
    """Move text that does not parse, such as ``t9-x``."""


class IllegalMoveError(PatienceError):
    """A move that parses but is not legal in this position; says why."""


class InvalidDealError(PatienceError):
    """A deal number out of range or a deck string that is wrong: count, duplicate or unknown card."""


class InvalidRecordError(PatienceError):
    """A game record or position text that cannot be read; says where and why."""


class UnknownGameError(PatienceError):
    """A game slug that is not registered."""


class TableError(Exception):
    """A refusal of the table (:mod:`patience.table`): what the player asked cannot be done now.

    The message is one translated sentence for the player; the web answers it as the ``detail``.
    """


class GameNotFoundError(TableError, LookupError):
    """No such game: an unknown game id of this player, or a game name that is not registered."""


class StaleVersionError(TableError):
    """A change asked on an old version of a game: another tab (or window) changed it first."""


class ActionRefusedError(TableError):
    """An action that the game's state does not allow: the game is over, nothing to undo, redo,
    double-click or finish."""


class LimitReachedError(TableError):
    """A game that has reached its limit of moves."""


class StorageUnavailableError(TableError):
    """The games cannot be saved or read right now (disk full, I/O error, locked too long); nothing
    was changed."""
