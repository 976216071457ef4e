"""Union Square's tableau as runs (games/union_square/runs.py): counting, the class argument, searches."""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Generator
from contextlib import suppress
from itertools import product
from typing import Any

import pytest

from patience.cards import ACE, RANK, SUIT, card_text, parse_card
from patience.games.union_square import runs as runs_module
from patience.games.union_square.rules import FOUNDATION_TURN, UnionSquareState, fits_tableau
from patience.games.union_square.runs import (
    fewest_runs,
    piles_are_runs,
    rank_counts,
    regroup,
    relaxed_search,
    run_search,
    suit_runs,
)
from patience.rules import FOUNDATION, STOCK_MOVE, TABLEAU, WASTE
from patience.solver import LOST, solve
from tests.positions import union_square_game
from tests.solver.brute_force import TooBig, brute_force_winnable
from tests.solver.mini import mini_union_square_runs

GAME = union_square_game()


def _finish(steps: Generator[None, None, Any]) -> Any:
    """Run a search generator to its end and return its answer."""
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def _budget(limit: int) -> Callable[[], bool]:
    used = [0]

    def take() -> bool:
        used[0] += 1
        return used[0] <= limit

    return take


def _fewest_by_trying(ranks: list[int]) -> int:
    """Fewest runs by trying every run that holds the lowest card (independent of ``suit_runs``)."""
    if not ranks:
        return 0
    low = min(ranks)
    best = len(ranks)
    left = sorted(ranks)
    left.remove(low)
    top = low
    while True:
        best = min(best, 1 + _fewest_by_trying(left))
        if top + 1 not in left:
            return best
        top += 1
        left.remove(top)


def test_fewest_runs_agrees_with_trying_every_split() -> None:
    rng = random.Random(5)
    for _ in range(400):
        counts = [0] * 15
        for rank in range(1, 14):
            counts[rank] = rng.choice([0, 0, 1, 1, 2])
        ranks = [rank for rank in range(1, 14) for _ in range(counts[rank])]
        assert suit_runs(counts) == _fewest_by_trying(ranks), counts


def _arrangements(piles: tuple[tuple[int, ...], ...]) -> set[tuple[tuple[int, ...], ...]]:
    """Every arrangement reachable by tableau-to-tableau moves (piles sorted, as the game sees them)."""
    start = tuple(sorted(piles))
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for a, pile in enumerate(here):
            if not pile:
                continue
            for b, other in enumerate(here):
                if b != a and fits_tableau(pile[-1], other):
                    after = list(here)
                    after[a], after[b] = pile[:-1], other + (pile[-1],)
                    key = tuple(sorted(after))
                    if key not in seen:
                        seen.add(key)
                        queue.append(key)
    return seen


def _random_runs(rng: random.Random, cards: list[int], piles: int) -> tuple[tuple[int, ...], ...] | None:
    """The cards split into runs at random, each turned a random way, on ``piles`` piles (or None)."""
    runs: list[list[int]] = []
    for card in sorted(cards):
        open_runs = [run for run in runs if run[-1] == card - 1 and card % 13]
        if open_runs and rng.random() < 0.7:
            rng.choice(open_runs).append(card)
        else:
            runs.append([card])
    if len(runs) > piles:
        return None
    out = [tuple(run if rng.random() < 0.5 else reversed(run)) for run in runs]
    return tuple(out + [()] * (piles - len(out)))


def test_every_arrangement_with_an_empty_pile_is_reachable_from_any_other() -> None:
    """The class argument of ``runs.py``: with an empty pile, the cards alone fix the class."""
    rng = random.Random(17)
    checked = 0
    for _ in range(150):
        piles = rng.randint(3, 5)
        deck = [s * 13 + r for s in (0, 2) for r in range(3, 9)]
        cards = [rng.choice(deck) for _ in range(rng.randint(4, 8))]
        cards = [c for c in cards if cards.count(c) <= 2]
        first = _random_runs(rng, cards, piles - 1)
        if first is None:
            continue
        reachable = _arrangements(first + ((),))
        for _ in range(10):
            other = _random_runs(rng, cards, piles - 1)
            if other is not None:
                assert tuple(sorted(other + ((),))) in reachable, (first, other)
                checked += 1
    assert checked >= 200


