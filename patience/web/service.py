"""Games for the web app: the :class:`~patience.table.Table` and its answers described as JSON.

Every action and refusal is the table's (:mod:`patience.table`, domain errors
that ``patience.web.app`` maps to HTTP answers): a :class:`GameService` holds
the app's :class:`~patience.table.Table` (``service.table``) and adds what the
API answers: the game as :class:`~patience.web.schemas.GameOut`, the list of
saved games, the statistics, what a page reads of a game (its latest game, its
last move, what the player sees). The routers read and change games only
through it, never through the store. Answers carry the last
:data:`RECENT_MOVES` moves unless the whole history is asked for.

>>> from patience.store import Store
>>> service = GameService(Table(Store(":memory:")))
>>> record, state = service.table.create("player-one-000000", "hamilton", deal=1, deck=None)
>>> record, state = service.table.play("player-one-000000", record.id, ["s", "c-f1"], version=0)
>>> service.describe(record, state).moves
['s', 'c-f1']
>>> service.describe(record, state, history=True).history
'full'
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator
from datetime import UTC, datetime
from typing import Final, cast

from patience.finish import is_sure_win
from patience.i18n import _
from patience.kit import observing
from patience.observation import Observation
from patience.rules import Move, State, View, get_game
from patience.store import GameFilter, GameRecord, PlayedDeal, Statistics
from patience.store.exchange import csv_chunks, json_chunks
from patience.table import CHECKPOINT_EVERY, Clock, Table, deal_of, known_game
from patience.web.schemas import Difficulty, GameOut, GameSummaryOut, PileOut, ViewOut

__all__ = ["CHECKPOINT_EVERY", "RECENT_MOVES", "Clock", "GameRecord", "GameService", "Statistics", "deal_of",
           "game_message", "game_name", "iso_time", "known_game", "status_text", "view_out"]

#: Moves (and redo moves) a game answer carries unless ``?history=full`` asks for all.
RECENT_MOVES: Final = 50


def iso_time(timestamp: float) -> str:
    """UTC time as ``2026-11-30T06:00:00Z``.

    >>> iso_time(0.0)
    '1970-01-01T00:00:00Z'
    """
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_name(slug: str) -> str:
    """The translated name of a game."""
    return _(get_game(slug).name)


class GameService:
    """The app's :class:`~patience.table.Table`, with its games described as the API answers them."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # --- describing ---------------------------------------------------------------------------------
    def describe(self, record: GameRecord, state: State, applied: list[str] | None = None,
                 history: bool = False, automatic: list[str] | None = None) -> GameOut:
        """The game as the API answers it, texts in the current language.

        ``moves`` and ``redo`` hold the last and next :data:`RECENT_MOVES` moves, or every one with
        ``history`` (``?history=full``). A running clock is counted up to now in ``elapsed_seconds``
        (nothing is saved), so every answer and the game embedded in the page show the same time.
        """
        record = record.clocked(self.table.clock(), running=record.clock_running)
        game = get_game(record.game)
        if history:
            full = self.table.store.history(record)
            moves, redo = full.moves, full.redo_moves
        else:
            moves, redo = self.table.store.recent_moves(record, RECENT_MOVES)
        view = game.view(state)
        legal = [] if record.finished else [str(m) for m in game.legal_moves(state)]
        return GameOut(
            id=record.id, game=record.game, name=game_name(record.game), deal=record.deal, deck=record.deck,
            version=record.version, moves=moves, redo=redo, history="full" if history else "recent",
            undo_available=record.actions > 0 and not record.finished,
            redo_available=record.redo_actions > 0 and not record.finished,
            view=view_out(view),
            legal=legal, status_text=status_text(view, record.move_count),
            message=game_message(record, view), finished=record.finished, won=record.won,
            elapsed_seconds=math.floor(record.elapsed), move_count=record.move_count,
            clock_running=record.clock_running,
            can_finish=not record.finished and is_sure_win(game, state, view),
            used_hints=record.used_hints, used_undo=record.used_undo,
            created_at=iso_time(record.created_at), updated_at=iso_time(record.updated_at),
            applied=applied, automatic=automatic,
            difficulty=self.difficulty_of(record),
        )

    def difficulty_of(self, record: GameRecord) -> Difficulty | None:
        """easy, medium or hard when the game's numbered deal is known to be winnable, else None."""
        if record.deck is not None:
            return None
        # the catalog's levels are the schema's Difficulty values
        return cast("Difficulty | None", self.table.catalog.difficulty(record.game, record.deal))

    def summaries(self, player: str, status: GameFilter) -> list[GameSummaryOut]:
        """The player's saved games, most recent first."""
        return [
            GameSummaryOut(id=r.id, game=r.game, name=game_name(r.game), deal=r.deal, score=r.score,
                           max_score=get_game(r.game).max_score, move_count=r.move_count,
                           updated_at=iso_time(r.updated_at), finished=r.finished, won=r.won)
            for r in self.table.store.list_games(player, status)
        ]

    # --- reading games ------------------------------------------------------------------------------
    def current(self, player: str) -> tuple[GameRecord, State] | None:
        """The player's most recently played unfinished game and its position, if any."""
        record = self.table.store.current_game(player)
        return None if record is None else (record, self.table.state_of(record))

    def has_games(self, player: str) -> bool:
        """Whether the player has any game at all, played or only dealt."""
        return bool(self.table.store.list_games(player, limit=1, played_only=False))

    def last_move(self, record: GameRecord) -> str | None:
        """The game's last move played, as stored (None before the first)."""
        if not record.actions:
            return None
        last = self.table.store.recent_moves(record, 1)[0]
        return last[-1] if last else None

    def mark_hint_used(self, player: str, game_id: str) -> None:
        """The game counts as won with hints (shown in the statistics)."""
        self.table.store.mark_hint_used(player, game_id)

    def observe(self, record: GameRecord, state: State) -> Observation:
        """What the player sees of a game's position (reads the game's moves)."""
        played = [Move.parse(text) for text in self.table.moves_of(record)]
        return observing(get_game(record.game)).observe(state, played)

    # --- statistics ---------------------------------------------------------------------------------
    def statistics(self, player: str, slug: str, level: str | None, recent: int) -> Statistics:
        """The player's statistics of a game, of the deals of ``level`` only when given."""
        deals: Collection[int] | None = None if level is None else self.table.catalog.deals_of(slug, level)
        return self.table.store.stats(player, slug, deals, recent=recent)

    def reset_statistics(self, player: str, slug: str) -> None:
        """Forget the player's statistics of a game."""
        self.table.store.reset_stats(player, slug)

    def export(self, player: str, slug: str | None, format: str) -> Iterator[bytes]:
        """Every deal the player played (of ``slug``, or of every game) as a ``csv`` or ``json`` file.

        Written out as it is read, a page of rows at a time: memory stays flat however many games there are.
        """
        deals: Iterator[PlayedDeal] = self.table.store.iter_results(player, slug)
        return (chunk.encode() for chunk in (csv_chunks if format == "csv" else json_chunks)(deals))


