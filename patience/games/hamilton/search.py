"""What the solver knows of Hamilton: canonical keys, safe moves, the value of a position, children.

**Canonical keys.** Foundations are identified by suit: which foundation holds
a suit does not matter, and a foundation's cards are fixed by its suit and its
size. Piles are interchangeable when no future deal reaches them: the deals go
to piles 1-7 while the stock has 7 or more cards and the last deal of 2 cards
goes to piles 1-2. With 2 cards left, piles 3-7 are sorted; with none left, all
7 are. Keys hold the whole stock and the start rank: before the choice the
stock still changes, and each choice gives its own start rank and stock.

The safe moves and their proofs are in :mod:`.safe_moves`; the streamliner
(the restricted game whose wins are wins) is :class:`~patience.solver.expand.Expander`'s
``restricted``.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> state = game.new(1)
>>> hamilton_key(state)[0]
'pre-choice'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final, cast

from patience.cards import RED, SUIT
from patience.games.hamilton.dead_ends import DeadEnds
from patience.games.hamilton.rules import (
    IDX,
    NEXT_IN_SUIT,
    NO_CARD,
    NO_START,
    TABLEAU_PILES,
    HamiltonGame,
    HamiltonState,
    run_length,
)
from patience.games.hamilton.safe_moves import comes_back, foundation_counts, goes_up, hamilton_safe_move
from patience.kit import SearchKit
from patience.rules import CHOOSER, FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, Game, Move
from patience.solver.api import LATER, NO_MORE, Child, Expanding, KitCache, Known, in_any, safe_closure
from patience.solver.canonical import SEPARATOR
from patience.solver.tuning import shares_from_env, streamline_from_env, weight

#: A child of a position (:data:`patience.solver.api.Child`) in this game.
HamiltonChild = Child[HamiltonState]

W_UP: Final = weight("W_UP", 3.0)
W_EMPTY: Final = weight("W_EMPTY", 3.0)
W_ORDERED: Final = weight("W_ORDERED", 1.0)
W_BLOCKED: Final = weight("W_BLOCKED", 12.0)
W_STOCK: Final = weight("W_STOCK", 0.5)
LAST_DEAL: Final = 2  # Hamilton's last deal puts 2 cards on piles 1-2
LAST_DEAL_PILES: Final = 2
PRE_CHOICE: Final = "pre-choice"
CHOOSE: Final = Move(CHOOSER, FOUNDATION, 1)  # c-f1: the Chooser's card becomes the start card
DEAD_ENDS: Final = "dead ends"  # the expander's cache holds its DeadEnds under this key


def hamilton_key(state: HamiltonState) -> Hashable:
    """Canonical key of a Hamilton position (see the module's text for the symmetries).

    After the choice the key is ``bytes``: the start rank, the four foundation
    counts, the stock's cards, then the piles' cards, with a separator (255)
    after the stock and between piles. Cards are 0-51, so the encoding is
    exact; ``bytes`` also keeps its hash, which makes table look-ups cheap.
    The start rank and the whole stock are in the key because the three
    possible choices of start card lead to different start ranks and stocks
    from the same tableau.
    """
    if state.start == 0:
        # Before the choice the stock's order still changes (the Chooser card goes
        # under it), so the whole position is the key.
        return (PRE_CHOICE, state)
    stock = state.stock
    if not stock:
        piles = sorted(map(bytes, state.tableau))
    else:
        piles = list(map(bytes, state.tableau))
        if len(stock) == LAST_DEAL:
            piles[LAST_DEAL_PILES:] = sorted(piles[LAST_DEAL_PILES:])
    head = [state.start, 0, 0, 0, 0]  # the start rank, then the foundation counts by suit
    for pile in state.foundations:
        if pile:
            head[1 + SUIT[pile[0]]] = len(pile)
    return bytes(head) + bytes(stock) + SEPARATOR + SEPARATOR.join(piles)


PILE_CACHE_LIMIT: Final = 200_000


PileCache = KitCache  # a start rank -> {a pile's bytes -> its part of the value}; DEAD_ENDS -> DeadEnds


def hamilton_value(state: HamiltonState, cache: PileCache | None = None) -> float:
    """Heuristic worth of a Hamilton position.

    Cards on the foundations and empty piles count for; cards resting on a
    card they may be built on count for (a same-suit one fully, a same-colour
    one half); most of all, a card lying above a card of its own suit that must
    reach the foundation before it ("blocked") counts against. ``cache`` keeps
    each pile's part (a move changes only one or two piles).
    """
    start = state.start
    if start == 0:
        return 0.0
    up = 0
    for foundation in state.foundations:
        up += len(foundation)
    empty = 0
    piles_value = 0.0
    parts = None if cache is None else _parts_of(cache, start)
    for pile in state.tableau:
        if not pile:
            empty += 1
            continue
        if parts is None:
            piles_value += _pile_value(pile, start)
            continue
        blob = bytes(pile)
        part = parts.get(blob)
        if part is None:
            part = _new_part(parts, blob, start)
        piles_value += part
    return W_UP * up + W_EMPTY * empty + piles_value - W_STOCK * len(state.stock)


def _parts_of(cache: PileCache, start: int) -> dict[bytes, float]:
    """The piles' parts of the value for ``start``, kept in ``cache``."""
    parts: dict[bytes, float] | None = cache.get(start)
    if parts is None:
        parts = cache[start] = {}
    return parts


def _new_part(parts: dict[bytes, float], blob: bytes, start: int) -> float:
    """A pile's part of the value, computed and kept (``parts`` is emptied when it holds too many)."""
    if len(parts) > PILE_CACHE_LIMIT:
        parts.clear()
    part = parts[blob] = _pile_value(blob, start)
    return part


def _pile_value(pile: Sequence[int], start: int) -> float:
    idx = IDX[start]
    lowest = [13, 13, 13, 13]  # lowest idx of each suit seen so far, from the bottom
    below = -1
    ordered = 0.0
    blocked = 0
    for card in pile:
        suit = SUIT[card]
        i = idx[card]
        if i > lowest[suit]:
            blocked += 1
        else:
            lowest[suit] = i
        if below >= 0 and idx[below] == i + 1 and RED[below] == RED[card]:
            ordered += 1.0 if SUIT[below] == suit else 0.5
        below = card
    return W_ORDERED * ordered - W_BLOCKED * blocked


def hamilton_children(expand: Expanding[HamiltonState], state: HamiltonState, known: Known,
                      closed: bool, later: bool = False) -> list[tuple[float, HamiltonChild]]:
    """The children; with ``later``, only those of the moves the restricted game leaves out.

    A parent closed under the safe moves, after the choice, takes :func:`_closed_children` (the
    same children, found faster); any other the plain way. A parent the dead-end test proves lost
    (:mod:`.dead_ends`: no pile can ever be emptied) has none.
    """
    if not later and expand.dead_ends and state.start != 0:
        gate = expand.cache.get(DEAD_ENDS)
        if gate is None:
            gate = expand.cache[DEAD_ENDS] = DeadEnds()
        if gate.dead(state):
            expand.left_out = False
            return []
    if state.start != 0 and expand.safe and (closed or hamilton_safe_move(state) is None):
        return _closed_children(expand, state, known, later)
    return _open_children(expand, state, known, later)


def _open_children(expand: Expanding[HamiltonState], state: HamiltonState, known: Known,
                   later: bool) -> list[tuple[float, HamiltonChild]]:
    """Every move's child with its whole safe closure (a parent :func:`_closed_children` does not take)."""
    game = expand.game
    seen: set[Hashable] = set()
    out: list[tuple[float, HamiltonChild]] = []
    restricted = (expand.restricted or later) and state.start != 0
    left_out = False
    following = NEXT_IN_SUIT[state.start]
    tableau = state.tableau
    for move in game.legal_moves(state):
        src = move.src
        if restricted and (FOUNDATION <= src < TABLEAU or (
                move.dst >= TABLEAU and move.count < run_length(tableau[src - TABLEAU], following))):
            if not later:
                left_out = True
                continue  # the streamliner's game: no card back from a foundation, no run split
        elif later:
            continue
        moves, child = expand.finish((move,), game.apply_legal(state, move))
        key = expand.key(child)
        if key in seen or in_any(key, known):
            continue
        seen.add(key)
        out.append((hamilton_value(child, expand.cache), (moves, child, key)))
    expand.left_out = left_out
    return out


def _closed_children(expand: Expanding[HamiltonState], state: HamiltonState, known: Known,
                     later: bool) -> list[tuple[float, HamiltonChild]]:
    """The children of a parent closed under the safe moves (after the choice), as
    :func:`_open_children` would give them, with less work:

    * A move between piles leaves the foundations alone and shows one new card (the one under
      the group), so only that card can start a safe move: one test instead of the whole
      closure. A deal shows the dealt cards only: they alone are tested. A card of step >= 1
      taken down from a foundation is the only one that may start a safe move (see
      :func:`~patience.games.hamilton.safe_moves.comes_back`): then it goes straight back
      and the child is the parent, which is left out.
    * A move between piles that starts no safe move keeps the foundations and the stock, and
      changes two piles: its key is the parent's with those two piles' bytes changed (the
      same bytes :func:`hamilton_key` builds), looked up before the child is built, and its
      value the parent's piles' parts with those two piles' parts changed, summed in the same
      order as :func:`hamilton_value` (the same number).
    """
    game = expand.game
    seen: set[Hashable] = set()
    out: list[tuple[float, HamiltonChild]] = []
    restricted = expand.restricted or later
    left_out = False
    start = state.start
    idx = IDX[start]
    following = NEXT_IN_SUIT[start]
    tableau = state.tableau
    foundations = state.foundations
    stock = state.stock
    up, empty_foundation = foundation_counts(state)  # cards up per suit, whether one is empty
    up_total = sum(up)
    parts = _parts_of(expand.cache, start)
    canonical = expand.symmetries  # else the engine's exact keys (the checks that switch pruning off)
    # the parent's piles as bytes, their parts of the value and the key's head: when first needed
    blobs: list[bytes] = []
    shares: list[float] = []
    prefix = b""
    sort_from = 0 if not stock else LAST_DEAL_PILES if len(stock) == LAST_DEAL else TABLEAU_PILES
    for move in game.legal_moves(state):
        src, dst, count = move
        if src >= TABLEAU:
            pile = tableau[src - TABLEAU]
            # a run split: the group (at most the run) leaves on the pile a card its bottom card continues
            if (restricted and dst >= TABLEAU and len(pile) > count
                    and pile[-count - 1] == following[pile[-count]]):
                if not later:
                    left_out = True
                    continue  # the streamliner's game: no run split
            elif later:
                continue
            if dst >= TABLEAU:
                rest = len(pile) - count
                if canonical and (rest == 0 or not goes_up(pile[rest - 1], idx, up, empty_foundation)):
                    # no safe move: the key and the value from the parent's
                    if not blobs:
                        blobs = [bytes(pile) for pile in tableau]
                        known_parts = [parts.get(blob) for blob in blobs]  # (empty piles' are not read)
                        shares = ([_share(parts, blob, start) for blob in blobs] if None in known_parts
                                  else cast(list[float], known_parts))
                        prefix = bytes((start, *up)) + bytes(stock) + SEPARATOR
                    i, j = src - TABLEAU, dst - TABLEAU
                    changed = (i, j)
                    kid_blobs = blobs.copy()
                    kid_blobs[i] = blobs[i][:rest]
                    kid_blobs[j] = blobs[j] + blobs[i][rest:]
                    if sort_from == 0:
                        piles = sorted(kid_blobs)
                    elif sort_from < TABLEAU_PILES:
                        piles = kid_blobs[:sort_from] + sorted(kid_blobs[sort_from:])
                    else:
                        piles = kid_blobs
                    key: Hashable = prefix + SEPARATOR.join(piles)
                    if key in seen or in_any(key, known):
                        continue
                    seen.add(key)
                    child = game.apply_legal(state, move)
                    empty = 0
                    piles_value = 0.0
                    for k, blob in enumerate(kid_blobs):  # as hamilton_value: non-empty piles, in order
                        if not blob:
                            empty += 1
                        elif k in changed:
                            piles_value += _share(parts, blob, start)
                        else:
                            piles_value += shares[k]
                    value = W_UP * up_total + W_EMPTY * empty + piles_value - W_STOCK * len(stock)
                    out.append((value, ((move,), child, key)))
                    continue
            moves, child = _closure(game, (move,), game.apply_legal(state, move))
        elif src == STOCK:
            if later:
                continue
            child = game.apply_legal(state, move)
            moves = (move,)
            for kid_pile in child.tableau[:min(TABLEAU_PILES, len(stock))]:
                if goes_up(kid_pile[-1], idx, up, empty_foundation):
                    moves, child = _closure(game, moves, child)
                    break
        else:  # a card down from a foundation
            card = foundations[src - FOUNDATION][-1]
            if idx[card] != 0 and comes_back(card, idx, up):
                continue  # the card would go straight back up: the parent itself
            if restricted:
                if not later:
                    left_out = True
                    continue  # the streamliner's game: no card back from a foundation
            elif later:
                continue
            child = game.apply_legal(state, move)
            moves = (move,)
            if idx[card] == 0:
                moves, child = _closure(game, moves, child)
        if not canonical:
            key = expand.key(child)
            if key not in seen and not in_any(key, known):
                seen.add(key)
                out.append((hamilton_value(child, expand.cache), (moves, child, key)))
            continue
        # the key and the value as hamilton_key and hamilton_value build them, from one list of bytes
        kid_blobs = list(map(bytes, child.tableau))
        kid_stock = child.stock
        if not kid_stock:
            piles = sorted(kid_blobs)
        elif len(kid_stock) == LAST_DEAL:
            piles = kid_blobs[:LAST_DEAL_PILES] + sorted(kid_blobs[LAST_DEAL_PILES:])
        else:
            piles = kid_blobs
        counts = [start, 0, 0, 0, 0]
        kid_up = 0
        for foundation in child.foundations:
            if foundation:
                counts[1 + SUIT[foundation[0]]] = len(foundation)
                kid_up += len(foundation)
        key = bytes(counts) + bytes(kid_stock) + SEPARATOR + SEPARATOR.join(piles)
        if key in seen or in_any(key, known):
            continue
        seen.add(key)
        empty = 0
        piles_value = 0.0
        for blob in kid_blobs:
            if blob:
                part = parts.get(blob)
                piles_value += _new_part(parts, blob, start) if part is None else part
            else:
                empty += 1
        value = W_UP * kid_up + W_EMPTY * empty + piles_value - W_STOCK * len(kid_stock)
        out.append((value, (moves, child, key)))
    expand.left_out = left_out
    return out


def _closure(game: Game[HamiltonState], moves: tuple[Move, ...],
             state: HamiltonState) -> tuple[tuple[Move, ...], HamiltonState]:
    """``moves`` and ``state`` followed by the safe moves from ``state`` (the expander's ``finish``)."""
    extra, state = safe_closure(game, state, hamilton_safe_move)
    return (moves + extra if extra else moves), state


def _share(parts: dict[bytes, float], blob: bytes, start: int) -> float:
    """A pile's part of :func:`hamilton_value` (0 for an empty pile, which has none)."""
    if not blob:
        return 0.0
    part = parts.get(blob)
    return _new_part(parts, blob, start) if part is None else part


def start_choices(game: Game[HamiltonState],
                  state: HamiltonState) -> list[tuple[tuple[Move, ...], HamiltonState]]:
    """Before the choice, one part per start card still to be had: the stock clicks that bring it to
    the Chooser, then ``c-f1``, and the position after them; after the choice, the root alone.

    Every line from a position before the choice chooses one of these cards after those clicks
    (nothing else can be played before the choice, and which foundation takes it does not matter:
    foundations are keyed by suit), so the parts cover the game, and each has its own start card.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> [" ".join(map(str, moves)) for moves, _part in start_choices(game, game.new(1))]
    ['s c-f1', 's s c-f1', 's s s c-f1']
    """
    if state.start != NO_START:
        return [((), state)]
    parts: list[tuple[tuple[Move, ...], HamiltonState]] = []
    clicks: tuple[Move, ...] = ()
    while True:
        if state.chooser != NO_CARD:
            parts.append((clicks + (CHOOSE,), game.apply(state, CHOOSE)))
        if state.choices_left == 0:
            return parts
        state = game.apply(state, STOCK_MOVE)
        clicks += (STOCK_MOVE,)


class HamiltonSearch(SearchKit[HamiltonState]):
    """Hamilton's search knowledge; PATIENCE_SOLVER_SHARES_HAMILTON and
    PATIENCE_SOLVER_STREAMLINE_HAMILTON override the shares (for tuning)."""

    shares = shares_from_env("HAMILTON", (3, 1, 1))
    streamline_first = streamline_from_env("HAMILTON", 0.5)
    streamliner = True
    position_bytes = 650  # measured: peak resident size over positions held, long searches

    def key(self, state: HamiltonState) -> Hashable:
        return hamilton_key(state)

    def safe_move(self, state: HamiltonState) -> Move | None:
        return hamilton_safe_move(state)

    def value(self, game: Game[HamiltonState], state: HamiltonState, cache: KitCache) -> float:
        return hamilton_value(state, cache)

    def split(self, game: Game[HamiltonState],
              state: HamiltonState) -> Sequence[tuple[tuple[Move, ...], HamiltonState]]:
        return start_choices(game, state)

    def children(self, expand: Expanding[HamiltonState], state: HamiltonState, first: int, last: int | None,
                 known: Known, closed: bool) -> tuple[list[tuple[float, HamiltonChild]], int]:
        return hamilton_children(expand, state, known, closed, later=first == LATER), NO_MORE


def new_game() -> HamiltonGame:
    """The game (the kit's factory)."""
    return HamiltonGame()
