"""The compiled core's tidying of a line (``patience._core.tidy``) against Python's
(:func:`patience.solver.lines.shortened`): the same moves, on solver lines and on random walks."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import get_game
from patience.rules import Game, Move, State
from patience.solver import SolverError, solve, tidied
from patience.solver.core import solve_with_core
from patience.solver.lines import shortened
from tests.test_observation import random_game

GAMES = ("hamilton", "union-square")


def core_tidy(core: ModuleType, game: Game[State], state: State, line: tuple[Move, ...],
              max_seconds: float | None = None) -> list[str]:
    tidy = core.tidy
    texts: list[str] = tidy(game.slug, game.position_text(state), [str(m) for m in line],
                            max_seconds=max_seconds)
    return texts


def python_tidy(game: Game[State], state: State, line: tuple[Move, ...],
                deadline: float | None = None) -> list[str]:
    return [str(m) for m in shortened(game, state, line, deadline)]


def walk(game: Game[State], deal: int, seed: int, length: int) -> tuple[Move, ...]:
    """A random legal walk from ``deal``: loops, detours and moves back and forth, what tidying takes out."""
    return tuple(random_game(game, random.Random(seed), deal, length)[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slug=st.sampled_from(GAMES), deal=st.integers(1, 10**6), seed=st.integers(0, 2**32),
       length=st.integers(0, 200))
def test_random_walks_are_tidied_as_python_tidies_them(core: ModuleType, slug: str, deal: int, seed: int,
                                                        length: int) -> None:
    game = get_game(slug)
    state = game.new(deal)
    line = walk(game, deal, seed, length)
    assert core_tidy(core, game, state, line) == python_tidy(game, state, line)


@pytest.mark.parametrize("slug, deals", [("hamilton", range(1, 31)), ("union-square", range(1, 9))])
def test_the_searches_lines_are_tidied_as_python_tidies_them(core: ModuleType, slug: str,
                                                             deals: range) -> None:
    game = get_game(slug)
    tidied_some = 0
    for deal in deals:
        state = game.new(deal)
        found = solve(game, state, max_nodes=200_000, tidy=False)
        if not found.won:
            continue
        ours = core_tidy(core, game, state, found.moves)
        assert ours == python_tidy(game, state, found.moves), deal
        assert game.is_won(game.apply_all(state, [game.parse_move(m) for m in ours]))
        tidied_some += len(ours) < len(found.moves)
    assert tidied_some > 0  # the lines had something to tidy


def test_with_no_time_left_only_the_loops_and_the_group_moves_are_tidied(core: ModuleType) -> None:
    game = get_game("union-square")
    state = game.new(3)
    line = walk(game, 3, 3, 150)
    quick = core_tidy(core, game, state, line, max_seconds=0.0)
    assert quick == python_tidy(game, state, line, deadline=0.0)
    assert len(core_tidy(core, game, state, line)) <= len(quick) < len(line)


def test_a_line_that_does_not_replay_is_refused(core: ModuleType) -> None:
    game = get_game("hamilton")
    position = game.position_text(game.new(1))
    with pytest.raises(ValueError, match=r'^move 2: move "t1-f1" is not legal here$'):
        core.tidy("hamilton", position, ["s", "t1-f1"])
    with pytest.raises(ValueError, match=r"^move 1: cannot read move"):
        core.tidy("hamilton", position, ["t1-"])
    with pytest.raises(ValueError, match="knows no game"):
        core.tidy("klondike", position, [])


def test_tidied_uses_the_core_or_python_as_solve_does(core: ModuleType,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("hamilton")
    state = game.new(1)
    line = solve(game, state, tidy=False).moves
    calls: list[str] = []
    real = core.tidy

    def counted(*args: object, **kwargs: object) -> object:
        calls.append("core")
        return real(*args, **kwargs)

    monkeypatch.setattr(core, "tidy", counted)
    monkeypatch.setenv("PATIENCE_SOLVER", "core")
    by_core = tidied(game, state, line)
    monkeypatch.setenv("PATIENCE_SOLVER", "python")
    by_python = tidied(game, state, line)
    assert calls == ["core"] and by_core == by_python
    assert game.is_won(game.apply_all(state, by_core))
    with pytest.raises(SolverError, match="does not end in a won position"):
        tidied(game, state, line[:-1])


class _Answer:
    """A core answer: won, with the given line."""

    def __init__(self, moves: list[str]) -> None:
        self.status, self.moves, self.nodes, self.peak, self.memory_spent = "won", moves, 1, 1, False


@pytest.mark.parametrize("tidy", [True, False])
def test_a_core_win_whose_line_does_not_win_fails_loudly(core: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                         tidy: bool) -> None:
    """Whether or not the line is tidied, a won answer is believed only once its line replays to a win."""
    game = get_game("hamilton")
    state = game.new(1)
    line = [str(m) for m in solve(game, state, tidy=False).moves]
    for bad, message in ((line[:-1], "does not end in a won position"), (["s", "t1-f1"], "does not replay")):
        monkeypatch.setattr(core, "solve", lambda *_args, bad=bad, **_kwargs: _Answer(bad))
        with pytest.raises(SolverError, match=message):
            solve_with_core(core, game, state, tidy=tidy)


def test_a_tidied_win_replays_the_tidied_line_only(core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """With tidying the core cuts the raw line's loops and Python replays the line it reports, once."""
    game = get_game("hamilton")
    state = game.new(1)
    raw = [str(m) for m in solve(game, state, tidy=False).moves]  # 80 moves; tidied, 68
    monkeypatch.setattr(core, "solve", lambda *_args, **_kwargs: _Answer(raw))
    replays: list[int] = []
    real = game.apply_all

    def counted(start: object, moves: object) -> object:
        replays.append(len(list(moves)))  # type: ignore[call-overload]
        return real(start, moves)  # type: ignore[arg-type]

    monkeypatch.setattr(game, "apply_all", counted)
    result = solve_with_core(core, game, state, tidy=True)
    assert replays == [len(result.moves)] and len(result.moves) < len(raw)
    assert game.is_won(real(state, result.moves))
