"""A dead-end test for Hamilton: positions where no pile can ever be emptied.

A won position has an empty tableau, so a position where no pile can ever
become empty is lost, whatever moves it still has. :func:`pinned` proves that
for many deep lost positions, by *marking* cards that can never leave their
pile while no pile is empty. The argument is in ``docs/solver.md`` ("Dead ends:
Hamilton's pinned piles"); in short, with *stuck* = marked or under a marked card and
*buried* = strictly under a marked card, a card ``x`` of pile ``P`` is marked
when

(a) a card of ``x``'s suit with a lower step lies under ``x`` in ``P``, or is
    stuck (so ``x`` cannot go up before it leaves ``P``); and
(b) for ``x`` and each card ``e`` under it that continues ``x``'s run down to
    ``e`` (a group that holds ``x`` has such a bottom card), each card ``e``
    could be placed on (its colour, one step higher: at most two) lies under
    ``e`` in ``P`` or is buried in another pile.

Take the first move of any line that takes a marked card out of its pile
while no pile is empty: every marked card is still in place before it, so
(a) keeps it off the foundations and (b) leaves its group no target. So no
marked card ever leaves while no pile is empty; if every pile holds one (and
none is empty now), no pile is ever the first to empty: the position is lost.

The test is sound at any budget and in any position after the choice (deals
and cards taken down from the foundations only add cards on top). It costs a
few microseconds; :class:`DeadEnds` stops asking where it seldom answers.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> lost = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- "
...     "f=AD,2D;-;-;- t=QH,JH,TD,KS,8S;AH,JS,7C,6S,4C,3S,QC,JC;2C,KH;5S,TH,7S,4H,3D,2H;"
...     "9D,3C,3H,5D,8H,7D,6H,KD,QS;TC,TS,7H,QD,AS,9S,8D,8C;9C,JD,9H,AC,2S,6D,KC,5H,4D,6C,5C,4S")
>>> pinned(lost, {})
True
>>> pinned(game.new(1), {})  # before the choice
False
"""

from __future__ import annotations

from typing import Final

from patience.cards import SUIT
from patience.games.hamilton.rules import ACCEPTS, IDX, NEXT_IN_SUIT, HamiltonState, Pile

#: TARGETS[start][card] = the cards ``card`` may be placed on in the tableau (its colour, one step higher)
TARGETS: Final = tuple(
    tuple(tuple(t for t in range(52) if card in ACCEPTS[start][t]) for card in range(52))
    for start in range(14)
)
#: LOWER[start][card] = the cards of ``card``'s suit with a lower step, as a bit set (bit ``c``: card ``c``)
LOWER: Final = tuple(
    tuple(sum(1 << d for d in range(52) if SUIT[d] == SUIT[c] and IDX[start][d] < IDX[start][c])
          for c in range(52))
    for start in range(14)
)
BIT: Final = tuple(1 << c for c in range(52))
ANY_BELOW: Final = -1  # a candidate's lower-card need when a lower card of its suit lies under it in its pile
CACHE_LIMIT: Final = 30_000  # piles whose candidates are kept (measured: 20,000 is as fast on the slow deals)

#: A pile's candidates, top first, :data:`STRIDE` numbers each: the depth, the targets outside the
#: pile (a bit set), the lower cards needed, the cards under it (a bit set), those and itself
Candidates = tuple[int, ...]
STRIDE: Final = 5


def pinned(state: HamiltonState, cache: dict[Pile, Candidates]) -> bool:
    """True when every pile holds a card that can never leave it while no pile is empty (so: lost).

    False says nothing. ``cache`` keeps each pile's candidates for ``state``'s start rank (give
    each start rank its own); it is emptied when it holds :data:`CACHE_LIMIT` piles.
    """
    return min(marks(state, cache, stop=True)) >= 0


def marks(state: HamiltonState, cache: dict[Pile, Candidates], stop: bool = False) -> list[int]:
    """The depth of each pile's highest marked card (-1: none; none at all with an empty pile).

    With ``stop`` it returns as soon as the answer of :func:`pinned` is known: when a pile can
    have no mark, or when every pile has one (not always its highest).

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> state = game.parse_position("hamilton start=1 choices=0 chooser=- stock=- f=AC;-;-;- "
    ...     "t=KD,QD,JD,TD,9D,8D,7D,6D,5D,4D,3D,2D,AD;KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H,AH;"
    ...     "KS,QS,JS,TS,9S,8S,7S,6S,5S,4S,3S,2S,AS;KC,3C,QC;2C,JC,TC,9C,8C,7C;6C,5C,4C;-")
    >>> marks(state, {})  # an empty pile: no marks
    [-1, -1, -1, -1, -1, -1, -1]
    """
    tableau = state.tableau
    start = state.start
    count = len(tableau)
    high = [-1] * count  # the depth of each pile's highest marked card
    if not start or not all(tableau):
        return high
    piles: list[Candidates] = []
    for pile in tableau:
        candidates = cache.get(pile)
        if candidates is None:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            candidates = cache[pile] = _candidates(pile, start)
        if stop and not candidates:
            return high
        piles.append(candidates)
    if stop:
        # Buried cards lie under a pile's highest candidate (candidates[3]), so a pile whose every
        # candidate has a target outside those cards can have no mark.
        buriable = 0
        for candidates in piles:
            buriable |= candidates[3]
        for candidates in piles:
            for n in range(1, len(candidates), STRIDE):
                if not candidates[n] & ~buriable:
                    break
            else:
                return high
    stuck = 0  # marked cards and the cards under them
    buried = 0  # the cards under marked cards
    unmarked = count
    changed = True
    while changed:
        changed = False
        for i in range(count):
            mark = high[i]
            candidates = piles[i]
            for n in range(0, len(candidates), STRIDE):
                depth = candidates[n]
                if depth <= mark:
                    break
                if candidates[n + 1] & ~buried:
                    continue  # a target may still be free
                need = candidates[n + 2]
                if need != ANY_BELOW and not need & stuck:
                    continue  # it may still go up first
                high[i] = depth
                if mark < 0:
                    unmarked -= 1
                    if stop and not unmarked:
                        return high
                buried |= candidates[n + 3]  # the cards under it (the old mark among them)
                stuck |= candidates[n + 4]  # those and the marked card
                changed = True
                break
    return high


