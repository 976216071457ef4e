"""Where was the game lost? A binary search over its history.

Winnability is monotone along a game: every position reachable from a lost
position is lost. So the positions of a game (after 0, 1, … n moves) are
winnable up to some point and lost from then on, and a binary search finds
the first lost one with about log₂(n) solves. A winning line found on the way
also proves winnable every position the game reached by following it, which
often saves solves.

Cheap answers first. The last position and the first get what is left of
``max_seconds``. The positions between are probed with a small budget first
(:data:`FIRST_PROBE` of ``max_seconds``), first a position a *stride* before
the lost end (1 move, doubled each time such a step back is proven lost: with
the shared proofs below, a step back from a lost position is the cheapest
proof there is), then the middle; when that is not decided
within it, a point nearer the lost end, then one nearer the won end, is tried
instead (any decided position narrows the interval); only when none of them
is decided does the budget grow (:data:`GROWTH` times). A position is tried
again only with a larger budget; the last position left between the two
(nothing else to try) gets all the time left. When the interval can no longer
be narrowed with what is left the verdict is ``unknown``, never a guess.
The solves share what they prove lost (:func:`sharing_solver`): a position
proven lost from a later position of the game is not searched again from an
earlier one.

The answer (:class:`Review`):

* ``status``: ``won`` (the game was won), ``winnable`` (its last position can
  still be won), ``lost`` (it cannot), ``unknown`` (a needed solve ran out of
  budget).
* ``lost_at``: the number of moves after which the position was first lost
  (0 when the deal itself cannot be won; None when the game is still
  winnable, was won, or is unknown).
* ``better``: a move that keeps the position after ``lost_at - 1`` moves
  winnable (None when ``lost_at`` is 0 or None); ``line``: the winning line
  from that position (``better`` first), from the last position when the
  status is ``winnable``, or from the last position known winnable when an
  ``unknown`` review knows both ends (below).
* ``winnable_after`` and ``lost_after``: the most moves after which the
  position is known to be winnable and the fewest after which it is known to
  be lost (None when none is known). When a review is ``unknown`` between
  them, the game was lost by one of the moves after ``winnable_after``, up to
  move ``lost_after``.

>>> from patience import get_game
>>> from patience.rules import Move
>>> game = get_game("hamilton")
>>> answer = review(game, 1, [Move.parse("s")], max_seconds=10)
>>> answer.status, answer.lost_at
('winnable', None)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, TypedDict

from patience.i18n import _
from patience.rules import Game, Move, State
from patience.solver import LOST, WON, Proven, Result, solve, tidied

WON_STATUS: Final = "won"
WINNABLE: Final = "winnable"
LOST_STATUS: Final = "lost"
UNKNOWN: Final = "unknown"

Solver = Callable[[Game[State], State, float], Result]
#: The positions and the share of a solve's budget a looser game may take (Union Square's tableau
#: as runs): in the middle of a game its loss proofs are what decides, and they are shared (a
#: stopped one leaves its finished positions to the next probe). 1,500,000 positions keep its keys
#: within about 170 MB, as :data:`~patience.solver.proven.LOOSER_KEYS` keeps the table's.
LOOSER: Final = (1_500_000, 0.8)
#: The time the reported winning line may take to be shortened, as a share of ``max_seconds``
#: (the solves leave their lines as found; only the reported one is shortened).
TIDY_SHARE: Final = 0.1
#: The share of ``max_seconds`` the first probes of the positions between the ends get.
FIRST_PROBE: Final = 1 / 32
#: How much the probe budget grows when no position of the interval was decided within it.
GROWTH: Final = 4.0
#: Points of the interval tried per budget after the one a stride before its lost end, in this
#: order: its middle, then nearer the lost end, then nearer the won end (fractions of the interval
#: from its won end).
PROBES: Final = (1 / 2, 3 / 4, 1 / 4)


def sharing_solver(game: Game[State]) -> Solver:
    """The review's solver: each solve skips the positions earlier solves of the review proved lost.

    Sound because every position of a review comes from one deal (see :class:`~patience.solver.Proven`).
    """
    proven = Proven.for_game(game)

    def solver(game: Game[State], state: State, seconds: float) -> Result:
        # lines as found (replayed, not shortened): only the reported one is tidied (_Search.tidy)
        return solve(game, state, max_seconds=seconds, proven=proven, looser=LOOSER, tidy=False)

    return solver


class ReviewJson(TypedDict):
    """:meth:`Review.as_json`: the moves as text."""

    game: str
    moves: int
    lost_at: int | None
    better: str | None
    status: str
    line: list[str]
    winnable_after: int | None
    lost_after: int | None


@dataclass(frozen=True)
class Review:
    """The verdict on a game: where it was lost, and a move that would have kept it winnable."""

    game: str
    moves: int
    status: str
    lost_at: int | None = None
    better: Move | None = None
    line: tuple[Move, ...] = ()
    solves: int = 0
    seconds: float = 0.0
    positions: tuple[State, ...] = field(default=(), repr=False, compare=False)
    history: tuple[Move, ...] = field(default=(), repr=False, compare=False)
    winnable_after: int | None = None
    lost_after: int | None = None

    @property
    def played(self) -> Move | None:
        """The move actually played after ``lost_at - 1`` moves, the one that lost the game."""
        return self.history[self.lost_at - 1] if self.lost_at else None

    def as_json(self) -> ReviewJson:
        """The object ``patience review --json`` prints."""
        return {"game": self.game, "moves": self.moves, "lost_at": self.lost_at,
                "better": None if self.better is None else str(self.better), "status": self.status,
                "line": [str(m) for m in self.line], "winnable_after": self.winnable_after,
                "lost_after": self.lost_after}

    def turning_point(self) -> State | None:
        """The position after ``lost_at - 1`` moves (the last winnable one), or None."""
        if self.lost_at is None or self.lost_at == 0 or not self.positions:
            return None
        return self.positions[self.lost_at - 1]


def undecided_text(winnable_after: int | None, lost_after: int | None) -> str | None:
    """What an ``unknown`` review still knows, in words: the moves between the last position known
    winnable and the first known lost (None when it does not know both ends).

    >>> undecided_text(157, 263)
    'Not decided exactly: the game could still be won after move 157 and was lost after move 263; \
the moves in between were too hard to decide in time.'
    >>> undecided_text(None, 263) is None
    True
    """
    if winnable_after is None or lost_after is None:
        return None
    if winnable_after == 0:
        return _("Not decided exactly: the deal could be won and the game was lost after move {lost}; "
                 "the moves in between were too hard to decide in time.").format(lost=lost_after)
    return _("Not decided exactly: the game could still be won after move {won} and was lost after move "
             "{lost}; the moves in between were too hard to decide in time.").format(
        won=winnable_after, lost=lost_after)


def positions_of(game: Game[State], deal_or_deck: int | str, moves: Sequence[Move]) -> list[State]:
    """The position after 0, 1, … n moves; an illegal move raises naming its 1-based index and why."""
    state = game.new(deal_or_deck)
    game.apply_all(state, moves)  # raises IllegalMoveError("move 3 (t1-t3): …") on the first bad one
    states = [state]
    for move in moves:
        state = game.apply_legal(state, move)
        states.append(state)
    return states


def review(game: Game[State], deal_or_deck: int | str, moves: Sequence[Move | str], *,
           max_seconds: float, solver: Solver | None = None) -> Review:
    """Find the first move after which the deal could no longer be won, within ``max_seconds`` in all.

    ``moves`` may be :class:`Move` values or their texts. ``solver`` is for tests (a fake solver);
    by default :func:`sharing_solver`.
    """
    played = [m if isinstance(m, Move) else game.parse_move(m) for m in moves]
    states = positions_of(game, deal_or_deck, played)
    search = _Search(game, states, played, time.monotonic() + max_seconds, solver or sharing_solver(game))
    search.probe = max_seconds * FIRST_PROBE
    search.tidy_seconds = TIDY_SHARE * max_seconds
    _use_known_line(search, game, deal_or_deck)
    verdict = search.run()
    return Review(game.slug, len(played), *verdict, solves=search.solves,
                  seconds=round(max_seconds - search.remaining(), 3), positions=tuple(states),
                  history=tuple(played), winnable_after=max(search.lines, default=None),
                  lost_after=search.first_lost)


def _use_known_line(search: _Search, game: Game[State], deal_or_deck: int | str) -> None:
    """A deal of the shipped winnable list comes with a winning line: position 0 needs no solve."""
    from patience.catalog import known_line

    texts = known_line(game.slug, deal_or_deck)
    if not texts:
        return
    line = tuple(game.parse_move(m) for m in texts)
    if game.is_won(game.apply_all(search.states[0], line)):  # trust only what replays to a win
        search.follow(0, line)


class _Search:
    """One binary search: ``winnable[k]`` holds the known winning line from position ``k``."""

    def __init__(self, game: Game[State], states: list[State], played: list[Move], deadline: float,
                 solver: Solver) -> None:
        self.game, self.states, self.played = game, states, played
        self.deadline, self.solver = deadline, solver
        self.solves = 0
        self.lines: dict[int, tuple[Move, ...]] = {}
        self.probe = float("inf")  # the budget of a probe between the ends
        self.tidy_seconds = 0.0  # how long the reported line may take to be shortened
        self.tried: dict[int, float] = {}  # position -> the largest budget it was left unknown with
        self.stride = 1  # how far before the lost end the next probe near it lies (see next_probe)
        self.first_lost: int | None = None  # the earliest position decided lost

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def decide(self, k: int, budget: float | None = None) -> str:
        """``won`` (line kept), ``lost`` or ``unknown`` for the position after ``k`` moves, within
        ``budget`` seconds (at most what is left; all of it when None)."""
        if k in self.lines:
            return WON
        if self.game.is_won(self.states[k]):
            self.lines[k] = ()
            return WON
        left = self.remaining()
        if left <= 0:
            return UNKNOWN
        seconds = left if budget is None else min(budget, left)
        self.solves += 1
        result = self.solver(self.game, self.states[k], seconds)
        if result.outcome == WON:
            self.follow(k, result.moves)
            return WON
        if result.outcome == LOST:
            self.first_lost = k if self.first_lost is None else min(k, self.first_lost)
            return LOST
        self.tried[k] = max(seconds, self.tried.get(k, 0.0))
        return UNKNOWN

    def near_lost(self, low: int, high: int) -> int:
        """The position a stride before the lost end ``high`` (never more than half the interval)."""
        return high - min(self.stride, max(1, (high - low) // 2))

    def next_probe(self, low: int, high: int) -> tuple[int, float] | None:
        """The position to probe between ``low`` (winnable) and ``high`` (lost), and its budget;
        None when every candidate was left unknown with all the time there is."""
        while True:
            left = self.remaining()
            if left <= 0:
                return None
            shares = [min(max(low + round((high - low) * share), low + 1), high - 1) for share in PROBES]
            points = list(dict.fromkeys([self.near_lost(low, high), *shares]))
            # with one point left there is nothing to try instead: it gets all the time left
            budget = min(self.probe, left) if len(points) > 1 else left
            for k in points:
                if self.tried.get(k, 0.0) < budget:
                    return k, budget
            if self.probe >= left:
                return None
            self.probe *= GROWTH

    def tidy(self, k: int) -> tuple[Move, ...]:
        """The winning line kept for position ``k``, shortened (:func:`~patience.solver.tidied`)
        when it replays to a win, and replayed again."""
        line = self.lines[k]
        state = self.states[k]
        try:
            if not line or not self.game.is_won(self.game.apply_all(state, line)):
                return line
            return tidied(self.game, state, line, time.perf_counter() + self.tidy_seconds)
        except ValueError:  # a line that does not replay (only a test's fake solver gives one)
            return line

    def follow(self, k: int, line: tuple[Move, ...]) -> None:
        """Keep the line; positions the game reached by playing along it are winnable too."""
        self.lines[k] = line
        step = 0
        while step + 1 < len(line) and k + step < len(self.played) and self.played[k + step] == line[step]:
            step += 1
            self.lines[k + step] = line[step:]

    def run(self) -> tuple[str, int | None, Move | None, tuple[Move, ...]]:
        n = len(self.played)
        if self.game.is_won(self.states[n]):
            self.lines[n] = ()
            return WON_STATUS, None, None, ()
        last = self.decide(n)
        if last == WON:
            return WINNABLE, None, None, self.tidy(n)
        if last != LOST:
            return UNKNOWN, None, None, ()
        first = self.decide(0)
        if first == LOST:
            return LOST_STATUS, 0, None, ()
        if first != WON:
            return UNKNOWN, None, None, ()
        low, high = max(self.lines), n  # position low is winnable, position high is lost
        while high - low > 1:
            probe = self.next_probe(low, high)
            if probe is None:  # undecided in between: a winning line from the last known winnable
                return UNKNOWN, None, None, self.tidy(low)
            middle, budget = probe
            answer = self.decide(middle, budget)
            near = middle == self.near_lost(low, high)
            # a step back from the lost end that held makes the next one longer; any other answer
            # there starts again from one move
            self.stride = self.stride * 2 if near and answer == LOST else 1 if near else self.stride
            if answer == WON:
                low = max(k for k in self.lines if k < high)
            elif answer == LOST:
                high = middle
        line = self.tidy(low)
        return LOST_STATUS, high, line[0], line
