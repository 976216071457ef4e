"""The fair players: win only through the rules, the same line every run, no peeking, no endless play
(the planner's own checks: ``test_fair_planner.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience.analysis.fair_player as fair_player
from patience import get_game
from patience.analysis.fair import Budget, FairHint, fair_hint
from patience.analysis.fair_planner import play_planned
from patience.analysis.fair_player import (
    END_MOVE_CAP,
    END_NO_MOVE,
    END_NO_WINNING_SAMPLE,
    END_REPEATED,
    END_WON,
    MAX_VISITS,
    FairGame,
    decision_seed,
    play_fair,
)
from patience.errors import PatienceError
from patience.kit import observing
from patience.observation import Observation
from patience.rules import STOCK_MOVE, Move
from patience.solver import LOST, WON, solve
from tests.games.tiny_game import TinyGame, registered

#: A fair player: the deal, samples, budget and move cap in, its game out.
Player = Callable[..., FairGame]


#: Both fair players: hindsight optimisation and the planner.
PLAYERS = pytest.mark.parametrize("play", [play_fair, play_planned], ids=["hindsight", "planner"])


@PLAYERS
def test_a_tiny_deal_is_won_and_its_line_replays(tiny: TinyGame, play: Player) -> None:
    played = play(tiny, 5, samples=4)
    assert (played.outcome, played.end) == (WON, END_WON)
    assert tiny.is_won(tiny.apply_all(tiny.new(5), played.moves))
    assert played.decisions <= len(played.moves)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 10_000), st.integers(1, 4), st.sampled_from([play_fair, play_planned]))
def test_tiny_games_are_the_same_every_time_and_replay(deal: int, samples: int, play: Player) -> None:
    with registered() as game:
        played = play(game, deal, samples=samples)
        assert played == play(game, deal, samples=samples)
        after = game.apply_all(game.new(deal), played.moves)  # every move is legal
        assert game.is_won(after) == (played.outcome == WON)


@PLAYERS
def test_the_player_does_not_peek(tiny: TinyGame, play: Player) -> None:
    """Two decks that differ only in the stock's order: the same moves until the first card is turned."""
    one = tiny.new(9)
    other_deck = (*tiny.deck_of(9)[:3], *reversed(tiny.deck_of(9)[3:]))
    assert one.stock != other_deck[3:]
    lines = []
    dealt = tiny.new
    for stock in (one.stock, other_deck[3:]):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(tiny, "new", lambda deal, stock=stock: dealt(deal)._replace(stock=stock))
            lines.append(play(tiny, 9, samples=3).moves)
    first_turn = lines[0].index(STOCK_MOVE) + 1
    assert lines[0][:first_turn] == lines[1][:first_turn]


