"""Hints: the move to play, why, and whether the position can still be won.

:func:`hint` runs the solver within a time budget. When it finds a winning
line, the hint is that line's first move. Otherwise the hint is the best move
by a one-move heuristic (documented in :func:`heuristic_move`), and the
status says whether the position is proven lost or still unknown.

Both functions keep no state between calls, so they are safe to call from a
background thread. The explanation is translated into the language of the
calling context (see :mod:`patience.i18n`).

>>> from patience import get_game
>>> game = get_game("hamilton")
>>> h = hint(game, game.new(1), budget=60, max_nodes=5000)
>>> str(h.move), h.basis, str(h.status), len(h.line) > 50
('s', 'winning line', 'winnable', True)
>>> hint(game, game.new(1), budget=60, max_nodes=2).basis  # no line found: the heuristic's move
'heuristic'
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from patience.i18n import _, ngettext
from patience.rules import FOUNDATION, STOCK, TABLEAU, Game, Move, State, is_foundation
from patience.solver import LOST, WON, solve
from patience.solver.result import Status
from patience.wording import move_instruction

S = TypeVar("S", bound=State)

WINNABLE: Final = Status.WINNABLE
STATUS_LOST: Final = Status.LOST
STATUS_UNKNOWN: Final = Status.UNKNOWN
BASIS_LINE: Final = "winning line"
BASIS_HEURISTIC: Final = "heuristic"
SEARCH_SHARE: Final = 0.85  # part of the budget given to the search; the rest is for the heuristic


@dataclass(frozen=True)
class Hint:
    """A suggested move, how it was chosen, and the position's status."""

    move: Move | None  # None only when there is no legal move
    basis: str  # "winning line" or "heuristic"
    status: str  # "winnable", "lost" or "unknown"
    explanation: str  # one translated sentence
    line: tuple[Move, ...] = ()  # the winning line when known
    end: bool = False  # lost, and no useful move is left: the game can only be ended


def winnability(game: Game[S], state: S, budget: float = 2.0, *, max_nodes: int | None = None) -> str:
    """``winnable``, ``lost`` or ``unknown``, deciding within about ``budget`` seconds
    (and ``max_nodes`` positions, when given).

    >>> from patience import get_game
    >>> game = get_game("union-square")
    >>> str(winnability(game, game.new(1), budget=60, max_nodes=5000))
    'winnable'
    >>> str(winnability(game, game.new(1), budget=60, max_nodes=100))
    'unknown'
    """
    return decide(game, state, budget, max_nodes=max_nodes)[0]


def decide(game: Game[S], state: S, budget: float, *,
           max_nodes: int | None = None) -> tuple[str, tuple[Move, ...]]:
    """The status of a position and, when it is ``winnable``, the winning line found.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> status, line = decide(game, game.new(1), budget=60, max_nodes=5000)
    >>> str(status), [str(move) for move in line[:3]]
    ('winnable', ['s', 'c-f1', 't2-t1'])
    >>> stuck = game.apply_all(game.new(39), [game.parse_move(m) for m in "s c-f1 s s s s".split()])
    >>> status, line = decide(game, stuck, budget=60, max_nodes=100)
    >>> game.legal_moves(stuck), str(status), line
    ([], 'lost', ())
    """
    result = solve(game, state, max_nodes=max_nodes, max_seconds=budget * SEARCH_SHARE)
    return _status(result.outcome), result.moves


def hint(game: Game[S], state: S, budget: float = 1.0, last: Move | None = None, *,
         max_nodes: int | None = None) -> Hint:
    """The move to play in ``state`` and why, answering within about ``budget`` seconds
    (and ``max_nodes`` positions of search, when given).

    ``last`` is the move just played: the heuristic never proposes taking it straight back.
    """
    if game.is_won(state):
        return Hint(None, BASIS_HEURISTIC, WINNABLE, _("The game is won."))
    result = solve(game, state, max_nodes=max_nodes, max_seconds=budget * SEARCH_SHARE)
    return known_hint(game, state, _status(result.outcome), result.moves, last)


