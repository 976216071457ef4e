"""Numbers read from what a user typed: ASCII digits only, and never too many of them.

Python's ``int()`` and ``str.isdigit()`` accept any Unicode digit (``"٣"``
is 3, ``"²"`` is a digit that ``int()`` then refuses) and ``int()`` reads
``"1_000"``, ``" 7 "`` and thousands of digits. Every number a player or a
file gives goes through :func:`parse_int` or :func:`parse_float` instead;
both raise :class:`ValueError` (so they work as ``argparse`` types).

>>> parse_int("42"), parse_int("-3")
(42, -3)
>>> parse_int("٣")
Traceback (most recent call last):
...
ValueError: not a number written with the digits 0-9: '٣'
>>> parse_float("0.5")
0.5
>>> parse_seconds("1e3"), parse_count("7")
(1000.0, 7)
>>> parse_seconds("nan")
Traceback (most recent call last):
...
ValueError: not a number of seconds written with the digits 0-9: 'nan'
>>> shorten("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

import math
import re
from typing import Final

#: Longer numbers are refused before they are converted (no deal or count needs more).
MAX_DIGITS: Final = 30

_INT_RE: Final = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_FLOAT_RE: Final = re.compile(
    rf"-?(?:[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.[0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_SECONDS_RE: Final = re.compile(
    rf"(?:[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.[0-9]{{1,{MAX_DIGITS}}})(?:[eE][-+]?[0-9]{{1,3}})?",
    re.ASCII)

#: How much of a bad value an error message quotes.
QUOTED_CHARS: Final = 40


def shorten(text: str) -> str:
    """``repr(text)``, cut to :data:`QUOTED_CHARS` characters, on one line (for error messages)."""
    if len(text) <= QUOTED_CHARS:
        return repr(text)
    return f"{text[:QUOTED_CHARS]!r}"[:-1] + f"…' ({len(text)} characters)"


def is_ascii_number(text: str) -> bool:
    """True for 1 to :data:`MAX_DIGITS` ASCII digits and nothing else.

    >>> is_ascii_number("12"), is_ascii_number("²"), is_ascii_number(" 1"), is_ascii_number("")
    (True, False, False, False)
    """
    return _INT_RE.fullmatch(text) is not None and not text.startswith("-")


def parse_int(text: str) -> int:
    """An integer written with ASCII digits (an optional leading ``-``); else :class:`ValueError`."""
    if _INT_RE.fullmatch(text) is None:
        raise ValueError(f"not a number written with the digits 0-9: {shorten(text)}")
    return int(text)


def parse_float(text: str) -> float:
    """A decimal number written with ASCII digits (``2``, ``0.5``, ``.5``); else :class:`ValueError`."""
    if _FLOAT_RE.fullmatch(text) is None:
        raise ValueError(f"not a number written with the digits 0-9: {shorten(text)}")
    return float(text)


def parse_seconds(text: str) -> float:
    """A length of time in seconds: more than 0 and finite, ASCII digits (``10``, ``0.5``, ``2e3``).

    ``float()`` would take ``nan``, ``inf``, ``1e999`` and ``٣``; a budget of
    ``nan`` seconds never runs out.

    >>> parse_seconds("0")
    Traceback (most recent call last):
    ...
    ValueError: not a number of seconds more than 0: '0'
    """
    if _SECONDS_RE.fullmatch(text) is None:
        raise ValueError(f"not a number of seconds written with the digits 0-9: {shorten(text)}")
    value = float(text)
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"not a number of seconds more than 0: {shorten(text)}")
    return value


def parse_count(text: str) -> int:
    """A count of at least 1 written with ASCII digits (``-5``, ``0`` and ``٣`` are refused)."""
    value = parse_int(text)
    if value < 1:
        raise ValueError(f"not a count of 1 or more: {shorten(text)}")
    return value


parse_int.__name__ = "int"  # argparse names the type in its error: "invalid int value: '٣'"
parse_float.__name__ = "float"
