"""``/api/stats``: a player's statistics per game, resetting them, and keeping them in a file.

Numbers come raw and, under ``formatted``, as text for the player's
language (Babel): percentages, decimals, durations and dates.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Annotated, Final, Literal, cast

from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.responses import StreamingResponse

from patience.catalog import DIFFICULTIES, CatalogError, check_difficulty
from patience.i18n import _, get_language, pgettext
from patience.table import known_game
from patience.web.middleware import is_json
from patience.web.routers.common import errors, player_of, service_of
from patience.web.schemas import DAY_PATTERN as DAY_PATTERN  # re-exported: the name stays where it was
from patience.web.schemas import IMPORT_BODY, Difficulty, HistoryOut, ImportOut, ResetOut, StatsOut
from patience.web.service import Statistics, iso_time
from patience.wording import clock_text
from patience.workers.imports import ImportRefused, Imports, TooManyGames
from patience.workers.pool import WorkersBusyError

router = APIRouter(prefix="/api/stats", tags=["statistics"])
HISTORY_LENGTH = 100
#: Seconds to wait before trying an import again when others are under way (503).
IMPORT_RETRY_SECONDS: Final = 5


def formatted(stats: Statistics, lang: str) -> dict[str, str | list[dict[str, str]]]:
    """The statistics as text for ``lang``; a missing value is a dash."""
    none = "—"

    def number(value: int | None) -> str:
        return none if value is None else format_decimal(value, locale=lang)

    history = [
        {
            "finished_at": none if r.finished_at is None else format_datetime(
                datetime.fromtimestamp(r.finished_at, UTC), "short", locale=lang),
            "result": (_("In progress") if r.won is None
                       else pgettext("a game's result", "Won") if r.won
                       else pgettext("a game's result", "Lost")),
            "score": number(r.score),
            "time": clock_text(r.seconds),
            "moves": number(r.moves),
        }
        for r in reversed(stats.history[-HISTORY_LENGTH:])
    ]
    best = stats.best_time_seconds
    return {
        "played": number(stats.played),
        "won": number(stats.won),
        "win_rate": format_percent(stats.win_rate, locale=lang),
        "current_streak": number(stats.current_streak),
        "best_streak": number(stats.best_streak),
        "best_time": none if best is None else clock_text(best),
        "best_time_words": none if best is None else format_timedelta(
            timedelta(seconds=round(best)), granularity="second", threshold=1.5, locale=lang),
        "fewest_moves": number(stats.fewest_moves),
        "average_score": none if stats.average_score is None
        else format_decimal(stats.average_score, format="#,##0.0", locale=lang),
        "wins_with_hints": number(stats.wins_with_hints),
        "wins_with_undo": number(stats.wins_with_undo),
        "history": history,
        "definition": _("Played: every deal with at least one move, finished or not; "
                        "a deal counts as won only once it is won."),
        "moves_definition": _("Moves count every move played, also the cards that went up to the "
                              "foundations by themselves."),
    }


@router.get("", responses=errors(404))
def get_stats(game: str, request: Request, difficulty: Annotated[str | None, Query(
        json_schema_extra={"enum": [*DIFFICULTIES, None]})] = None) -> StatsOut:
    """This player's statistics for ``game`` (hamilton or union-square).

    ``difficulty`` (easy, medium or hard): only the deals of that difficulty (numbered deals proven
    winnable, see ``POST /api/games`` with ``winnable``); others answer 422.
    """
    known_game(game)
    service = service_of(request)
    try:
        level = check_difficulty(difficulty)
    except CatalogError as exc:
        raise HTTPException(422, str(exc)) from None
    stats = service.statistics(player_of(request), game, level, recent=HISTORY_LENGTH)
    return StatsOut(
        difficulty=cast("Difficulty | None", level),  # check_difficulty let only the levels through
        game=game, played=stats.played, won=stats.won, win_rate=stats.win_rate,
        current_streak=stats.current_streak, best_streak=stats.best_streak,
        best_time_seconds=None if stats.best_time_seconds is None else math.floor(stats.best_time_seconds),
        fewest_moves=stats.fewest_moves, average_score=stats.average_score,
        wins_with_hints=stats.wins_with_hints, wins_with_undo=stats.wins_with_undo,
        history=[HistoryOut(finished_at=None if r.finished_at is None else iso_time(r.finished_at),
                            started_at=iso_time(r.started_at), finished=r.won is not None,
                            won=bool(r.won), score=r.score,
                            seconds=round(r.seconds), moves=r.moves, used_hints=r.used_hints,
                            used_undo=r.used_undo)
                 for r in reversed(stats.history[-HISTORY_LENGTH:])],
        formatted=formatted(stats, get_language()),
    )


@router.delete("", responses=errors(404))
def reset_stats(game: str, request: Request) -> ResetOut:
    """Forget this player's statistics for ``game``."""
    known_game(game)
    service_of(request).reset_statistics(player_of(request), game)
    return ResetOut(reset=True)


@router.get("/export", responses={**errors(404), 200: {"content": {"application/json": {}, "text/csv": {}},
                                                        "description": "The export file"}})
def export_stats(request: Request, format: Literal["json", "csv"] = "json",
                 game: str | None = None) -> Response:
    """Every game this player played (finished or not, of ``game`` or of every game), as a file: deal or
    deck, result, score, moves, seconds, start and end (UTC), hints and undo used."""
    if game is not None:
        known_game(game)
    name = f"patience-statistics.{format}"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    chunks = service_of(request).export(player_of(request), game, format)
    return StreamingResponse(chunks, headers=headers, media_type="text/csv; charset=utf-8"
                             if format == "csv" else "application/json")


@router.post("/import", responses=errors(400, 415), openapi_extra=IMPORT_BODY)
async def import_stats(request: Request) -> ImportOut:
    """Add the games of a JSON export (``GET /api/stats/export``) to this player's statistics. Games
    already kept (the same id) are left as they are, so importing a file twice adds nothing. A file that
    is not a valid export answers 400 naming the fault, and nothing is added; a body sent as anything but
    ``application/json`` answers 415. A player's statistics hold at most 50,000 games: a file whose new
    games would make more answers 400 naming the limit, and nothing is added."""
    if not is_json(request.headers.get("content-type")):
        raise HTTPException(415, _("Send the statistics file as application/json."))
    imports: Imports = request.app.state.imports
    try:
        with imports.place():  # read, checked and written in a worker process, one import at a time
            added, count = await imports.add(player_of(request), await request.body(), get_language())
    except TooManyGames as exc:
        raise HTTPException(400, str(exc)) from None
    except ImportRefused as exc:
        raise HTTPException(400, _("This is not a statistics file of patience: {problem}.").format(
            problem=exc)) from None
    except (WorkersBusyError, RuntimeError):
        raise HTTPException(503, _("Too many statistics files are being imported: try again in a minute."),
                            headers={"Retry-After": str(IMPORT_RETRY_SECONDS)}) from None
    return ImportOut(added=added, already_kept=count - added)
