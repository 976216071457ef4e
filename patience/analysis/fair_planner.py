"""A fair player that plans up to the next card it will see: hindsight optimisation corrected for
what the player cannot know.

The fair player of :mod:`~patience.analysis.fair_player` picks, at each decision, the move after
which most sampled completions can be won, each completion solved as if its hidden cards were
known. That overrates moves whose wins depend on knowing those cards: each completion is won
by its own line, arranged for the cards it will turn, and no player can follow all those lines
at once (in the literature, *strategy fusion*).

This player plans instead. It solves each of ``samples`` completions of what it sees; each
winning line gives a **plan**: the line's moves up to and including the first move that shows a
card not seen yet (a deal, a turn of the stock), or the whole line when none does. Until that
move nothing new is seen, so a plan's moves touch only seen cards and can be played in every
completion alike. Each plan is then tried on every completion (played, then the completion
solved from there), and the plan that wins the most completions is played whole; the next
decision comes after the card is seen. A plan's count is thus a count of completions one
sequence of moves wins, as a player who commits to it would see them won, not the count of
completions each won by a different line. Plans that end in the same position are one plan.

A safe move (the kit's ``SearchKit.safe_move``) is played at once. With no winning completion,
the player asks again with each budget of :data:`~patience.analysis.fair_player.BUDGET_LADDER`
before it gives up, as the other player does; the game ends the same ways
(:data:`~patience.analysis.fair_player.ENDS`). Decision seeds are
:func:`~patience.analysis.fair_player.decision_seed`, so a node budget gives the same line on
every run and machine; every move goes through the rules engine and a win counts only after its
line replays from the deal.

>>> from patience import get_game
>>> from patience.analysis.fair import Budget
>>> from patience.kit import default_slug
>>> game = get_game(default_slug())
>>> played = play_planned(game, 5, samples=4, budget=Budget(max_nodes=2000))
>>> played.outcome, played.end, game.is_won(game.apply_all(game.new(5), played.moves))
('won', 'won', True)
>>> played == play_planned(game, 5, samples=4, budget=Budget(max_nodes=2000))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeVar

from patience.analysis.fair import DEFAULT_SAMPLES, Budget, BudgetedSolver, completions
from patience.analysis.fair_player import BUDGET_LADDER, MAX_MOVES, Decision, FairGame, play_with
from patience.kit import kit_of, observing
from patience.observation import Observation
from patience.rules import Game, Move, State
from patience.solver import WON
from patience.solver.canonical import canonical_key

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class FairPlan:
    """Moves to play now and how many of ``samples`` completions they win.

    ``moves`` ends with the first move that shows an unseen card (or wins). ``samples`` 0: a safe
    move, or no move at all when ``moves`` is empty; ``moves`` empty with ``samples`` > 0: no
    completion could be won, even at the ladder's last budget.
    """

    moves: tuple[Move, ...]
    won: int
    samples: int


def fair_plan(game: Game[S], observation: Observation, samples: int = DEFAULT_SAMPLES, seed: int = 0,
              budget: Budget | None = None, played: tuple[Move, ...] = ()) -> FairPlan:
    """The plan that wins most of ``samples`` completions of ``observation`` (``played``: the moves
    that led to it, which some games' observations read).

    >>> from patience import get_game
    >>> from patience.kit import default_slug
    >>> game = get_game(default_slug())
    >>> seen = observing(game).observe(game.new(5), [])
    >>> plan = fair_plan(game, seen, samples=4, seed=1, budget=Budget(max_nodes=2000))
    >>> [str(move) for move in plan.moves], plan.samples
    (['s'], 4)
    """
    states = completions(game, observation, samples, seed)
    first = states[0]
    if game.is_won(first) or not game.legal_moves(first):
        return FairPlan((), 0, 0)
    safe = kit_of(game).search.safe_move(first)
    if safe is not None:
        return FairPlan((safe,), 0, 0)
    lines: dict[int, tuple[Move, ...]] = {}
    solved = BudgetedSolver(game, _scaled(budget, 1))
    for factor in BUDGET_LADDER:
        if factor > 1:
            if budget is None or lines:
                break
            # thinking harder, as the other player does
            solved = BudgetedSolver(game, _scaled(budget, factor))
        for index, state in enumerate(states):
            outcome, line = solved(state, tidy=False)
            if outcome == WON:
                lines[index] = line
    if not lines:
        return FairPlan((), 0, samples)
    plans = _plans(game, states, lines, len(observation.unseen), played)
    best: tuple[Move, ...] = ()
    best_won = -1
    for moves, own in sorted(plans.values(), key=lambda plan: -len(plan[1])):
        won = len(own)
        others = [index for index in range(samples) if index not in own]
        for done, index in enumerate(others):
            if won + len(others) - done <= best_won:
                break  # cannot win more completions than the best plan so far
            won += _wins(game, solved, states[index], moves)
        if won > best_won:
            best, best_won = moves, won
    return FairPlan(best, best_won, samples)


def _scaled(budget: Budget | None, factor: int) -> Budget:
    if budget is None:
        return Budget()
    return Budget(max_nodes=None if budget.max_nodes is None else budget.max_nodes * factor,
                  max_seconds=None if budget.max_seconds is None else budget.max_seconds * factor)


def _plans(game: Game[S], states: list[S], lines: dict[int, tuple[Move, ...]], unseen: int,
           played: tuple[Move, ...]) -> dict[Hashable, tuple[tuple[Move, ...], set[int]]]:
    """Each winning line's moves up to its first that shows a card; plans that end in the same
    position (in the first completion: they touch seen cards only) are one, with the completions
    whose lines they come from."""
    plans: dict[Hashable, tuple[tuple[Move, ...], set[int]]] = {}
    for index, line in lines.items():
        state, moves = states[index], list(played)
        for move in line:
            state = game.apply_legal(state, move)
            moves.append(move)
            if len(observing(game).observe(state, moves).unseen) < unseen:
                break
        plan = tuple(moves[len(played):])
        key = canonical_key(game, game.apply_all(states[0], plan))
        plans.setdefault(key, (plan, set()))[1].add(index)
    return plans


def _wins(game: Game[S], solved: BudgetedSolver[S], state: S, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` played in this completion leave it won or winnable within the budget."""
    for move in moves:
        if not game.is_legal(state, move):
            return False
        state = game.apply_legal(state, move)
    return solved.outcome(state) == WON


def play_planned(game: Game[S], deal: int, samples: int = DEFAULT_SAMPLES, budget: Budget | None = None,
                 max_moves: int = MAX_MOVES) -> FairGame:
    """Play ``deal`` from the start with plans of ``samples`` completions, each solved within ``budget``;
    ``decisions`` counts the plans made by sampling."""

    def decide(seen: Observation, seed: int, played: tuple[Move, ...],
               _visits: Counter[Hashable]) -> Decision:
        plan = fair_plan(game, seen, samples, seed, budget, played)
        return plan.moves, plan.won, plan.samples

    return play_with(game, deal, samples, max_moves, decide)


__all__ = ["FairPlan", "fair_plan", "play_planned"]
