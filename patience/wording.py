"""Cards, piles and moves in words, as the table shows them: every sentence a player reads.

Move notation (``t1-t3``) and deck letters (``8H``) are for records, the API's
move fields and what a terminal player types; a player *reads* cards as the
table shows them (``8♥``) and piles by name (``pile 3``, ``foundation 1``,
``the Chooser``, ``the stock``, ``the waste``), in the current language.

>>> from patience.cards import parse_card
>>> from patience.rules import TABLEAU, Move
>>> card_text(parse_card("8H")), card_text(parse_card("TS")), pile_text(TABLEAU + 2)
('8♥', '10♠', 'pile 3')
>>> from patience import get_game
>>> game = get_game("hamilton")
>>> state = game.new(1)
>>> move_text(game, state, Move.parse("t2-t3"))
'6♦ from pile 2 to pile 3'
>>> refusal(game, state, Move.parse("t2-t3")).split(". ")[0]
'Not allowed: 6♦ from pile 2 to pile 3'
"""

from __future__ import annotations

import math
from typing import TypeVar

from patience.cards import card_symbol, parse_card
from patience.i18n import N_, _, ngettext
from patience.kit import kit_of
from patience.rules import (
    CHOOSER,
    FOUNDATION,
    STOCK,
    TABLEAU,
    WASTE,
    Game,
    Move,
    State,
    is_foundation,
    is_tableau,
    pile_notation,
)

S = TypeVar("S", bound=State)

#: Full card names, indexed by card (clubs, diamonds, hearts, spades; Ace to King):
#: whole names, so each language can order and inflect the words its own way.
CARD_NAMES = (
    N_("Ace of clubs"), N_("Two of clubs"), N_("Three of clubs"), N_("Four of clubs"),
    N_("Five of clubs"), N_("Six of clubs"), N_("Seven of clubs"), N_("Eight of clubs"),
    N_("Nine of clubs"), N_("Ten of clubs"), N_("Jack of clubs"), N_("Queen of clubs"),
    N_("King of clubs"),
    N_("Ace of diamonds"), N_("Two of diamonds"), N_("Three of diamonds"), N_("Four of diamonds"),
    N_("Five of diamonds"), N_("Six of diamonds"), N_("Seven of diamonds"), N_("Eight of diamonds"),
    N_("Nine of diamonds"), N_("Ten of diamonds"), N_("Jack of diamonds"), N_("Queen of diamonds"),
    N_("King of diamonds"),
    N_("Ace of hearts"), N_("Two of hearts"), N_("Three of hearts"), N_("Four of hearts"),
    N_("Five of hearts"), N_("Six of hearts"), N_("Seven of hearts"), N_("Eight of hearts"),
    N_("Nine of hearts"), N_("Ten of hearts"), N_("Jack of hearts"), N_("Queen of hearts"),
    N_("King of hearts"),
    N_("Ace of spades"), N_("Two of spades"), N_("Three of spades"), N_("Four of spades"),
    N_("Five of spades"), N_("Six of spades"), N_("Seven of spades"), N_("Eight of spades"),
    N_("Nine of spades"), N_("Ten of spades"), N_("Jack of spades"), N_("Queen of spades"),
    N_("King of spades"),
)


def card_text(card: int) -> str:
    """A card as the table shows it: ``8♥``, ``10♠``, ``Q♣`` (the same in every language)."""
    return card_symbol(card)


def card_name(card: int) -> str:
    """A card in words, ``Ten of hearts``, in the current language (for sentences that read better so)."""
    return _(CARD_NAMES[card])


def pile_text(pile: int) -> str:
    """``pile 3``, ``foundation 1``, ``the Chooser``, ``the stock``, ``the waste``, in the current language.

    >>> pile_text(FOUNDATION), pile_text(STOCK)
    ('foundation 1', 'the stock')
    """
    if pile == STOCK:
        return _("the stock")
    if pile == CHOOSER:
        return _("the Chooser")
    if pile == WASTE:
        return _("the waste")
    if is_foundation(pile):
        return _("foundation {number}").format(number=pile - FOUNDATION + 1)
    if is_tableau(pile):
        return _("pile {number}").format(number=pile - TABLEAU + 1)
    raise ValueError(f"no pile has code {pile}")