def test_without_an_empty_pile_the_class_can_be_smaller() -> None:
    """Why the search keeps a pile empty: with none, a run may be stuck the wrong way round."""
    three, four, five = 2 * 13 + 2, 2 * 13 + 3, 2 * 13 + 4  # 3♥ 4♥ 5♥
    stuck = ((four, three), (five,))
    assert (three, four, five) not in {p for a in _arrangements(stuck) for p in a}
    assert (three, four, five) in {p for a in _arrangements(stuck + ((),)) for p in a}


def test_regroup_does_its_task_and_leaves_fewest_runs() -> None:
    rng = random.Random(3)
    done = 0
    for deal in range(1, 40):
        state = GAME.new(deal)
        for _ in range(rng.randint(10, 60)):  # a random game so far
            legal = GAME.legal_moves(state)
            if not legal:
                break
            state = GAME.apply_legal(state, rng.choice(legal))
        for suit in range(4):
            moves = regroup(state, suit)
            if moves is not None:
                after = GAME.apply_all(state, moves)  # the engine checks every move
                assert suit_runs(rank_counts(after.tableau)[suit]) == sum(
                    1 for p in after.tableau if p and SUIT[p[0]] == suit)
                done += 1
        if state.waste:
            card = state.waste[-1]
            moves = regroup(state, SUIT[card], put=card)
            if moves is not None:
                after = GAME.apply_all(state, moves)
                assert after.waste == state.waste[:-1]
                copies = sum(p.count(card) for p in state.tableau)
                assert sum(p.count(card) for p in after.tableau) == copies + 1
    assert done >= 100


def test_regroup_takes_a_buried_card_to_its_foundation() -> None:
    # 2♣ lies under 3♣ 4♣; the foundation holds A♣; empty piles are there to help.
    state = UnionSquareState(((1, 2, 3),) + ((),) * 15, ((0,), (), (), ()), (), ())
    moves = regroup(state, 0, take=1)
    assert moves is not None
    after = GAME.apply_all(state, moves)
    assert after.foundations[0] == (0, 1)
    assert any(m.dst == FOUNDATION for m in moves) and all(m.src >= TABLEAU for m in moves)


@pytest.mark.parametrize("deal", [1793, 2214, 2601, 3209])
def test_run_search_wins_the_deals_that_resisted_600_seconds(deal: int) -> None:
    outcome, line = _finish(run_search(GAME, GAME.new(deal), _budget(5_000)))
    assert outcome == "won"
    assert GAME.is_won(GAME.apply_all(GAME.new(deal), line))


@pytest.mark.parametrize("deal", [1793, 3209])
def test_solve_wins_them_too(deal: int) -> None:
    result = solve(GAME, GAME.new(deal), max_seconds=30)
    assert result.won and GAME.is_won(GAME.apply_all(GAME.new(deal), result.moves))


def _mini_positions(count: int, seed: int,
                    up: tuple[int, int] = (0, 10)) -> list[tuple[Any, UnionSquareState]]:
    """Small positions with few piles and a loaded waste, so that some are lost."""
    rng = random.Random(seed)
    out: list[tuple[Any, UnionSquareState]] = []
    while len(out) < count:
        game, state = mini_union_square_runs(rng, rng.randint(6, 12), piles=rng.randint(1, 3),
                                             stock=rng.randint(0, 5), waste=rng.randint(1, 5),
                                             up=rng.randint(*up))
        assert piles_are_runs(state)
        out.append((game, state))
    return out


def test_the_looser_game_never_calls_a_won_position_lost() -> None:
    """Its losses are proofs: each agrees with the brute force (and it finds a fair number of them)."""
    proven = won = 0
    for game, state in _mini_positions(300, seed=8):
        outcome, _ = _finish(relaxed_search(state, _budget(200_000)))
        try:
            expected = brute_force_winnable(game, state, 100_000, piles_alike=True)
        except TooBig:
            continue
        if outcome == "lost":
            assert not expected, game.position_text(state)
            proven += 1
        won += expected
        assert outcome in ("won", "lost")
    assert proven >= 8 and won >= 100, (proven, won)


