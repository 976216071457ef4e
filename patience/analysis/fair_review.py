"""The fair review: which of the player's moves cost the most odds, from what the player saw.

For each decision of a game (a move that was not forced and not one the
safe-move rules decide), the position's :class:`~patience.observation.Observation`
is sampled into completions (:func:`patience.analysis.fair.completions`, the same
seed at every position) and each is solved within a node budget: the share
still winnable *before* the move. The same completions with the move played
give the share *after* it, so the drop is the move's own cost, not the luck
of a card it turned up. The costliest move is the one after which most
completions that could be won before are proven lost (the earliest of
equals); none when no decision cost anything.

Work is shared: a completion that can no longer be won before a move cannot
be won after it (no solve); a completion whose winning line starts with the
move played is won after it (no solve); and when a move turns up nothing, the
completions after it are the next decision's completions, solved once.
Nothing reads the order of the cards still hidden, so two decks that differ
only in it get the same review.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> moves = ["s", "c-f1", "t2-t1", "s", "t2-t3"]
>>> found = fair_review(game, 1, moves, samples=4, seed=3, budget=Budget(max_nodes=2000))
>>> found.samples, [d.number for d in found.decisions][:2]
(4, [2, 3])
>>> found == fair_review(game, 1, moves, samples=4, seed=3, budget=Budget(max_nodes=2000))
True
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Final, TypedDict

from patience.analysis.fair import DEFAULT_SEED, Budget, Odds, check_sampling, completions
from patience.analysis.review import positions_of
from patience.i18n import _
from patience.kit import kit_of, observing
from patience.rules import Game, Move, State
from patience.solver import LOST, WON, solve
from patience.solver.canonical import canonical_key
from patience.wording import move_text

#: Completions sampled per decision by default (the same at every decision, so drops compare).
REVIEW_SAMPLES: Final = 8
#: Positions searched per completion by default: the same answer on every run and machine.
REVIEW_NODES: Final = 5_000

UNKNOWN_OUTCOME: Final = "unknown"


@dataclass(frozen=True)
class Decision:
    """One of the player's decisions: move ``number`` (1-based) and the odds before and after it."""

    number: int
    move: Move
    before: Odds
    after: Odds

    @property
    def drop(self) -> int:
        """Completions that could be won before the move and are proven lost after it.

        One the budget left undecided after the move is no proven loss and does not count.
        """
        return self.after.lost - self.before.lost

    def as_json(self) -> DecisionJson:
        """``{"number", "move", "before", "after"}`` (the odds as :meth:`Odds.as_json`)."""
        return {"number": self.number, "move": str(self.move), "before": self.before.as_json(),
                "after": self.after.as_json()}


class DecisionJson(TypedDict):
    """:meth:`Decision.as_json`: the odds as :meth:`~patience.analysis.fair.Odds.as_json`."""

    number: int
    move: str
    before: dict[str, int | float]
    after: dict[str, int | float]


class FairReviewJson(TypedDict):
    """:meth:`FairReview.as_json`."""

    game: str
    moves: int
    samples: int
    seed: int
    max_nodes: int | None
    decisions: list[DecisionJson]
    costliest: DecisionJson | None