def or_list(words: list[str]) -> str:
    """Words joined as a choice, in the current language.

    >>> or_list(["hamilton", "union-square", "klondike"]), or_list(["hamilton"])
    ('hamilton, union-square or klondike', 'hamilton')
    """
    if len(words) < 2:
        return "".join(words)
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals: ``the stock is empty`` -> ``The stock is empty``."""
    return text[:1].upper() + text[1:]


def _pile_cards(game: Game[S], state: S, pile: int) -> tuple[str, ...]:
    """The face-up cards of a pile (deck letters, bottom first); empty for a pile the game lacks."""
    if pile not in game.piles():
        return ()
    notation = pile_notation(pile)
    for view in game.view(state).piles:
        if view.notation == notation:
            return view.cards
    return ()


def _move_parts(game: Game[S], state: S, move: Move) -> tuple[str | None, str, str]:
    """The card that moves (the bottom card of a group; None when its pile has too few cards), and the
    source and target piles, in words."""
    source, target = pile_text(move.src), pile_text(move.dst)
    cards = _pile_cards(game, state, move.src)
    if move.count < 1 or move.count > len(cards):
        return None, source, target
    return card_text(parse_card(cards[-move.count])), source, target


def move_text(game: Game[S], state: S, move: Move) -> str:
    """A move as a short phrase: ``4♦ from pile 2 to pile 3``, ``a click on the stock``.

    The card named is the one that moves (the bottom card of a group).
    """
    if move.src == STOCK:
        return _("a click on the stock")
    card, source, target = _move_parts(game, state, move)
    if card is None:
        return _("a card from {source} to {target}").format(source=source, target=target)
    if move.count == 1:
        return _("{card} from {source} to {target}").format(card=card, source=source, target=target)
    more = move.count - 1
    return ngettext("{card} with {more} card on it from {source} to {target}",
                    "{card} with {more} cards on it from {source} to {target}", more).format(
        card=card, more=more, source=source, target=target)


def move_instruction(game: Game[S], state: S, move: Move) -> str:
    """A move as what to do, a clause that starts a sentence: ``Click the stock``, ``Move 4♦ …``.

    >>> from patience import get_game
    >>> game = get_game("hamilton")
    >>> move_instruction(game, game.new(1), Move.parse("s"))
    'Click the stock'
    """
    if move.src == STOCK:
        return _("Click the stock")
    card, source, target = _move_parts(game, state, move)
    if card is None:
        return _("Move a card from {source} to {target}").format(source=source, target=target)
    if move.count == 1:
        return _("Move {card} from {source} to {target}").format(card=card, source=source, target=target)
    more = move.count - 1
    return ngettext("Move {card} and the {more} card on it from {source} to {target}",
                    "Move {card} and the {more} cards on it from {source} to {target}", more).format(
        card=card, more=more, source=source, target=target)


def refusal(game: Game[S], state: S, move: Move, reason: str | None = None) -> str:
    """Why ``move`` is refused, in one sentence; ``reason`` defaults to the rules' own.

    >>> from patience import get_game
    >>> game = get_game("union-square")
    >>> refusal(game, game.new(1), Move.parse("w-t1"))
    'Not allowed: a card from the waste to pile 1. The waste is empty.'
    """
    if reason is None:
        reason = game.why_illegal(state, move) or ""
    return _("Not allowed: {move}. {reason}.").format(
        move=move_text(game, state, move), reason=sentence(_(reason)))


def describe_move(game: Game[S], state: S, move: Move) -> str:
    """A move in words: ``Ten of hearts: pile 3 to foundation 1`` (what the terminal prints beside it)."""
    if move.src == STOCK:
        return kit_of(game).table.stock_click(game.view(state))
    pile = game.view(state).piles[game.piles().index(move.src)]
    if move.src == CHOOSER:
        return _("choose the {card} as start card ({foundation})").format(
            card=card_name(parse_card(pile.cards[-1])), foundation=pile_text(move.dst))
    card = card_name(parse_card(pile.cards[-move.count]))
    if move.count == 1:
        return _("{card}: {source} to {target}").format(
            card=card, source=pile_text(move.src), target=pile_text(move.dst))
    return ngettext("{card} and the card on it: {source} to {target}",
                    "{card} and the {more} cards on it: {source} to {target}", move.count - 1).format(
        card=card, more=move.count - 1, source=pile_text(move.src), target=pile_text(move.dst))


def clock_text(seconds: float) -> str:
    """``h:mm:ss`` or ``m:ss``.

    >>> clock_text(65), clock_text(3725)
    ('1:05', '1:02:05')
    """
    total = math.floor(seconds)  # as the game clock shows it (elapsed_seconds is rounded down)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
