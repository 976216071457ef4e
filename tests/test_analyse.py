"""Table.analyse: the one entry for a position's questions, its rules the same whoever searches."""

from __future__ import annotations

import asyncio

from patience.analyse import Analysis
from patience.analysis.hints import BASIS_HEURISTIC, Hint
from patience.rules import get_game
from patience.solver.result import Status
from patience.store import Store
from patience.table import Table

PLAYER = "p"
LOST_DEAL = 130  # Hamilton deal 130 can never be won


class FakeSource:
    """A search away from the caller that answers a fixed status (as the server's workers would)."""

    def __init__(self, status: str) -> None:
        self.answer = status
        self.searched: list[Analysis] = []

    async def search(self, analysis: Analysis) -> tuple[str, Hint]:
        self.searched.append(analysis)
        found = Hint(move=None, basis=BASIS_HEURISTIC, status=self.answer, explanation="searched")
        return "searched", found

    def status(self, answer: tuple[str, Hint]) -> str:
        return answer[1].status

    def known(self, found: Hint, searched: tuple[str, Hint] | None) -> tuple[str, Hint]:
        return ("decided" if searched is not None else "over"), found


def dealt(deal: int) -> tuple[Table, str]:
    table = Table(Store(":memory:"))
    record, _state = table.create(PLAYER, "hamilton", deal, None)
    record, _state = table.play(PLAYER, record.id, ["s"], record.version)
    return table, record.id


def test_a_search_proving_the_position_lost_is_answered_with_a_useful_move() -> None:
    table, game_id = dealt(LOST_DEAL)
    record, analysis = table.analyse(PLAYER, game_id)
    assert (record.id, str(analysis.last), analysis.settled()) == (game_id, "s", None)
    kind, found = asyncio.run(analysis.hint(FakeSource(Status.LOST)))
    assert kind == "decided" and found.status == Status.LOST and found.move is not None
    assert str(found.move) != "s"
    assert analysis.hint_here(budget=30.0) == found  # the same rule in this process


def test_an_open_answer_is_the_source_s_and_a_finished_game_is_over() -> None:
    table, game_id = dealt(1)
    _record, analysis = table.analyse(PLAYER, game_id)
    source = FakeSource(Status.UNKNOWN)
    assert asyncio.run(analysis.hint(source))[0] == "searched" and source.searched == [analysis]
    table.abandon(PLAYER, game_id)
    record, analysis = table.analyse(PLAYER, game_id)
    source = FakeSource(Status.UNKNOWN)
    kind, found = asyncio.run(analysis.hint(source))
    assert (kind, found.move, found.status, source.searched) == ("over", None, Status.LOST, [])
    assert analysis.settled() == Status.LOST and record.finished


def test_a_saved_game_s_moves_are_analysed_the_same_way() -> None:
    game = get_game("hamilton")
    moves = [game.legal_moves(game.new(LOST_DEAL))[0]]
    analysis = Analysis.of_moves(game, LOST_DEAL, moves)
    assert analysis.last == moves[0] and list(analysis.played()) == moves
    assert analysis.hint_here(budget=30.0).status == Status.LOST
