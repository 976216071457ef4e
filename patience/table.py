"""The table: what a player does with a game — deal, play, undo, redo, restart, double-click, finish,
ask for a hint — every action checked by the rules and saved, and the play clock.

The web app and the terminal both play through a :class:`Table`; it knows no
HTTP. A refusal raises a domain error from :mod:`patience.errors` whose
message is one translated sentence: :class:`~patience.errors.GameNotFoundError`,
:class:`~patience.errors.StaleVersionError`,
:class:`~patience.errors.IllegalMoveError` (with the rules' reason),
:class:`~patience.errors.InvalidMoveError` and
:class:`~patience.errors.InvalidDealError` (input that cannot be read),
:class:`~patience.errors.ActionRefusedError`,
:class:`~patience.errors.LimitReachedError` and
:class:`~patience.errors.StorageUnavailableError`. The web maps them to HTTP
answers in one place (``patience.web.app``); the terminal prints them.

The table holds no game in memory that the database does not have: a
position is read back from its stored text (with a small cache keyed by game
id and version), so loading, undo and redo cost the same however long the
game; every change is saved with a version check. A game may have at most
:data:`~patience.store.MAX_MOVES_PER_GAME` moves.

>>> from patience.store import Store
>>> table = Table(Store(":memory:"))
>>> record, state = table.create("player-one-000000", "hamilton", deal=1, deck=None)
>>> record, state = table.play("player-one-000000", record.id, ["s", "c-f1"], version=0)
>>> record.move_count, record.version
(2, 1)
>>> table.undo("player-one-000000", record.id, version=0)
Traceback (most recent call last):
...
patience.errors.StaleVersionError: This game changed in another tab.
"""

from __future__ import annotations

import functools
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final, ParamSpec, TypeVar

from babel.numbers import format_decimal

from patience.analyse import Analysis
from patience.analysis.hints import Hint
from patience.autodrop import automatic_moves
from patience.cache import BoundedCache
from patience.catalog import Catalog, CatalogError, check_difficulty
from patience.deals import MAX_DEAL, deck_text
from patience.errors import (
    ActionRefusedError,
    GameNotFoundError,
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    LimitReachedError,
    StaleVersionError,
    StorageUnavailableError,
    UnknownGameError,
)
from patience.finish import NOT_YET, finish_moves
from patience.i18n import _, get_language
from patience.rules import Game, Move, State, get_game, parse_pile
from patience.store import CLOCK_GAP_SECONDS, MAX_MOVES_PER_GAME, UNPLAYED_KEPT_SECONDS, GameRecord, Store
from patience.wording import refusal

STATE_CACHE_SIZE: Final = 4096

#: Clock reports remembered (per game) for games whose clock is not running; the oldest are forgotten.
REPORTS_KEPT: Final = 4096

#: Rebuilding a position of a game from schema 1 stores one on every this many actions on the way.
CHECKPOINT_EVERY: Final = 64

Clock = Callable[[], float]

_P = ParamSpec("_P")
_R = TypeVar("_R")


@lru_cache(maxsize=4096)
def parse_stored(text: str) -> Move:
    """A stored move's text as a :class:`~patience.rules.Move` (cached: stored texts repeat)."""
    return Move.parse(text)


def deal_of(record: GameRecord) -> int | str:
    """The deck string or the deal number a game was dealt from."""
    if record.deck is not None:
        return record.deck
    if record.deal is None:
        raise ValueError(f"game {record.id} has neither a deal nor a deck")
    return record.deal


def known_game(slug: str) -> Game[State]:
    """The game registered under ``slug``; else :class:`~patience.errors.GameNotFoundError`.

    >>> known_game("klondike")
    Traceback (most recent call last):
    ...
    patience.errors.GameNotFoundError: There is no game called klondike.
    """
    try:
        return get_game(slug)
    except UnknownGameError:
        raise GameNotFoundError(_("There is no game called {name}.").format(name=slug)) from None


def stale() -> StaleVersionError:
    """The refusal of a change made on an old version (another tab moved first)."""
    return StaleVersionError(_("This game changed in another tab."))


def no_such_game() -> GameNotFoundError:
    """The refusal of a game id the player does not have."""
    return GameNotFoundError(_("There is no such game."))


