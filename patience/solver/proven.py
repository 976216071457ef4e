"""Positions proven lost, kept from one search to the next (the review's binary search).

A search that proves its root lost has proven lost every position it entered
(each is reachable from the root, and no won position is reachable from the
root). :class:`Proven` keeps their canonical keys, and a later search given
the same :class:`Proven` skips them as if it had entered them itself: a
position's fate does not depend on how it was reached, so a loss proven from
one root holds wherever the position is met again. The argument (why a
``lost`` answer stays a proof when such positions are skipped) is in
``docs/solver.md``, "Proofs shared between searches".

Keys are exact but not always global: Union Square's key holds the stock's
length, not its cards, so a :class:`Proven` may be shared only by searches of
positions of **one deal** (the stock of every position of a deal is a suffix of
the deal's stock, so its length names it). Hamilton's key holds the whole
stock and would do across deals too.

The compiled core keeps its own proofs (its keys are not Python's): :meth:`Proven.core_proofs`
gives the core's store for this table, made the first time the core searches with it, and the core's
searches skip and add to it as the Python search does here.

The keys take memory; at most ``cap`` are kept (and ``looser_cap`` of the
looser games' keys, which are small: see :data:`LOOSER_KEYS`), and when there
are more the oldest half goes (a forgotten loss is only proven again, never
wrong). The roots of lost searches are kept apart and never dropped (few, and
the most useful: the review's positions themselves).

>>> proven = Proven(cap=4)
>>> proven.add_lost([b"a", b"b", b"c"], root=b"r")
>>> b"a" in proven.lost, b"r" in proven.roots, len(proven)
(True, True, 4)
>>> proven.add_lost([b"d", b"e"], root=None)  # over the cap: the oldest half goes
>>> sorted(proven.lost), proven.is_lost(b"r")
([b'c', b'd', b'e'], True)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from itertools import islice
from types import ModuleType
from typing import Protocol, TypeVar

from patience.rules import Game, State
from patience.solver.room import BASE_MB, MEMORY_MB, default_table_cap

S = TypeVar("S", bound=State)

#: Keys kept per position a search may hold (an entry here is a key alone, about a quarter of a
#: search's position; see :mod:`.room`): with this share the proofs stay within a quarter of a
#: search's memory.
KEYS_PER_POSITION = 1
#: Looser games' keys kept: one is about 110 bytes with its table entry (Union Square's is one
#: ``bytes`` of 40-odd), so at most about 170 MB. A looser proof in the middle of a game may enter
#: a million positions, and the review's probes go on from each other's finished positions (see
#: docs/solver.md, "A stopped looser search keeps what it finished"), so this table is the larger.
LOOSER_KEYS = 1_500_000
#: Bytes of keys the compiled core's proofs may hold: a quarter of a search's memory budget, beside
#: its table (:data:`~patience.solver.core.TABLE_BYTES`, half of it) and its paths.
CORE_PROOF_BYTES = int((MEMORY_MB - BASE_MB) / 4 * 2**20)


class CoreProofs(Protocol):
    """The compiled core's store of positions proven lost (``patience._core.Proofs``)."""

    @property
    def game(self) -> str:
        """The slug of the game whose positions it holds."""
        ...

    def __len__(self) -> int:
        """The positions proven lost in the real game."""
        ...

    def looser_len(self) -> int:
        """The positions proven lost in the looser games."""
        ...


class Proven:
    """Canonical keys of positions proven lost, for the searches of one deal's positions."""

    def __init__(self, cap: int, looser_cap: int | None = None) -> None:
        self.cap = max(cap, 1)
        self.looser_cap = self.cap if looser_cap is None else max(looser_cap, 1)
        self.lost: dict[Hashable, None] = {}
        self.roots: dict[Hashable, None] = {}
        #: positions of the kit's looser games proven lost (their keys; see ``SearchKit.looser``)
        self.looser: dict[Hashable, None] = {}
        self._core: CoreProofs | None = None

    @classmethod
    def for_game(cls, game: Game[S]) -> Proven:
        """A table sized for ``game`` (:func:`~patience.solver.room.default_table_cap` keys)."""
        return cls(KEYS_PER_POSITION * default_table_cap(game), LOOSER_KEYS)

    def __len__(self) -> int:
        return len(self.lost) + len(self.roots) + len(self.looser)

    def is_lost(self, key: Hashable) -> bool:
        """Whether ``key``'s position is known to be lost."""
        return key in self.roots or key in self.lost

    def add_lost(self, keys: Iterable[Hashable], root: Hashable | None) -> None:
        """Keep ``keys`` (positions a search entered before proving ``root`` lost) and ``root``."""
        if root is not None:
            self.roots[root] = None
        lost = self.lost
        for key in keys:
            lost[key] = None
        self.trim()

    def trim(self) -> None:
        """Drop the oldest half of a table when it holds more than its cap (``looser_cap`` for the
        looser games' keys, ``cap`` for the others)."""
        for table, excess in ((self.looser, len(self.looser) - self.looser_cap),
                              (self.lost, len(self.lost) + len(self.roots) - self.cap)):
            if excess > 0:
                for old in list(islice(table, max(excess, len(table) // 2))):
                    del table[old]

    def core_proofs(self, core: ModuleType, game: Game[S]) -> CoreProofs:
        """The compiled core's store of positions proven lost for this table (``core.Proofs``), made
        on first use with room for :data:`CORE_PROOF_BYTES`.

        >>> from patience import get_game
        >>> from patience.solver.switch import core_module
        >>> from patience.kit import default_slug
        >>> game, core, proven = get_game(default_slug()), core_module(), Proven(cap=10)
        >>> core is None or proven.core_proofs(core, game) is proven.core_proofs(core, game)
        True
        """
        if self._core is None:
            self._core = core.Proofs(game.slug, CORE_PROOF_BYTES)
        return self._core

    def containers(self) -> tuple[dict[Hashable, None], ...]:
        """The tables a search skips (its ``others``)."""
        return (self.roots, self.lost)
