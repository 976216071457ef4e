"""``/api/games``: deal, list, resume, move, double-click, undo, redo, restart, abandon, hint, winnable.

A move costs about a millisecond of rules and SQLite work, so the game
routes run it directly in the event loop: no thread hop, which is what
keeps round trips short with many players. Long work never runs here: the
solver runs in worker processes, and ``/hint``, which waits for it, is a
plain ``def`` route (FastAPI's thread pool).
"""

from __future__ import annotations

import math
from typing import Literal

from fastapi import APIRouter, HTTPException, Request, Response

from patience.i18n import _, get_language
from patience.rules import game_slugs, get_game
from patience.web.routers.common import analyzer_of, errors, player_of, service_of
from patience.web.schemas import (
    CatalogEntryOut,
    ClockIn,
    ClockOut,
    DoubleClickIn,
    GameOut,
    GameSummaryOut,
    HintOut,
    MovesIn,
    NewGameIn,
    VersionIn,
    WinnableOut,
)
from patience.web.service import game_name

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("/catalog", responses=errors())
async def catalog() -> list[CatalogEntryOut]:
    """The games that can be played."""
    return [CatalogEntryOut(slug=slug, name=game_name(slug), max_score=get_game(slug).max_score)
            for slug in game_slugs()]


@router.post("", status_code=201, responses={**errors(400, 404), 200: {
    "model": GameOut, "description": "This player's unfinished game of this deal, returned instead"}})
async def new_game(body: NewGameIn, request: Request, response: Response) -> GameOut:
    """Deal a new game: ``deal`` number, ``deck`` string, or neither for a random deal (201).

    With a ``deal`` or ``deck`` for which this player has an unfinished game of the same game, that
    game is returned (200) instead, unless ``fresh`` is true. Other unfinished games stay in the
    saved games (each counts as played, not won, until finished).
    """
    service = service_of(request)
    record, state, new = service.open_deal(player_of(request), body.game, body.deal, body.deck, body.fresh)
    if not new:
        response.status_code = 200
    return service.describe(record, state)


@router.get("", responses=errors())
async def list_games(request: Request,
                     status: Literal["all", "unfinished", "finished"] = "all") -> list[GameSummaryOut]:
    """This player's games, most recently played first (at most 100)."""
    return service_of(request).summaries(player_of(request), status)


@router.get("/current", responses=errors(404))
async def current_game(request: Request) -> GameOut:
    """This player's most recently played unfinished game."""
    service = service_of(request)
    record = service.store.current_game(player_of(request))
    if record is None:
        raise HTTPException(404, _("There is no unfinished game."))
    return service.describe(record, service.state_of(record))


@router.get("/{game_id}", responses=errors(404))
async def get_one(game_id: str, request: Request) -> GameOut:
    """One of this player's games."""
    service = service_of(request)
    return service.describe(*service.load(player_of(request), game_id))


@router.post("/{game_id}/moves", responses=errors(400, 404, 409))
async def play_moves(game_id: str, body: MovesIn, request: Request) -> GameOut:
    """Play moves in our notation, in order, all or none, as one action; saved before the answer.

    400: a move cannot be read; 422: a move is illegal (the detail says why); 409: ``version`` is old.
    """
    service = service_of(request)
    return service.describe(*service.play(player_of(request), game_id, body.moves, body.version))


@router.post("/{game_id}/double-click", responses=errors(400, 404, 409))
async def double_click(game_id: str, body: DoubleClickIn, request: Request) -> GameOut:
    """The double-click convenience on a pile; ``applied`` lists the moves it made."""
    service = service_of(request)
    record, state, applied = service.double_click(player_of(request), game_id, body.pile, body.version)
    return service.describe(record, state, applied)


@router.delete("/{game_id}", status_code=204, response_class=Response, responses=errors(404))
async def delete_game(game_id: str, request: Request) -> Response:
    """Remove one of this player's saved games (204); a deal being played counts as lost."""
    service_of(request).delete(player_of(request), game_id)
    return Response(status_code=204)


@router.post("/{game_id}/finish", responses=errors(404, 409))
async def finish(game_id: str, body: VersionIn, request: Request) -> GameOut:
    """Play every remaining card to the foundations when the rest is a sure win; ``applied`` lists the moves.

    A sure win: the stock is empty and foundation moves alone, in any order, put every card up
    (``can_finish`` in the game says so). Otherwise 422 with the reason, and nothing changes.
    """
    service = service_of(request)
    record, state, applied = service.finish(player_of(request), game_id, body.version)
    return service.describe(record, state, applied)


@router.post("/{game_id}/clock", responses=errors(404))
async def clock(game_id: str, body: ClockIn, request: Request) -> ClockOut:
    """A page reports that it shows this game (``visible``) or no longer does; answers the play time.

    Each report adds the time since the previous one, at most 30 seconds, and nothing after a
    report with ``visible: false``: the clock counts only while a page shows the game.
    """
    record = service_of(request).clock_report(player_of(request), game_id, body.visible)
    return ClockOut(version=record.version, elapsed_seconds=math.floor(record.elapsed),
                    clock_running=record.clock_running)


@router.post("/{game_id}/undo", responses=errors(404, 409))
async def undo(game_id: str, body: VersionIn, request: Request) -> GameOut:
    """Take back the last action (a move list or a double-click)."""
    service = service_of(request)
    return service.describe(*service.undo(player_of(request), game_id, body.version))


@router.post("/{game_id}/redo", responses=errors(404, 409))
async def redo(game_id: str, body: VersionIn, request: Request) -> GameOut:
    """Play again the last action undone."""
    service = service_of(request)
    return service.describe(*service.redo(player_of(request), game_id, body.version))


@router.post("/{game_id}/restart", status_code=201, responses=errors(404))
async def restart(game_id: str, request: Request) -> GameOut:
    """A new game on the same deal; the old one, if unfinished with moves, counts as lost."""
    service = service_of(request)
    return service.describe(*service.restart(player_of(request), game_id))


@router.post("/{game_id}/abandon", responses=errors(404))
async def abandon(game_id: str, request: Request) -> GameOut:
    """End the game; with moves played it counts as lost."""
    service = service_of(request)
    return service.describe(*service.abandon(player_of(request), game_id))


@router.get("/{game_id}/hint", responses=errors(404))
def hint(game_id: str, request: Request) -> HintOut:
    """A suggested move, from a winning line when the solver finds one in its budget.

    Marks the game as having used hints (shown in the statistics of a win).
    """
    service, player = service_of(request), player_of(request)
    record, state = service.load(player, game_id)
    if record.finished:
        return HintOut(move=None, basis="heuristic", status="winnable" if record.won else "lost",
                       explanation=_("This game is over."), line=[])
    found = analyzer_of(request).hint(record.game, state, get_language())
    service.store.mark_hint_used(player, game_id)
    return HintOut.model_validate(found)


@router.get("/{game_id}/winnable", responses=errors(404))
async def winnable(game_id: str, request: Request) -> WinnableOut:
    """Can this position still be won? ``pending`` until the background solver answers; ask again."""
    record, state = service_of(request).load(player_of(request), game_id)
    game = get_game(record.game)
    if record.won or game.is_won(state):
        status = "winnable"
    elif record.finished or game.is_stuck(state):
        status = "lost"
    else:
        status = analyzer_of(request).winnability(record.id, record.game, state)
    return WinnableOut.model_validate({"version": record.version, "status": status})
