"""Luck or play: how much of a lost game's fall in fair odds the player's own moves cost.

A fair review (:mod:`patience.analysis.fair_review`) gives the share of the ways to deal
the unseen cards that still win before and after each decision. The fall from
the deal to the end has two causes: the cards that turned up (luck) and the
player's choices (play). Play's part is measured move by move against the
best move the player could have made from what they saw: at each decision, the
same completions are tried after every legal move, and the move that keeps the
most of them winnable is the best fair move. What the player's move kept short
of it is what the move cost; the rest of the fall is luck (negative when the
cards turned up better than expected). Both are in points of win chance, added
up along the game, so moves can cost more points than the deal had when the
cards gave some back in between.

All shares are estimates over a few completions each, so the line says "about".

>>> from patience import get_game
>>> from patience.analysis.fair import Budget
>>> from patience.analysis.fair_review import fair_review
>>> game = get_game("hamilton")
>>> moves = ["s", "c-f1", "t2-t1", "s", "t2-t3"]
>>> review = fair_review(game, 1, moves, samples=4, seed=3, budget=Budget(max_nodes=2000))
>>> found = luck_or_play(game, 1, moves, review)
>>> found.deal.samples, len(found.best) == len(review.decisions)
(4, True)
>>> abs(found.deal_share - found.end_share - found.play_cost - found.luck) < 1e-9
True
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from patience.analysis.fair import Odds, completions
from patience.analysis.fair_review import Decision, FairReview
from patience.analysis.review import positions_of
from patience.errors import IllegalMoveError
from patience.i18n import _, ngettext
from patience.kit import observing
from patience.rules import Game, Move, State
from patience.solver import LOST, WON, solve
from patience.solver.canonical import canonical_key

#: Solved completions by canonical key: the outcome, a winning line (or none) and the position it starts from.
Known = dict[Hashable, tuple[str, tuple[Move, ...], State]]

class LuckOrPlayJson(TypedDict):
    """:meth:`LuckOrPlay.as_json`: odds as :meth:`~patience.analysis.fair.Odds.as_json`, parts as shares."""

    deal: dict[str, int | float]
    end: dict[str, int | float]
    play_cost: float
    luck: float
    best: list[dict[str, int | float]]


@dataclass(frozen=True)
class LuckOrPlay:
    """The fair odds at the deal and at the end, and the best fair move's odds at each decision.

    ``best[k]`` is for ``review.decisions[k]``: the odds after the move that kept the most
    completions winnable (the move played when none kept more).
    """

    deal: Odds
    end: Odds
    decisions: tuple[Decision, ...]
    best: tuple[Odds, ...]

    @property
    def deal_share(self) -> float:
        """The share of completions won at the deal."""
        return self.deal.won / self.deal.samples

    @property
    def end_share(self) -> float:
        """The share of completions won at the end."""
        return self.end.won / self.end.samples

    @property
    def play_cost(self) -> float:
        """What the player's moves cost against the best fair move, summed over the decisions."""
        return sum((b.won - d.after.won) / b.samples for d, b in zip(self.decisions, self.best, strict=True))

    @property
    def luck(self) -> float:
        """The rest of the fall from the deal to the end: the cards that turned up."""
        return self.deal_share - self.end_share - self.play_cost

    def as_json(self) -> LuckOrPlayJson:
        """``{"deal", "end", "play_cost", "luck", "best"}``: odds as :meth:`Odds.as_json`, parts as shares."""
        return {
            "deal": self.deal.as_json(),
            "end": self.end.as_json(),
            "play_cost": round(self.play_cost, 4),
            "luck": round(self.luck, 4),
            "best": [
                {"number": d.number, **b.as_json()} for d, b in zip(self.decisions, self.best, strict=True)
            ],
        }


def luck_or_play(
    game: Game[State], deal: int | str, moves: Sequence[Move | str], review: FairReview
) -> LuckOrPlay:
    """Split a game's fall in fair odds into luck and play, with the samples and budget of ``review``."""
    run = LuckOrPlayRun(game, deal, moves, review)
    run.run()
    return run.answer()


