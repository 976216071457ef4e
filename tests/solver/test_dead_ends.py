"""Hamilton's dead-end test (pinned piles): it fires only on lost positions, and it prunes."""

from __future__ import annotations

import random

import pytest

from patience.games.hamilton import dead_ends
from patience.games.hamilton.dead_ends import DeadEnds, marks, pinned
from patience.games.hamilton.rules import HamiltonGame, HamiltonState, Pile
from patience.solver import LOST, WON
from patience.solver.expand import Expander
from patience.solver.search import search
from tests.positions import hamilton_game
from tests.solver.brute_force import TooBig, brute_force_winnable
from tests.solver.positions import hamilton_near_end
from tests.whole import WHOLE

pytestmark = pytest.mark.python_search  # the Python search itself, whatever the switch says

PILES = 7

#: Found with the test mutated to count a marked card as covering its pile's top (stuck instead of
#: buried): the mutant marks a card in every pile and calls it lost, but a marked card on top of its
#: pile still takes the cards that fit on it, and the solver wins the position.
WON_WITH_A_MARKED_TARGET = (
    "hamilton start=8 choices=0 chooser=- stock=- "
    "f=8H,9H,TH,JH,QH,KH,AH,2H,3H,4H,5H,6H;8D,9D,TD,JD,QD,KD,AD,2D,3D,4D,5D,6D;"
    "8C,9C,TC,JC,QC,KC,AC,2C;8S,9S,TS,JS,QS,KS,AS,2S,3S "
    "t=5C;4C;6S;5S,7H;3C,4S,7D,7S;7C;6C")


def _near_end(rng: random.Random, in_play: int) -> tuple[int, tuple[tuple[int, ...], ...], list[list[int]]]:
    """A start rank, foundations and seven non-empty piles holding the ``in_play`` cards left."""
    state = hamilton_near_end(rng, in_play)
    piles = [list(pile) for pile in state.tableau]
    for pile in piles:
        if not pile:  # an empty pile would leave nothing to mark: it takes a card of the longest
            pile.append(max(piles, key=len).pop())
    return state.start, state.foundations, piles


def _state(start: int, foundations: tuple[tuple[int, ...], ...], piles: list[list[int]]) -> HamiltonState:
    return HamiltonState(tuple(tuple(p) for p in piles), foundations, (), -1, 0, start)


def _marked_piles(state: HamiltonState) -> int:
    return sum(depth >= 0 for depth in marks(state, {}))


def pinned_positions(seed: int, tries: int, low: int, high: int) -> list[HamiltonState]:
    """Small positions changed card by card towards a mark in every pile: those that got there."""
    rng = random.Random(seed)
    found = []
    for _ in range(tries):
        start, foundations, piles = _near_end(rng, rng.randint(low, high))
        score = _marked_piles(_state(start, foundations, piles))
        for _step in range(400):
            if score == PILES:
                found.append(_state(start, foundations, piles))
                break
            new = [list(p) for p in piles]
            a, b = rng.randrange(PILES), rng.randrange(PILES)
            i, j = rng.randrange(len(new[a])), rng.randrange(len(new[b]))
            if rng.random() < 0.5:
                new[a][i], new[b][j] = new[b][j], new[a][i]
            elif len(new[a]) > 1 and a != b:
                new[b].insert(j, new[a].pop(i))
            else:
                continue
            new_score = _marked_piles(_state(start, foundations, new))
            if new_score >= score:
                piles, score = new, new_score
    return found


def test_pinned_small_positions_are_lost_for_the_brute_force_and_the_solver_without_the_test() -> None:
    positions = pinned_positions(seed=1, tries=60, low=10, high=18)
    assert len(positions) >= 10
    finished = 0
    for state in positions:
        assert pinned(state, {})
        game = HamiltonGame()
        try:
            assert not brute_force_winnable(game, state, 50_000, piles_alike=True), game.position_text(state)
            finished += 1
        except TooBig:
            pass
        bare = search(game, state, max_nodes=300_000, expander=Expander(game, dead_ends=False))
        assert bare.outcome == LOST, game.position_text(state)
    assert finished >= 8