def known_hint(game: Game[S], state: S, status: str, line: tuple[Move, ...] = (),
               last: Move | None = None, seen: Collection[Hashable] | None = None) -> Hint:
    """The hint when the status (and, for a winnable position, a winning line) is already known.

    No search: this answers at once, for positions on a known winning line or after a lost one.
    In a lost position, given ``seen`` (the keys of the positions this game has been in, see
    :func:`positions_seen`), the hint is only a useful move (:func:`useful_moves`); when none is
    left it says so and ``end`` is true: the game can only be ended.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> state = game.apply(game.new(1), game.parse_move("s"))
    >>> known_hint(game, state, "lost").basis
    'heuristic'
    """
    if game.is_won(state):
        return Hint(None, BASIS_HEURISTIC, WINNABLE, _("The game is won."))
    if status == WINNABLE and line:
        first = line[0]
        count = len(line)
        text = ngettext("{move}: this starts a winning line of {count} move.",
                        "{move}: this starts a winning line of {count} moves.", count)
        return Hint(first, BASIS_LINE, status,
                    text.format(move=move_instruction(game, state, first), count=count),
                    tuple(line))
    among = None
    if status == STATUS_LOST and seen is not None:
        among = useful_moves(game, state, last, seen)
        if not among and game.legal_moves(state):
            return Hint(None, BASIS_HEURISTIC, status, _(
                "No useful moves left: this game can no longer be won, and every move left only takes "
                "cards back or goes back to where this game has already been."), end=True)
    move, reason = heuristic_move(game, state, last, among)
    if move is None:
        return Hint(None, BASIS_HEURISTIC, status, _("No move is left."))
    if status == STATUS_LOST:
        text = _("This game can no longer be won. {move}: the most useful move left, because {reason}.")
    else:
        text = _("No winning line was found in the time allowed. {move}: this looks best, because {reason}.")
    return Hint(move, BASIS_HEURISTIC, status,
                text.format(move=move_instruction(game, state, move), reason=reason))


def _status(outcome: str) -> str:
    if outcome == WON:
        return WINNABLE
    if outcome == LOST:
        return STATUS_LOST
    return STATUS_UNKNOWN


def undoes(move: Move, last: Move | None) -> bool:
    """True when ``move`` takes ``last`` straight back (the same cards, back where they came from).

    >>> undoes(Move.parse("t6-t3"), Move.parse("t3-t6")), undoes(Move.parse("t6-t3"), Move.parse("t3-t5"))
    (True, False)
    """
    return (last is not None and last.src != STOCK and move.src == last.dst and move.dst == last.src
            and move.count == last.count)


def positions_seen(game: Game[S], start: S, played: Sequence[Move]) -> set[Hashable]:
    """The keys of every position of a game: ``start`` and the one after each move of ``played``."""
    state: S = start
    seen: set[Hashable] = {state.key()}
    for move in played:
        state = game.apply_legal(state, move)
        seen.add(state.key())
    return seen


def useful_moves(game: Game[S], state: S, last: Move | None, seen: Collection[Hashable]) -> list[Move]:
    """The moves worth playing in a position known to be lost, in ``legal_moves`` order.

    Nothing can win any more, so a move is useful only when it changes something that lasts: it does
    not take the move just played straight back, does not take a card off a foundation (the score
    would fall, and the game is lost anyway), and leads to a position this game has not been in
    (``seen``: the keys of its positions, :func:`positions_seen`). Following the hint then never
    goes round in circles: each hint reaches a new position, and there are finitely many.
    """
    useful = []
    for move in game.legal_moves(state):
        if undoes(move, last) or is_foundation(move.src):
            continue
        child = game.apply_legal(state, move)
        if child.key() not in seen:
            useful.append(move)
    return useful


def heuristic_move(game: Game[S], state: S, last: Move | None = None,
                   among: Sequence[Move] | None = None) -> tuple[Move | None, str]:
    """The best legal move by a one-move heuristic, and the reason in words.

    The heuristic scores the position after each legal move and keeps the
    first best: 10 points per card on the foundations, 3 per empty tableau
    pile, 1 for uncovering a card; a stock click costs 2 and a card taken off
    a foundation costs 6, so they come after any useful tableau move; moving
    a whole pile into an empty pile gains nothing and costs 8. The move
    that takes ``last`` (the move just played) straight back is never chosen
    while another move is legal. ``among``: choose among these moves only (none: no move).
    """
    moves = game.legal_moves(state) if among is None else list(among)
    if not moves:
        return None, ""
    forward = [m for m in moves if not undoes(m, last)]
    moves = forward or moves
    best: Move | None = None
    best_value = float("-inf")
    for move in moves:
        value = _value(game, state, move)
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best, _reason(game, state, best)


def _value(game: Game[S], state: S, move: Move) -> float:
    child = game.apply_legal(state, move)
    value = 10.0 * game.score(child) + 3.0 * sum(1 for p in game.tableau(child) if not p)
    if move.src == STOCK:
        value -= 2.0
    elif is_foundation(move.src):
        value -= 6.0
    elif move.src >= TABLEAU:
        source = game.tableau(state)[move.src - TABLEAU]
        if len(source) > move.count:
            value += 1.0
        elif move.dst >= TABLEAU and not game.tableau(state)[move.dst - TABLEAU]:
            value -= 8.0  # a whole pile into an empty pile
    return value


def _reason(game: Game[S], state: S, move: Move) -> str:
    if move.src == STOCK:
        return _("nothing better is left than the stock")
    if FOUNDATION <= move.dst < TABLEAU:
        return _("it puts a card on a foundation")
    if is_foundation(move.src):
        return _("it brings a foundation card back into play")
    if move.src >= TABLEAU and len(game.tableau(state)[move.src - TABLEAU]) == move.count:
        return _("it empties a pile")
    if move.src >= TABLEAU:
        return _("it uncovers a card")
    return _("it plays the waste card")
