"""``GET /api/games/{id}/review`` (where the game was lost), ``POST /api/games/{id}/review/play-on`` (a new
game at its turning point) and ``GET /api/daily`` (the deal of the day)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, HTTPException, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from patience.catalog import CatalogError, daily_deal, parse_day
from patience.errors import UnknownGameError
from patience.fair_review import costliest_text
from patience.i18n import _, get_language, ngettext
from patience.kit import observing
from patience.review import positions_of
from patience.rules import Game, Move, get_game
from patience.solver.result import Status
from patience.store import GameRecord
from patience.table import deal_of, stale
from patience.web.routers.common import errors, player_of, service_of
from patience.web.routers.stats import DAY_PATTERN
from patience.web.schemas import (
    CostliestOut,
    DailyOut,
    FairDecisionOut,
    FairPartOut,
    FairReviewOut,
    GameOut,
    ReviewOut,
    ReviewStepOut,
    VersionIn,
    ViewOut,
    game_slugs_schema,
)
from patience.web.service import view_out
from patience.wording import describe_move, move_text
from patience.workers import Workers
from patience.workers.fair_reviews import FairProgress
from patience.workers.odds import seed_of
from patience.workers.pool import WorkersBusyError
from patience.workers.reviews import Reviewer

router = APIRouter(tags=["analysis"])
MAX_STEPS = 400
#: Seconds to wait before asking again when too many reviews run (503).
REVIEW_RETRY_SECONDS = 10


def reviewer_of(request: Request) -> Reviewer:
    """The app's reviewer."""
    reviewer: Reviewer = request.app.state.reviewer
    return reviewer


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
    service = service_of(request)
    record, _state = await run_in_threadpool(service.load, player_of(request), game_id)
    moves = await run_in_threadpool(service.moves_of, record)
    workers: Workers = request.app.state.workers
    answers, lang = workers.review_answers, get_language()
    try:
        found = await reviewer_of(request).review(record.id, record.version, record.game, deal_of(record),
                                                  moves)
        # An answer with its winning line is about a megabyte of JSON: made and encoded once per game,
        # version and language in the answers' own thread, so the event loop (where moves are played)
        # only sends bytes.
        kept = reviewer_of(request).known(record.id, record.version) is found
        key = (record.id, record.version, lang) if kept else object()
        answer = await answers.get(key, reviewed_json, record, moves, found)
        if not fair:
            return json_response(answer)
        progress = workers.fair_reviews.poll(record.id, record.version, record.game, deal_of(record), moves,
                                             await answers.get(("seed", record.game, deal_of(record)),
                                                               deal_seed, record.game, deal_of(record)))
        part = await answers.get((record.id, record.version, lang, progress.looked_at, progress.done,
                                  progress.failed), fair_part_json, record, moves, progress)
    except WorkersBusyError:
        raise HTTPException(503, _("Too many reviews are running: try again in a minute."),
                            headers={"Retry-After": str(REVIEW_RETRY_SECONDS)}) from None
    return json_response(with_fair(answer, part))


def json_response(content: bytes) -> Response:
    """An answer already encoded as JSON."""
    return Response(content, media_type="application/json")


def with_fair(review: bytes, part: bytes) -> bytes:
    """The encoded review with the encoded fair part as its last key, ``fair`` (as :class:`FairReviewOut`).

    >>> with_fair(b'{"moves":4}', b'{"status":"pending"}')
    b'{"moves":4,"fair":{"status":"pending"}}'
    """
    return b"".join((memoryview(review)[:-1], b',"fair":', part, b"}"))


def reviewed_json(record: GameRecord, moves: list[str], found: dict[str, Any]) -> bytes:
    """:func:`reviewed` encoded as JSON."""
    return reviewed(record, moves, found).model_dump_json().encode()


def deal_seed(slug: str, deal: int | str) -> int:
    """The fair samples' seed of a deal: made from what the player sees at the deal."""
    game = get_game(slug)
    return seed_of(observing(game).observe(game.new(deal), []))


def fair_part_json(record: GameRecord, moves: list[str], progress: FairProgress) -> bytes:
    """:func:`fair_part` encoded as JSON."""
    return fair_part(get_game(record.game), record, moves, progress).model_dump_json().encode()


