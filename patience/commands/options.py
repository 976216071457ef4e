"""What the commands share: argument types (budgets in seconds and counts, refused in one translated
line) and the notice that the compiled search core is absent.

Used as ``type=`` in ``add_argument``; a bad value stops ``argparse`` with
``argument --max-seconds: …`` (see :class:`patience.cli.Parser`: one line, exit 2).

>>> seconds("2.5"), count("100")
(2.5, 100)
>>> count("-5")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: wants a whole number from 1 up, written with the digits 0-9, not '-5'
"""

from __future__ import annotations

import argparse
import sys

from patience.i18n import _
from patience.numbers import parse_count, parse_seconds, shorten
from patience.solver.switch import absent_notice


def seconds(text: str) -> float:
    """A number of seconds more than 0 (no ``nan``, ``inf`` or digits other than 0-9)."""
    try:
        return parse_seconds(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_(
            "wants a number of seconds more than 0, written with the digits 0-9 (such as 10 or 0.5), "
            "not {value}").format(value=shorten(text))) from None


def count(text: str) -> int:
    """A whole number of at least 1 (no ``-5``, ``0`` or digits other than 0-9)."""
    try:
        return parse_count(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_(
            "wants a whole number from 1 up, written with the digits 0-9, not {value}").format(
                value=shorten(text))) from None


def tell_if_core_absent() -> None:
    """Print :func:`~patience.solver.switch.absent_notice` to stderr when the compiled core is absent.

    The commands that search at length (``solve``, ``serve``) call it once their input is checked,
    so a refusal stays one line.
    """
    notice = absent_notice()
    if notice is not None:
        print(notice, file=sys.stderr, flush=True)
