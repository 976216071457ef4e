"""Random small positions for checking the solver: few cards left in play, the rest on the foundations."""

from __future__ import annotations

import random

from patience.cards import SUIT
from patience.games.hamilton.rules import HamiltonState
from patience.games.union_square.rules import UnionSquareState

HAMILTON_PILES = 7
US_PILES = 16


def hamilton_won_position_text() -> str:
    """A Hamilton position with every card up (start rank Ace), in position text."""
    return ("hamilton start=1 choices=0 chooser=- stock=- f="
            + ";".join(",".join(r + s for r in "A23456789TJQK") for s in "CDHS") + " t=-;-;-;-;-;-;-")


def split_suits(
    rng: random.Random, suits: list[list[int]], up: list[int]
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """Each suit's first ``up[suit]`` cards go to a foundation, the rest into play; both shuffled.

    ``suits[suit]`` lists that suit's cards in foundation order. Returns the
    foundations (in a random order) and the cards in play (in a random order).
    """
    foundations: list[tuple[int, ...]] = []
    loose: list[int] = []
    for cards, count in zip(suits, up, strict=True):
        foundations.append(tuple(cards[:count]))
        loose.extend(cards[count:])
    rng.shuffle(loose)
    rng.shuffle(foundations)
    return tuple(foundations), loose


def union_square_order(suit: int) -> list[int]:
    """A Union Square foundation's 26 cards in order: Ace up to King, King down to Ace."""
    return [suit * 13 + r for r in range(13)] + [suit * 13 + r for r in range(12, -1, -1)]


def hamilton_near_end(rng: random.Random, in_play: int, stock: int = 0) -> HamiltonState:
    """A Hamilton position after the choice with ``in_play`` cards off the foundations.

    Each suit's foundation holds its lowest cards (in the cyclic order of a
    random start rank); the other cards are spread over the piles at random,
    and ``stock`` of them (0 or 2, so the next deal is the last one; or 9)
    form the stock.
    """
    start = rng.randint(1, 13)
    order = [(start - 1 + i) % 13 for i in range(13)]  # rank offsets 0-12 in cyclic order from the start
    counts = [13, 13, 13, 13]
    for _ in range(in_play):
        choices = [s for s in range(4) if counts[s] > 0]
        counts[rng.choice(choices)] -= 1
    foundations, loose = split_suits(rng, [[suit * 13 + offset for offset in order] for suit in range(4)],
                                     counts)
    stock_cards = tuple(loose[:stock])
    piles: list[list[int]] = [[] for _ in range(HAMILTON_PILES)]
    for card in loose[stock:]:
        piles[rng.randrange(HAMILTON_PILES)].append(card)
    return HamiltonState(tuple(tuple(p) for p in piles), foundations, stock_cards, -1, 0, start)


def union_square_near_end(rng: random.Random, in_play: int, stock: int = 0, waste: int = 0,
                          piles_used: int = 4) -> UnionSquareState:
    """A Union Square position with ``in_play`` cards off the foundations.

    Foundations are taken down from full (26 cards) one card at a time, from
    random suits, so most are in their descending half and some may be in the
    ascending half when ``in_play`` is large; the loose cards go to the stock,
    the waste and up to ``piles_used`` tableau piles at random.
    """
    counts = [26, 26, 26, 26]
    for _ in range(in_play):
        choices = [s for s in range(4) if counts[s] > 0]
        counts[rng.choice(choices)] -= 1
    foundations, loose = split_suits(rng, [union_square_order(suit) for suit in range(4)], counts)
    stock_cards = tuple(loose[:stock])
    waste_cards = tuple(loose[stock: stock + waste])
    piles: list[list[int]] = [[] for _ in range(US_PILES)]
    used = rng.sample(range(US_PILES), piles_used)
    for card in loose[stock + waste:]:
        piles[rng.choice(used)].append(card)
    return UnionSquareState(tuple(tuple(p) for p in piles), foundations, stock_cards, waste_cards)


def suits_started(state: UnionSquareState) -> list[int]:
    """Suits whose foundation has begun (for sanity checks)."""
    return [SUIT[f[0]] for f in state.foundations if f]