class LuckOrPlayRun:
    """:func:`luck_or_play` a step at a time, so it can stop at a deadline and go on later.

    Step 0 finds the odds at the deal and at the end, step ``k`` the best fair move of the review's
    decision ``k - 1``. ``start``, ``found`` (the odds found so far, in that order) and ``carried``
    (the solves kept) are what :meth:`progress` gave: a run resumed so answers as one never stopped.

    >>> from patience import get_game
    >>> from patience.analysis.fair import Budget
    >>> from patience.analysis.fair_review import fair_review
    >>> game = get_game("hamilton")
    >>> moves = ["s", "c-f1", "t2-t1", "s", "t2-t3"]
    >>> review = fair_review(game, 1, moves, samples=4, seed=3, budget=Budget(max_nodes=2000))
    >>> first = LuckOrPlayRun(game, 1, moves, review)
    >>> first.run(deadline=0.0), first.progress()[0]  # a deadline long past: one step, then stop
    (False, 1)
    >>> rest = LuckOrPlayRun(game, 1, moves, review, *first.progress())
    >>> rest.run(), rest.answer() == luck_or_play(game, 1, moves, review)
    (True, True)
    """

    def __init__(self, game: Game[State], deal: int | str, moves: Sequence[Move | str], review: FairReview,
                 start: int = 0, found: Sequence[Odds] = (), carried: Known | None = None) -> None:
        self.game, self.review = game, review
        self.played = [m if isinstance(m, Move) else game.parse_move(m) for m in moves]
        self.states = positions_of(game, deal, self.played)
        self.index = start
        self.found = list(found)
        self.solver = Solver(game, review.max_nodes)
        self.solver.known = dict(carried or {})

    @property
    def done(self) -> bool:
        """The odds at the deal and the end and every decision's best move are found."""
        return self.index > len(self.review.decisions)

    def progress(self) -> tuple[int, tuple[Odds, ...], Known]:
        """Where to go on from: ``(start, found, carried)`` for a new run."""
        return self.index, tuple(self.found), dict(self.solver.known)

    def run(self, deadline: float | None = None) -> bool:
        """Take steps until all are done (True) or ``time.monotonic()`` passes ``deadline`` (False).

        The first step is always taken to its end, so every call makes progress; a later step the
        deadline cuts short is dropped whole, to be taken again by the next run.
        """
        first = True
        while not self.done:
            known = dict(self.solver.known)
            self.solver.deadline = None if first else deadline
            try:
                self.step()
            except _OutOfTime:
                self.solver.known = known
                return False
            first = False
        return True

    def step(self) -> None:
        """Find the deal's and the end's odds (step 0) or the next decision's best fair move."""
        solver = self.solver
        if self.index == 0:
            deal = _odds([solver.outcome(s) for s in self._completions(0)])
            end = _odds([solver.outcome(s) for s in self._completions(len(self.played))])
            self.found = [deal, end]
        else:
            decision = self.review.decisions[self.index - 1]
            samples = self._completions(decision.number - 1)
            self.found.append(_best_after(self.game, solver, samples, decision))
        self.index += 1

    def answer(self) -> LuckOrPlay:
        """The split, once :attr:`done`."""
        deal, end, *best = self.found
        return LuckOrPlay(deal, end, self.review.decisions, tuple(best))

    def _completions(self, index: int) -> list[State]:
        seen = observing(self.game).observe(self.states[index], self.played[:index])
        return completions(self.game, seen, self.review.samples, self.review.seed)


def luck_or_play_text(found: LuckOrPlay) -> str:
    """The split in one sentence, for a game that was not won.

    The two parts are in percentage points of win chance and add up along the game: moves can
    lose more points than the deal had when the cards that turned up gave some back between them.
    """
    play, luck = round(100 * found.play_cost), round(100 * abs(found.luck))
    sentences = [
        _(
            "Luck or play: about {deal:.0%} of the ways to deal the unseen cards won at the deal, "
            "{end:.0%} at the end."
        ).format(deal=found.deal_share, end=found.end_share),
        ngettext(
            "Against the best move at each decision your moves cost about {play} point.",
            "Against the best move at each decision your moves cost about {play} points.",
            play,
        ).format(play=play),
        ngettext(
            "The cards that turned up cost about {luck} point.",
            "The cards that turned up cost about {luck} points.",
            luck,
        ).format(luck=luck)
        if found.luck >= 0
        else ngettext(
            "The cards that turned up gave back about {luck} point.",
            "The cards that turned up gave back about {luck} points.",
            luck,
        ).format(luck=luck),
    ]
    return " ".join(sentences)


class Solver:
    """Solves completions within the review's node budget, each canonical position once.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> solver = Solver(game, 2000)
    >>> solver.solved(game.new(1)) == solver.solved(game.new(1))
    True
    """

    def __init__(self, game: Game[State], max_nodes: int | None) -> None:
        self.game, self.max_nodes = game, max_nodes
        self.known: Known = {}
        #: ``time.monotonic()`` after which a new solve raises :class:`_OutOfTime` (None: never)
        self.deadline: float | None = None

    def solved(self, state: State) -> tuple[str, tuple[Move, ...]]:
        """The outcome and, when won, a winning line from ``state`` itself (else empty)."""
        if self.game.is_won(state):
            return WON, ()
        key = canonical_key(self.game, state)
        if key not in self.known:
            if self.deadline is not None and time.monotonic() >= self.deadline:
                raise _OutOfTime
            result = solve(self.game, state, max_nodes=self.max_nodes)
            self.known[key] = (result.outcome, tuple(result.moves), state)
        outcome, line, start = self.known[key]
        # a line names piles: another position of the key (its piles in another order) gets none
        return outcome, line if start == state else ()

    def outcome(self, state: State) -> str:
        return self.solved(state)[0]


def _best_after(game: Game[State], solver: Solver, samples: list[State], decision: Decision) -> Odds:
    """The odds after the best legal move on its completions (the played move's if none is better)."""
    if decision.before.unknown == 0 and decision.after.won >= decision.before.won:
        return decision.after  # every completion was decided before: no move keeps more of them winnable
    best = decision.after
    for move in game.legal_moves(samples[0]):
        odds = odds_after(game, solver, samples, move)
        if odds.won > best.won:
            best = odds
    return best


def odds_after(game: Game[State], solver: Solver, samples: list[State], move: Move) -> Odds:
    """The odds after ``move`` on the completions ``samples``, solving only what must be solved."""
    outcomes: list[str] = []
    for state in samples:
        outcome, line = solver.solved(state)
        if outcome == LOST:
            outcomes.append(LOST)  # lost before any move stays lost after every move
            continue
        try:
            child = game.apply_legal(state, move)
        except IllegalMoveError:
            outcomes.append(LOST)  # (a move legal on one completion is legal on all: never met)
            continue
        if outcome == WON and line and line[0] == move:
            outcomes.append(WON)  # its own winning line starts with this move
        else:
            outcomes.append(solver.outcome(child))
    return _odds(outcomes)


class _OutOfTime(Exception):
    """A run's deadline passed in the middle of a step."""


def _odds(outcomes: list[str]) -> Odds:
    won, lost = outcomes.count(WON), outcomes.count(LOST)
    return Odds(len(outcomes), won, lost, len(outcomes) - won - lost)
