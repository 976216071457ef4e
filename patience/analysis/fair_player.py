"""A fair player: plays a numbered deal from the start, seeing only what a player sees.

At each position it asks :func:`~patience.analysis.fair.fair_hint` what to play, with
the player's :class:`~patience.observation.Observation` only: a safe move (the
game kit's ``SearchKit.safe_move``) is played at once, any other move is the
one after which most of ``samples`` sampled completions can still be won,
each solved within ``budget``. The seed of each decision is
:func:`decision_seed` of the deal and the number of moves played, so the
same deal, samples and node budget give the same line on every run and
machine. Every move goes through the rules engine (:meth:`Game.apply`), and
a game counts as won only after its line replays from the deal to a won
position.

When no sampled completion is known to be won after any move, the player
thinks harder before it gives up: it asks again with each budget of
:data:`BUDGET_LADDER` (the same samples, 4 and then 16 times the positions
and seconds), as a player who is unsure looks further ahead. A small budget
alone would end most games at the first hard choice, which measures the
budget, not fair play.

The player never goes back to a position it has seen while it has another
move. The game ends, lost for this player, when no move is left, when no sampled
completion can be won after any move even at the ladder's last budget (a
completion whose solve ran out of budget counts as not won), when the player
sees the same position for the :data:`MAX_VISITS`-th time, or after
``max_moves`` moves.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> played = play_fair(game, 454, samples=2, budget=Budget(max_nodes=200))
>>> played.outcome, played.end
('lost', 'no-winning-sample')
>>> played == play_fair(game, 454, samples=2, budget=Budget(max_nodes=200))
True
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final, TypeVar

from patience.analysis.fair import DEFAULT_SAMPLES, Budget, FairHint, check_sampling, fair_hint
from patience.deals import MAX_DEAL, check_deal_number
from patience.kit import observing
from patience.observation import Observation
from patience.rules import Game, Move, State
from patience.solver import LOST, WON

S = TypeVar("S", bound=State)

#: The most moves one game may take (the thoughtful survey's tidied Union Square lines stay under 1,200).
MAX_MOVES: Final = 2000
#: A game ends when the player sees the same position for this many times.
MAX_VISITS: Final = 3

#: The budgets tried, as multiples of the given one, before a decision with no winning sample ends the game.
BUDGET_LADDER: Final = (1, 4, 16)

#: How a fair game ended.
END_WON: Final = "won"
END_NO_MOVE: Final = "no-move"
END_NO_WINNING_SAMPLE: Final = "no-winning-sample"
END_REPEATED: Final = "repeated"
END_MOVE_CAP: Final = "move-cap"
ENDS: Final = (END_WON, END_NO_MOVE, END_NO_WINNING_SAMPLE, END_REPEATED, END_MOVE_CAP)


@dataclass(frozen=True)
class FairGame:
    """One game of the fair player: ``won`` or ``lost``, the line played and why it ended.

    ``decisions`` counts the moves chosen by sampling (the others were safe
    moves); ``seconds`` is the processor time the game took.
    """

    outcome: str
    moves: tuple[Move, ...]
    end: str
    decisions: int
    seconds: float

    def __eq__(self, other: object) -> bool:
        """Equal games played the same line to the same end (the time taken does not count)."""
        if not isinstance(other, FairGame):
            return NotImplemented
        return (self.outcome, self.moves, self.end, self.decisions) == (
            other.outcome, other.moves, other.end, other.decisions)

    def __hash__(self) -> int:
        return hash((self.outcome, self.moves, self.end, self.decisions))


def decision_seed(deal: int, moves_played: int) -> int:
    """The sampling seed of the decision after ``moves_played`` moves of ``deal``: deal × 2³² + moves.

    >>> decision_seed(7, 0), decision_seed(7, 12)
    (30064771072, 30064771084)
    """
    return check_deal_number(deal) * (MAX_DEAL + 1) + moves_played


#: A decision of a fair player: the moves to play now (none: the game ends), how many sampled
#: completions they win and how many were tried (0: a safe move, or no move at all).
Decision = tuple[tuple[Move, ...], int, int]
#: How a fair player decides: from what it sees, the decision's seed, the moves played and how often
#: it has seen each position (:func:`play_with`).
Decide = Callable[[Observation, int, tuple[Move, ...], Counter[Hashable]], Decision]


def play_fair(game: Game[S], deal: int, samples: int = DEFAULT_SAMPLES, budget: Budget | None = None,
              max_moves: int = MAX_MOVES) -> FairGame:
    """Play ``deal`` from the start: fair hints of ``samples`` completions, each solved within ``budget``."""

    def decide(seen: Observation, seed: int, played: tuple[Move, ...], visits: Counter[Hashable]) -> Decision:
        hint = _decide(game, seen, samples, seed, budget, _moves_back(game, seen, list(played), visits))
        if hint.move is None:
            return (), 0, 0
        if hint.samples and not hint.won:
            return (), 0, hint.samples
        return (hint.move,), hint.won, hint.samples

    return play_with(game, deal, samples, max_moves, decide)


def play_with(game: Game[S], deal: int, samples: int, max_moves: int, decide: Decide) -> FairGame:
    """The game both fair players play: ``decide`` at each position it reaches with no moves left to
    play, its moves played through the rules engine, the ends of :data:`ENDS`, the line replayed."""
    check_sampling(samples, decision_seed(deal, 0))
    if max_moves < 1:
        raise ValueError(f"max_moves must be at least 1, not {max_moves}")
    started = time.process_time()
    state = game.new(deal)
    played: list[Move] = []
    planned: list[Move] = []
    visits: Counter[Hashable] = Counter()
    decisions = 0

    def ended(outcome: str, end: str) -> FairGame:
        return FairGame(str(outcome), tuple(played), end, decisions, time.process_time() - started)

    while not game.is_won(state):
        if len(played) >= max_moves:
            return ended(LOST, END_MOVE_CAP)
        if not planned:
            seen = observing(game).observe(state, played)
            visits[_seen_key(seen)] += 1
            if visits[_seen_key(seen)] >= MAX_VISITS:
                return ended(LOST, END_REPEATED)
            moves, _won, tried = decide(seen, decision_seed(deal, len(played)), tuple(played), visits)
            if not moves:
                return ended(LOST, END_NO_WINNING_SAMPLE if tried else END_NO_MOVE)
            decisions += tried > 0
            planned = list(moves)
        move = planned.pop(0)
        state = game.apply(state, move)
        played.append(move)
    if not game.is_won(game.apply_all(game.new(deal), played)):  # the line must replay to a win
        raise RuntimeError(f"deal {deal}: the fair player's line does not replay to a win")
    return ended(WON, END_WON)


def _decide(game: Game[S], seen: Observation, samples: int, seed: int, budget: Budget | None,
            avoid: list[Move]) -> FairHint:
    """The fair hint at the first budget of :data:`BUDGET_LADDER` under which some sample is won.

    >>> _scaled(Budget(max_nodes=1000, max_seconds=None), 4)
    Budget(max_nodes=4000, max_seconds=None)
    """
    hint = fair_hint(game, seen, samples, seed, budget, avoid=avoid)
    for factor in BUDGET_LADDER[1:]:
        if budget is None or hint.won or not hint.samples:
            break
        hint = fair_hint(game, seen, samples, seed, _scaled(budget, factor), avoid=avoid)
    return hint


def _scaled(budget: Budget, factor: int) -> Budget:
    return Budget(max_nodes=None if budget.max_nodes is None else budget.max_nodes * factor,
                  max_seconds=None if budget.max_seconds is None else budget.max_seconds * factor)


def _seen_key(seen: Observation) -> Hashable:
    return seen.table, seen.hidden, seen.unseen


def _moves_back(game: Game[S], seen: Observation, played: list[Move],
                visits: Counter[Hashable]) -> list[Move]:
    """The moves after which the player would see a position already seen (in a game, the
    same view means the same position, so going back is never needed).

    Worked out on a completion of ``seen``, not the position, so the answer
    cannot depend on the hidden cards: a move that shows a hidden card leads
    to a view with fewer unseen cards than any already seen.
    """
    guess = observing(game).complete(seen, seen.unseen)
    return [move for move in game.legal_moves(guess)
            if _seen_key(observing(game).observe(game.apply_legal(guess, move), [*played, move])) in visits]


__all__ = ["BUDGET_LADDER", "ENDS", "END_MOVE_CAP", "END_NO_MOVE", "END_NO_WINNING_SAMPLE", "END_REPEATED",
           "END_WON", "MAX_MOVES", "MAX_VISITS", "Decide", "Decision", "FairGame", "decision_seed",
           "play_fair", "play_with"]