def test_the_looser_game_prunes_nothing_it_needs() -> None:
    """With and without its click order and safe move, it reaches the same answer."""
    differ = []
    outcomes = []
    for _game, state in _mini_positions(300, seed=9, up=(0, 10)) + _mini_positions(300, seed=9, up=(14, 60)):
        pruned = _finish(relaxed_search(state, _budget(200_000)))[0]
        plain = _finish(relaxed_search(state, _budget(200_000), prune=False))[0]
        outcomes.append(plain)
        if pruned != plain:
            differ.append(state)
    assert not differ
    assert outcomes.count("lost") >= 20 and "unknown" not in outcomes


def test_a_card_up_is_not_always_right_in_the_first_half() -> None:
    """Why the real game's safe move is kept to the second half of a foundation, and the looser
    game's first-half only-move is not wrong for it.

    One pile K♠ Q♠ J♠ 10♠; spades up to 9♠ want 10♠; the waste ends 10♠ J♠.
    In the real game the position is lost: once the pile's cards are up, the
    waste's J♠ and 10♠ can only share the one pile, 10♠ on J♠, and the
    foundation's second half wants J♠ first. The looser game forgets the
    order in a pile, so there it is won, with the 10♠ sent up first (its
    only move) or not.
    """
    spades = [39 + r for r in range(13)]
    state = UnionSquareState(
        ((spades[12], spades[11], spades[10], spades[9]),),
        (tuple(range(7)), tuple(spades[:9]), tuple(range(26, 38)), tuple(range(13, 23))),
        (7, 8, 9), (10, spades[11], spades[12], spades[9], spades[10]))
    assert _first_half_only_move(state) == "tableau"
    assert _finish(relaxed_search(state, _budget(100_000)))[0] == "won"
    assert _finish(relaxed_search(state, _budget(100_000), prune=False))[0] == "won"
    assert not brute_force_winnable(GAME, state, 100_000, piles_alike=True)


def _first_half_only_move(state: UnionSquareState) -> str | None:
    """Which of the first half's only-moves the looser game plays first from ``state``, if one."""
    loose = runs_module._Loose(state, prune=True)
    moves = loose.moves(False)
    if len(moves) != 1:
        return None
    kind, card, _change = moves[0]
    if loose.sizes[SUIT[card]] >= FOUNDATION_TURN:
        return None
    return {runs_module._TABLEAU_UP: "tableau", runs_module._WASTE_UP: "waste"}.get(kind)


def test_the_first_half_only_moves_lose_no_win() -> None:
    """Small positions whose first move is one of the first half's only-moves (docs/solver.md, "The
    looser game's first half"): the looser game answers the same with them and without any
    only-move, and its losses are losses for the brute force of the real game.

    Both rules are met in won positions (where a wrong rule would show, as a loss) and in lost ones.
    """
    rng = random.Random(12)
    seen: Counter[tuple[str, str]] = Counter()
    for _ in range(20_000):
        game, state = mini_union_square_runs(rng, rng.randint(6, 12), piles=rng.randint(1, 3),
                                             stock=rng.randint(0, 5), waste=rng.randint(3, 8),
                                             up=rng.randint(0, 10))
        rule = _first_half_only_move(state)
        if rule is None or min(seen[(rule, "won")], seen[(rule, "lost")]) >= 30:
            continue
        pruned = _finish(relaxed_search(state, _budget(200_000)))[0]
        plain = _finish(relaxed_search(state, _budget(200_000), prune=False))[0]
        assert pruned == plain, game.position_text(state)
        if plain == "lost":
            with suppress(TooBig):
                winnable = brute_force_winnable(game, state, 100_000, piles_alike=True)
                assert not winnable, game.position_text(state)
        seen[(rule, str(plain))] += 1
    for rule in ("tableau", "waste"):
        assert seen[(rule, "won")] >= 15 and seen[(rule, "lost")] >= 10, seen


def _hearts(rank: int) -> int:
    return 2 * 13 + rank - 1


