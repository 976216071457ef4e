"""Speed-ups of the search that must not change a single answer: the same positions, the same lines.

The fair odds count each completion's outcome within a position budget, so a
faster expander must expand exactly the positions the slower one did, in the
same order. These searches were recorded before Hamilton's children were built
from the parent's bytes (``_closed_children`` in ``games/hamilton/search.py``),
its legal moves and positions were built with less work, and children were
sorted with ``reverse=True`` (commit d568c7a): outcome, positions expanded and
the winning line as found must stay as they were.

A pruning rule is not a speed-up: Hamilton's dead-end test (issue 22) leaves positions proven lost
unexpanded, so the counts were recorded again then (losses 1,630 -> 1,570 and 432 -> 397
positions, two wins one and two positions sooner); every outcome and every line stayed the same.
Then the streamliner's first phase went from a quarter of the budget to half (also issue 22: on
300 deals it decides more within 2,000 and 5,000 positions), and two of these wins changed: 400001's
15th completion is won in 4,243 positions (2,518 before, the same line), 400002's 26th is no
longer won within 5,000 (4,480 before). Then each start card got its own share of the search
(``SearchKit.split``), which changes the order of every search from a deal: losses 1,570 -> 1,582
and 397 -> 418 positions (the three start cards' roots, each expanded by two searches); the 17th
completion's win keeps its line (439 -> 1,364 positions), the 15th is won sooner with another
line (4,243 -> 3,957), and 400002's 26th is won again (1,344 positions).

Then each looser game got at most a tenth of a node budget (Union Square's looser games can cost
~30 ms a position): Union Square 400001's first completion, won by the looser games in 499
positions, needs a budget of 5,000 for that (2,000 before; within 2,000 the Python search now
stops undecided, the compiled one wins it in 1,978); the same 499 positions and the same line.
These are the Python search's own numbers: the module runs with ``PATIENCE_SOLVER=python``.
"""

from __future__ import annotations

import hashlib

import pytest

from patience import get_game
from patience.analysis.fair import completions, observe
from patience.solver import solve

# (game, deal, completion of its opening with seed 0, budget) -> (outcome, positions, line or its
# SHA-256). A loss's positions are the whole enumeration, whatever the order; a win found late
# (thousands of positions) is where the order shows most.
RECORDED = [
    ("hamilton", 400001, 0, 2000, "lost", 1582, ""),
    ("hamilton", 400001, 15, 2000, "lost", 418, ""),
    ("hamilton", 400001, 16, 2000, "won", 1364,
     "s c-f1 t6-f2 t1-f1 t6-t1 t6-f1 t6-t7 t5-t6 t1-t5 t6-t1 t3-t6 t6-t5x2 t4-t6 s t7-t6 t4-t5 s t1-f3 s "
     "t3-f4 t7-f2 t6-f2 t1-f2 t4-t1 s t2-f1 t1-t7 t7-t5x2 t2-t7 t2-f4 t5-f4x2 t2-t7 t4-t5 t1-t6x3 t4-t1 "
     "t4-f2 t7-f2x2 t4-f2 t5-t4x2 t5-t7 t5-f1 t5-f1 t7-f1 t7-f1 t7-f1 t7-t3 t4-t7x2 t6-t4x4 t6-t5x2 t6-f3 "
     "t6-f3 t7-f3 t7-f3 t7-f3 t4-f3x4 t7-t2 t3-t4x2 t3-t6 t3-f4 t3-f2 t2-f2 t7-t3 t7-f4 t5-f4 t5-f4 t5-f4 "
     "t5-f4 t5-f3 t7-f1 t2-f2 t6-f1 t5-t2 t5-f2 t5-f1 t1-f1 t3-f2 t5-f4 t2-f4 t4-f3 t2-f4 t4-f3"),
    ("hamilton", 400001, 1, 1500, "unknown", 1500, ""),
    ("hamilton", 400001, 14, 5000, "won", 3957,
     "746f4bc776bcafc62168cbaf01291b25e1ad689b50ef34b593d782ce4fc04a8c"),
    ("hamilton", 400002, 25, 5000, "won", 1344,
     "b789f966b14ae2e1318599c88502cfe7b7ca7d40b5c276e2a4e93d09dbd4f7e1"),
    ("union-square", 400001, 0, 5000, "won", 499,
     "8eb9924c3c8ba263061c1365af194f467f347f8573c71309bbbe3292f31f92ad"),
]


@pytest.fixture(autouse=True)
def python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorded numbers are the Python search's."""
    monkeypatch.setenv("PATIENCE_SOLVER", "python")


@pytest.mark.parametrize(("slug", "deal", "index", "budget", "outcome", "positions", "line"), RECORDED)
def test_fair_completions_are_searched_as_recorded(slug: str, deal: int, index: int, budget: int,
                                                   outcome: str, positions: int, line: str) -> None:
    """The odds' solves (``tidy=False``) of a few opening completions: same outcome, work and line."""
    game = get_game(slug)
    state = completions(game, observe(game, deal, []), index + 1, 0)[index]
    result = solve(game, state, max_nodes=budget, tidy=False)
    found = result.moves_text()
    if len(line) == 64 and " " not in line:
        found = hashlib.sha256(found.encode()).hexdigest()
    assert (str(result.outcome), result.nodes, found) == (outcome, positions, line)