@dataclass(frozen=True)
class FairReview:
    """The odds before and after every decision of a game, and the costliest one (``None``: none cost)."""

    game: str
    moves: int
    samples: int
    seed: int
    max_nodes: int | None
    decisions: tuple[Decision, ...]
    solves: int = field(default=0, compare=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def costliest(self) -> Decision | None:
        """The decision with the largest drop, the earliest of equals; ``None`` when every drop is 0."""
        best = max(self.decisions, key=lambda d: (d.drop, -d.number), default=None)
        return best if best is not None and best.drop > 0 else None

    def as_json(self) -> FairReviewJson:
        """The object ``patience review --fair --json`` prints."""
        costliest = self.costliest
        return {"game": self.game, "moves": self.moves, "samples": self.samples, "seed": self.seed,
                "max_nodes": self.max_nodes, "decisions": [d.as_json() for d in self.decisions],
                "costliest": None if costliest is None else costliest.as_json()}


#: What is known of a completion, by its canonical key: the outcome and, when won, a winning line
#: (``None``: won, the line not kept) with the exact position it starts from. Positions with one
#: canonical key may differ by a symmetry (Union Square's piles in another order, Hamilton's empty
#: piles), and a line names piles, so it is played only from its own position.
Entry = tuple[str, tuple[Move, ...] | None, State | None]
Known = dict[Hashable, Entry]


class FairReviewRun:
    """A fair review done decision by decision, so it can stop at a deadline and go on later.

    ``start`` is the first position to look at, ``decisions`` those already
    found and ``carried`` the solves the last one left for the next (what
    :meth:`progress` gave): a run resumed so gives exactly the answer of a run
    never stopped.
    """

    def __init__(self, game: Game[State], deal: int | str, moves: Sequence[Move | str], *, samples: int,
                 seed: int, budget: Budget, start: int = 0, decisions: Sequence[Decision] = (),
                 carried: Known | None = None) -> None:
        check_sampling(samples, seed)
        self.game, self.samples, self.seed, self.budget = game, samples, seed, budget
        self.played = [m if isinstance(m, Move) else game.parse_move(m) for m in moves]
        self.states = positions_of(game, deal, self.played)
        self.index = start
        self.decisions = list(decisions)
        self.known: Known = dict(carried or {})
        self.solves = 0

    @property
    def done(self) -> bool:
        """Every move has been looked at."""
        return self.index >= len(self.played)

    def progress(self) -> tuple[int, tuple[Decision, ...], Known]:
        """Where to go on from: ``(start, decisions, carried)`` for a new run."""
        return self.index, tuple(self.decisions), dict(self.known)

    def run(self, deadline: float | None = None) -> bool:
        """Look at moves until all are done (True) or ``time.monotonic()`` passes ``deadline`` (False).

        The first move is always looked at to its end, so every call makes progress; a later move
        the deadline cuts short is dropped whole, to be looked at again by the next run.
        """
        first = True
        while not self.done:
            index, known = self.index, dict(self.known)
            try:
                self.step(None if first else deadline)
            except _OutOfTime:
                self.index, self.known = index, known
                return False
            first = False
        return True

    def answer(self, seconds: float = 0.0) -> FairReview:
        """The review of the moves looked at so far."""
        return FairReview(self.game.slug, len(self.played), self.samples, self.seed, self.budget.max_nodes,
                          tuple(self.decisions), self.solves, round(seconds, 3))

    def step(self, deadline: float | None = None) -> None:
        """Look at the next move: a decision's odds before and after it, or carry what is known past it.

        Raises :class:`_OutOfTime` before a solve once ``time.monotonic()`` passes ``deadline``.
        """
        i, game = self.index, self.game
        self.index += 1
        move = self.played[i]
        seen = observing(game).observe(self.states[i], self.played[:i])
        samples = completions(game, seen, self.samples, self.seed)
        if self._decided(samples[0], move):
            self.known = self._carried(samples, move)
            return
        found: Known = {}
        before: list[str] = []
        after: list[str] = []
        for state in samples:
            if deadline is not None and time.monotonic() >= deadline:
                raise _OutOfTime
            entry = self._solve(state)
            outcome, line = entry[0], _line_from(entry, state)
            child = game.apply_legal(state, move)
            child_key = canonical_key(game, child)
            later: Entry
            if child_key in found:
                later = found[child_key]
            elif outcome != WON:
                later = (outcome, (), None)  # lost stays lost; not decided before: not decided after either
            elif line and canonical_key(game, following := game.apply_legal(state, line[0])) == child_key:
                later = (WON, line[1:], following)
            else:
                later = self._solve(child)
            found.setdefault(child_key, later)
            before.append(outcome)
            after.append(later[0])
        self.known = {k: v for k, v in found.items() if v[0] != UNKNOWN_OUTCOME}
        self.decisions.append(Decision(i + 1, move, _odds(before), _odds(after)))

    def _decided(self, state: State, move: Move) -> bool:
        """Whether the move cost nothing by the rules: the only move, or the safe-move rules' choice.

        Looked at on a completion, so nothing hidden is read.
        """
        if self.game.is_won(state):
            return True
        return self._keeps(state, move)

    def _keeps(self, state: State, move: Move) -> bool:
        """Whether ``move`` keeps a winnable ``state`` winnable: it is forced or the safe move."""
        game = self.game
        child = canonical_key(game, game.apply_legal(state, move))
        if all(canonical_key(game, game.apply_legal(state, m)) == child for m in game.legal_moves(state)):
            return True
        safe = kit_of(game).search.safe_move(state)
        return safe is not None and canonical_key(game, game.apply_legal(state, safe)) == child

    def _carried(self, samples: list[State], move: Move) -> Known:
        """What is known of the completions, past a move that changes no outcome (forced or safe)."""
        game = self.game
        carried: Known = {}
        for state in samples:
            known = self.known.get(canonical_key(game, state))
            if known is None:
                continue
            outcome, line = known[0], _line_from(known, state)
            if outcome == WON and not self._keeps(state, move):
                continue
            child = game.apply_legal(state, move)
            following = game.apply_legal(state, line[0]) if line else None
            if line and following is not None and (
                    canonical_key(game, following) == canonical_key(game, child)):
                carried[canonical_key(game, child)] = (outcome, line[1:], following)
            else:
                carried[canonical_key(game, child)] = (outcome, None, None)
        return carried

    def _solve(self, state: State) -> Entry:
        key = canonical_key(self.game, state)
        if key not in self.known:
            self.solves += 1
            result = solve(self.game, state, max_nodes=self.budget.max_nodes,
                           max_seconds=self.budget.max_seconds)
            self.known[key] = (result.outcome, result.moves, state if result.moves else None)
        return self.known[key]


def _line_from(entry: Entry, state: State) -> tuple[Move, ...] | None:
    """The entry's winning line when it starts from ``state`` itself (else None: a symmetric position's)."""
    _outcome, line, start = entry
    return line if line and start == state else None


class _OutOfTime(Exception):
    """A run's deadline passed in the middle of a move."""


def _odds(outcomes: list[str]) -> Odds:
    won, lost = outcomes.count(WON), outcomes.count(LOST)
    return Odds(len(outcomes), won, lost, len(outcomes) - won - lost)


def fair_review(game: Game[State], deal: int | str, moves: Sequence[Move | str], *,
                samples: int = REVIEW_SAMPLES, seed: int = DEFAULT_SEED,
                budget: Budget | None = None) -> FairReview:
    """The fair review of a game (see the module): every decision's odds, and the costliest move.

    With a node budget only (the default), the answer is the same on every run and machine.
    """
    started = time.process_time()
    run = FairReviewRun(game, deal, moves, samples=samples, seed=seed,
                        budget=budget or Budget(max_nodes=REVIEW_NODES))
    run.run()
    return run.answer(time.process_time() - started)


def costliest_text(game: Game[State], states: Sequence[State], review: FairReview) -> str:
    """The fair review in one sentence: the costliest move, named as the table shows it, and its odds.

    ``states`` are the game's positions (``states[k]`` after ``k`` moves), to name the moving card.
    """
    found = review.costliest
    if found is None:
        return _("None of your moves cost odds: after each one, as many of the ways to deal the unseen "
                 "cards still won as before it.")
    before, after = found.before, found.after
    return _("Your costliest move was move {number}, {move}: about {before:.0%} of the ways to deal the "
             "unseen cards still won before it, about {after:.0%} after.").format(
        number=found.number, move=move_text(game, states[found.number - 1], found.move),
        before=before.won / before.samples, after=after.won / after.samples)
