"""How many positions one search may hold: the table cap from a memory budget, and its shares.

See docs/solver.md, "Budgets, memory caps and replay", for the shares and why dropping a
position never changes an answer.

>>> room = Room(400)
>>> first_share(room.cap), room.deep_room()
(300, 1600)
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass, field
from typing import Final, TypeVar

from patience.rules import Game, State
from patience.solver import tuning
from patience.solver.api import search_of

S = TypeVar("S", bound=State)

# The memory one search may hold, the whole process included (the web app may run two searches
# at once); PATIENCE_SOLVER_MEMORY_MB overrides it. The tables get what the process holds before
# a search (BASE_MB) leaves, at the game's bytes per position (Search.position_bytes).
MEMORY_MB: Final = tuning.MEMORY_MB
BASE_MB: Final = 60.0
# The share of the positions held that best-first search and the streamliner may take together;
# depth-first search's table and paths get the rest (all of it when they have stopped).
FIRST_SHARE: Final = 0.75
DEEP_PER_POSITION: Final = 4  # entries of depth-first search's table in the memory of one position
WAITING_WEIGHT: Final = 2  # a child waiting in a depth-first frame, in entries of that table


def default_table_cap(game: Game[S], memory_mb: float = MEMORY_MB) -> int:
    """The positions one search of ``game`` may hold so that the process stays within ``memory_mb``.

    >>> from patience import get_game
    >>> default_table_cap(get_game("hamilton"), 300) > default_table_cap(get_game("hamilton"), 200) > 0
    True
    """
    room = max(memory_mb - BASE_MB, 0.1 * memory_mb) * 2**20
    return max(int(room / search_of(game).position_bytes), 1)


def first_share(table_cap: int) -> int:
    """The positions best-first search and the streamliner may hold together, of ``table_cap``.

    >>> first_share(400)
    300
    """
    return int(table_cap * FIRST_SHARE)


@dataclass
class Room:
    """The positions one search's tables hold together, against ``cap`` (docs/solver.md, memory caps).

    Best-first searches (the full game's and the streamliner) stop when
    their tables (``first``) together pass :func:`first_share`, and the
    streamliner when its own holds half of it. Depth-first
    search's table gets the rest: less what those tables hold (or may still
    take while one of them runs) and the children waiting in the frames of
    depth-first paths (``waiting``); when it is full its oldest entries go.
    """

    cap: int
    first: list[Sized] = field(default_factory=list)
    running: int = 0
    waiting: int = 0
    share: int = field(init=False)  # first_share(cap), asked at every position best-first search expands

    def __post_init__(self) -> None:
        self.share = first_share(self.cap)

    def first_full(self, own: Sized, half: bool = False) -> bool:
        """Whether a best-first search with the table ``own`` must stop: the tables are full, or
        (with ``half``) its own table holds half of their share."""
        share = self.share
        return sum(map(len, self.first)) > share or (half and len(own) > share // 2)

    def deep_room(self) -> int:
        """The positions depth-first search's table may hold now (at most ``cap``)."""
        held = sum(map(len, self.first))
        if self.running:
            held = max(held, first_share(self.cap))
        # An entry of depth-first search's table holds a key and a little more (no position): about
        # a quarter of a position of best-first search; a child waiting in a frame, its moves too:
        # about half. The path cannot be cut: when it is long, the table keeps a floor (half its
        # share) all the same.
        rest = DEEP_PER_POSITION * (self.cap - held)
        return max(rest - WAITING_WEIGHT * self.waiting,
                   DEEP_PER_POSITION * (self.cap - first_share(self.cap)) // 2)
