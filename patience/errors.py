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
