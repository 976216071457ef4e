"""Every string the web page shows, so ``GET /api/i18n`` can send them translated in one answer.

The page keeps no text of its own: it looks up the English source text in
``messages`` (``t("Undo")``), fills ``{placeholders}`` itself, names cards
and piles from ``cards`` and ``piles``, and picks plural forms from
``plurals``: each entry maps the English singular to its forms by CLDR
plural category (``one``, ``few``, ``many``, ``other``), to be chosen with
``new Intl.PluralRules(bcp47).select(n)`` (``other`` when a category is
missing).

>>> from patience.i18n import language
>>> with language("en"):
...     catalog = translated_catalog()
>>> catalog.messages["Undo"], catalog.cards["TH"], catalog.piles["tableau-3"]
('Undo', 'Ten of hearts', 'Tableau pile 3')
>>> sorted(catalog.plurals["{count} card"].items())
[('one', '{count} card'), ('other', '{count} cards')]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final, NamedTuple

from babel import Locale

from patience.i18n import LANGUAGE_NAMES, N_, NC_, _, get_language, language, ngettext, pgettext
from patience.rules import FOUNDATION, MAX_FOUNDATIONS, MAX_TABLEAU, TABLEAU, pile_dom_id

#: Strings the page looks up with a context (``tc(context, source)``), sent under ``context\x04source``:
#: one game's result (the dot after a win, the statistics' chart), where "Won" as a column of counts
#: needs other words in Portuguese ("Vitórias", "Vitória").
CONTEXT_MESSAGES: Final[tuple[tuple[str, str], ...]] = (
    NC_("a game's result", "Won"), NC_("a game's result", "Lost"),
)
CONTEXT_SEPARATOR: Final = "\x04"  # gettext's own separator of a context and its message

#: Every fixed string of the page: controls, status bar, dialogs, statistics, messages, ARIA labels.
MESSAGES: Final[tuple[str, ...]] = (
    # title, games, controls
    N_("Patience"), N_("Hamilton"), N_("Union Square"),
    N_("New game"), N_("Restart"), N_("Undo"), N_("Redo"), N_("Hint"), N_("Statistics"), N_("Rules"),
    N_("Language"), N_("Game"), N_("Deal"), N_("Deal number"), N_("Deal #"), N_("Play deal"), N_("Go"),
    N_("Random deal"), N_("Deck string"), N_("Close"), N_("Cancel"), N_("OK"), N_("Yes"), N_("No"),
    N_("Reset"), N_("Reset statistics"), N_("Saved games"), N_("Resume"), N_("Abandon"), N_("Autoplay"),
    N_("Help"), N_("Keyboard"), N_("Keys"), N_("Keyboard shortcuts"), N_("Table"), N_("Menu"),
    N_("Skip to the table"), N_("Deal (click the stock)"), N_("Move between piles"),
    N_("Pick up the top card (again: one more card); put down on the focused pile; on the stock: deal"),
    N_("Put the cards back"), N_("Send the focused pile's card to a foundation (as a double-click)"),
    N_("Play again"), N_("Newer"), N_("Older"),
    # status bar
    N_("Score {score}/{max_score}"), N_("Stock {count}"), N_("Waste {count}"),
    N_("Choices left {count}"), N_("Start rank {rank}"), N_("Moves {count}"), N_("Time {time}"),
    N_("Deal {number}"), N_("Custom deal"), N_("{game}, deal {number}"), N_("Start card {card}"),
    # piles, cards, ARIA
    N_("Stock"), N_("Chooser"), N_("Waste"), N_("Foundation"), N_("Foundations"), N_("Tableau"),
    N_("Foundation {number}"), N_("Tableau pile {number}"), N_("Empty"), N_("Face-down card"),
    N_("Card back"), N_("{card}, {pile}"), N_("{pile}: empty"), N_("{pile}: {cards}"),
    N_("{pile}: {count} cards"), N_("({count} cards)"), N_("rising"), N_("falling"),
    N_("building up"), N_("building down"), N_("Selected: {card}"), N_("Moved {card} to {pile}"),
    N_("Drag a card, or click it and then a pile; double-click sends a card to a foundation."),
    # winnability and hints
    N_("Can this still be won?"), N_("Winnable"), N_("Lost: this deal can no longer be won"),
    N_("Not known yet"), N_("Thinking…"), N_("Unknown"), N_("Hint: {move}"),
    N_("No hint: no move is left."), N_("Winning line"), N_("Best guess"),
    N_("No useful moves left"), N_("End the game (it counts as lost)"),
    N_("The game is over: it counts as lost."),
    # fair analysis: only what the player sees (js/fair.js)
    N_("Analysis"), N_("Analysis: exact (knows the stock)"), N_("Analysis: fair (only what you see)"),
    N_("Counting the ways to deal the unseen cards…"),
    N_("Fair analysis sees only what you see: it deals the unseen cards in many ways and counts those "
       "that can still be won. Exact analysis knows how they really lie, so it may say Lost while some "
       "other ways still win."),
    N_("Fair hint"),
    # messages
    N_("You won!"), N_("You won in {moves} moves and {time}."), N_("No move is left."),
    N_("No move is left: this game is lost. Undo, restart or start a new game."),
    N_("This game is over."), N_("This game changed in another tab. Showing the current position."),
    N_("That move is not allowed."), N_("Nothing to undo."), N_("Nothing to redo."),
    N_("The server cannot be reached. Your last move may not be saved."),
    N_("Loading…"), N_("Saved"), N_("No saved games."), N_("Last played {date}"),
    # confirmations
    N_("Restart this deal? This game will count as lost."),
    N_("Abandon this game? It will count as lost."),
    N_("Start a new game? This one stays in your saved games."),
    N_("Reset the statistics of this game? This cannot be undone."), N_("Statistics reset."),
    N_("Restart this deal?"), N_("Start a new game?"), N_("This counts as a loss."),
    N_("Delete this saved game?"), N_("Delete"), N_("Delete {game}"),
    # auto-finish
    N_("Finish"), N_("Finish automatically"),
    # statistics
    N_("Played"), N_("Won"), N_("Lost"), N_("Win rate"), N_("Current streak"), N_("Best streak"),
    N_("Best time"), N_("Fewest moves"), N_("Average score"), N_("Wins with hints"),
    N_("Wins with undo"), N_("History"), N_("Finished"), N_("Result"), N_("Score"), N_("Time"),
    N_("Moves"), N_("Date"), N_("No games played yet"), N_("In progress"),
    N_("Results of the last {count} games"),
    N_("Score of each game (green: won) and the running win rate."),
    N_("The statistics could not be loaded."), N_("The statistics could not be reset."),
    N_("A deal counts as played from its first move; restarting or abandoning it counts as a loss."),
    N_("Statistics files"), N_("Export (JSON)"), N_("Export (CSV)"), N_("Import"),
    N_("Games added: {added}. Already kept: {kept}."), N_("The file could not be imported."),
    N_("Reset the statistics of {game}?"), N_("This cannot be undone."),
    # the toolbar's menu, the card deck, the win screen
    N_("Four-colour deck"), N_("Next deal"), N_("New random deal"), N_("Hints used"), N_("Undo used"),
    N_("New record: best time!"), N_("New record: fewest moves!"), N_("Your best streak yet!"),
    # the page's own sentences: moves read aloud, refusals it makes itself, fallbacks
    N_("Moved {cards} from {card} to {pile}"), N_("Moved {cards} to the foundations"),
    N_("{card} turned up on the chooser"), N_("{card} turned up on the waste"), N_("Dealt from the stock"),
    N_("Picked up {card} from {pile}. Move to a pile and press Enter."), N_("Picked up {cards} from {pile}"),
    N_("Cards put back"), N_("Move undone"), N_("Move redone"), N_("The deal starts again"),
    N_("Click the stock"), N_("Cards cannot be put on the stock."),
    N_("The table changed while you were moving cards: pick them up again."),
    N_("Enter a deal number from 1 to {max}."), N_("Hints are not available yet."),
    N_("The rules page is not available yet."), N_("That did not work."),
    # the dot that never gives up, and "Show me how"
    N_("Still thinking…"), N_("Not decided in {seconds} s"), N_("Show me how"), N_("Showing a winning line"),
    N_("Play"), N_("Pause"), N_("Step"), N_("Take over"),
    N_("No winning line is known yet: try again in a moment."),
    # winnable deals, the daily deal, the review
    N_("Deals"), N_("Any deal"), N_("Winnable deal"), N_("Winnable: {level}"), N_("Easy"), N_("Medium"),
    N_("Hard"), N_("All deals"), N_("Difficulty: {level}"), N_("Daily deal"),
    N_("Daily deal of {date}: deal {number}"), N_("Review"), N_("Where was this game lost?"),
    N_("Reviewing… (the solver searches the game's history)"), N_("The review could not be done."),
    N_("Turning point"), N_("Back"), N_("Next move"), N_("Review board"),
    N_("The position now. A winning line from here:"), N_("Move {number} of {count}: {move}"),
    N_("The last position known to be winnable, after move {number}. A winning line from there:"),
    N_("The deal as dealt, known to be winnable. A winning line from there:"),
    N_("(the rest of the line is not shown: {moves})"),
    N_("The turning point: the position after move {number}."),
    N_("Play on from here"), N_("A new game at the turning point, counted as a game with hints."),
    N_("A new game at the last position known to be winnable, counted as a game with hints."),
    N_("Last winnable position"), N_("Position now"),
    N_("Costliest move"), N_("Before your costliest move (move {number}): {move}."),
    N_("Weighing your moves from what you saw…"),
    # sharing a deal
    N_("Copy link"), N_("Link copied: open it to play this deal."), N_("The link could not be copied:"),
    # piles as the hints' sentences name them (patience/wording.py pile_text)
    N_("pile {number}"), N_("foundation {number}"), N_("the Chooser"), N_("the waste"),
    # the review of a deal never winnable
    N_("The deal as dealt: no order of moves could win it."),
    # a Union Square pile's badge: every card of the pile
    N_("Every card of this pile"), N_("{pile}, bottom to top: {cards}"),
    # "Show me how": its speed
    N_("Speed"), N_("Slow"), N_("Normal"), N_("Fast"),
    # while the start card is being chosen
    N_("Choose the start card: click the stock to turn a card to the Chooser (the dashed box), "
       "up to three times, then drag it to a foundation. Its rank is the start rank."),
)

#: Card names for screen readers, by card text.
CARD_NAMES: Final[dict[str, str]] = {
    "AC": N_("Ace of clubs"), "2C": N_("Two of clubs"), "3C": N_("Three of clubs"),
    "4C": N_("Four of clubs"), "5C": N_("Five of clubs"), "6C": N_("Six of clubs"),
    "7C": N_("Seven of clubs"), "8C": N_("Eight of clubs"), "9C": N_("Nine of clubs"),
    "TC": N_("Ten of clubs"), "JC": N_("Jack of clubs"), "QC": N_("Queen of clubs"),
    "KC": N_("King of clubs"),
    "AD": N_("Ace of diamonds"), "2D": N_("Two of diamonds"), "3D": N_("Three of diamonds"),
    "4D": N_("Four of diamonds"), "5D": N_("Five of diamonds"), "6D": N_("Six of diamonds"),
    "7D": N_("Seven of diamonds"), "8D": N_("Eight of diamonds"), "9D": N_("Nine of diamonds"),
    "TD": N_("Ten of diamonds"), "JD": N_("Jack of diamonds"), "QD": N_("Queen of diamonds"),
    "KD": N_("King of diamonds"),
    "AH": N_("Ace of hearts"), "2H": N_("Two of hearts"), "3H": N_("Three of hearts"),
    "4H": N_("Four of hearts"), "5H": N_("Five of hearts"), "6H": N_("Six of hearts"),
    "7H": N_("Seven of hearts"), "8H": N_("Eight of hearts"), "9H": N_("Nine of hearts"),
    "TH": N_("Ten of hearts"), "JH": N_("Jack of hearts"), "QH": N_("Queen of hearts"),
    "KH": N_("King of hearts"),
    "AS": N_("Ace of spades"), "2S": N_("Two of spades"), "3S": N_("Three of spades"),
    "4S": N_("Four of spades"), "5S": N_("Five of spades"), "6S": N_("Six of spades"),
    "7S": N_("Seven of spades"), "8S": N_("Eight of spades"), "9S": N_("Nine of spades"),
    "TS": N_("Ten of spades"), "JS": N_("Jack of spades"), "QS": N_("Queen of spades"),
    "KS": N_("King of spades"),
}


def _plural_sources() -> dict[str, Callable[[int], str]]:
    """English singular -> the translated form for a count (each a literal ``ngettext`` call)."""
    return {
        "{count} card": lambda n: ngettext("{count} card", "{count} cards", n),
        "{count} move": lambda n: ngettext("{count} move", "{count} moves", n),
        "{count} game": lambda n: ngettext("{count} game", "{count} games", n),
        "{count} win": lambda n: ngettext("{count} win", "{count} wins", n),
        "{count} choice left": lambda n: ngettext("{count} choice left", "{count} choices left", n),
        "{count} card in the stock": lambda n: ngettext(
            "{count} card in the stock", "{count} cards in the stock", n),
        "{count} second": lambda n: ngettext("{count} second", "{count} seconds", n),
        "{count} minute": lambda n: ngettext("{count} minute", "{count} minutes", n),
        "{count} game in a row": lambda n: ngettext("{count} game in a row", "{count} games in a row", n),
        # fair analysis: the dot, in the words of the fair hint
        "{won} of {count} way to deal the unseen cards can still be won ({low}–{high}%)": lambda n: ngettext(
            "{won} of {count} way to deal the unseen cards can still be won ({low}–{high}%)",
            "{won} of {count} ways to deal the unseen cards can still be won ({low}–{high}%)", n),
        "So far {won} of {count} way to deal the unseen cards can still be won…": lambda n: ngettext(
            "So far {won} of {count} way to deal the unseen cards can still be won…",
            "So far {won} of {count} ways to deal the unseen cards can still be won…", n),
        # the fair hint while it thinks (js/fair.js)
        "{decided} of {count} way to deal the unseen cards decided…": lambda n: ngettext(
            "{decided} of {count} way to deal the unseen cards decided…",
            "{decided} of {count} ways to deal the unseen cards decided…", n),
        "{decided} of {count} way to deal the unseen cards decided: best so far {move}, wins in {won}":
            lambda n: ngettext(
                "{decided} of {count} way to deal the unseen cards decided: best so far {move}, "
                "wins in {won}",
                "{decided} of {count} ways to deal the unseen cards decided: best so far {move}, "
                "wins in {won}",
                n),
    }


def plural_forms(lang: str, form: Callable[[int], str]) -> dict[str, str]:
    """The forms of one plural message by CLDR category, sampled from gettext with counts 1..199, 0."""
    rule = Locale.parse(lang).plural_form
    forms: dict[str, str] = {}
    for n in (*range(1, 200), 0):
        forms.setdefault(str(rule(n)), form(n))
    forms.setdefault("other", form(5))
    return forms


def pile_names() -> dict[str, str]:
    """Translated pile names by ``data-pile`` id."""
    names = {"stock": _("Stock"), "chooser": _("Chooser"), "waste": _("Waste")}
    for i in range(MAX_FOUNDATIONS):
        names[pile_dom_id(FOUNDATION + i)] = _("Foundation {number}").format(number=i + 1)
    for i in range(MAX_TABLEAU):
        names[pile_dom_id(TABLEAU + i)] = _("Tableau pile {number}").format(number=i + 1)
    return names


class MessageCatalog(NamedTuple):
    """Every string of the page in one language."""

    messages: dict[str, str]
    plurals: dict[str, dict[str, str]]
    cards: dict[str, str]
    piles: dict[str, str]


def translated_catalog() -> MessageCatalog:
    """The page's strings in the current language (built once per language)."""
    return _catalog(get_language())


