"""How much of the long checks a test run does: a fixed sample by default, all of them with
``PATIENCE_TESTS_WHOLE=1`` (every published line replayed, every published lost deal proved again,
every deal of the long agreement runs), so the default run stays short as the survey grows.

>>> sampled(20, 10), sampled(21, 10) == WHOLE
(True, True)
"""

from __future__ import annotations

import os

#: Set ``PATIENCE_TESTS_WHOLE=1`` to run the long checks whole (several more minutes).
WHOLE = os.environ.get("PATIENCE_TESTS_WHOLE") == "1"


def sampled(number: int, every: int) -> bool:
    """Whether a deal (or row) ``number`` is checked in this run: all of them when whole, else every
    ``every``-th."""
    return WHOLE or number % every == 0
