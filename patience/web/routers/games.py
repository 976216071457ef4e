"""``/api/games``: deal, list, resume, move, double-click, undo, redo, restart, abandon, hint, winnable.

A move costs about a millisecond of rules and SQLite work, so the game
routes run it directly in the event loop: no thread hop, which is what
keeps round trips short with many players. Long work never runs here: the
solver runs in worker processes, and ``/hint`` awaits its worker without
holding a thread, so no other route waits behind a hint.
"""

from __future__ import annotations

import math
from typing import Annotated, Final, Literal

from fastapi import APIRouter, HTTPException, Query, Request, Response

from patience.i18n import _, get_language
from patience.kit import kit_of
from patience.rules import game_slugs, get_game
from patience.web.routers.common import analysis_of, errors, player_of, service_of
from patience.web.schemas import (
    CatalogEntryOut,
    ClockIn,
    ClockOut,
    DoubleClickIn,
    FairHintOut,
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

#: ``?history=full``: the answer carries every move played and every redo move, not only the last 50.
History = Annotated[Literal["recent", "full"], Query(
    description="full: every move and redo move of the game in the answer; recent (default): the last 50")]


@router.get("/catalog", responses=errors())
async def catalog() -> list[CatalogEntryOut]:
    """The games that can be played."""
    return [CatalogEntryOut(slug=slug, name=game_name(slug), max_score=get_game(slug).max_score,
                            builds_by_colour=kit_of(slug).table.builds_by_colour, layout=kit_of(slug).layout)
            for slug in game_slugs()]


@router.post("", status_code=201, responses={**errors(400, 404), 200: {
    "model": GameOut, "description": "This player's unfinished game of this deal, returned instead"}})
async def new_game(body: NewGameIn, request: Request, response: Response,
                   history: History = "recent") -> GameOut:
    """Deal a new game: ``deal`` number, ``deck`` string, or neither for a random deal (201).

    With a ``deal`` or ``deck`` for which this player has an unfinished game of the same game, that
    game is returned (200) instead, unless ``fresh`` is true. ``winnable: true`` (optionally with
    ``difficulty``: easy, medium or hard) deals a numbered deal the solver has proven winnable, chosen
    at random; the game's ``difficulty`` says which level it is. Other unfinished games stay in the
    saved games (each counts as played, not won, until finished), except ``abandon``: the game left for
    this one, which ends as lost (as ``POST /api/games/{id}/abandon``) unless it is the one returned.
    """
    service, player = service_of(request), player_of(request)
    if body.abandon is not None:
        service.table.load(player, body.abandon)  # 404 before anything is dealt
    record, state, new = service.table.open_deal(player, body.game, body.deal, body.deck, body.fresh,
                                           winnable=body.winnable, difficulty=body.difficulty)
    if body.abandon is not None and body.abandon != record.id:
        service.table.abandon(player, body.abandon)
    if not new:
        response.status_code = 200
    return service.describe(record, state, history=history == "full")


@router.get("", responses=errors())
async def list_games(request: Request,
                     status: Literal["all", "unfinished", "finished"] = "all") -> list[GameSummaryOut]:
    """This player's games, most recently played first (at most 100)."""
    return service_of(request).summaries(player_of(request), status)


@router.get("/current", responses=errors(404))
async def current_game(request: Request, history: History = "recent") -> GameOut:
    """This player's most recently played unfinished game."""
    service = service_of(request)
    current = service.current(player_of(request))
    if current is None:
        raise HTTPException(404, _("There is no unfinished game."))
    return service.describe(*current, history=history == "full")


#: The game a player with no game at all is dealt, as the page deals it when it remembers no game:
#: the registry's first (its game menu lists the registry in this order).
FIRST_GAME: Final = game_slugs()[0]


def opening_game(request: Request, *, may_deal: bool) -> tuple[GameOut | None, bool]:
    """The game the page will show first, when the server can tell: (the game, whether it was dealt now).

    For ``GET /`` to embed, so the page draws it without asking. A player with an unfinished game gets
    the most recently changed one (``GET /api/games/current``; the page shows it when it is the game
    this browser played last, or the first of the unfinished games when the browser remembers none).
    A player with no game at all gets a new random deal of :data:`FIRST_GAME` when ``may_deal`` (a
    browser opening the page, which would deal it at once with ``POST /api/games``); else None.

    A running clock is counted up to now (nothing is saved), as in every answer that describes a game:
    the page being reloaded has not yet said that it no longer shows the game.
    """
    service, player = service_of(request), player_of(request)
    current = service.current(player)
    if current is not None:
        return service.describe(*current), False
    if not may_deal or service.has_games(player):
        return None, False
    record, state = service.table.create(player, FIRST_GAME, None, None)
    return service.describe(record, state), True


@router.get("/{game_id}", responses=errors(404))
async def get_one(game_id: str, request: Request, history: History = "recent") -> GameOut:
    """One of this player's games (``?history=full``: with every move, not only the last 50)."""
    service = service_of(request)
    return service.describe(*service.table.load(player_of(request), game_id), history=history == "full")


@router.post("/{game_id}/moves", responses=errors(400, 404, 409))
async def play_moves(game_id: str, body: MovesIn, request: Request, history: History = "recent") -> GameOut:
    """Play moves in our notation, in order, all or none, as one action; saved before the answer.

    With ``autodrop`` safe or all, the cards that then go up to the foundations by themselves are
    played in the same action (one undo takes them back too) and listed in ``automatic``.
    400: a move cannot be read; 422: a move is illegal (the detail says why); 409: ``version`` is old.
    """
    service = service_of(request)
    record, state, automatic = service.table.play_auto(player_of(request), game_id, body.moves, body.version,
                                                 autodrop=body.autodrop)
    return service.describe(record, state, history=history == "full",
                            automatic=automatic if body.autodrop != "off" else None)


@router.post("/{game_id}/double-click", responses=errors(400, 404, 409))
async def double_click(game_id: str, body: DoubleClickIn, request: Request,
                       history: History = "recent") -> GameOut:
    """The double-click convenience on a pile; ``applied`` lists the moves it made, ``automatic`` those
    that then went up by themselves (``autodrop``, as for moves)."""
    service = service_of(request)
    record, state, applied, automatic = service.table.double_click_auto(
        player_of(request), game_id, body.pile, body.version, autodrop=body.autodrop)
    return service.describe(record, state, applied, history=history == "full",
                            automatic=automatic if body.autodrop != "off" else None)


@router.delete("/{game_id}", status_code=204, response_class=Response, responses=errors(404))
async def delete_game(game_id: str, request: Request) -> Response:
    """Remove one of this player's saved games (204); a deal being played counts as lost."""
    service_of(request).table.delete(player_of(request), game_id)
    return Response(status_code=204)


@router.post("/{game_id}/finish", responses=errors(404, 409))
async def finish(game_id: str, body: VersionIn, request: Request) -> GameOut:
    """Play every remaining card to the foundations when the rest is a sure win; ``applied`` lists the moves.

    A sure win: the stock is empty and foundation moves alone, in any order, put every card up
    (``can_finish`` in the game says so). Otherwise 422 with the reason, and nothing changes.
    """
    service = service_of(request)
    record, state, applied = service.table.finish(player_of(request), game_id, body.version)
    return service.describe(record, state, applied)


@router.post("/{game_id}/clock", responses=errors(404))
async def clock(game_id: str, body: ClockIn, request: Request) -> ClockOut:
    """A page reports that it shows this game (``visible``) or no longer does; answers the play time.

    Each report adds the time since the previous one, at most 30 seconds, and nothing after a
    report with ``visible: false``: the clock counts only while a page shows the game.
    """
    record = service_of(request).table.clock_report(player_of(request), game_id, body.visible)
    return ClockOut(version=record.version, elapsed_seconds=math.floor(record.elapsed),
                    clock_running=record.clock_running)


@router.post("/{game_id}/undo", responses=errors(400, 404, 409))
async def undo(game_id: str, body: VersionIn, request: Request, history: History = "recent") -> GameOut:
    """Take back the last action (a move list or a double-click)."""
    service = service_of(request)
    return service.describe(*service.table.undo(player_of(request), game_id, body.version),
                            history=history == "full")


@router.post("/{game_id}/redo", responses=errors(400, 404, 409))
async def redo(game_id: str, body: VersionIn, request: Request, history: History = "recent") -> GameOut:
    """Play again the last action undone."""
    service = service_of(request)
    return service.describe(*service.table.redo(player_of(request), game_id, body.version),
                            history=history == "full")


@router.post("/{game_id}/restart", status_code=201, responses=errors(404))
async def restart(game_id: str, request: Request, history: History = "recent") -> GameOut:
    """A new game on the same deal; the old one, if unfinished with moves, counts as lost."""
    service = service_of(request)
    return service.describe(*service.table.restart(player_of(request), game_id), history=history == "full")


@router.post("/{game_id}/abandon", responses=errors(404))
async def abandon(game_id: str, request: Request, history: History = "recent") -> GameOut:
    """End the game; with moves played it counts as lost."""
    service = service_of(request)
    return service.describe(*service.table.abandon(player_of(request), game_id), history=history == "full")


#: ``?fair=1``: the fair hint, which reads only what the player sees.
Fair = Annotated[bool, Query(description="The fair hint: only what the player sees (see /odds)")]


@router.get("/{game_id}/hint", responses=errors(404))
async def hint(game_id: str, request: Request, fair: Fair = False) -> HintOut | FairHintOut:
    """A suggested move, from a winning line when one is known or found in the budget.

    ``?fair=1``: the fair hint instead (``basis`` ``fair``, with ``won`` of ``samples``): the move
    after which most of the sampled ways to deal the unseen cards can still be won.

    Changes nothing: to count the hint in the statistics (a win "with hints"), the page asks with
    ``POST`` instead. On a known winning line it answers at once; when the solver is busy it answers
    at once with the heuristic move and ``busy: true``.
    """
    return await _hint(game_id, request, mark=False, fair=fair)


@router.post("/{game_id}/hint", responses=errors(404))
async def hint_used(game_id: str, request: Request, fair: Fair = False) -> HintOut | FairHintOut:
    """The same hint as ``GET``, and the game is marked as having used hints (shown in the statistics)."""
    return await _hint(game_id, request, mark=True, fair=fair)


async def _hint(game_id: str, request: Request, *, mark: bool, fair: bool = False) -> HintOut | FairHintOut:
    return await analysis_of(request).hint(player_of(request), game_id, mark=mark, fair=fair,
                                           lang=get_language())


@router.get("/{game_id}/winnable", responses=errors(404))
async def winnable(game_id: str, request: Request) -> WinnableOut:
    """Can this position still be won? ``pending`` while the background solver searches; ask again.

    Each position is searched with a growing budget while a page keeps asking (every few seconds), up
    to ``limit_seconds``; then ``unknown`` with ``searched_seconds``. Positions on a known winning line
    and positions reached from a lost one answer at once.
    """
    return analysis_of(request).winnability(player_of(request), game_id)
