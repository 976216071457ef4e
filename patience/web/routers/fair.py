"""Fair play in the game: ``/api/games/{id}/odds`` and the fair hint (``/hint?fair=1``).

Both read only what the player sees: the game's observation (each game's
``observe``), never the order of the cards still hidden. The samples' seed
comes from the observation itself (:func:`patience.workers.odds.seed_of`),
so two games that differ only in that order get the same answers; the work is
:class:`patience.web.analysis.GameAnalysis`'s.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from patience.web.routers.common import analysis_of, errors, player_of
from patience.web.schemas import FairProgressOut, OddsOut

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("/{game_id}/odds", responses=errors(404))
async def odds(game_id: str, request: Request) -> OddsOut:
    """The share of the ways to deal the unseen cards that can still be won (fair: nothing hidden read).

    Each answer gives the odds so far; while ``more`` is true the server solves more completions in
    the background (8, then 16, 32 ... up to its limit) as long as a page keeps asking: ask again.
    """
    return analysis_of(request).odds(player_of(request), game_id)


@router.get("/{game_id}/hint/progress", responses=errors(404))
async def fair_hint_progress(game_id: str, request: Request) -> FairProgressOut:
    """How far the fair hint of this position has got: completions decided, the best move so far.

    Ask while a fair hint (``/hint?fair=1``) is on its way; ``running`` is false once it has
    answered (its final counts) or when no fair hint of this position was asked (all zero).
    """
    return analysis_of(request).fair_progress(player_of(request), game_id)
