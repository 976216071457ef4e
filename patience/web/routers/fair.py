"""Fair play in the game: ``/api/games/{id}/odds`` and the fair hint (``/hint?fair=1``).

Both read only what the player sees: the game's observation (each game's
``observe``), never the order of the cards still hidden. The samples' seed
comes from the observation itself (:func:`patience.workers.odds.seed_of`),
so two games that differ only in that order get the same answers.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from patience.i18n import get_language
from patience.kit import observing
from patience.observation import Observation
from patience.rules import Move, get_game
from patience.store import GameRecord
from patience.web.routers.common import analyzer_of, errors, player_of, service_of
from patience.web.schemas import HintOut
from patience.workers import Workers
from patience.workers.odds import OddsKeeper, seed_of

router = APIRouter(prefix="/api/games", tags=["games"])


class OddsOut(BaseModel):
    """The fair odds so far: of ``samples`` ways to deal the unseen cards, how many can still be won."""

    version: int
    samples: int = Field(description="Completions solved so far (the unseen cards dealt at random)")
    won: int = Field(description="Completions that can still be won")
    lost: int = Field(description="Completions that can no longer be won")
    unknown: int = Field(description="Completions not decided within the node budget")
    low: float = Field(description="Lower end of the 95% interval of the share that can be won "
                                   "(unknowns counted as lost)")
    high: float = Field(description="Upper end of the 95% interval (unknowns counted as won)")
    more: bool = Field(description="More completions are being solved: ask again")
    hidden: int = Field(description="Cards the player has not seen (0: the odds are exact)")
    seed: int = Field(description="The samples' seed, made from what the player sees")


class FairHintOut(HintOut):
    """A fair hint (``basis`` ``fair``): the move after which most sampled completions can still be won."""

    won: int = Field(description="Sampled completions that can still be won after the move")
    samples: int = Field(description="Completions solved (0: a safe move, given at once); fewer than "
                                     "planned when the rest could not change the move")
    planned: int = Field(default=0, description="Completions drawn: the search stops early, after "
                                                "samples of them, once none of the rest can change the move")


class FairProgressOut(BaseModel):
    """How far the fair hint of the game's position has got while it thinks."""

    version: int
    running: bool = Field(description="The hint is still thinking: ask again")
    decided: int = Field(description="Completions solved so far (the unseen cards dealt at random)")
    samples: int = Field(description="Completions drawn in all")
    move: str | None = Field(description="The best move so far (null: none yet)")
    won: int = Field(description="Completions solved so far that can still be won after that move")


def workers_of(request: Request) -> Workers:
    """The app's solver pools."""
    workers: Workers = request.app.state.workers
    return workers


def observation_of(request: Request, record: GameRecord, state: Any) -> Observation:
    """What the player sees of this game's position (made once per version; reads the game's moves)."""
    keeper: OddsKeeper = workers_of(request).odds

    def make() -> Observation:
        played = [Move.parse(text) for text in service_of(request).store.history(record).moves]
        return observing(get_game(record.game)).observe(state, played)

    return keeper.observation(record.id, record.version, make)


@router.get("/{game_id}/odds", responses=errors(404))
async def odds(game_id: str, request: Request) -> OddsOut:
    """The share of the ways to deal the unseen cards that can still be won (fair: nothing hidden read).

    Each answer gives the odds so far; while ``more`` is true the server solves more completions in
    the background (8, then 16, 32 ... up to its limit) as long as a page keeps asking: ask again.
    """
    service = service_of(request)
    record, state = service.load(player_of(request), game_id)
    seen = observation_of(request, record, state)
    answer = workers_of(request).odds.poll(record.id, record.game, seen)
    return OddsOut.model_validate({"version": record.version, **answer.as_json()})


async def fair_hint(request: Request, record: GameRecord, state: Any, last: str | None) -> FairHintOut:
    """The fair hint for a game's position, on the hint pool (busy: the heuristic on a completion)."""
    workers = workers_of(request)
    seen = observation_of(request, record, state)
    found = await analyzer_of(request).fair_hint(
        record.game, seen, seed_of(seen), workers.fair_hint_samples, workers.odds.max_nodes, last,
        get_language(), token=progress_token(record))
    return FairHintOut.model_validate(found)


def progress_token(record: GameRecord) -> str:
    """Which fair hint a progress question means: the game's, at its version."""
    return f"{record.id}:{record.version}"


@router.get("/{game_id}/hint/progress", responses=errors(404))
async def fair_hint_progress(game_id: str, request: Request) -> FairProgressOut:
    """How far the fair hint of this position has got: completions decided, the best move so far.

    Ask while a fair hint (``/hint?fair=1``) is on its way; ``running`` is false once it has
    answered (its final counts) or when no fair hint of this position was asked (all zero).
    """
    record, _state = service_of(request).load(player_of(request), game_id)
    known = analyzer_of(request).fair_progress(progress_token(record))
    if known is None:
        known = {"running": False, "decided": 0, "samples": 0, "move": None, "won": 0}
    return FairProgressOut.model_validate({"version": record.version, **known})
