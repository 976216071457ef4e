"""Playing games for the web app: every action checked by the rules, saved, then described as JSON.

The service holds no game in memory that the database does not have: a
position is read back from its stored text (with a small cache keyed by game
id and version), so loading, undo and redo cost the same however long the
game; every change is saved with a version check before the answer, and a
refusal raises :class:`fastapi.HTTPException` with one translated sentence.
A game may have at most :data:`~patience.store.MAX_MOVES_PER_GAME` moves;
answers carry the last :data:`RECENT_MOVES` moves unless the whole history
is asked for.

>>> from patience.store import Store
>>> service = GameService(Store(":memory:"))
>>> record, state = service.create("player-one-000000", "hamilton", deal=1, deck=None)
>>> record, state = service.play("player-one-000000", record.id, ["s", "c-f1"], version=0)
>>> service.describe(record, state).moves
['s', 'c-f1']
>>> service.describe(record, state, history=True).history
'full'
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Final

from babel.numbers import format_decimal
from fastapi import HTTPException

from patience.catalog import Catalog, CatalogError, check_difficulty
from patience.deals import MAX_DEAL, deck_text
from patience.errors import InvalidDealError, InvalidMoveError, UnknownGameError
from patience.finish import NOT_YET, finish_moves, is_sure_win
from patience.i18n import _, get_language
from patience.rules import Game, Move, View, get_game, parse_pile
from patience.store import MAX_MOVES_PER_GAME, UNPLAYED_KEPT_SECONDS, GameRecord, Store
from patience.web.schemas import GameOut, GameSummaryOut, PileOut, ViewOut
from patience.wording import refusal

STATE_CACHE_SIZE: Final = 4096

#: Rebuilding a position of a game from schema 1 stores one on every this many actions on the way.
CHECKPOINT_EVERY: Final = 64

#: Moves (and redo moves) a game answer carries unless ``?history=full`` asks for all.
RECENT_MOVES: Final = 50

Clock = Callable[[], float]


def iso_time(timestamp: float) -> str:
    """UTC time as ``2026-11-30T06:00:00Z``.

    >>> iso_time(0.0)
    '1970-01-01T00:00:00Z'
    """
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@lru_cache(maxsize=4096)
def _parse_stored(text: str) -> Move:
    return Move.parse(text)


def deal_of(record: GameRecord) -> int | str:
    """The deck string or the deal number a game was dealt from."""
    if record.deck is not None:
        return record.deck
    if record.deal is None:
        raise ValueError(f"game {record.id} has neither a deal nor a deck")
    return record.deal


def game_name(slug: str) -> str:
    """The translated name of a game."""
    return _(get_game(slug).name)


def known_game(slug: str) -> Game[Any]:
    """The game registered under ``slug``, or 404."""
    try:
        return get_game(slug)
    except UnknownGameError:
        raise HTTPException(404, _("There is no game called {name}.").format(name=slug)) from None


def stale() -> HTTPException:
    """The refusal of a change made on an old version (another tab moved first)."""
    return HTTPException(409, _("This game changed in another tab."))


class GameService:
    """Games of every player, on top of a :class:`~patience.store.Store`."""

    def __init__(self, store: Store, clock: Clock = time.time, catalog: Catalog | None = None) -> None:
        self.store = store
        self.clock = clock
        self.catalog = catalog if catalog is not None else Catalog()
        self._states: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = threading.Lock()
        #: Moves replayed to rebuild positions (flat in a game's length; tests check it).
        self.moves_replayed = 0

    # --- positions ----------------------------------------------------------------------------------
    def state_of(self, record: GameRecord) -> Any:
        """The position a record is at (cached by id and version; else read from its stored text)."""
        key = (record.id, record.version)
        with self._lock:
            if key in self._states:
                self._states.move_to_end(key)
                return self._states[key]
        game = get_game(record.game)
        if record.position is not None:
            state = game.parse_position(record.position)
        else:
            state = self.state_at(record, record.actions)
        self._remember(record, state)
        return state

    def state_at(self, record: GameRecord, seq: int) -> Any:
        """The position after the game's action ``seq`` (0: the deal), from the stored positions."""
        game = get_game(record.game)
        if seq == 0:
            return game.new(deal_of(record))
        base, after = self.store.replay_from(record.id, seq)
        state = game.parse_position(base.position) if base and base.position else game.new(deal_of(record))
        kept: list[tuple[int, str]] = []
        for action in after:  # only games from before positions were stored get here
            state = self._replay(game, state, [action.moves])
            if action.seq % CHECKPOINT_EVERY == 0 or action.seq == seq:
                kept.append((action.seq, game.position_text(state)))
        if kept:  # checkpoints, so the next undo in this old game replays few moves
            self.store.keep_positions(record.id, kept)
        return state

    def _replay(self, game: Game[Any], state: Any, groups: Sequence[Sequence[str]]) -> Any:
        for group in groups:
            for text in group:
                state = game.apply_legal(state, _parse_stored(text))
                self.moves_replayed += 1
        return state

    def _remember(self, record: GameRecord, state: Any) -> None:
        with self._lock:
            self._states[(record.id, record.version)] = state
            while len(self._states) > STATE_CACHE_SIZE:
                self._states.popitem(last=False)

    def load(self, player: str, game_id: str) -> tuple[GameRecord, Any]:
        """The player's game and its position, or 404 (its moves: :meth:`moves_of`)."""
        record = self.store.get_game(player, game_id)
        if record is None:
            raise HTTPException(404, _("There is no such game."))
        return record, self.state_of(record)

    def moves_of(self, record: GameRecord) -> list[str]:
        """Every move played up to the record's position (reads the game's history)."""
        return self.store.history(record).moves

    def _save(self, record: GameRecord, state: Any, expected_version: int) -> tuple[GameRecord, Any]:
        if not self.store.save(record, expected_version):
            raise stale()
        self._remember(record, state)
        return record, state

    # --- creating -----------------------------------------------------------------------------------
    def open_deal(self, player: str, slug: str, deal: int | None, deck: str | None,
                  fresh: bool = False, *, winnable: bool = False,
                  difficulty: str | None = None) -> tuple[GameRecord, Any, bool]:
        """The player's unfinished game on this deal if there is one (unless ``fresh``), else a new one.

        Returns the game, its position and True when it was newly dealt. A
        random deal (neither ``deal`` nor ``deck``) is always new.
        """
        game = known_game(slug)
        if not fresh and (deal is None) != (deck is None):
            wanted: str | None = None
            if deck is not None:
                try:
                    wanted = deck_text(game.deck_of(deck))
                except InvalidDealError:
                    wanted = None  # create() refuses it with the reason
            if deal is not None or wanted is not None:
                found = self.store.find_unfinished(player, slug, deal, wanted)
                if found is not None:
                    return found, self.state_of(found), False
        record, state = self.create(player, slug, deal, deck, winnable=winnable, difficulty=difficulty)
        return record, state, True

    def create(self, player: str, slug: str, deal: int | None, deck: str | None, *,
               winnable: bool = False, difficulty: str | None = None) -> tuple[GameRecord, Any]:
        """Deal a new game: numbered, from a deck string, or a random numbered deal.

        ``winnable`` (or a ``difficulty``) deals a numbered deal proven winnable, chosen at random from
        the catalog (:mod:`patience.catalog`).
        """
        game = known_game(slug)
        if deal is not None and deck is not None:
            raise HTTPException(400, _("Give a deal number or a deck string, not both."))
        if winnable or difficulty is not None:
            if deal is not None or deck is not None:
                raise HTTPException(400, _("A winnable deal is chosen for you: give no deal number or deck."))
            try:
                deal = self.catalog.choose(slug, check_difficulty(difficulty)).deal
            except CatalogError as exc:
                raise HTTPException(422, str(exc)) from None
        try:
            if deck is not None:
                deck = deck_text(game.deck_of(deck))
                state = game.new(deck)
            else:
                deal = deal if deal is not None else secrets.randbelow(MAX_DEAL) + 1
                state = game.new(deal)
        except InvalidDealError as exc:
            raise HTTPException(400, _("This deal cannot be dealt: {reason}").format(reason=exc)) from None
        now = self.clock()
        self.store.forget_unplayed(player, now - UNPLAYED_KEPT_SECONDS)
        record = self.store.create_game(player, slug, deal if deck is None else None, deck, now)
        self._remember(record, state)
        return record, state

    # --- changing -----------------------------------------------------------------------------------
    def _changeable(self, player: str, game_id: str, version: int) -> tuple[GameRecord, Any]:
        record, state = self.load(player, game_id)
        if version != record.version:
            raise stale()
        if record.finished:
            raise HTTPException(422, _("This game is over: start a new one or restart this deal."))
        return record, state

    def _apply(self, game: Game[Any], state: Any, moves: Sequence[Move]) -> Any:
        for move in moves:
            reason = game.why_illegal(state, move)
            if reason is not None:
                raise HTTPException(422, refusal(game, state, move, reason))
            state = game.apply_legal(state, move)
        return state

    def _after_moves(self, record: GameRecord, game: Game[Any], state: Any) -> GameRecord:
        record = replace(record, score=game.score(state))
        if game.is_won(state):
            record = replace(record.ended(True, record.score, record.updated_at), version=record.version)
        return record

    def play(self, player: str, game_id: str, texts: Sequence[str],
             version: int) -> tuple[GameRecord, Any]:
        """Play moves, all or none, as one action (one undo takes them all back)."""
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        moves: list[Move] = []
        for text in texts:
            try:
                moves.append(game.parse_move(text))
            except InvalidMoveError as exc:
                raise HTTPException(400, _("Cannot read the move {move}: {reason}").format(
                    move=repr(text), reason=_(str(exc)))) from None
        self._check_limit(record, len(moves))
        state = self._apply(game, state, moves)
        changed = record.played([[str(m) for m in moves]], self.clock(), game.position_text(state))
        return self._save(self._after_moves(changed, game, state), state, version)

    @staticmethod
    def _check_limit(record: GameRecord, adding: int) -> None:
        if record.move_count + adding > MAX_MOVES_PER_GAME:
            raise HTTPException(422, _("This game has reached its limit of {limit} moves: start a new game "
                                       "or restart this deal.").format(
                limit=format_decimal(MAX_MOVES_PER_GAME, locale=get_language())))

    def double_click(self, player: str, game_id: str, pile_text: str,
                     version: int) -> tuple[GameRecord, Any, list[str]]:
        """The rules' double-click convenience on a pile, played as one action."""
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        try:
            pile = parse_pile(pile_text)
        except InvalidMoveError:
            pile = -1
        if pile not in game.piles():
            raise HTTPException(400, _("{game} has no pile {pile}.").format(
                game=game_name(record.game), pile=repr(pile_text)))
        moves = game.double_click(state, pile)
        if not moves:
            raise HTTPException(422, _("Nothing to do: no card there can go to a foundation."))
        self._check_limit(record, len(moves))
        state = self._apply(game, state, moves)
        applied = [str(m) for m in moves]
        changed = self._after_moves(record.played([applied], self.clock(), game.position_text(state)),
                                    game, state)
        record, state = self._save(changed, state, version)
        return record, state, applied

    def finish(self, player: str, game_id: str, version: int) -> tuple[GameRecord, Any, list[str]]:
        """Play every remaining card up when the rest is a sure win, as one action; else 422, no change."""
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        moves = finish_moves(game, state)
        if not moves:
            raise HTTPException(422, _(NOT_YET))
        self._check_limit(record, len(moves))
        state = self._apply(game, state, moves)
        applied = [str(m) for m in moves]
        played = record.played([applied], self.clock(), game.position_text(state))
        changed = self._after_moves(played, game, state)
        record, state = self._save(changed, state, version)
        return record, state, applied

    def clock_report(self, player: str, game_id: str, visible: bool) -> GameRecord:
        """A page's report on a game's clock: count the time up to now; pause it when no page shows it."""
        record, _state = self.load(player, game_id)
        changed = record.clocked(self.clock(), running=visible)
        if changed is not record:
            self.store.save_clock(changed)
        return changed

    def delete(self, player: str, game_id: str) -> None:
        """Remove one of the player's saved games (a deal being played counts as lost); 404 if none."""
        if not self.store.delete_game(player, game_id, self.clock()):
            raise HTTPException(404, _("There is no such game."))

    def undo(self, player: str, game_id: str, version: int) -> tuple[GameRecord, Any]:
        """Take back the last action (reads the position before it: one row, whatever the length)."""
        record, _state = self._changeable(player, game_id, version)
        if record.actions == 0:
            raise HTTPException(422, _("There is nothing to undo."))
        before = self.store.action(record.id, record.actions - 1) if record.actions > 1 else None
        changed = replace(record.moved_to(before, self.clock(), redo_actions=record.redo_actions + 1),
                          used_undo=True)
        state = self.state_at(changed, changed.actions) if before is None or before.position is None \
            else get_game(record.game).parse_position(before.position)
        changed = replace(changed, score=get_game(record.game).score(state))
        return self._save(changed, state, version)

    def redo(self, player: str, game_id: str, version: int) -> tuple[GameRecord, Any]:
        """Play again the last action undone (its moves checked by the rules again)."""
        record, state = self._changeable(player, game_id, version)
        following = self.store.action(record.id, record.actions + 1) if record.redo_actions else None
        if following is None:
            raise HTTPException(422, _("There is nothing to redo."))
        game = get_game(record.game)
        state = self._apply(game, state, [_parse_stored(m) for m in following.moves])
        changed = record.moved_to(following, self.clock(), redo_actions=record.redo_actions - 1)
        return self._save(self._after_moves(changed, game, state), state, version)

    def abandon(self, player: str, game_id: str) -> tuple[GameRecord, Any]:
        """End the game as lost (a game without moves is just closed; nothing was played)."""
        record, state = self.load(player, game_id)
        if record.finished:
            return record, state
        changed = record.ended(False, get_game(record.game).score(state), self.clock())
        return self._save(changed, state, record.version)

    def restart(self, player: str, game_id: str) -> tuple[GameRecord, Any]:
        """A new game on the same deal; the old one, if unfinished, ends as lost."""
        record, _state = self.abandon(player, game_id)
        return self.create(player, record.game, record.deal, record.deck)

    # --- describing ---------------------------------------------------------------------------------
    def describe(self, record: GameRecord, state: Any, applied: list[str] | None = None,
                 history: bool = False) -> GameOut:
        """The game as the API answers it, texts in the current language.

        ``moves`` and ``redo`` hold the last and next :data:`RECENT_MOVES` moves, or every one with
        ``history`` (``?history=full``).
        """
        game = get_game(record.game)
        if history:
            full = self.store.history(record)
            moves, redo = full.moves, full.redo_moves
        else:
            moves, redo = self.store.recent_moves(record, RECENT_MOVES)
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
            applied=applied,
            difficulty=self.difficulty_of(record),
        )

    def difficulty_of(self, record: GameRecord) -> Any:
        """easy, medium or hard when the game's numbered deal is known to be winnable, else None."""
        return None if record.deck is not None else self.catalog.difficulty(record.game, record.deal)

    def summaries(self, player: str, status: Any) -> list[GameSummaryOut]:
        """The player's saved games, most recent first."""
        return [
            GameSummaryOut(id=r.id, game=r.game, name=game_name(r.game), deal=r.deal, score=r.score,
                           max_score=get_game(r.game).max_score, move_count=r.move_count,
                           updated_at=iso_time(r.updated_at), finished=r.finished, won=r.won)
            for r in self.store.list_games(player, status)
        ]


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
