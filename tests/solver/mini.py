"""Small versions of the games for exhaustive checks: the same rules, fewer cards.

A mini game is the real game class with ``max_score`` set to the number of
cards in play, so a position is won when those cards are all on the
foundations. Each suit's cards are the first few of its foundation order, so
every card can still reach its foundation.
"""

from __future__ import annotations

import random

from patience.games.hamilton.rules import HamiltonGame, HamiltonState
from patience.games.union_square.rules import UnionSquareGame, UnionSquareState
from tests.solver.positions import split_suits, union_square_order

HAMILTON_PILES = 7


class MiniHamilton(HamiltonGame):
    """Hamilton where winning means getting ``cards`` cards up."""

    def __init__(self, cards: int) -> None:
        self.max_score = cards


class MiniUnionSquare(UnionSquareGame):
    """Union Square where winning means getting ``cards`` cards up."""

    def __init__(self, cards: int) -> None:
        self.max_score = cards


def mini_hamilton(rng: random.Random, loose: int, stock: int = 0,
                  up: int = 3) -> tuple[MiniHamilton, HamiltonState]:
    """A mini Hamilton position: ``up`` cards already up, ``loose`` in play (``stock`` of them in the stock).

    Suits are drawn at random; each suit's cards are its lowest in the cyclic
    order of a random start rank.
    """
    start = rng.randint(1, 13)
    order = [(start - 1 + i) % 13 for i in range(13)]
    total = [0, 0, 0, 0]
    for _ in range(up + loose):
        total[rng.choice([s for s in range(4) if total[s] < 13])] += 1
    on_foundation = [0, 0, 0, 0]
    for _ in range(up):
        on_foundation[rng.choice([s for s in range(4) if on_foundation[s] < total[s]])] += 1
    foundations, cards_in_play = split_suits(
        rng, [[suit * 13 + offset for offset in order[: total[suit]]] for suit in range(4)], on_foundation)
    piles: list[list[int]] = [[] for _ in range(HAMILTON_PILES)]
    for card in cards_in_play[stock:]:
        piles[rng.randrange(HAMILTON_PILES)].append(card)
    state = HamiltonState(tuple(tuple(p) for p in piles), tuple(foundations),
                          tuple(cards_in_play[:stock]), -1, 0, start)
    return MiniHamilton(up + loose), state


def mini_union_square(rng: random.Random, loose: int, piles: int = 3, stock: int = 2, waste: int = 1,
                      up: int = 2) -> tuple[MiniUnionSquare, UnionSquareState]:
    """A mini Union Square position with ``piles`` tableau piles and ``loose`` cards in play.

    Each suit's cards are the first of its 26-card foundation order (Ace up to
    King, King down to Ace); ``up`` of them are already on the foundations.
    """
    total = [0, 0, 0, 0]
    for _ in range(up + loose):
        total[rng.choice([s for s in range(4) if total[s] < 26])] += 1
    on_foundation = [0, 0, 0, 0]
    for _ in range(up):
        on_foundation[rng.choice([s for s in range(4) if on_foundation[s] < total[s]])] += 1
    foundations, cards_in_play = split_suits(
        rng, [union_square_order(suit)[: total[suit]] for suit in range(4)], on_foundation)
    stock_cards = tuple(cards_in_play[:stock])
    waste_cards = tuple(cards_in_play[stock: stock + waste])
    tableau: list[list[int]] = [[] for _ in range(piles)]
    for card in cards_in_play[stock + waste:]:
        tableau[rng.randrange(piles)].append(card)
    state = UnionSquareState(tuple(tuple(p) for p in tableau), foundations, stock_cards, waste_cards)
    return MiniUnionSquare(up + loose), state


def inverted_hamilton(rng: random.Random, pairs: int, empty: int = 0) -> tuple[MiniHamilton, HamiltonState]:
    """A mini Hamilton position, nothing up yet, whose piles mostly bury a card under the next of its suit.

    Each suit gives its lowest cards (cyclic order from a random start rank);
    they are paired within the suit and each pair is a pile with the lower card
    at the bottom, so many of these positions are lost. At most ``7 - empty``
    piles are kept; the cards of the piles left out are not in the game.
    """
    start = rng.randint(1, 13)
    order = [(start - 1 + i) % 13 for i in range(13)]
    place = {offset: i for i, offset in enumerate(order)}
    total = [0, 0, 0, 0]
    for _ in range(2 * pairs):
        total[rng.choice([s for s in range(4) if total[s] < 12])] += 1
    piles: list[tuple[int, ...]] = []
    for suit in range(4):
        cards = [suit * 13 + offset for offset in order[: total[suit]]]
        rng.shuffle(cards)
        for i in range(0, len(cards) - 1, 2):
            low, high = sorted(cards[i: i + 2], key=lambda c: place[c % 13])
            piles.append((low, high))
        if len(cards) % 2:
            piles.append((cards[-1],))
    rng.shuffle(piles)
    piles = piles[: HAMILTON_PILES - empty]
    cards_in_play = sum(len(p) for p in piles)
    piles += [()] * (HAMILTON_PILES - len(piles))
    return MiniHamilton(cards_in_play), HamiltonState(tuple(piles), ((),) * 4, (), -1, 0, start)


def mini_union_square_runs(rng: random.Random, loose: int, piles: int = 4, stock: int = 2, waste: int = 1,
                           up: int = 2) -> tuple[MiniUnionSquare, UnionSquareState]:
    """Like :func:`mini_union_square`, but each pile is a run, as in play (one suit, one rank apart, one way).

    The tableau's cards are split into runs at random, each turned a random
    way; runs that find no pile join the stock.
    """
    game, state = mini_union_square(rng, loose, piles=1, stock=stock, waste=waste, up=up)
    cards = sorted(state.tableau[0])
    runs: list[list[int]] = []
    for card in cards:  # lowest first: a card extends a run ending one rank below, or starts one
        open_runs = [run for run in runs if run[-1] == card - 1 and card % 13]
        if open_runs and rng.random() < 0.8:
            rng.choice(open_runs).append(card)
        else:
            runs.append([card])
    rng.shuffle(runs)
    for run in runs:
        if rng.random() < 0.5:
            run.reverse()
    tableau = [tuple(run) for run in runs[:piles]]
    extra = [card for run in runs[piles:] for card in run]
    rng.shuffle(extra)
    tableau += [()] * (piles - len(tableau))
    rng.shuffle(tableau)
    return game, UnionSquareState(tuple(tableau), state.foundations, state.stock + tuple(extra), state.waste)
