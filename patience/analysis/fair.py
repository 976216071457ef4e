"""Fair play: odds and hints that use only what the player can see.

Every other analysis knows the stock's order. Here a position is first turned
into the player's :class:`~patience.observation.Observation` (each game's
``observe``), then :func:`completions` deals the unseen cards into the hidden
places in uniformly random orders, each a full position that agrees with
everything seen. :func:`odds` solves each completion with the exact solver;
:func:`fair_hint` picks the move after which most completions can still be
won. Nothing here reads the hidden cards' order: two positions that differ
only in it give equal observations, so the same seed gives the same answers.

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> seen = observe(game, 1, [])
>>> seen.hidden
(('stock', 24),)
>>> answer = odds(game, seen, samples=4, seed=7, budget=Budget(max_nodes=3000))
>>> answer.samples, answer.won + answer.lost + answer.unknown
(4, 4)
>>> answer == odds(game, seen, samples=4, seed=7, budget=Budget(max_nodes=3000))
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypedDict, TypeVar

from patience.deals import SplitMix64
from patience.errors import PatienceError
from patience.i18n import _, ngettext
from patience.interval import wilson
from patience.kit import kit_of, observing
from patience.observation import Observation
from patience.rules import Game, Move, State
from patience.solver import LOST, WON, solve
from patience.solver.canonical import canonical_key
from patience.wording import move_instruction

S = TypeVar("S", bound=State)

DEFAULT_SAMPLES: Final = 32
DEFAULT_SEED: Final = 0
MAX_SAMPLES: Final = 10_000
MAX_SEED: Final = 2**64 - 1


@dataclass(frozen=True)
class Budget:
    """The work allowed for each solve: positions (``max_nodes``) and seconds (``max_seconds``).

    With positions only, every answer is the same on every run and machine.
    """

    max_nodes: int | None = None
    max_seconds: float | None = None


@dataclass(frozen=True)
class Odds:
    """How many completions can still be won, and the share's 95% Wilson interval.

    ``low`` counts the unknown completions as lost, ``high`` as won.

    >>> o = Odds(samples=32, won=28, lost=3, unknown=1)
    >>> round(o.low, 3), round(o.high, 3), o.as_json()["won"]
    (0.719, 0.968, 28)
    """

    samples: int
    won: int
    lost: int
    unknown: int

    @property
    def low(self) -> float:
        """Lower end of the interval (unknowns counted as lost)."""
        return wilson(self.won, self.samples)[0]

    @property
    def high(self) -> float:
        """Upper end of the interval (unknowns counted as won)."""
        return wilson(self.won + self.unknown, self.samples)[1]

    def as_json(self) -> dict[str, int | float]:
        """``{"samples", "won", "lost", "unknown", "low", "high"}``."""
        return {"samples": self.samples, "won": self.won, "lost": self.lost, "unknown": self.unknown,
                "low": round(self.low, 4), "high": round(self.high, 4)}


@dataclass(frozen=True)
class FairHint:
    """The move that keeps most sampled completions winnable, and how many it keeps.

    ``won`` of ``samples`` completions can still be won after ``move``. A move
    the rules' safe moves decide (it never spoils a position) is given at once,
    with ``samples`` 0; ``move`` is ``None`` when no move is left.
    """

    move: Move | None
    won: int
    samples: int

    def as_json(self) -> dict[str, str | int | None]:
        """``{"move", "won", "samples"}``."""
        return {"move": None if self.move is None else str(self.move), "won": self.won,
                "samples": self.samples}


def observe(game: Game[S], deal: int | str, played: Sequence[Move]) -> Observation:
    """What the player sees after ``played`` from ``deal`` (the game's own ``observe``)."""
    return observing(game).observe(game.apply_all(game.new(deal), played), played)


def check_sampling(samples: int, seed: int) -> None:
    """Raise :class:`PatienceError` unless ``samples`` is 1 to :data:`MAX_SAMPLES`, ``seed`` 0 to 2**64-1."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise PatienceError(_("samples must be from 1 to {high}, not {samples!r}").format(
            high=MAX_SAMPLES, samples=samples))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise PatienceError(_("the seed must be from 0 to {high}, not {seed!r}").format(
            high=MAX_SEED, seed=seed))


def completions(game: Game[S], observation: Observation, samples: int = DEFAULT_SAMPLES,
                seed: int = DEFAULT_SEED) -> list[S]:
    """``samples`` full positions agreeing with ``observation``, the unseen cards in random orders.

    Each order is a Fisher-Yates shuffle of ``observation.unseen`` driven by
    the documented :class:`~patience.deals.SplitMix64` seeded with ``seed``
    (one stream for all samples, so the first ``k`` of ``n`` samples are the
    ``k`` samples), so any program can draw the same completions. Identical
    copies of a card are interchangeable, so every distinct order of the
    multiset is equally likely.

    >>> from patience import get_game
    >>> game = get_game("union-square")
    >>> seen = observe(game, 1, [])
    >>> first, second = completions(game, seen, samples=2, seed=5)
    >>> first != second, sorted(first.stock) == list(seen.unseen)
    (True, True)
    """
    check_sampling(samples, seed)
    rng = SplitMix64(seed)
    complete = observing(game).complete
    states = []
    for _sample in range(samples):
        cards = list(observation.unseen)
        for i in range(len(cards) - 1, 0, -1):
            j = rng.next() % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        states.append(complete(observation, cards))
    return states


class BudgetedSolver(Generic[S]):
    """Solves positions within a budget, once each (identical completions share one solve).

    :meth:`outcome` leaves a winning line as found: shortening a line takes
    time and never changes the outcome (half of Union Square's odds time).

    >>> from patience.kit import default_slug
    >>> from patience.rules import get_game
    >>> game = get_game(default_slug())
    >>> solved = BudgetedSolver(game, Budget(max_nodes=2_000))
    >>> state = game.new(1)
    >>> solved.outcome(state) == solved.outcome(state)  # the second answer is the first one, kept
    True
    >>> len(solved.known)
    1
    """

    def __init__(self, game: Game[S], budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.known: dict[tuple[Hashable, bool], tuple[str, tuple[Move, ...]]] = {}

    def __call__(self, state: S, tidy: bool = True) -> tuple[str, tuple[Move, ...]]:
        """The outcome of ``state`` and its winning line (shortened unless ``tidy`` is False)."""
        key = (state.key(), tidy)
        if key not in self.known:
            result = solve(self.game, state, max_nodes=self.budget.max_nodes,
                           max_seconds=self.budget.max_seconds, tidy=tidy)
            self.known[key] = (result.outcome, result.moves)
        return self.known[key]

    def outcome(self, state: S) -> str:
        """Whether ``state`` is won, lost or unknown within the budget."""
        return self(state, tidy=False)[0]


def odds(game: Game[S], observation: Observation, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
         budget: Budget | None = None) -> Odds:
    """Solve ``samples`` completions of ``observation``: how many can still be won, lost, unknown."""
    solver = BudgetedSolver(game, budget or Budget())
    outcomes = [solver.outcome(state) for state in completions(game, observation, samples, seed)]
    won, lost = outcomes.count(WON), outcomes.count(LOST)
    return Odds(samples, won, lost, samples - won - lost)


class FairProgressJson(TypedDict):
    """:meth:`FairProgress.as_json`: the move as text."""

    decided: int
    samples: int
    move: str | None
    won: int


@dataclass(frozen=True)
class FairProgress:
    """How far a fair hint has got: ``decided`` of ``samples`` completions solved, the best move so far.

    ``won`` completions of those decided can still be won after ``move`` (``None`` while none is).
    """

    decided: int
    samples: int
    move: Move | None
    won: int

    def as_json(self) -> FairProgressJson:
        """``{"decided", "samples", "move", "won"}``."""
        return {"decided": self.decided, "samples": self.samples,
                "move": None if self.move is None else str(self.move), "won": self.won}


def fair_hint(game: Game[S], observation: Observation, samples: int = DEFAULT_SAMPLES,
              seed: int = DEFAULT_SEED, budget: Budget | None = None, *,
              avoid: Collection[Move] = (), early_stop: bool = False,
              progress: Callable[[FairProgress], None] | None = None) -> FairHint:
    """The move after which most of ``samples`` completions can still be won (hindsight optimisation).

    A safe move (the kit's ``SearchKit.safe_move``) is the answer at once. Else
    moves that lead to the same position up to symmetry are one candidate.
    Each completion is solved once: a won one credits the first move of its
    winning line; a lost or unknown one credits no move. Then only what can
    change the answer is solved: the leading candidate's other completions
    (its count must be exact), and a challenger's completions while it could
    still overtake the leader. Ties go to the earlier move in ``legal_moves``.
    A move in ``avoid`` (e.g. one back to a position already played) is not
    chosen unless every move is in it.

    With ``progress`` or ``early_stop``, the completions are solved one at a
    time and after each the leader's count is made exact over those solved so
    far; ``progress`` is told it (:class:`FairProgress`). With ``early_stop``
    the search ends after ``k`` of the ``n`` completions when the leader's count
    ``L`` over them exceeds ``n - k`` and, for every other candidate, its most
    possible count ``w + u + (n - k)`` (``w`` completions known won after it,
    ``u`` solved ones not yet checked after it, and every unsolved one won):
    no unsolved completion can then change the answer, so the move is the full
    run's (under a node budget, where every solve is the same on every run),
    and ``won`` of ``samples`` counts the ``k`` completions solved.
    """
    states = completions(game, observation, samples, seed)
    first = states[0]
    moves = game.legal_moves(first)
    if not moves or game.is_won(first):
        return FairHint(None, 0, samples)
    safe = kit_of(game).search.safe_move(first)
    if safe is not None:
        return FairHint(safe, 0, 0)
    groups: dict[Hashable, int] = {}  # child key -> candidate
    candidates: list[Move] = []
    group_of: dict[Move, int] = {}
    for move in [move for move in moves if move not in avoid] or moves:
        key = canonical_key(game, game.apply_legal(first, move))
        if key not in groups:
            groups[key] = len(candidates)
            candidates.append(move)
        group_of[move] = groups[key]
    solver = BudgetedSolver(game, budget or Budget())
    roots: list[int | None] = []  # per completion solved: the candidate credited (-1: none), None: not won
    live = _Candidates(game, solver, states, candidates)  # made exact as it goes: progress, early stop
    for index, state in enumerate(states):
        roots.append(live.add(index, state, group_of))
        if not early_stop and progress is None:
            continue
        leader = live.settle()
        decided, rest = index + 1, samples - index - 1
        if early_stop and rest and live.wins > rest and live.clear(leader, rest):  # wins > rest: cheap first
            return FairHint(candidates[leader], len(live.won[leader]), decided)
        if progress is not None:
            best = candidates[leader] if live.won[leader] else None
            progress(FairProgress(decided, samples, best, len(live.won[leader])))
    # the full run, from the completions' own credits (what the early checks solved is remembered)
    search = _Candidates(game, solver, states, candidates)
    for index, credited in enumerate(roots):
        search.credit(index, credited)
    while True:
        leader = search.settle()
        threshold = len(search.won[leader])
        challengers = [g for g in range(len(candidates))
                       if g != leader and search.bound(g) > threshold]
        if not challengers:
            return FairHint(candidates[leader], threshold, samples)
        search.check(max(challengers, key=lambda g: (search.bound(g), -g)))


class _Candidates(Generic[S]):
    """Per candidate move: the completions known won after it, and those not yet checked."""

    def __init__(self, game: Game[S], solver: BudgetedSolver[S], states: list[S],
                 candidates: list[Move]) -> None:
        self.game, self.solver, self.states, self.candidates = game, solver, states, candidates
        self.won: list[set[int]] = [set() for _move in candidates]
        self.unchecked: list[list[int]] = [[] for _move in candidates]
        self.wins = 0  # completions solved and won

    def add(self, index: int, state: S, group_of: dict[Move, int]) -> int | None:
        """Solve completion ``index`` and credit it: the candidate credited (-1: none), None: not won."""
        outcome, line = self.solver(state)
        if outcome != WON:
            return None  # lost or unknown: no move wins it (or none is known to)
        credited = group_of.get(line[0], -1)  # -1: its line starts with an avoided move
        self.credit(index, credited)
        return credited

    def credit(self, index: int, credited: int | None) -> None:
        """A won completion credits the first move of its line; the other candidates check it later."""
        if credited is None:
            return
        self.wins += 1
        if credited >= 0:
            self.won[credited].add(index)
        for g in range(len(self.candidates)):
            if g != credited:
                self.unchecked[g].append(index)

    def bound(self, g: int) -> int:
        """The most completions solved so far that can be won after candidate ``g``."""
        return len(self.won[g]) + len(self.unchecked[g])

    def settle(self) -> int:
        """The leader (most won, then the earliest), its count exact over the completions solved."""
        while True:
            leader = max(range(len(self.candidates)), key=lambda g: (len(self.won[g]), -g))
            if not self.unchecked[leader]:
                return leader
            self.check(leader)

    def clear(self, leader: int, rest: int) -> bool:
        """Whether every challenger stays below ``leader`` even winning ``rest`` more completions.

        Checks a challenger's completions only while that can still make the answer yes, the
        challengers with the most possible first, and gives up at the first that can reach the leader.
        """
        threshold = len(self.won[leader])
        if threshold <= rest:
            return False  # the leader must lead by more than the completions left, even alone
        challengers = [g for g in range(len(self.candidates)) if g != leader]
        if any(len(self.won[g]) + rest >= threshold for g in challengers):
            return False  # a challenger's known wins alone could reach the leader: checking cannot help
        for g in sorted(challengers, key=lambda g: -self.bound(g)):
            while self.bound(g) + rest >= threshold:
                if len(self.won[g]) + rest >= threshold:
                    return False
                self.check(g)
        return True

    def check(self, g: int) -> None:
        """Solve the next completion not yet known for candidate ``g`` after its move."""
        index = self.unchecked[g].pop(0)
        if self.solver.outcome(self.game.apply_legal(self.states[index], self.candidates[g])) == WON:
            self.won[g].add(index)


def fair_hint_text(game: Game[S], state: S, answer: FairHint, planned: int | None = None) -> str:
    """The fair hint in one translated sentence; a second when it stopped before ``planned`` samples."""
    if answer.move is None:
        return _("No move is left.")
    move = move_instruction(game, state, answer.move)
    if answer.samples == 0:
        return _("{move}: this move can never spoil the game.").format(move=move)
    text = ngettext(
        "{move}: after it, {won} of {samples} way to deal the unseen cards can still be won.",
        "{move}: after it, {won} of {samples} ways to deal the unseen cards can still be won.",
        answer.samples).format(move=move, won=answer.won, samples=answer.samples)
    rest = 0 if planned is None else planned - answer.samples
    if rest > 0:
        text += " " + ngettext("The {rest} other way could not change the choice, so it was not tried.",
                               "The {rest} other ways could not change the choice, so they were not tried.",
                               rest).format(rest=rest)
    return text