def test_the_waste_bound_lets_cards_that_may_go_up_join_runs() -> None:
    """Cards the foundation walk sends up may still be in the tableau when ``x`` leaves, joining runs.

    Hearts are up to 3♥ and want 4♥ (in the tableau); the stock holds 6♥…K♥;
    the waste, from the bottom, K♥ 4♥ 3♥ 5♥ 5♥. While the second 4♥ (``x``)
    stays in the waste, the walk sends up 4♥, a 5♥ and 6♥…K♥ and stops at
    the second K♥; 3♥ and the other 5♥ must wait in the tableau, where the
    first 4♥ may still join them into one run.
    """
    up = tuple(_hearts(r) for r in (1, 2, 3))
    state = UnionSquareState(((_hearts(4),),) + ((),) * 15, (up, (), (), ()),
                             tuple(_hearts(r) for r in range(6, 14)),
                             (_hearts(13), _hearts(4), _hearts(3), _hearts(5), _hearts(5)))
    loose = runs_module._Loose(state, prune=True)
    above = [0] * 15
    above[3], above[5] = 1, 2
    assert loose._suit_need(2, above) == 1


#: A deck no one can win (tableau first, then the stock from the top): the tableau's K, J, 9
#: and 7 of each suit never meet; the stock's first 40 cards (both 2s, 4s and 5s of each suit,
#: then both Aces, then both 3s) fit nowhere when turned (the first Aces may go up), and the
#: other cards, 6 to K, come after them.
LOST_DECK = " ".join(
    [r + s for r in "KJ97" for s in "CDHS"]
    + [r + s for r in "24" for _ in range(2) for s in "CDHS"]
    + [r + s for r in "5A3" for _ in range(2) for s in "CDHS"]
    + [r + s for _ in range(2) for r in "QT86" for s in "CDHS"]
    + [r + s for r in "KJ97" for s in "CDHS"])
LOW_CARDS = 40  # the stock's 2s, 4s, 5s, Aces and 3s
FIRST_FIVE_OF_SPADES = 19  # its place in the waste (from the bottom) once the 40 are turned


def _after_the_low_cards() -> UnionSquareState:
    """The lost deck once its first 40 stock cards are turned, checking that nothing else could move.

    While they are turned, the only moves are a click and an Ace going up (each first Ace is
    sent up here; a player may keep it, which only leaves one more card in the waste).
    """
    state: UnionSquareState = GAME.new(LOST_DECK)
    for _ in range(LOW_CARDS):
        for move in GAME.legal_moves(state):
            assert move == STOCK_MOVE or (move.src == WASTE and RANK[state.waste[-1]] == ACE), move
        state = GAME.apply(state, STOCK_MOVE)
        ups = [m for m in GAME.legal_moves(state) if m.src == WASTE]
        if ups:
            state = GAME.apply(state, ups[0])
    return state


def test_a_deal_that_cannot_be_won_is_proven_lost() -> None:
    """Why it is lost, in every order of play. Each pile is a run, so the tableau's cards must fit
    in 16 runs, and one suit's cards need at least sum over r of max(0, c[r] - c[r-1]) runs
    (``suit_runs``; c[r] copies of rank r, c[0] = 0, every term at least 0).

    1. Until the 40th stock card is turned, only clicks and first Aces going up are possible:
       the tableau's K, J, 9, 7 never meet and none fits a foundation, so no pile moves or
       empties; a 2, 3, 4 or 5 fits none of them; a 2 could go up only on an Ace, and all 2s are
       covered by the 4s before the first Ace is turned. So the waste then holds, from the
       bottom: both 2s of every suit, both 4s, the eight 5s (the first copies under the second),
       the Aces still there (at most one per suit went up) and both 3s.
    2. Take the moment just after the first 5 of spades (the fifth 5 from the top of the
       waste, under the four second fives) leaves the waste, if it ever does. Every card above
       it left first. No 2 has gone up (all eight lie under it), so each foundation holds at
       most its first Ace, and the 3s, the 5s that left and the other Ace of each suit are all
       in the tableau; no 2 or 4 is (all are under it). Per suit c[1] >= 1, c[2] = c[4] = 0,
       c[3] = 2, and c[5] = 2 for spades, 1 for the others: at least 1 + 2 + 2 = 5 runs for
       spades and 4 for each other suit, 17 in all, whatever the cards 6 to K do (their terms
       are at least 0; they may extend the 5s' runs). There are 16 piles: that moment never
       comes.
    3. So the first 5 of spades, and the 4s and 2s under it, never leave the waste; no foundation
       gets past its Ace, and the deal is lost.

    The moment is tight: the four second fives can leave (a player may turn the first Q, 10, 8
    and 6 of each suit only, join each suit's 6 to K into one run, and fill the other 12 piles
    with the 3s and the second Aces; the second fives then go on the runs' 6s). The looser
    game's dead-waste bound finds the same card: it declares dead the 5 of hearts just under
    that 5 of spades, because the cards above it need 17 runs.
    """
    state = GAME.new(LOST_DECK)
    assert _finish(relaxed_search(state, _budget(5_000)))[0] == "lost"
    assert _finish(relaxed_search(state, _budget(200_000), prune=False))[0] == "unknown"  # too big bare
    result = solve(GAME, state, max_seconds=120)  # the looser game gets a tenth, on a shared machine
    assert (result.outcome, result.searched) == (LOST, "looser game")  # said so, not "every position"