def storage_guarded(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """``method`` with every storage failure raised as :class:`~patience.errors.StorageUnavailableError`."""

    @functools.wraps(method)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StorageUnavailableError(
                _("Your games cannot be saved or read right now, and nothing was changed; "
                  "try again in a moment.")) from exc

    return guarded


class Table:
    """Games of every player, on top of a :class:`~patience.store.Store`."""

    def __init__(self, store: Store, clock: Clock = time.time, catalog: Catalog | None = None) -> None:
        self.store = store
        self.clock = clock
        self.catalog = catalog if catalog is not None else Catalog()
        self._states: BoundedCache[tuple[str, int], State] = BoundedCache(STATE_CACHE_SIZE)
        #: When a page last reported on a game whose clock does not run (paused, or before the first move).
        self._reports: BoundedCache[str, float] = BoundedCache(REPORTS_KEPT)
        #: Moves replayed to rebuild positions (flat in a game's length; tests check it).
        self.moves_replayed = 0

    # --- positions ----------------------------------------------------------------------------------
    @storage_guarded
    def state_of(self, record: GameRecord) -> State:
        """The position a record is at (cached by id and version; else read from its stored text)."""
        kept = self._states.get((record.id, record.version))
        if kept is not None:  # a position is a State, never None
            return kept
        game = get_game(record.game)
        if record.position is not None:
            state = game.parse_position(record.position)
        else:
            state = self.state_at(record, record.actions)
        self._remember(record, state)
        return state

    def state_at(self, record: GameRecord, seq: int) -> State:
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

    def _replay(self, game: Game[State], state: State, groups: Sequence[Sequence[str]]) -> State:
        for group in groups:
            for text in group:
                state = game.apply_legal(state, parse_stored(text))
                self.moves_replayed += 1
        return state

    def _remember(self, record: GameRecord, state: State) -> None:
        self._states.put((record.id, record.version), state)

    @storage_guarded
    def load(self, player: str, game_id: str) -> tuple[GameRecord, State]:
        """The player's game and its position (else :class:`GameNotFoundError`); its moves:
        :meth:`moves_of`."""
        record = self.store.get_game(player, game_id)
        if record is None:
            raise no_such_game()
        return record, self.state_of(record)

    @storage_guarded
    def moves_of(self, record: GameRecord) -> list[str]:
        """Every move played up to the record's position (reads the game's history)."""
        return self.store.history(record).moves

    def _save(self, record: GameRecord, state: State, expected_version: int) -> tuple[GameRecord, State]:
        if not self.store.save(record, expected_version):
            raise stale()
        self._remember(record, state)
        return record, state

    # --- creating -----------------------------------------------------------------------------------
    @storage_guarded
    def open_deal(self, player: str, slug: str, deal: int | None, deck: str | None,
                  fresh: bool = False, *, winnable: bool = False,
                  difficulty: str | None = None) -> tuple[GameRecord, State, bool]:
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

    @storage_guarded
    def create(self, player: str, slug: str, deal: int | None, deck: str | None, *,
               winnable: bool = False, difficulty: str | None = None) -> tuple[GameRecord, State]:
        """Deal a new game: numbered, from a deck string, or a random numbered deal.

        ``winnable`` (or a ``difficulty``) deals a numbered deal proven winnable, chosen at random from
        the catalog (:mod:`patience.catalog`).
        """
        game = known_game(slug)
        if deal is not None and deck is not None:
            raise InvalidDealError(_("Give a deal number or a deck string, not both."))
        if winnable or difficulty is not None:
            if deal is not None or deck is not None:
                raise InvalidDealError(_("A winnable deal is chosen for you: give no deal number or deck."))
            try:
                deal = self.catalog.choose(slug, check_difficulty(difficulty)).deal
            except CatalogError as exc:
                raise ActionRefusedError(str(exc)) from None
        try:
            if deck is not None:
                deck = deck_text(game.deck_of(deck))
                state = game.new(deck)
            else:
                deal = deal if deal is not None else secrets.randbelow(MAX_DEAL) + 1
                state = game.new(deal)
        except InvalidDealError as exc:
            raise InvalidDealError(_("This deal cannot be dealt: {reason}").format(reason=exc)) from None
        now = self.clock()
        self.store.forget_unplayed(player, now - UNPLAYED_KEPT_SECONDS)
        record = self.store.create_game(player, slug, deal if deck is None else None, deck, now)
        self._remember(record, state)
        return record, state

    # --- changing -----------------------------------------------------------------------------------
    def _changeable(self, player: str, game_id: str, version: int) -> tuple[GameRecord, State]:
        record, state = self.load(player, game_id)
        if version != record.version:
            raise stale()
        if record.finished:
            raise ActionRefusedError(_("This game is over: start a new one or restart this deal."))
        return record, state

    @staticmethod
    def _apply(game: Game[State], state: State, moves: Sequence[Move]) -> State:
        for move in moves:
            reason = game.why_illegal(state, move)
            if reason is not None:
                raise IllegalMoveError(refusal(game, state, move, reason))
            state = game.apply_legal(state, move)
        return state

    @staticmethod
    def _after_moves(record: GameRecord, game: Game[State], state: State) -> GameRecord:
        record = replace(record, score=game.score(state))
        if game.is_won(state):
            record = replace(record.ended(True, record.score, record.updated_at), version=record.version)
        return record

    def _in_use(self, before: GameRecord, changed: GameRecord, now: float) -> GameRecord:
        """``changed`` (after an action at ``now``) with the time since the last report counted.

        An action proves that a page shows the game: whatever the last report said (hidden, or
        nothing yet before the first move), the time since it counts, at most
        :data:`~patience.store.CLOCK_GAP_SECONDS`. A running clock counts it already.
        """
        if before.finished or before.clock_running:
            return changed
        since = self._reports.pop(before.id)
        if since is None:  # no report since this server started: from the last action, or the deal
            since = before.updated_at if before.started else before.created_at
        gap = min(max(now - since, 0.0), CLOCK_GAP_SECONDS)
        return replace(changed, elapsed=changed.elapsed + gap)

    def _played(self, record: GameRecord, game: Game[State], moves: Sequence[Move],
                state: State) -> GameRecord:
        now = self.clock()
        played = record.played([[str(m) for m in moves]], now, game.position_text(state))
        return self._after_moves(self._in_use(record, played, now), game, state)

    @storage_guarded
    def play(self, player: str, game_id: str, texts: Sequence[str], version: int, *,
             autodrop: str = "off") -> tuple[GameRecord, State]:
        """Play moves, all or none, as one action (one undo takes them all back); with ``autodrop``
        (``safe`` or ``all``, :mod:`patience.autodrop`) the cards that then go up by themselves too."""
        record, state, _automatic = self.play_auto(player, game_id, texts, version, autodrop=autodrop)
        return record, state

    @storage_guarded
    def play_auto(self, player: str, game_id: str, texts: Sequence[str], version: int, *,
                  autodrop: str = "off") -> tuple[GameRecord, State, list[str]]:
        """:meth:`play`, also returning the automatic moves played after ``texts`` (in the same action).

        >>> from patience.store import Store
        >>> table = Table(Store(":memory:"))
        >>> record, state = table.create("player-one-000000", "hamilton", deal=34, deck=None)
        >>> table.play_auto("player-one-000000", record.id, ["s", "c-f1"], 0, autodrop="safe")[2]
        ['t6-f2', 't2-f1', 't4-f2']
        """
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        moves: list[Move] = []
        for text in texts:
            try:
                moves.append(game.parse_move(text))
            except InvalidMoveError as exc:
                raise InvalidMoveError(_("Cannot read the move {move}: {reason}").format(
                    move=repr(text), reason=_(str(exc)))) from None
        record, state, automatic = self._act(record, state, game, moves, version, autodrop)
        return record, state, automatic

    def _act(self, record: GameRecord, state: State, game: Game[State], moves: Sequence[Move], version: int,
             autodrop: str) -> tuple[GameRecord, State, list[str]]:
        """Play ``moves`` and the automatic moves they set off, as one saved action."""
        self._check_limit(record, len(moves))
        state = self._apply(game, state, moves)
        automatic = automatic_moves(game, state, autodrop, moves)
        automatic = automatic[:max(0, MAX_MOVES_PER_GAME - record.move_count - len(moves))]
        state = self._apply(game, state, automatic)
        record, state = self._save(self._played(record, game, [*moves, *automatic], state), state, version)
        return record, state, [str(m) for m in automatic]

    @staticmethod
    def _check_limit(record: GameRecord, adding: int) -> None:
        if record.move_count + adding > MAX_MOVES_PER_GAME:
            raise LimitReachedError(_("This game has reached its limit of {limit} moves: start a new game "
                                      "or restart this deal.").format(
                limit=format_decimal(MAX_MOVES_PER_GAME, locale=get_language())))

    def double_click_moves(self, game: Game[State], state: State, pile_text: str) -> list[Move]:
        """The moves of the rules' double-click on a pile (``t3``, ``c``, ``w``, ``f1``); refused when
        there is no such pile or nothing goes up from it."""
        try:
            pile = parse_pile(pile_text)
        except InvalidMoveError:
            pile = -1
        if pile not in game.piles():
            raise InvalidMoveError(_("{game} has no pile {pile}.").format(
                game=_(game.name), pile=repr(pile_text)))
        moves = game.double_click(state, pile)
        if not moves:
            raise ActionRefusedError(_("Nothing to do: no card there can go to a foundation."))
        return moves

    @storage_guarded
    def double_click(self, player: str, game_id: str, pile_text: str,
                     version: int) -> tuple[GameRecord, State, list[str]]:
        """The rules' double-click convenience on a pile, played as one action; returns its moves."""
        record, state, applied, _automatic = self.double_click_auto(player, game_id, pile_text, version)
        return record, state, applied

    @storage_guarded
    def double_click_auto(self, player: str, game_id: str, pile_text: str, version: int, *,
                          autodrop: str = "off") -> tuple[GameRecord, State, list[str], list[str]]:
        """:meth:`double_click`, then the automatic moves it sets off (``autodrop``, as :meth:`play`)
        in the same action; returns the double-click's moves and the automatic ones."""
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        moves = self.double_click_moves(game, state, pile_text)
        record, state, automatic = self._act(record, state, game, moves, version, autodrop)
        return record, state, [str(m) for m in moves], automatic

    @storage_guarded
    def finish(self, player: str, game_id: str, version: int) -> tuple[GameRecord, State, list[str]]:
        """Play every remaining card up when the rest is a sure win, as one action; else refused."""
        record, state = self._changeable(player, game_id, version)
        game = get_game(record.game)
        moves = finish_moves(game, state)
        if not moves:
            raise ActionRefusedError(_(NOT_YET))
        self._check_limit(record, len(moves))
        state = self._apply(game, state, moves)
        record, state = self._save(self._played(record, game, moves, state), state, version)
        return record, state, [str(m) for m in moves]

    @storage_guarded
    def clock_report(self, player: str, game_id: str, visible: bool) -> GameRecord:
        """A page's report on a game's clock: count the time up to now; pause it when no page shows it."""
        record, _state = self.load(player, game_id)
        now = self.clock()
        changed = record.clocked(now, running=visible)
        self._reports.pop(record.id)
        if not changed.clock_running and not record.finished:
            self._reports.put(record.id, now)
        if changed is not record:
            self.store.save_clock(changed)
        return changed

    @storage_guarded
    def delete(self, player: str, game_id: str) -> None:
        """Remove one of the player's saved games (a deal being played counts as lost)."""
        if not self.store.delete_game(player, game_id, self.clock()):
            raise no_such_game()

    @storage_guarded
    def undo(self, player: str, game_id: str, version: int) -> tuple[GameRecord, State]:
        """Take back the last action (reads the position before it: one row, whatever the length)."""
        record, _state = self._changeable(player, game_id, version)
        if record.actions == 0:
            raise ActionRefusedError(_("There is nothing to undo."))
        before = self.store.action(record.id, record.actions - 1) if record.actions > 1 else None
        now = self.clock()
        changed = replace(record.moved_to(before, now, redo_actions=record.redo_actions + 1), used_undo=True)
        changed = self._in_use(record, changed, now)
        state = self.state_at(changed, changed.actions) if before is None or before.position is None \
            else get_game(record.game).parse_position(before.position)
        changed = replace(changed, score=get_game(record.game).score(state))
        return self._save(changed, state, version)

    @storage_guarded
    def redo(self, player: str, game_id: str, version: int) -> tuple[GameRecord, State]:
        """Play again the last action undone (its moves checked by the rules again)."""
        record, state = self._changeable(player, game_id, version)
        following = self.store.action(record.id, record.actions + 1) if record.redo_actions else None
        if following is None:
            raise ActionRefusedError(_("There is nothing to redo."))
        game = get_game(record.game)
        state = self._apply(game, state, [parse_stored(m) for m in following.moves])
        now = self.clock()
        changed = self._in_use(record, record.moved_to(following, now, redo_actions=record.redo_actions - 1),
                               now)
        return self._save(self._after_moves(changed, game, state), state, version)

    @storage_guarded
    def abandon(self, player: str, game_id: str) -> tuple[GameRecord, State]:
        """End the game as lost (a game without moves is just closed; nothing was played)."""
        record, state = self.load(player, game_id)
        if record.finished:
            return record, state
        changed = record.ended(False, get_game(record.game).score(state), self.clock())
        return self._save(changed, state, record.version)

    @storage_guarded
    def restart(self, player: str, game_id: str) -> tuple[GameRecord, State]:
        """A new game on the same deal; the old one, if unfinished, ends as lost."""
        record, _state = self.abandon(player, game_id)
        return self.create(player, record.game, record.deal, record.deck)

    # --- asking -------------------------------------------------------------------------------------
    @storage_guarded
    def analyse(self, player: str, game_id: str) -> tuple[GameRecord, Analysis]:
        """The player's game and its position, for the questions asked about it (a hint, whether it can
        still be won: see :mod:`patience.analyse`); reads the game's row, its history only when asked."""
        record, state = self.load(player, game_id)

        def recent() -> Move | None:
            if not record.actions:
                return None
            last = self.store.recent_moves(record, 1)[0]
            return parse_stored(last[-1]) if last else None

        return record, Analysis(get_game(record.game), deal_of(record), state, recent,
                                lambda: [parse_stored(text) for text in self.moves_of(record)],
                                finished=record.finished, won=record.won)

    @storage_guarded
    def hint(self, player: str, game_id: str, *, budget: float,
             line: Sequence[Move] = ()) -> tuple[GameRecord, State, Hint]:
        """A suggested move, from ``line`` (a winning line known from this position) or a search of
        about ``budget`` seconds in this process; the game is marked as having used hints.

        (The web asks its solver pool instead, through :meth:`analyse`, so a search never holds a
        server thread.)
        """
        record, analysis = self.analyse(player, game_id)
        found = analysis.hint_here(budget, line)
        if found.end and not line:  # the terminal's way to end it
            found = replace(found, explanation=" ".join((found.explanation, _(
                "Type restart to end this game (it counts as lost) and deal it again, or new for "
                "another deal."))))
        self.mark_hint_used(player, record)
        return replace(record, used_hints=True), analysis.state, found

    def mark_hint_used(self, player: str, record: GameRecord) -> None:
        """The game counts as played with hints (shown in the statistics)."""
        if not record.used_hints:
            self.store.mark_hint_used(player, record.id)

    # --- playing on from a review -------------------------------------------------------------------
    @storage_guarded
    def play_on(self, player: str, game_id: str, version: int,
                lost_at: int | None) -> tuple[GameRecord, State]:
        """A new game on the same deal at the review's turning point: the position after ``lost_at - 1``
        moves of this game (the last one that could still be won), counted as a game with hints.

        The moves up to it are replayed, each its own action (one undo takes back one move). The deal
        goes on being one deal: the game reviewed, if still under way, ends (lost, its moves kept: it
        leaves the saved games) and its statistics row becomes the new game's, so the deal is counted
        once, as a game with hints. Refused (nothing changes) when the game moved on since
        ``version``, or has no turning point (``lost_at`` None or 0, or beyond its moves).
        """
        record, _state = self.load(player, game_id)
        if version != record.version:
            raise stale()
        if lost_at is None or not 0 < lost_at <= record.move_count:
            raise ActionRefusedError(_("This game has no turning point to play on from: it was not lost "
                                       "after one of its moves."))
        game = get_game(record.game)
        moves = [parse_stored(text) for text in self.moves_of(record)[:lost_at - 1]]
        state = game.new(deal_of(record))
        positions: list[str] = []
        for move in moves:
            state = self._apply(game, state, [move])
            positions.append(game.position_text(state))
        now = self.clock()
        self.store.forget_unplayed(player, now - UNPLAYED_KEPT_SECONDS)
        fresh = self.store.create_game(player, record.game, record.deal, record.deck, now)
        ended = record.ended(False, record.score, now)
        if not record.finished and not self.store.save(ended, record.version):
            raise stale()
        self.store.hand_over_result(player, record.id, fresh.id)
        changed = replace(fresh, version=fresh.version + 1)
        if moves:
            changed = self._after_moves(fresh.played([[str(m)] for m in moves], now, positions[-1]),
                                        game, state)
        changed = replace(changed, used_hints=True)
        if not self.store.save(changed, fresh.version):
            raise stale()
        self.store.keep_positions(changed.id, list(enumerate(positions[:-1], start=1)))
        self._remember(changed, state)
        return changed, state
