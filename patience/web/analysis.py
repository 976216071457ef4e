"""What the web asks of the background analysis about a player's game: hints, the dot, the fair odds.

:class:`GameAnalysis` reads the game through the :class:`~patience.web.service.GameService`
(never the store), asks the server's :class:`~patience.workers.Workers`, and answers
as the API does (:mod:`patience.web.schemas`). Which hint answers (the finished
game's, the fair one, the solver's, the useful move of a lost position) is
decided here, so the routes only read the request and return the answer.

The fair answers read only what the player sees: the game's observation, made
once per version (see :meth:`GameAnalysis.observation`), with the samples' seed
made from it (:func:`patience.workers.odds.seed_of`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from patience.i18n import _
from patience.observation import Observation
from patience.rules import get_game
from patience.solver.result import Status
from patience.store import GameRecord
from patience.web.schemas import FairHintOut, FairProgressOut, HintOut, OddsOut, WinnableOut
from patience.web.service import GameService
from patience.workers import Workers
from patience.workers.analyzer import Verdict
from patience.workers.answers import HintAnswer
from patience.workers.knowledge import Point
from patience.workers.odds import seed_of


def point_of(record: GameRecord) -> Point:
    """Where the game is: its action number and version, as the solver's knowledge keeps lost points."""
    return Point(record.id, record.actions, record.version)


def progress_token(record: GameRecord) -> str:
    """Which fair hint a progress question means: the game's, at its version."""
    return f"{record.id}:{record.version}"


class GameAnalysis:
    """The background analysis of the players' games, as the API answers it."""

    def __init__(self, service: GameService, workers: Workers) -> None:
        self.service = service
        self.workers = workers

    def observation(self, record: GameRecord, state: Any) -> Observation:
        """What the player sees of this game's position (made once per version; reads the game's moves)."""
        return self.workers.odds.observation(record.id, record.version,
                                             lambda: self.service.observe(record, state))

    async def hint(self, player: str, game_id: str, *, mark: bool, fair: bool,
                   lang: str) -> HintOut | FairHintOut:
        """The hint for a game's position (``fair``: the fair one); with ``mark`` the game counts as
        played with hints. Call it inside the request's language context."""
        service, analyzer = self.service, self.workers.analyzer
        record, state = service.table.load(player, game_id)  # the game's row: its history is not read
        if record.finished:
            over = Status.WINNABLE if record.won else Status.LOST
            return HintOut(move=None, basis="heuristic", status=over, explanation=_("This game is over."),
                           line=[])
        last = service.last_move(record)
        answer: HintOut | FairHintOut
        if fair:
            answer = await self.fair_hint(record, state, last, lang)
        else:
            found = await analyzer.hint(record.id, record.game, state, last, lang, point_of(record))
            if found.status == Status.LOST:  # only useful moves, or the end: never round in circles
                found = replace(HintAnswer.of(service.table.lost_hint(record, state)), busy=found.busy)
            answer = HintOut.model_validate(found.as_json())
        if mark:
            service.mark_hint_used(player, game_id)
        return answer

    async def fair_hint(self, record: GameRecord, state: Any, last: str | None, lang: str) -> FairHintOut:
        """The fair hint for a game's position, on the hint pool (busy: the heuristic on a completion)."""
        workers = self.workers
        seen = self.observation(record, state)
        found = await workers.analyzer.fair_hint(
            record.game, seen, seed_of(seen), workers.fair_hint_samples, workers.odds.max_nodes, last,
            lang, token=progress_token(record))
        return FairHintOut.model_validate(found.as_json())

    def fair_progress(self, player: str, game_id: str) -> FairProgressOut:
        """How far the fair hint of the game's position has got (all zero when none was asked)."""
        record, _state = self.service.table.load(player, game_id)
        known = self.workers.analyzer.fair_progress(progress_token(record))
        if known is None:
            known = {"running": False, "decided": 0, "samples": 0, "move": None, "won": 0}
        return FairProgressOut.model_validate({"version": record.version, **known})

    def odds(self, player: str, game_id: str) -> OddsOut:
        """The fair odds of the game's position so far; more are solved while a page asks."""
        record, state = self.service.table.load(player, game_id)
        seen = self.observation(record, state)
        answer = self.workers.odds.poll(record.id, record.game, seen)
        return OddsOut.model_validate({"version": record.version, **answer.as_json()})

    def winnability(self, player: str, game_id: str) -> WinnableOut:
        """Can the game's position still be won: known at once, else searched while a page asks."""
        record, state = self.service.table.load(player, game_id)  # the row, not its history
        game = get_game(record.game)
        analyzer = self.workers.analyzer
        if record.won or game.is_won(state):
            verdict = Verdict(Status.WINNABLE, limit=analyzer.winnable_limit)
        elif record.finished or game.is_stuck(state):
            verdict = Verdict(Status.LOST, limit=analyzer.winnable_limit)
        else:
            verdict = analyzer.winnability(record.id, record.game, state, point_of(record))
        return WinnableOut.model_validate({"version": record.version, "status": verdict.status,
                                           "searched_seconds": verdict.searched,
                                           "budget_seconds": verdict.budget, "limit_seconds": verdict.limit})