def view_out(view: View) -> ViewOut:
    """A board as the API answers it."""
    return ViewOut.model_construct(
        piles=[PileOut.model_construct(pile=p.pile, notation=p.notation, kind=p.kind, cards=list(p.cards),
                                       face_down=p.face_down, direction=p.direction) for p in view.piles],
        score=view.score, max_score=view.max_score, won=view.won, stuck=view.stuck, status=dict(view.status),
    )


def status_text(view: View, move_count: int) -> str:
    """The status bar, e.g. ``Score 3/52 · Stock 21 · Start rank 9 · Moves 12``."""
    status = view.status
    parts = [_("Score {score}/{max_score}").format(score=view.score, max_score=view.max_score)]
    if status.get("stock_left") is not None:
        parts.append(_("Stock {count}").format(count=status["stock_left"]))
    if status.get("waste_size") is not None:
        parts.append(_("Waste {count}").format(count=status["waste_size"]))
    if status.get("choices_left") is not None:
        parts.append(_("Choices left {count}").format(count=status["choices_left"]))
    if status.get("start_rank_name") is not None:
        parts.append(_("Start rank {rank}").format(rank=status["start_rank_name"]))
    parts.append(_("Moves {count}").format(count=move_count))
    return " · ".join(parts)


def game_message(record: GameRecord, view: View) -> str | None:
    """The sentence for a won, abandoned or stuck game; None while play goes on."""
    if record.won or view.won:
        return _("You won!")
    if record.finished:
        return _("This game is over.")
    if view.stuck:
        return _("No move is left: this game is lost. Undo, restart or start a new game.")
    return None