def test_the_lost_deck_bound_fires_for_the_reason_its_argument_gives() -> None:
    """After the 40 forced clicks the bound finds the card step 2 names, with the runs it counts."""
    state = _after_the_low_cards()
    waste = [card_text(card) for card in state.waste]
    assert waste == ["2C", "2D", "2H", "2S"] * 2 + ["4C", "4D", "4H", "4S"] * 2 \
        + ["5C", "5D", "5H", "5S"] * 2 + ["AC", "AD", "AH", "AS"] + ["3C", "3D", "3H", "3S"] * 2
    assert waste[FIRST_FIVE_OF_SPADES] == "5S"
    dead = runs_module._Loose(state, prune=True).dead_waste()
    assert dead == (FIRST_FIVE_OF_SPADES - 1, (4, 4, 4, 5))  # the 5H under it; spades 5 runs: 17
    # Step 2's tableau (one run 6-K per suit, the spare Aces, the 3s, both 5S and one other 5
    # of each suit) needs 17 runs; without the first 5S it fits in 16, so the bound is tight.
    high = [parse_card(r + s) for r in "6789TJQK" for s in "CDHS"]
    low = [parse_card(r + s) for r in "A335" for s in "CDHS"]
    assert fewest_runs((tuple(high + low),)) == 16
    assert fewest_runs((tuple(high + low + [parse_card("5S")]),)) == 17


def _lay_the_waste_card(state: UnionSquareState) -> UnionSquareState:
    """The waste's card onto a pile it fits (an empty one only if no other), then its suit in fewest runs."""
    card = state.waste[-1]
    moves = [m for m in GAME.legal_moves(state) if m.src == WASTE and m.dst >= TABLEAU]
    onto = [m for m in moves if state.tableau[m.dst - TABLEAU]]
    state = GAME.apply(state, (onto or moves)[0])
    laid: UnionSquareState = GAME.apply_all(state, regroup(state, SUIT[card]) or ())
    return laid


def test_in_real_play_every_card_above_the_first_five_of_spades_leaves() -> None:
    """The moment of the argument is tight, and the old count was wrong: a real line takes the 3s,
    the second Aces and the second fives out of the waste (turning only the first Q, 10, 8, 6),
    after which all 16 piles are in use and the only move left is a click."""
    state = _after_the_low_cards()
    for _ in range(16):
        state = _lay_the_waste_card(GAME.apply(state, STOCK_MOVE))
    while len(state.waste) > FIRST_FIVE_OF_SPADES + 1:
        state = _lay_the_waste_card(state)
    assert card_text(state.waste[-1]) == "5S" and not any(RANK[c] == ACE for c in state.waste)
    assert all(state.tableau) and fewest_runs(state.tableau) == 16
    assert GAME.legal_moves(state) == [STOCK_MOVE]


Counts = tuple[tuple[int, ...], ...]


