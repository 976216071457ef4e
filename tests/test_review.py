"""``patience.analysis.review``: lost_at is exact on hand-made lost games, checked against every prefix."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from patience.analysis.review import _Search, positions_of, review, undecided_text
from patience.deals import deck_text
from patience.errors import IllegalMoveError
from patience.i18n import language
from patience.rules import Game, Move, get_game
from patience.solver import LOST, UNKNOWN, WON, Result, solve
from patience.wording import describe_move

CASES = json.loads((Path(__file__).parent / "data" / "review" / "cases.json").read_text("utf-8"))
BUDGET = 30.0


def _wins_from(game: Game[Any], state: Any, line: list[str]) -> bool:
    return bool(game.is_won(game.apply_all(state, [game.parse_move(m) for m in line])))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['game']}-{c['deal']}" for c in CASES])
def test_lost_at_is_exact(case: dict[str, Any]) -> None:
    game = get_game(case["game"])
    moves = [game.parse_move(m) for m in case["moves"]]
    answer = review(game, case["deal"], moves, max_seconds=BUDGET)
    assert answer.status == "lost"
    assert answer.lost_at == case["lost_at"]
    # the ends it knows are the turning point's two sides
    assert answer.lost_after == case["lost_at"]
    assert answer.winnable_after == (case["lost_at"] - 1 if case["lost_at"] else None)
    states = positions_of(game, case["deal"], moves)
    # every prefix: before lost_at winnable (the stored line, or the game's own moves then that line,
    # wins from it), from lost_at on proven lost by the solver
    lost_at = case["lost_at"]
    for k, state in enumerate(states):
        if k < lost_at:
            assert _wins_from(game, state, [*case["moves"][k:lost_at - 1], *case["line"]]), k
        else:
            assert solve(game, state, max_seconds=BUDGET).outcome == LOST, k
    if lost_at:
        assert answer.better is not None and answer.line[0] == answer.better
        assert _wins_from(game, states[lost_at - 1], [str(m) for m in answer.line])
        assert answer.better != moves[lost_at - 1]
    else:
        assert answer.better is None and answer.line == ()


def test_won_and_winnable_games() -> None:
    game = get_game("hamilton")
    line = CASES[0]["line"]
    played = CASES[0]["moves"][:CASES[0]["lost_at"] - 1]
    winnable = review(game, CASES[0]["deal"], played, max_seconds=BUDGET)
    assert (winnable.status, winnable.lost_at, winnable.better) == ("winnable", None, None)
    assert _wins_from(game, positions_of(game, CASES[0]["deal"], [game.parse_move(m) for m in played])[-1],
                      [str(m) for m in winnable.line])
    won = review(game, CASES[0]["deal"], [*played, *line], max_seconds=BUDGET)
    assert won.as_json() == {"game": "hamilton", "moves": len(played) + len(line), "lost_at": None,
                             "better": None, "status": "won", "line": [],
                             "winnable_after": len(played) + len(line), "lost_after": None}
    assert won.solves == 0


def test_about_log2_solves() -> None:
    case = next(c for c in CASES if c["lost_at"] > 100)
    game = get_game(case["game"])
    calls: list[int] = []

    def counting(g: Game[Any], state: Any, seconds: float) -> Result:
        calls.append(1)
        return solve(g, state, max_seconds=seconds)

    answer = review(game, case["deal"], case["moves"], max_seconds=BUDGET, solver=counting)
    assert answer.lost_at == case["lost_at"]
    assert len(calls) == answer.solves <= 2 + len(case["moves"]).bit_length()


def test_unknown_when_a_solve_runs_out_never_a_guess() -> None:
    case = CASES[0]
    game = get_game(case["game"])

    def out_of_budget(_g: Game[Any], _state: Any, seconds: float) -> Result:
        return Result(UNKNOWN, (), 0, seconds, 0, "seconds")

    answer = review(game, case["deal"], case["moves"], max_seconds=1, solver=out_of_budget)
    assert answer.as_json()["status"] == "unknown" and answer.lost_at is None and answer.better is None

    last = positions_of(game, case["deal"], [game.parse_move(m) for m in case["moves"]])[-1]

    def unknown_in_the_middle(g: Game[Any], state: Any, seconds: float) -> Result:
        result = solve(g, state, max_seconds=seconds)
        if state.key() != last.key():  # only the last position gets decided
            return Result(UNKNOWN, (), 0, seconds, 0, "seconds")
        return result

    answer = review(game, case["deal"], case["moves"], max_seconds=BUDGET, solver=unknown_in_the_middle)
    assert answer.status == "unknown" and answer.lost_at is None


def _first_twenty_moves() -> tuple[Game[Any], str, list[Move], dict[Any, int]]:
    """The first case's game, its deck, its first 20 moves, and each position's number by its key."""
    case = CASES[0]
    game = get_game(case["game"])
    deck = deck_text(game.deck_of(case["deal"]))
    moves = [game.parse_move(m) for m in case["moves"]][:20]
    states = positions_of(game, deck, moves)
    return game, deck, moves, {state.key(): k for k, state in enumerate(states)}


def test_an_undecided_stretch_keeps_its_known_ends() -> None:
    """When every position of a stretch stays undecided the review is ``unknown``, never a guess,
    and it still says the last position it knows winnable and the first it knows lost: the game
    was lost by a move in between."""
    game, deck, moves, index = _first_twenty_moves()
    undecided = range(8, 13)  # won before 8, lost from 13 on

    def oracle(g: Game[Any], state: Any, seconds: float) -> Result:
        k = index[state.key()]
        if k in undecided:
            return Result(UNKNOWN, (), 1, seconds, 1, "seconds")
        if k > undecided[-1]:
            return Result(LOST, (), 1, 0.0, 1)
        return Result(WON, tuple(moves[k:k + 1]), 1, 0.0, 1)

    answer = review(game, deck, moves, max_seconds=5, solver=oracle)
    assert answer.status == "unknown" and answer.lost_at is None and answer.better is None
    assert answer.winnable_after is not None and answer.lost_after is not None
    assert answer.winnable_after < undecided[0] and answer.lost_after > undecided[-1]
    # the line kept for the last position known winnable (the oracle's: its next move)
    assert answer.line == (moves[answer.winnable_after],)
    assert answer.as_json()["winnable_after"] == answer.winnable_after
    assert answer.as_json()["lost_after"] == answer.lost_after
    words = undecided_text(answer.winnable_after, answer.lost_after)
    assert words is not None and f"after move {answer.winnable_after} " in words
    assert undecided_text(0, 4) == ("Not decided exactly: the deal could be won and the game was lost after "
                                    "move 4; the moves in between were too hard to decide in time.")
    with language("ru"):
        assert "после хода 263" in (undecided_text(157, 263) or "")


def test_an_illegal_move_is_named_with_its_number_and_why() -> None:
    game = get_game("hamilton")
    with pytest.raises(IllegalMoveError, match=r"move 2 \(t1-t3\)"):
        review(game, 1, [Move.parse("s"), Move.parse("t1-t3")], max_seconds=1)


@pytest.mark.parametrize("which", ["zero", "first", "middle", "last", "never"])
def test_binary_search_finds_any_turning_point(which: str) -> None:
    """With a fake solver that knows the answer (lost from move ``turning`` on), lost_at is exact."""
    case = CASES[0]
    game = get_game(case["game"])
    deck = deck_text(game.deck_of(case["deal"]))  # a deck string: no shipped line to shortcut the oracle
    moves = [game.parse_move(m) for m in case["moves"]][:20]
    states = positions_of(game, deck, moves)
    index = {state.key(): k for k, state in enumerate(states)}
    # a position can be lost only when the one before it had another move to play
    possible = [k for k in range(1, len(states)) if len(game.legal_moves(states[k - 1])) > 1]
    turning = {"zero": 0, "first": possible[0], "middle": possible[len(possible) // 2],
               "last": possible[-1], "never": None}[which]
    asked: list[int] = []

    def oracle(g: Game[Any], state: Any, seconds: float) -> Result:
        k = index[state.key()]
        asked.append(k)
        if turning is not None and k >= turning:
            return Result(LOST, (), 1, 0.0, 1)
        others = [m for m in g.legal_moves(state) if k == len(moves) or m != moves[k]]
        return Result(WON, (others[0] if others else moves[k],), 1, 0.0, 1)

    answer = review(game, deck, moves, max_seconds=BUDGET, solver=oracle)
    assert answer.lost_at == turning
    assert answer.status == ("winnable" if turning is None else "lost")
    # the ends, then steps back from the lost end that double while they hold (each step that
    # does not hold at least halves the interval): at most 1 + 2 + … + log2(n) probes
    bits = len(moves).bit_length()
    assert len(asked) == len(set(asked)) <= 2 + bits * (bits + 1) // 2


LOST_GAMES = json.loads((Path(__file__).parents[1] / "bench" / "data" / "lost-games.json").read_text("utf-8"))
# lost_at of recorded games as the review found them before solves shared their proofs (bench/review.py)
RECORDED = [("hamilton", 1, 3), ("hamilton", 2, 16), ("hamilton", 4, 2), ("hamilton", 13, 2),
            ("union-square", 35, 628)]


@pytest.mark.parametrize(("slug", "deal", "lost_at"), RECORDED, ids=[f"{s}-{d}" for s, d, _n in RECORDED])
def test_shared_proofs_and_probes_keep_the_answers(slug: str, deal: int, lost_at: int) -> None:
    """The review with shared proofs and budgeted probes answers as each plain solve does."""
    game = get_game(slug)
    moves = next(r["moves"] for r in LOST_GAMES if r["game"] == slug and r["deal"] == deal)

    def plain(g: Game[Any], state: Any, seconds: float) -> Result:
        return solve(g, state, max_seconds=seconds)

    shared = review(game, deal, moves, max_seconds=BUDGET)
    alone = review(game, deal, moves, max_seconds=BUDGET, solver=plain)
    assert (shared.status, shared.lost_at) == (alone.status, alone.lost_at) == ("lost", lost_at)
    start = shared.positions[lost_at - 1]
    assert game.is_won(game.apply_all(start, shared.line)) and shared.line[0] == shared.better


def test_an_undecided_middle_is_passed_over() -> None:
    """A middle position no budget decides is passed over for points nearer the ends; the lost
    position and the one before it are decided, so lost_at is still exact."""
    game, deck, moves, index = _first_twenty_moves()
    hard, turning = 13, 8  # 13 is the third step back from the lost end (20, then 19, 17, 13)
    budgets: list[float] = []

    def oracle(g: Game[Any], state: Any, seconds: float) -> Result:
        k = index[state.key()]
        if k == hard:
            budgets.append(seconds)
            return Result(UNKNOWN, (), 1, seconds, 1, "seconds")
        if k >= turning:
            return Result(LOST, (), 1, 0.0, 1)
        others = [m for m in g.legal_moves(state) if m != moves[k]]
        return Result(WON, (others[0] if others else moves[k],), 1, 0.0, 1)

    answer = review(game, deck, moves, max_seconds=BUDGET, solver=oracle)
    assert (answer.status, answer.lost_at) == ("lost", turning)
    assert budgets and max(budgets) < BUDGET / 4  # tried with a small budget, then passed over


def test_the_last_point_left_gets_all_the_time() -> None:
    """Between a winnable and a lost position, probes get a small budget while there are other
    points to try, and the one point left between them gets all the time left."""
    search = _Search(get_game("hamilton"), [], [], deadline=time.monotonic() + 60,
                     solver=lambda game, state, seconds: solve(game, state, max_seconds=seconds))
    search.probe = 2.0
    assert search.next_probe(0, 9) == (8, 2.0)  # a step back from the lost end, with the probe budget
    search.tried[8] = 2.0
    assert search.next_probe(0, 9) == (4, 2.0)  # then the middle
    k, budget = search.next_probe(4, 6) or (0, 0.0)
    assert k == 5 and budget > 50


def test_the_cli_prints_an_undecided_reviews_line_from_the_last_winnable_position() -> None:
    """``patience review`` in words, for a review left undecided: the two ends, then the winning line
    from the last position known winnable, move by move in words (from the deal itself when that is
    the last one known)."""
    from patience.analysis.review import Review
    from patience.commands.analysis import review_text

    case = CASES[0]
    game = get_game(case["game"])
    moves = [game.parse_move(m) for m in case["moves"]]
    states = positions_of(game, case["deal"], moves)
    after = case["lost_at"] - 1
    line = tuple(game.parse_move(m) for m in case["line"])
    answer = Review(case["game"], len(moves), "unknown", line=line, positions=tuple(states),
                    history=tuple(moves), winnable_after=after, lost_after=len(moves))
    lines = review_text(game, answer).splitlines()
    assert lines[0].startswith(f"Not decided exactly: the game could still be won after move {after} ")
    assert lines[1] == f"A winning line of {len(line)} moves from the position after move {after}:"
    assert len(lines) == 2 + len(line) and lines[2].startswith("   1. ") and "-" not in lines[2][6:9]
    assert lines[2] == f"   1. {describe_move(game, states[after], line[0])}"
    with language("pt_BR"):
        assert f"após a jogada {after}:" in review_text(game, answer).splitlines()[1]
    # known winnable only as dealt: the line starts from the deal
    dealt = solve(game, states[0], max_seconds=BUDGET)
    assert dealt.won
    fresh = Review(case["game"], len(moves), "unknown", line=dealt.moves, positions=tuple(states),
                   history=tuple(moves), winnable_after=0, lost_after=len(moves))
    assert review_text(game, fresh).splitlines()[1] == (
        f"A winning line of {len(dealt.moves)} moves from the deal as dealt:")
    # without a line (none kept), the ends alone
    bare = Review(case["game"], len(moves), "unknown", positions=tuple(states), history=tuple(moves),
                  winnable_after=after, lost_after=len(moves))
    assert len(review_text(game, bare).splitlines()) == 1