def test_a_marked_card_on_top_is_still_a_target() -> None:
    game = hamilton_game()
    state = game.parse_position(WON_WITH_A_MARKED_TARGET)
    assert search(game, state, max_nodes=100_000, expander=Expander(game, dead_ends=False)).outcome == WON
    assert not pinned(state, {})
    assert search(game, state, max_nodes=100_000).outcome == WON


def test_no_mark_with_an_empty_pile_or_before_the_choice() -> None:
    game = hamilton_game()
    assert marks(game.new(3), {}) == [-1] * PILES
    state = game.parse_position(WON_WITH_A_MARKED_TARGET.replace("t=5C;4C;", "t=5C,4C;-;"))
    assert marks(state, {}) == [-1] * PILES


@pytest.mark.parametrize("deal", [1, 2, 3, 5, 8, 13])
def test_never_fires_on_a_winning_line(deal: int) -> None:
    game = hamilton_game()
    state = game.new(deal)
    result = search(game, state, max_seconds=30)
    assert result.outcome == WON
    caches: dict[int, dict[Pile, dead_ends.Candidates]] = {}
    for move in result.moves:
        state = game.apply(state, move)
        if state.start:
            assert not pinned(state, caches.setdefault(state.start, {})), game.position_text(state)


def test_the_shortcuts_give_the_full_marking_s_answer() -> None:
    """``pinned`` stops early (a pile with no candidate that could ever be marked, every pile
    marked); on positions of random games it says what the full marking says."""
    game = hamilton_game()
    rng = random.Random(22)
    answers = {True: 0, False: 0}
    for deal in range(1, 41):
        state = game.new(deal)
        caches: dict[int, dict[Pile, dead_ends.Candidates]] = {}
        for _ in range(400):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.apply(state, rng.choice(legal))
            if state.start:
                fast = pinned(state, caches.setdefault(state.start, {}))
                assert fast == (min(marks(state, {})) >= 0), game.position_text(state)
                answers[fast] += 1
    assert answers[True] > 100 and answers[False] > 100, answers


SHORTER = (11741, 2294)  # lost deals whose proofs the test shortens most


#: 4250 (won; 15-45 s for both searches) only with PATIENCE_TESTS_WHOLE=1.
@pytest.mark.parametrize("deal", [*([4250] if WHOLE else []), 11741, 2294, 14, 16, 21, 41, 877])
def test_searches_with_and_without_the_test_agree(deal: int) -> None:
    game = hamilton_game()
    state = game.new(deal)
    with_test = search(game, state, max_seconds=60)
    without = search(game, state, max_seconds=60, expander=Expander(game, dead_ends=False))
    assert with_test.decided and without.decided
    assert with_test.outcome == without.outcome
    if with_test.outcome == LOST:
        assert with_test.nodes <= without.nodes
    if deal in SHORTER:
        assert with_test.nodes < 0.75 * without.nodes  # measured: 75,463 to 136,223; 92,553 to 178,591


def test_the_gate_tests_every_position_while_the_test_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hamilton_game()
    state = game.parse_position(WON_WITH_A_MARKED_TARGET)
    asked: list[bool] = []
    answer = [True]

    def fake(_state: HamiltonState, _cache: dict[bytes, dead_ends.Candidates]) -> bool:
        asked.append(answer[0])
        return answer[0]

    monkeypatch.setattr(dead_ends, "pinned", fake)
    gate = DeadEnds()
    window, sparse = dead_ends.WINDOW, dead_ends.SPARSE
    found = [gate.dead(state) for _ in range(sparse * window)]
    # it starts with one position in SPARSE; all dead: every one from now on
    assert sum(found) == len(asked) == window
    answer[0] = False
    asked.clear()
    assert not any(gate.dead(state) for _ in range(window))
    assert len(asked) == window  # every one asked; none dead: one in SPARSE from now on
    asked.clear()
    assert not any(gate.dead(state) for _ in range(sparse * 10))
    assert len(asked) == 10
    assert not gate.dead(game.new(1))  # before the choice: never asked