@cache
def _catalog(lang: str) -> MessageCatalog:
    with language(lang):
        return MessageCatalog(
            messages={source: _(source) for source in MESSAGES + LOOKS_MESSAGES}
            | {f"{context}{CONTEXT_SEPARATOR}{source}": pgettext(context, source)
               for context, source in CONTEXT_MESSAGES},
            plurals={key: plural_forms(lang, form) for key, form in _plural_sources().items()},
            cards={text: _(name) for text, name in CARD_NAMES.items()},
            piles=pile_names(),
        )


def bcp47(lang: str) -> str:
    """``pt_BR`` -> ``pt-BR``, the tag browsers use."""
    return lang.replace("_", "-")


def language_names() -> dict[str, str]:
    """Each supported language in itself."""
    return dict(LANGUAGE_NAMES)


#: The settings chosen in the menu: the looks, the sound, the four-colour deck, cards going up by themselves.
LOOKS_MESSAGES: Final[tuple[str, ...]] = (
    N_("Table felt"), N_("Green felt"), N_("Blue felt"), N_("Burgundy felt"), N_("Charcoal felt"),
    N_("Blue back"), N_("Red back"), N_("Green back"),
    N_("Theme"), N_("Follow the system"), N_("Light"), N_("Dark"), N_("Sound"),
    # the switches' state in words (js/state.js, js/fourcolour.js)
    N_("On"), N_("Off"), N_("Not in {game}: it builds by colour, red on red and black on black"),
    # cards going up by themselves (js/autodrop.js)
    N_("Cards to the foundations by themselves"), N_("Safe cards only"),
    N_("Every card that fits (can spoil a game)"), N_("Then by themselves: {moves}"), N_("{card} to {pile}"),
)
