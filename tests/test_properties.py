"""Properties every registered game must have, checked on random play (hypothesis).

The games come from :func:`patience.rules.game_slugs`, so a new game is
covered as soon as it is registered. Random games start from numbered deals
and from the game's hand-built golden positions (``tests/data/perft/``),
which reach late-game and nearly won situations.

At every position: cards are conserved; every generated move is legal and
its text round-trips; the position text round-trips; won ⇔ foundations
full ⇔ score == max_score; stuck ⇔ no legal move; ``apply`` leaves its
input alone, changes the score only by the cards moved to or from a
foundation, and agrees with ``apply_legal``; double-clicks give legal
sequences; ``key()`` is equal exactly when states are. At some positions,
every (source, target, count) candidate over the game's piles is tried:
``why_illegal`` is ``None`` exactly for the generated moves, and ``apply``
raises for (a sample of) the others.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.cards import parse_card
from patience.errors import IllegalMoveError
from patience.rules import STOCK_MOVE, Game, Move, game_slugs, get_game, is_foundation

PERFT_DIR = Path(__file__).parent / "data" / "perft"
STEPS = 30
CANDIDATE_EVERY = 10  # try every (source, target, count) at every 10th position of a game
APPLY_EVERY = 7  # and apply every 7th refused candidate, which must raise (7: prime to the 5 counts)
MAX_CANDIDATE_COUNT = 4
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][CDHS](?![A-Za-z0-9])")


def golden_positions(slug: str) -> list[str]:
    """Position texts of the game's hand-built golden positions (may be none for a new game)."""
    texts = []
    for path in sorted(PERFT_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["game"] == slug and "deal" not in data:
            texts.append(data["position"])
    return texts


def starting_states(slug: str) -> st.SearchStrategy[Any]:
    """A numbered deal, or one of the game's hand-built positions."""
    game = get_game(slug)
    deals = st.integers(min_value=1, max_value=2**32 - 1).map(game.new)
    built = golden_positions(slug)
    if not built:
        return deals
    return st.one_of(deals, st.sampled_from(built).map(game.parse_position))


# --- the properties at one position -------------------------------------------------

def check_cards_conserved(game: Game[Any], state: Any) -> None:
    """No card lost or duplicated: every card of the deck as often as in the deck, in the position
    text and the view."""
    deck = Counter(game.deck_of(1))
    text = game.position_text(state)
    counts = Counter(parse_card(token) for token in CARD_TOKEN.findall(text))
    assert counts == deck, text
    view = game.view(state)
    assert sum(len(p.cards) + p.face_down for p in view.piles) == deck.total()
    face_up = Counter(parse_card(c) for p in view.piles for c in p.cards)
    assert max(face_up.values()) <= game.copies


def check_outcome(game: Game[Any], state: Any, legal: list[Move]) -> None:
    """won ⇔ foundations full ⇔ score == max_score; stuck ⇔ no move; the view says the same."""
    view = game.view(state)
    on_foundations = sum(len(p.cards) + p.face_down for p in view.piles if p.kind == "foundation")
    score = game.score(state)
    assert score == on_foundations
    assert game.is_won(state) == (on_foundations == game.max_score) == (score == game.max_score)
    assert game.is_stuck(state) == (not legal)
    assert (view.score, view.max_score, view.won, view.stuck) == (
        score, game.max_score, game.is_won(state), game.is_stuck(state))


def check_moves(game: Game[Any], state: Any, legal: list[Move]) -> None:
    """Generated moves are distinct, legal, in a stable order, and their text round-trips."""
    assert game.legal_moves(state) == legal, "legal_moves is not deterministic"
    assert len(set(legal)) == len(legal), "a move is listed twice"
    piles = set(game.piles())
    for move in legal:
        assert game.why_illegal(state, move) is None, move
        assert game.is_legal(state, move)
        assert Move.parse(str(move)) == move
        assert game.parse_move(str(move)) == move
        assert move == STOCK_MOVE or {move.src, move.dst} <= piles


def check_position_text(game: Game[Any], state: Any) -> None:
    """position_text round-trips through parse_position."""
    assert game.parse_position(game.position_text(state)) == state


def expected_score_change(move: Move) -> int:
    """Cards moved onto a foundation count up, off a foundation count down."""
    if move == STOCK_MOVE:
        return 0
    return move.count * (int(is_foundation(move.dst)) - int(is_foundation(move.src)))


def check_applies(game: Game[Any], state: Any, legal: list[Move], states: dict[Any, Any],
                  keys: dict[Any, Any]) -> None:
    """apply: input untouched, score moves by the count, same as apply_legal; keys ⇔ equality."""
    before = copy.deepcopy(state)
    text_before = game.position_text(state)
    for move in legal:
        after = game.apply(state, move)
        assert after == game.apply_legal(state, move)
        assert game.score(after) - game.score(state) == expected_score_change(move), move
        remember(game, after, states, keys)
    assert state == before and game.position_text(state) == text_before, "apply changed its input"


def remember(game: Game[Any], state: Any, states: dict[Any, Any], keys: dict[Any, Any]) -> None:
    """Check key() equal ⇔ states equal against every state seen so far in this game.

    ``states`` maps key -> state (equal keys must mean equal states);
    ``keys`` maps state -> key (equal states must mean equal keys; states are hashable values).
    """
    key = state.key()
    hash(key)
    if key in states:
        assert states[key] == state, "two different states share a key"
    states[key] = state
    if state in keys:
        assert keys[state] == key, "equal states have different keys"
    keys[state] = key


def check_double_clicks(game: Game[Any], state: Any) -> None:
    """Every double-click gives a sequence of ordinary moves, legal one after the other."""
    for pile in game.piles():
        moves = game.double_click(state, pile)
        assert all(isinstance(m, Move) for m in moves)
        game.apply_all(state, moves)  # raises IllegalMoveError naming the bad one


def check_candidates(game: Game[Any], state: Any, legal: list[Move]) -> None:
    """Every (source, target, count) over the piles: legal exactly when generated; apply raises otherwise."""
    generated = set(legal)
    piles = game.piles()
    candidates = product(piles, piles, range(MAX_CANDIDATE_COUNT + 1))
    for index, (src, dst, count) in enumerate(candidates):
        move = Move(src, dst, count)
        reason = game.why_illegal(state, move)
        if move in generated:
            assert reason is None, move
            continue
        assert isinstance(reason, str) and reason, f"{tuple(move)} is not generated but is legal"
        if index % APPLY_EVERY:
            continue
        try:
            game.apply(state, move)
        except IllegalMoveError:
            continue
        raise AssertionError(f"apply accepted {tuple(move)}, which why_illegal refuses")


# --- random games ---------------------------------------------------------------------

def choose(data: st.DataObject, legal: list[Move]) -> Move:
    """A random move; half the time one to a foundation if there is one (so games progress)."""
    upward = [m for m in legal if m != STOCK_MOVE and is_foundation(m.dst)]
    prefer_upward: bool = data.draw(st.booleans(), label="prefer a foundation move")
    if upward and prefer_upward:
        return data.draw(st.sampled_from(upward), label="move")
    return data.draw(st.sampled_from(legal), label="move")


@pytest.mark.parametrize("slug", game_slugs())
def test_properties_hold_on_random_play(slug: str) -> None:
    check_random_play(slug)


def check_random_play(slug: str) -> None:
    """Every property at every position of a few random games of ``slug`` (any registered game)."""
    game = get_game(slug)

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(start=starting_states(slug), data=st.data())
    def play(start: Any, data: st.DataObject) -> None:
        states: dict[Any, Any] = {}
        keys: dict[Any, Any] = {}
        state = start
        remember(game, state, states, keys)
        for step in range(STEPS):
            legal = game.legal_moves(state)
            check_cards_conserved(game, state)
            check_outcome(game, state, legal)
            check_moves(game, state, legal)
            check_position_text(game, state)
            check_applies(game, state, legal, states, keys)
            check_double_clicks(game, state)
            if step % CANDIDATE_EVERY == 0:
                check_candidates(game, state, legal)
            if not legal:
                return
            state = game.apply(state, choose(data, legal))

    play()


@pytest.mark.parametrize("slug", game_slugs())
def test_won_states_are_reached_and_checked(slug: str) -> None:
    """Foundation-first play from the golden positions wins at least once; won states pass every check."""
    game = get_game(slug)
    won = 0
    for text in golden_positions(slug):
        state = game.parse_position(text)
        for _ in range(10):
            legal = game.legal_moves(state)
            upward = [m for m in legal if m != STOCK_MOVE and is_foundation(m.dst)]
            if game.is_won(state) or not legal:
                break
            state = game.apply(state, max(upward, key=lambda m: m.count) if upward else legal[0])
        if game.is_won(state):
            won += 1
            legal = game.legal_moves(state)
            check_cards_conserved(game, state)
            check_outcome(game, state, legal)
            check_moves(game, state, legal)
            check_position_text(game, state)
            check_candidates(game, state, legal)
    assert won >= 1, f"add a nearly won hand-built position for {slug} to tests/data/perft/"