def test_the_seed_of_each_decision_comes_from_the_deal_and_the_moves_played(
        tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []

    def spy(game: Any, seen: Observation, samples: int, seed: int, budget: Budget | None,
            **kwargs: Any) -> FairHint:
        seeds.append(seed)
        return fair_hint(game, seen, samples, seed, budget, **kwargs)

    monkeypatch.setattr(fair_player, "fair_hint", spy)
    played = play_fair(tiny, 3, samples=2)
    assert seeds == [decision_seed(3, index) for index in range(len(played.moves))]
    assert len(set(decision_seed(deal, index) for deal in (1, 2) for index in range(3000))) == 6000


def scripted(choose: Any) -> Any:
    """A fair hint that plays ``choose(game, seen, avoid)`` and says every sample still wins."""
    def hint(game: Any, seen: Observation, samples: int, seed: int, budget: Budget | None,
             avoid: tuple[Move, ...] = ()) -> FairHint:
        return FairHint(choose(game, seen, list(avoid)), samples, samples)
    return hint


def back_and_forth(game: Any, seen: Observation, avoid: list[Move]) -> Move:
    """Moves a card from pile 1 to pile 3 and back, whatever it is told to avoid."""
    pile1, _pile2, pile3 = seen.table.tableau
    return Move.parse("t1-t3" if len(pile1) >= len(pile3) else "t3-t1")


def test_a_position_seen_again_and_again_ends_the_game(tiny: TinyGame,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_player, "fair_hint", scripted(back_and_forth))
    deal = next(d for d in range(1, 200) if Move.parse("t1-t3") in tiny.legal_moves(tiny.new(d)))
    played = play_fair(tiny, deal, samples=2)
    assert (played.outcome, played.end) == (LOST, END_REPEATED)
    assert len(played.moves) == 2 * (MAX_VISITS - 1)


def test_the_player_is_told_to_avoid_the_moves_back(tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[list[Move]] = []

    def record(game: Any, seen: Observation, avoid: list[Move]) -> Move:
        told.append(avoid)
        return back_and_forth(game, seen, avoid)

    monkeypatch.setattr(fair_player, "fair_hint", scripted(record))
    deal = next(d for d in range(1, 200) if Move.parse("t1-t3") in tiny.legal_moves(tiny.new(d)))
    play_fair(tiny, deal, samples=2)
    assert told[0] == [] and Move.parse("t3-t1") in told[1]  # back to the deal's position


def test_the_other_ends(tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_player, "fair_hint", lambda *a, **k: FairHint(None, 0, 2))
    assert play_fair(tiny, 1, samples=2).end == END_NO_MOVE
    monkeypatch.setattr(fair_player, "fair_hint", lambda *a, **k: FairHint(STOCK_MOVE, 0, 2))
    played = play_fair(tiny, 1, samples=2)
    assert (played.outcome, played.end, played.moves) == (LOST, END_NO_WINNING_SAMPLE, ())
    monkeypatch.setattr(fair_player, "fair_hint", lambda *a, **k: FairHint(STOCK_MOVE, 0, 0))  # a safe move
    played = play_fair(tiny, 1, samples=2, max_moves=2)
    assert (played.outcome, played.end, played.moves, played.decisions) == (
        LOST, END_MOVE_CAP, (STOCK_MOVE, STOCK_MOVE), 0)


def test_a_move_the_rules_refuse_is_never_played(tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_player, "fair_hint", lambda *a, **k: FairHint(Move.parse("t1-f2"), 2, 2))
    deal = next(d for d in range(1, 200) if Move.parse("t1-f2") not in tiny.legal_moves(tiny.new(d)))
    with pytest.raises(PatienceError):
        play_fair(tiny, deal, samples=2)


@PLAYERS
def test_bad_arguments_are_refused(tiny: TinyGame, play: Player) -> None:
    with pytest.raises(PatienceError, match="samples must be from 1"):
        play(tiny, 1, samples=0)
    with pytest.raises(PatienceError):
        play(tiny, 0, samples=2)
    with pytest.raises(ValueError, match="max_moves"):
        play(tiny, 1, samples=2, max_moves=0)


@PLAYERS
def test_a_hamilton_deal_lost_with_the_stock_known_is_lost_by_the_fair_player(play: Player) -> None:
    game = get_game("hamilton")
    assert solve(game, game.new(454), max_nodes=2000).outcome == LOST
    played = play(game, 454, samples=2, budget=Budget(max_nodes=300))
    assert played.outcome == LOST and played.end in (END_NO_WINNING_SAMPLE, END_NO_MOVE, END_REPEATED)
    assert game.apply_all(game.new(454), played.moves) is not None


def test_the_fair_hint_keeps_off_the_moves_to_avoid_unless_every_move_is_one(tiny: TinyGame) -> None:
    seen = observing(tiny).observe(tiny.new(4), [])
    moves = tiny.legal_moves(tiny.new(4))
    assert len(moves) >= 2
    best = fair_hint(tiny, seen, samples=3, seed=1).move
    assert best is not None
    other = fair_hint(tiny, seen, samples=3, seed=1, avoid=[best])
    assert other.move in moves and other.move != best
    assert fair_hint(tiny, seen, samples=3, seed=1, avoid=moves).move == best


def test_with_no_winning_sample_the_player_thinks_harder_before_it_gives_up(
        tiny: TinyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Budget | None] = []

    def none_won_until(nodes: int) -> Any:
        def hint(game: Any, seen: Observation, samples: int, seed: int, budget: Budget | None,
                 **_: Any) -> FairHint:
            asked.append(budget)
            won = 1 if budget is not None and (budget.max_nodes or 0) >= nodes else 0
            return FairHint(STOCK_MOVE, won, samples)
        return hint

    monkeypatch.setattr(fair_player, "fair_hint", none_won_until(4_000))
    seen = Observation.__new__(Observation)
    assert fair_player._decide(tiny, seen, 2, 0, Budget(max_nodes=1_000), []).won == 1
    assert asked == [Budget(max_nodes=1_000), Budget(max_nodes=4_000)]
    asked.clear()
    monkeypatch.setattr(fair_player, "fair_hint", none_won_until(10**9))
    played = play_fair(tiny, 1, samples=2, budget=Budget(max_nodes=1_000, max_seconds=0.5))
    assert (played.outcome, played.end) == (LOST, END_NO_WINNING_SAMPLE)
    ladder = ((1_000, 0.5), (4_000, 2.0), (16_000, 8.0))
    assert asked == [Budget(max_nodes=n, max_seconds=s) for n, s in ladder]
    asked.clear()
    assert play_fair(tiny, 1, samples=2).end == END_NO_WINNING_SAMPLE
    assert asked == [None]  # no budget: nothing to raise
