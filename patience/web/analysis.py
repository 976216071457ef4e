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

from patience.analyse import Analysis
from patience.analysis.hints import Hint
from patience.observation import Observation
from patience.rules import State
from patience.store import GameRecord
from patience.web.schemas import FairHintOut, FairProgressOut, HintOut, OddsOut, WinnableOut
from patience.web.service import GameService
from patience.workers import Workers
from patience.workers.analyzer import Verdict
from patience.workers.answers import FairHintAnswer, HintAnswer
from patience.workers.knowledge import Point
from patience.workers.odds import seed_of


def point_of(record: GameRecord) -> Point:
    """Where the game is: its action number and version, as the solver's knowledge keeps lost points."""
    return Point(record.id, record.actions, record.version)


def progress_token(record: GameRecord) -> str:
    """Which fair hint a progress question means: the game's, at its version."""
    return f"{record.id}:{record.version}"


class WorkerHints:
    """The hint searches of :meth:`patience.analyse.Analysis.hint` on the server's hint workers."""

    def __init__(self, owner: GameAnalysis, record: GameRecord, lang: str, *, fair: bool) -> None:
        self.owner, self.record, self.lang, self.fair = owner, record, lang, fair

    async def search(self, analysis: Analysis) -> HintAnswer:
        """The solver's hint, or the fair one (busy: the heuristic's move, marked ``busy``)."""
        record, last = self.record, None if analysis.last is None else str(analysis.last)
        if self.fair:
            return await self.owner.fair_hint(record, analysis.state, last, self.lang)
        return await self.owner.workers.analyzer.hint(record.id, record.game, analysis.state, last, self.lang,
                                                      point_of(record))

    def status(self, answer: HintAnswer) -> str:
        """The position's status the answer tells."""
        return answer.status

    def known(self, found: Hint, searched: HintAnswer | None) -> HintAnswer:
        """A hint the domain decided, as the API answers it (busy when the search it replaces was)."""
        return replace(HintAnswer.of(found), busy=searched is not None and searched.busy)


class GameAnalysis:
    """The background analysis of the players' games, as the API answers it."""

    def __init__(self, service: GameService, workers: Workers) -> None:
        self.service = service
        self.workers = workers

    def observation(self, record: GameRecord, state: State) -> Observation:
        """What the player sees of this game's position (made once per version; reads the game's moves)."""
        return self.workers.odds.observation(record.id, record.version,
                                             lambda: self.service.observe(record, state))

    async def hint(self, player: str, game_id: str, *, mark: bool, fair: bool,
                   lang: str) -> HintOut | FairHintOut:
        """The hint for a game's position (``fair``: the fair one); with ``mark`` the game counts as
        played with hints. Call it inside the request's language context."""
        record, analysis = self.service.table.analyse(player, game_id)  # its row: its history is not read
        found = await analysis.hint(WorkerHints(self, record, lang, fair=fair))
        if mark:
            self.service.mark_hint_used(player, game_id)
        if isinstance(found, FairHintAnswer):
            return FairHintOut.model_validate(found.as_json())
        return HintOut.model_validate(found.as_json())

    async def fair_hint(self, record: GameRecord, state: State, last: str | None,
                        lang: str) -> FairHintAnswer:
        """The fair hint for a game's position, on the hint pool (busy: the heuristic on a completion)."""
        workers = self.workers
        seen = self.observation(record, state)
        return await workers.analyzer.fair_hint(
            record.game, seen, seed_of(seen), workers.fair_hint_samples, workers.odds.max_nodes, last,
            lang, token=progress_token(record))

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
        record, analysis = self.service.table.analyse(player, game_id)  # the row, not its history
        analyzer = self.workers.analyzer
        settled = analysis.settled()
        if settled is not None:
            verdict = Verdict(settled, limit=analyzer.winnable_limit)
        else:
            verdict = analyzer.winnability(record.id, record.game, analysis.state, point_of(record))
        return WinnableOut.model_validate({"version": record.version, "status": verdict.status,
                                           "searched_seconds": verdict.searched,
                                           "budget_seconds": verdict.budget, "limit_seconds": verdict.limit})