def _candidates(pile: tuple[int, ...], start: int) -> Candidates:
    """The pile's cards that (b) does not rule out whatever the other piles hold, top first.

    A card above one it could be placed on in the same pile is out (that card may leave
    first and take it); a card whose requirements are those of a higher candidate, or more,
    is out too (whenever it could be marked, the higher one could).
    """
    idx = IDX[start]
    following = NEXT_IN_SUIT[start]
    targets = TARGETS[start]
    lower = LOWER[start]
    depth_of = {card: depth for depth, card in enumerate(pile)}
    lowest = [13, 13, 13, 13]
    below: list[bool] = []  # whether a lower card of its suit lies under each card
    under = [0]  # under[d]: the cards under depth d, as a bit set
    for card in pile:
        under.append(under[-1] | BIT[card])
        step = idx[card]
        below.append(step > lowest[SUIT[card]])
        lowest[SUIT[card]] = min(lowest[SUIT[card]], step)
    out: list[int] = []
    for depth in range(len(pile) - 1, -1, -1):
        outside = 0
        bottom = depth
        possible = True
        while possible:
            card = pile[bottom]
            for target in targets[card]:
                at = depth_of.get(target)
                if at is None:
                    outside |= BIT[target]
                elif at > bottom:
                    possible = False  # a target above the group's bottom in this pile
                    break
            if bottom and pile[bottom - 1] == following[card]:
                bottom -= 1  # the run goes on down: a group may start lower
            else:
                break
        if not possible:
            continue
        need = ANY_BELOW if below[depth] else lower[pile[depth]]
        if any(_covers(out[n + 1], out[n + 2], outside, need) for n in range(0, len(out), STRIDE)):
            continue
        out += (depth, outside, need, under[depth], under[depth] | BIT[pile[depth]])
    return tuple(out)


def _covers(outside: int, need: int, other_outside: int, other_need: int) -> bool:
    """Whether a candidate with ``outside`` and ``need`` can be marked whenever the other can."""
    if outside & ~other_outside:
        return False
    return need == ANY_BELOW or (other_need != ANY_BELOW and need & other_need == other_need)


WINDOW: Final = 512  # tests per look at how often the test answers
KEEP_RATE: Final = 0.2  # below this share of positions found dead, test only one position in SPARSE
SPARSE: Final = 32


class DeadEnds:
    """:func:`pinned` for one search's positions, asked less where it seldom answers.

    The test costs about a fifth of a position's expansion. On the slow deals of
    ``bench/solver.py`` it finds 22-35% of the positions dead where it pays (proofs
    need 37-51% fewer positions) and 2-10% where it does not, so after each
    :data:`WINDOW` tests it goes on testing every position only if at least
    :data:`KEEP_RATE` of them were dead, and otherwise one in :data:`SPARSE` (which
    keeps measuring). It starts with one in :data:`SPARSE`, so a search that ends within
    a few thousand positions hardly pays for it. Skipping the test is always sound.

    >>> gate = DeadEnds()
    >>> from patience import get_game
    >>> gate.dead(get_game("hamilton").new(1))
    False
    """

    def __init__(self) -> None:
        self.caches: dict[int, dict[Pile, Candidates]] = {}  # a start rank -> its piles' candidates
        self.every = SPARSE  # until a window says the test pays
        self.seen = 0
        self.tested = 0
        self.found = 0

    def dead(self, state: HamiltonState) -> bool:
        """Whether ``state`` is proven lost by :func:`pinned` (False when not asked)."""
        if not state.start:
            return False
        self.seen += 1
        if self.seen % self.every:
            return False
        cache = self.caches.get(state.start)
        if cache is None:
            cache = self.caches[state.start] = {}
        found = pinned(state, cache)
        self.tested += 1
        self.found += found
        if self.tested == WINDOW:
            self.every = 1 if self.found >= KEEP_RATE * WINDOW else SPARSE
            self.tested = self.found = 0
        return found