@router.post("/api/games/{game_id}/review/play-on", status_code=201, responses=errors(404, 409, 503))
async def play_on(game_id: str, body: VersionIn, request: Request) -> GameOut:
    """A new game on the same deal at the review's turning point (201): the moves up to it replayed, one
    undo step each, counted as a game with hints. The game reviewed is left as it is.

    ``version`` is the version reviewed: 409 when the game changed since; 422 when the review finds no
    turning point (the game was won, can still be won, could not be won from the deal, or the review
    ran out of time); 503 when too many reviews are running.
    """
    service, player = service_of(request), player_of(request)
    record, _state = await run_in_threadpool(service.load, player, game_id)
    if record.version != body.version:
        raise stale()
    moves = await run_in_threadpool(service.moves_of, record)
    try:
        found = await reviewer_of(request).review(record.id, record.version, record.game, deal_of(record),
                                                  moves)
    except WorkersBusyError:
        raise HTTPException(503, _("Too many reviews are running: try again in a minute.")) from None
    new, state = await run_in_threadpool(service.play_on, player, game_id, body.version, found["lost_at"])
    return service.describe(new, state)


def reviewed(record: GameRecord, moves: list[str], found: dict[str, Any]) -> ReviewOut:
    """The review's answer with every position of the game replayed (away from the event loop)."""
    game = get_game(record.game)
    state = game.new(deal_of(record))
    states = [state]
    for text in moves:
        state = game.apply_legal(state, Move.parse(text))
        states.append(state)
    return described(game, found, moves, states)


def described(game: Game[Any], found: dict[str, Any], moves: list[str], states: list[Any]) -> ReviewOut:
    """A review's object with the turning point and the winning line in words and boards."""
    lost_at: int | None = found["lost_at"]
    line = [Move.parse(m) for m in found["line"]]
    extra: dict[str, Any] = {}
    if lost_at:
        start = states[lost_at - 1]
        played = Move.parse(moves[lost_at - 1])
        extra = {"played": str(played), "played_words": describe_move(game, start, played),
                 "better_words": describe_move(game, start, line[0])}
    elif found["status"] == Status.WINNABLE:
        start = states[-1]
    elif lost_at == 0:  # never winnable: the deal as dealt (no line to show from it)
        start, line = states[0], []
    else:
        start = None
    steps: list[ReviewStepOut] = []
    if start is not None:
        extra["turning_point"] = view_of(game, start)
        state = start
        for move in line[:MAX_STEPS]:
            words = describe_move(game, state, move)
            state = game.apply_legal(state, move)
            steps.append(ReviewStepOut(move=str(move), words=words, view=view_of(game, state)))
    return ReviewOut(**found, summary=summary(found, extra), steps=steps, **extra)


def fair_part(game: Game[Any], record: GameRecord, moves: list[str], progress: FairProgress) -> FairPartOut:
    """The fair review so far in words, with the boards around its costliest move."""
    review = progress.review
    costliest = None
    status: Literal["pending", "done", "unknown"]
    if progress.done:
        states = positions_of(game, deal_of(record), [Move.parse(m) for m in moves])
        summary = costliest_text(game, states, review)
        found = review.costliest
        if found is not None:
            before = states[found.number - 1]
            costliest = CostliestOut(**found.as_json(), words=move_text(game, before, found.move),
                                     view=view_of(game, before),
                                     view_after=view_of(game, states[found.number]))
        status = "done"
    elif progress.failed:
        summary, status = _("The fair review could not be finished: try again later."), "unknown"
    else:
        summary = ngettext("Weighing your moves from what you saw: {done} of {count} move looked at…",
                           "Weighing your moves from what you saw: {done} of {count} moves looked at…",
                           len(moves)).format(done=progress.looked_at, count=len(moves))
        status = "pending"
    return FairPartOut(status=status, looked_at=progress.looked_at, moves=len(moves), samples=review.samples,
                       seed=review.seed, max_nodes=review.max_nodes or 0,
                       decisions=[FairDecisionOut.model_validate(d.as_json()) for d in review.decisions],
                       costliest=costliest, summary=summary)


def view_of(game: Game[Any], state: Any) -> ViewOut:
    """A board as the page draws it."""
    return view_out(game.view(state))


def summary(found: dict[str, Any], extra: dict[str, Any]) -> str:
    """The verdict in words."""
    status, lost_at = found["status"], found["lost_at"]
    if status == Status.WON:
        return _("This game was won.")
    if status == Status.WINNABLE:
        return _("This game can still be won.")
    if status == Status.UNKNOWN:
        return _("Not decided: a search ran out of time.")
    if lost_at == 0:
        return _("This deal could not be won from the start.")
    return _("Move {number} lost the game: {move}. Instead: {better}.").format(
        number=lost_at, move=extra["played_words"], better=extra["better_words"])


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
    return DailyOut(game=game, date=day.isoformat(), deal=entry.deal, difficulty=cast(Any, entry.difficulty))