def _low_card_reach(piles: int = 16) -> tuple[bool, int]:
    """An exhaustive search of a looser game holding only the cards the argument counts.

    It keeps the stock's first 40 cards (A to 5) as they are, drops the cards 6 to K from the
    waste (so they block nothing) and counts them in the tableau at their best: each rank
    between the dealt copies and every copy once the rest of the stock is turned (one move).
    Every real line is a line of it while no 2 is up. Returns whether the first 5 of spades
    ever leaves the waste, and how short the waste gets once all 40 are turned.
    """
    stock = GAME.new(LOST_DECK).stock
    assert all(RANK[c] <= 5 for c in stock[:LOW_CARDS]) and all(RANK[c] >= 6 for c in stock[LOW_CARDS:])
    low_stock = stock[:LOW_CARDS]
    dealt = [0] * 15
    for rank in (7, 9, 11, 13):
        dealt[rank] = 1

    def high_runs(fives: int, turned: bool) -> int:
        """Fewest runs the cards 6 to K of one suit add above ``fives`` 5s (independent of the bound)."""
        ranges = [range(dealt[r], 3 if turned else dealt[r] + 1) for r in range(6, 14)]
        return min(sum(max(0, c[i] - (c[i - 1] if i else fives)) for i in range(8)) for c in product(*ranges))

    best = {(fives, turned): high_runs(fives, turned) for fives in range(3) for turned in (False, True)}

    def runs(counts: Counts, turned: bool) -> int:
        return sum(sum(max(0, c[r] - c[r - 1]) for r in range(1, 6)) + best[c[5], turned] for c in counts)

    Position = tuple[int, tuple[int, ...], tuple[int, ...], Counts, bool]
    start: Position = (0, (), (0, 0, 0, 0), ((0,) * 6,) * 4, False)
    seen = {start}
    queue = deque([start])
    shortest = LOW_CARDS
    while queue:
        turned_low, waste, sizes, counts, turned = queue.popleft()
        if turned_low == LOW_CARDS:
            shortest = min(shortest, len(waste))
        nexts: list[Position] = []
        if turned_low < LOW_CARDS:
            nexts.append((turned_low + 1, (*waste, low_stock[turned_low]), sizes, counts, turned))
        elif not turned:
            nexts.append((turned_low, waste, sizes, counts, True))
        if waste:
            suit, rank = SUIT[waste[-1]], RANK[waste[-1]]
            if rank == sizes[suit] + 1:
                nexts.append((turned_low, waste[:-1], _up(sizes, suit), counts, turned))
            more = _change(counts, suit, rank, 1)
            if runs(more, turned) <= piles:
                nexts.append((turned_low, waste[:-1], sizes, more, turned))
        for suit in range(4):
            rank = sizes[suit] + 1
            if rank <= 5 and counts[suit][rank]:
                fewer = _change(counts, suit, rank, -1)
                if runs(fewer, turned) <= piles:
                    nexts.append((turned_low, waste, _up(sizes, suit), fewer, turned))
        for after in nexts:
            if after[0] > FIRST_FIVE_OF_SPADES and len(after[1]) <= FIRST_FIVE_OF_SPADES:
                return True, shortest  # the first 5S (or a card under it) left the waste
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return False, shortest


def _up(sizes: tuple[int, ...], suit: int) -> tuple[int, ...]:
    return tuple(n + (s == suit) for s, n in enumerate(sizes))


def _change(counts: Counts, suit: int, rank: int, by: int) -> Counts:
    return tuple(tuple(n + by * (s == suit and r == rank) for r, n in enumerate(c))
                 for s, c in enumerate(counts))


def test_no_order_of_play_takes_the_first_five_of_spades_out_of_the_waste() -> None:
    """Trying to break the argument: an exhaustive search over every order of play of the cards
    it counts. The first 5 of spades never leaves, and every card above it can (the moment is tight).
    """
    leaves, shortest = _low_card_reach()
    assert not leaves
    assert shortest == FIRST_FIVE_OF_SPADES + 1
    assert _low_card_reach(piles=17)[0]  # with one pile more it leaves: the search can find it
def test_run_search_wins_are_wins() -> None:
    """Its wins replay, and it wins only positions the brute force wins."""
    wins = 0
    for game, state in _mini_positions(150, seed=10):
        outcome, line = _finish(run_search(game, state, _budget(20_000)))
        if outcome == "won":
            assert game.is_won(game.apply_all(state, line))
            assert brute_force_winnable(game, state, 300_000, piles_alike=True)
            wins += 1
    assert wins >= 40


def test_a_pile_that_is_not_a_run_is_left_to_the_full_search() -> None:
    """A typed-in position may hold piles no play makes; the run view does not apply to them."""
    state = UnionSquareState(((13 * 2 + 12, 1),) + ((),) * 15, ((), (), (), ()), (), ())  # K♥ under 2♣
    assert not piles_are_runs(state)
    assert _finish(relaxed_search(state, _budget(1000)))[0] == "unknown"
    assert fewest_runs(((13 * 2 + 12,), (1,))) == 2
