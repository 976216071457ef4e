"""``GET /api/games/{id}/review`` (where the game was lost), ``POST /api/games/{id}/review/play-on`` (a new
game at its turning point) and ``GET /api/daily`` (the deal of the day); the reviews are
:class:`patience.web.reviews.GameReviews`'s."""

from __future__ import annotations

from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Query, Request, Response

from patience.catalog import CatalogError, daily_deal, parse_day
from patience.errors import UnknownGameError
from patience.i18n import _, get_language
from patience.rules import get_game
from patience.web.reviews import GameReviews
from patience.web.routers.common import errors, player_of
from patience.web.schemas import (
    DAY_PATTERN,
    DailyOut,
    Difficulty,
    FairReviewOut,
    GameOut,
    PlayOnIn,
    ReviewOut,
    game_slugs_schema,
)
from patience.workers.pool import WorkersBusyError

router = APIRouter(tags=["analysis"])
#: Seconds to wait before asking again when too many reviews run (503).
REVIEW_RETRY_SECONDS = 10


def reviews_of(request: Request) -> GameReviews:
    """The app's reviews of the players' games."""
    reviews: GameReviews = request.app.state.reviews
    return reviews


#: ``?fair=1``: the fair review as well, which reads only what the player saw.
Fair = Annotated[bool, Query(description="Also the fair review (key fair): the odds before and after "
                                         "each decision, from what the player saw only; ask again "
                                         "while fair.status is pending")]


@router.get("/api/games/{game_id}/review", response_model=ReviewOut | FairReviewOut,
            responses=errors(404, 503))
async def review_game(game_id: str, request: Request, fair: Fair = False) -> Response:
    """Where the game was lost: the first move after which it could no longer be won, a better move there,
    and the winning line from there, step by step (computed within the server's review budget).

    ``?fair=1``: also ``fair``, the fair review so far (worked out in the background, a piece each
    time a page asks): the move that cost the most odds, judged from what the player saw.
    """
    try:
        answer = await reviews_of(request).review(player_of(request), game_id, fair=fair, lang=get_language())
    except WorkersBusyError:
        raise HTTPException(503, _("Too many reviews are running: try again in a minute."),
                            headers={"Retry-After": str(REVIEW_RETRY_SECONDS)}) from None
    return Response(answer, media_type="application/json")


@router.post("/api/games/{game_id}/review/play-on", status_code=201, responses=errors(404, 409, 503))
async def play_on(game_id: str, body: PlayOnIn, request: Request) -> GameOut:
    """A new game on the same deal at the review's turning point (201): the moves up to it replayed, one
    undo step each, counted as a game with hints. The game reviewed is left as it is.

    ``version`` is the version reviewed: 409 when the game changed since, or when ``at`` (the moves
    before the position the page showed) is not where the review now starts; 422 when the review finds no
    turning point (the game was won, can still be won, could not be won from the deal, or the review
    ran out of time); 503 when too many reviews are running.
    """
    try:
        return await reviews_of(request).play_on(player_of(request), game_id, body.version, body.at)
    except WorkersBusyError:
        raise HTTPException(503, _("Too many reviews are running: try again in a minute.")) from None


@router.get("/api/daily", responses=errors(400))
async def daily(request: Request, game: Annotated[str, Query(json_schema_extra=cast(
        Any, game_slugs_schema))], date: Annotated[str | None, Query(
            description="YYYY-MM-DD (UTC)", json_schema_extra={"pattern": f"^{DAY_PATTERN}$"})]
        = None) -> DailyOut:
    """The daily deal of ``game`` on ``date`` (YYYY-MM-DD, default today, UTC): the same for everyone,
    proven winnable. Unknown games and dates that are not dates or more than 100 years away answer 400.
    """
    try:
        get_game(game)
        day = parse_day(date)
        entry = daily_deal(game, day)
    except UnknownGameError:
        raise HTTPException(400, _("There is no game called {name}.").format(name=game)) from None
    except CatalogError as exc:
        raise HTTPException(400, str(exc)) from None
    # the catalog's levels are the schema's Difficulty values
    return DailyOut(game=game, date=day.isoformat(), deal=entry.deal,
                    difficulty=cast("Difficulty", entry.difficulty))
