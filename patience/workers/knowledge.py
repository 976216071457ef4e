"""What the solver has already decided, reused without a new search.

Three kinds of facts, all exact:

- a position's status (``winnable`` or ``lost``), by position;
- a winning line: every position along it is ``winnable`` and its next move
  is the line's next move, so after the player plays that move the dot and
  the hint answer at once;
- a game's lost point (:class:`Point`: game id, action number and version)
  after which one of its positions was proven lost. Every position reached
  from a lost position is lost, so any later position of that game is lost
  too, as long as nothing was undone since: each change adds one to the
  version, so the actions since the point were all played forward exactly
  when both grew by the same amount. Only the game's current row is needed.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> known = Knowledge()
>>> start = game.new(1)
>>> line = tuple(game.parse_move(m) for m in ("s", "c-f1"))
>>> known.learn("hamilton", start, "winnable", line)
>>> after = game.apply(start, line[0])
>>> found = known.lookup("hamilton", after)
>>> str(found.status), [str(m) for m in found.line]
('winnable', ['c-f1'])
>>> known.learn("hamilton", after, "lost", point=Point("g1", action=1, version=1))
>>> str(known.lookup("hamilton", game.apply(after, line[1]), Point("g1", action=2, version=2)).status)
'lost'
>>> known.lookup("hamilton", game.apply(after, line[1]), Point("g1", action=2, version=4)) is None
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from patience.cache import BoundedCache
from patience.rules import Move, State, get_game
from patience.solver.result import Status

WINNABLE: Final = Status.WINNABLE
LOST: Final = Status.LOST
#: Positions kept on winning lines and by status (each is a shared, immutable state).
MAX_POSITIONS: Final = 50_000
#: Games whose lost point is kept.
MAX_GAMES: Final = 5_000


@dataclass(frozen=True)
class Decided:
    """A decided answer: ``winnable`` with the winning line from here (maybe empty), or ``lost``."""

    status: str
    line: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Point:
    """Where a position is in a game: after ``action`` actions, at ``version`` (from the game's row)."""

    game_id: str
    action: int
    version: int

    def follows(self, earlier: Point) -> bool:
        """True when this point is reached from ``earlier`` by actions played forward only.

        >>> Point("g", 5, 9).follows(Point("g", 3, 7)), Point("g", 3, 9).follows(Point("g", 3, 7))
        (True, False)
        """
        gained = self.action - earlier.action
        return (self.game_id == earlier.game_id and gained >= 0
                and self.version - earlier.version == gained)


@dataclass(frozen=True)
class _Line:
    moves: tuple[Move, ...]
    states: tuple[State, ...]  # states[i] is the position before moves[i]


class Knowledge:
    """Thread-safe store of decided answers, bounded (least recently learned forgotten first)."""

    def __init__(self, max_positions: int = MAX_POSITIONS, max_games: int = MAX_GAMES) -> None:
        self.max_positions = max_positions
        self.max_games = max_games
        self._lock = threading.Lock()
        self._status: BoundedCache[tuple[str, State], str] = BoundedCache(max_positions)
        self._on_line: dict[tuple[str, State], tuple[_Line, int]] = {}
        self._lines: OrderedDict[int, tuple[str, _Line]] = OrderedDict()
        self._line_positions = 0
        self._lost_games: BoundedCache[str, Point] = BoundedCache(max_games)

    def lookup(self, slug: str, state: State, point: Point | None = None) -> Decided | None:
        """The decided answer for this position (at this point of its game), else None."""
        key = (slug, state)
        with self._lock:
            found = self._on_line.get(key)
            if found is not None:
                line, index = found
                return Decided(WINNABLE, line.moves[index:])
        status = self._status.get(key)
        if status is not None:
            return Decided(status)
        if point is not None:
            lost = self._lost_games.peek(point.game_id)
            if lost is not None and point.follows(lost):
                self._lost_games.get(point.game_id)  # used: kept longer
                return Decided(LOST)
        return None

    def learn(self, slug: str, state: State, status: str, line: Sequence[Move] = (),
              point: Point | None = None) -> None:
        """Remember a decided answer; a winning line is replayed to know every position on it.

        Call it away from the event loop: a line of thousands of moves takes a moment to replay.
        """
        if status == WINNABLE and line:
            self._learn_line(slug, state, tuple(line))
            return
        if status not in (WINNABLE, LOST):
            return
        self._status.put((slug, state), status)
        if status == LOST and point is not None:
            with self._lock:  # the earliest lost point of a game is kept
                old = self._lost_games.peek(point.game_id)
                self._lost_games.put(point.game_id, point if old is None or not point.follows(old) else old)

    def _learn_line(self, slug: str, state: State, moves: tuple[Move, ...]) -> None:
        with self._lock:
            if (slug, state) in self._on_line:
                return  # a line from here is known already
        game = get_game(slug)
        states = [state]
        for move in moves[:-1]:
            states.append(game.apply_legal(states[-1], move))
        line = _Line(moves, tuple(states))
        with self._lock:
            self._lines[id(line)] = (slug, line)
            self._line_positions += len(states)
            for index, position in enumerate(states):
                self._on_line[(slug, position)] = (line, index)
            while self._line_positions > self.max_positions and len(self._lines) > 1:
                _id, (old_slug, old) = self._lines.popitem(last=False)
                self._line_positions -= len(old.states)
                for position in old.states:
                    entry = self._on_line.get((old_slug, position))
                    if entry is not None and entry[0] is old:
                        del self._on_line[(old_slug, position)]
