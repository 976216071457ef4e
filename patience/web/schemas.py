"""Pydantic models of every request and answer, so the OpenAPI schema describes the whole API.

Request integers are strict: ``"0"``, ``0.0`` and ``true`` are not numbers here.

>>> from pydantic import ValidationError
>>> for body in ('{"game": "hamilton", "deal": "42"}', '{"game": "hamilton", "deal": 42.0}'):
...     try:
...         NewGameIn.model_validate_json(body)
...     except ValidationError as exc:
...         print(exc.errors()[0]["type"])
int_type
int_type
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictBool, StrictInt, model_validator
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

from patience.i18n import _
from patience.page_layout import PageLayout
from patience.rules import game_slugs
from patience.store.exchange import FIELDS, FORMAT, MAX_GAMES, VERSION

WinnableStatus = Literal["winnable", "lost", "unknown", "pending"]
Difficulty = Literal["easy", "medium", "hard"]
ReviewStatus = Literal["won", "winnable", "lost", "unknown"]
MoveText = Annotated[str, Field(max_length=16)]
HistoryKind = Literal["recent", "full"]
Autodrop = Literal["off", "safe", "all"]


def autodrop_field() -> Any:
    """The request field that sets cards going up by themselves after the request's moves."""
    return Field(
        default="off", description="Cards that then go up to the foundations by themselves, as ordinary "
        "moves in the same action (one undo takes them back with the request's moves; they are listed in "
        "the answer's automatic): off (none, the default), safe (only moves that can never lower the "
        "chance of winning: the solver's safe moves, see docs/rules.md) or all (every card on a pile or "
        "the waste that fits a foundation; that can spoil a game). Never Hamilton's Chooser card, and "
        "nothing after a move that takes a card down from a foundation")


#: The type of the refusal of a new game given both a deal number and a deck string.
DEAL_AND_DECK: Final = "deal_and_deck"


class ErrorOut(BaseModel):
    """Every refusal: one translated sentence (validation errors add the details in ``errors``)."""

    detail: str = Field(description="What was wrong, in one sentence, in the player's language")
    errors: list[dict[str, Any]] | None = Field(
        default=None, description="For 422 validation errors: where the request was malformed")


# --- requests ------------------------------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def game_slugs_schema(schema: JsonDict) -> None:
    """The registered games, as the schema's ``enum`` and ``examples`` (read when the schema is made)."""
    from patience.rules import game_slugs

    slugs: list[JsonValue] = list(game_slugs())
    schema["enum"] = schema["examples"] = slugs


#: A request that names its deal: a deal number or a deck string.
_DEALT: Final[list[JsonValue]] = [{"required": ["deal"], "properties": {"deal": {"type": "integer"}}},
                                  {"required": ["deck"], "properties": {"deck": {"type": "string"}}}]


class NewGameIn(BaseModel):
    """Deal a new game: a numbered deal, a deck string, or neither for a random numbered deal (not both)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"allOf": [
        {"not": {"required": ["deal", "deck"],
                 "properties": {"deal": {"type": "integer"}, "deck": {"type": "string"}}}},
        # a winnable deal (winnable, or a difficulty) is chosen by the server: no deal number or deck
        {"not": {"required": ["winnable"], "properties": {"winnable": {"const": True}}, "anyOf": _DEALT}},
        {"not": {"required": ["difficulty"], "properties": {"difficulty": {"type": "string"}},
                 "anyOf": _DEALT}}],
    })

    game: str = Field(max_length=40, description="Game slug (others answer 404)",
                      json_schema_extra=game_slugs_schema)
    deal: StrictInt | None = Field(default=None, ge=1, le=2**32 - 1,
                                   description="Deal number, 1 to 4294967295; null for random")
    deck: str | None = Field(default=None, max_length=2000,
                             description="Deck string, cards in dealing order (not with a deal number)")

    winnable: StrictBool = Field(default=False, description="Deal a numbered deal the solver has proven "
                                 "winnable (chosen at random from the known list; implied by difficulty)")
    difficulty: str | None = Field(default=None, max_length=20,
                                   description="With winnable: easy, medium or hard (others answer 422)",
                                   json_schema_extra={"enum": ["easy", "medium", "hard"]})

    fresh: StrictBool = Field(default=False, description="Deal it anew even when an unfinished game of this "
                                                         "deal exists (else that game is returned, 200)")
    abandon: str | None = Field(default=None, max_length=100,
                                description="Id of the player's game on the table, ended as lost when "
                                            "another game is dealt (unknown ids answer 404, nothing dealt)")

    @model_validator(mode="after")
    def _deal_or_deck(self) -> NewGameIn:
        if self.deal is not None and self.deck is not None:
            raise PydanticCustomError(DEAL_AND_DECK, _("Give a deal number or a deck string, not both."))
        return self


class MovesIn(_Strict):
    """Moves to play in order, all or none, on the given version of the game."""

    moves: list[MoveText] = Field(min_length=1, max_length=500, examples=[["t3-f1"]])
    version: StrictInt = Field(description="The game's version the moves were chosen on")
    autodrop: Autodrop = autodrop_field()


class DoubleClickIn(_Strict):
    """A double-click on a pile (``t3``, ``c``, ``w``, ``f1``...)."""

    pile: str = Field(max_length=8, examples=["t3"])
    version: StrictInt
    autodrop: Autodrop = autodrop_field()


class VersionIn(_Strict):
    """A change that needs only the version it was made on (undo, redo)."""

    version: StrictInt


class PlayOnIn(_Strict):
    """The body of "Play on from here": the version reviewed, and optionally where the page showed the
    new game would start."""

    version: StrictInt
    at: StrictInt | None = Field(
        default=None, ge=0, examples=[41],
        description="The moves before the position the review showed to play on from (`lost_at` - 1, or "
        "`winnable_after` in an undecided review): 409 when the review now starts elsewhere.")


class ClockIn(_Strict):
    """A page's report on the play clock of the game it shows."""

    visible: StrictBool = Field(description="True while the page shows the game (the clock runs); false "
                                            "when it is hidden or closed (the clock stops)")


class EmptyIn(_Strict):
    """No fields."""


class LanguageIn(_Strict):
    """Choose the language of the page and the answers."""

    lang: str = Field(max_length=35, description="A supported language; others answer 400",
                      json_schema_extra={"enum": ["en", "pt_BR", "pt-BR", "ru"]})


# --- answers -------------------------------------------------------------------------------------------
class PileOut(BaseModel):
    """One pile as the page draws it; ``cards`` are face up, bottom first, above ``face_down`` backs."""

    pile: str = Field(description="data-pile id: tableau-3, foundation-1, stock, waste, chooser")
    notation: str = Field(description="Name in move text: t3, f1, s, w, c")
    kind: str
    cards: list[str]
    face_down: int
    direction: str | None = Field(description="Union Square tableau and foundations: up, down or null")


class ViewOut(BaseModel):
    """The board."""

    piles: list[PileOut]
    score: int
    max_score: int
    won: bool
    stuck: bool
    status: dict[str, int | str | None]


class GameOut(BaseModel):
    """A game: where it came from, its moves, the board, and what can be played now."""

    id: str
    game: str
    name: str
    deal: int | None
    deck: str | None
    version: int = Field(description="Number of accepted changes; send it back with every change")
    moves: list[str] = Field(description="Moves played to reach the current position: the last 50 "
                                         "(of move_count) unless ?history=full asks for every one")
    redo: list[str] = Field(description="Moves redo would replay, next first: the next 50 unless "
                                        "?history=full asks for every one")
    history: HistoryKind = Field(default="recent",
                                 description="recent: moves and redo are cut to 50; full: complete")
    undo_available: bool
    redo_available: bool
    view: ViewOut
    legal: list[str] = Field(description="Every legal move now (empty once the game is finished)")
    status_text: str
    message: str | None = Field(description="Won / no move left, translated; else null")
    finished: bool
    won: bool
    elapsed_seconds: int = Field(description="Play time: counted only while a page shows the game "
                                             "(see POST /api/games/{id}/clock); a running clock is "
                                             "counted up to this answer")
    clock_running: bool = Field(default=False,
                                description="True while a page's reports keep the clock running")
    can_finish: bool = Field(default=False, description="The rest is a sure win by foundation moves alone: "
                                                        "POST /api/games/{id}/finish plays it")
    move_count: int
    used_hints: bool
    used_undo: bool
    created_at: str
    updated_at: str
    applied: list[str] | None = Field(default=None, description="Moves a double-click made")
    automatic: list[str] | None = Field(
        default=None, description="Moves that went up to the foundations by themselves after the request's "
        "moves (its autodrop), in the order played; they are the last of moves. Null when not asked for")
    difficulty: Difficulty | None = Field(
        default=None, description="easy, medium or hard when the deal is a numbered deal proven winnable "
        "(patience.catalog: from the solver's effort); null when not known")


class GameSummaryOut(BaseModel):
    """A line of the saved-games list."""

    id: str
    game: str
    name: str
    deal: int | None
    score: int
    max_score: int
    move_count: int
    updated_at: str
    finished: bool
    won: bool


class CatalogEntryOut(BaseModel):
    """A game that can be played."""

    slug: str
    name: str
    max_score: int
    builds_by_colour: bool = Field(default=False, description="The rules build by colour (red on red, black "
                                   "on black), so the page keeps the two-colour deck in this game")
    layout: PageLayout | None = Field(default=None, description="How the page lays out the game's table: "
                                      "its grid of piles, how the tableau shows, its own words")


class HintOut(BaseModel):
    """A suggested move and why."""

    move: str | None
    basis: str = Field(description="winning line or heuristic")
    status: str = Field(description="winnable, lost or unknown")
    explanation: str
    line: list[str] = Field(default_factory=list, description="The winning line when one is known")
    busy: bool = Field(default=False, description="True when the solver was too busy: the move is the "
                                                  "heuristic's, answered at once")
    no_useful_moves: bool = Field(default=False, description="The game is lost and every move left only "
                                  "takes cards back or returns to a position this game has been in: "
                                  "move is null, and the game can only be ended (POST …/abandon)")


class ClockOut(BaseModel):
    """The play clock after a report."""

    version: int
    elapsed_seconds: int
    clock_running: bool


class WinnableOut(BaseModel):
    """Can this position still be won? ``pending`` until the background computation answers."""

    version: int
    status: WinnableStatus
    searched_seconds: float = Field(
        default=0.0, description="The longest search that ended undecided (with unknown: not decided in "
                                 "this many seconds)")
    budget_seconds: float = Field(default=0.0, description="The budget of the search running or waiting "
                                                           "(``pending``); 0 otherwise")
    limit_seconds: float = Field(default=0.0, description="The longest search the server makes for one "
                                                          "position (the last budget)")


class ReviewStepOut(BaseModel):
    """One move of the winning line of a review, in notation and in words, and the board after it."""

    move: str
    words: str
    view: ViewOut


class ReviewOut(BaseModel):
    """Where the game was lost (``patience review``'s object, plus what the page shows).

    ``lost_at``: moves after which the position was first lost (0: the deal cannot be won; null: still
    winnable, won, or unknown). ``better``: a move that keeps the position after ``lost_at - 1`` moves
    winnable; ``line``: the winning line from there (or from the last position when ``winnable``).
    """

    game: str
    moves: int
    lost_at: int | None
    better: str | None
    status: ReviewStatus
    line: list[str]
    winnable_after: int | None = Field(
        default=None, description="The most moves after which the position is known winnable (null: none)")
    lost_after: int | None = Field(
        default=None, description="The fewest moves after which the position is known lost (null: none); "
                                  "when the review is unknown between the two, one of the moves after "
                                  "winnable_after, up to move lost_after, lost the game")
    summary: str = Field(description="The verdict in one or two sentences, in words")
    played: str | None = Field(default=None, description="The move that lost the game (move lost_at)")
    played_words: str | None = None
    better_words: str | None = None
    turning_point: ViewOut | None = Field(
        default=None, description="The board after lost_at - 1 moves (the last board when winnable, the "
                                  "deal as dealt when lost_at is 0)")
    steps: list[ReviewStepOut] = Field(
        default_factory=list, description="The winning line step by step (at most the first 400 moves)")


class OddsCountsOut(BaseModel):
    """Of ``samples`` ways to deal the unseen cards, how many could be won, and the 95% interval."""

    samples: int
    won: int
    lost: int
    unknown: int = Field(description="Not decided within the node budget")
    low: float
    high: float


class FairDecisionOut(BaseModel):
    """One of the player's decisions: move ``number`` (1-based) and the fair odds before and after it."""

    number: int
    move: str
    before: OddsCountsOut
    after: OddsCountsOut


class CostliestOut(FairDecisionOut):
    """The move that cost the most odds, in words, with the board before and after it."""

    words: str = Field(description="The move as the table shows it (8♥ from pile 2 to pile 3)")
    view: ViewOut = Field(description="The board before the move (after number - 1 moves)")
    view_after: ViewOut = Field(description="The board after the move")


class BestFairMoveOut(OddsCountsOut):
    """At decision ``number``: the odds after the best fair move (the move played when none kept more)."""

    number: int = Field(description="The decision's move number (1-based), as in decisions")


class LuckOrPlayOut(BaseModel):
    """A game that was not won: its fall in fair odds from the deal to the end, split into play and luck.

    The object ``patience review --fair --json`` prints as ``luck_or_play``. Both parts are shares of
    win chance (0.25: 25 points) added up along the game, so ``play_cost + luck`` is the fall.
    """

    deal: OddsCountsOut = Field(description="The sampled ways to deal the unseen cards that won at the deal")
    end: OddsCountsOut = Field(description="The same at the end of the game")
    play_cost: float = Field(description="What the player's moves cost against the best fair move at "
                                         "each decision, summed (a share of win chance, never negative)")
    luck: float = Field(description="The rest of the fall: what the cards that turned up cost "
                                    "(negative: they gave some back)")
    best: list[BestFairMoveOut] = Field(description="For each decision, the odds after the best fair move")


class FairPartOut(BaseModel):
    """The fair review so far: odds from what the player saw at each decision (no peeking)."""

    status: Literal["pending", "done", "unknown"] = Field(
        description="pending: more is being worked out, ask again; unknown: the review could not be finished")
    looked_at: int = Field(description="Moves of the game looked at so far")
    moves: int
    samples: int = Field(description="Ways to deal the unseen cards, sampled at each decision")
    seed: int = Field(description="The samples' seed, made from what the player saw at the deal")
    max_nodes: int = Field(description="Positions searched per sampled way")
    decisions: list[FairDecisionOut] = Field(description="The decisions looked at so far (moves that "
                                             "were forced or safe by the rules are left out)")
    costliest: CostliestOut | None = Field(description="Once done: the move after which most sampled ways "
                                           "that could be won were lost (null: none cost anything)")
    summary: str = Field(description="The fair review, or how far it got, in one sentence")
    luck_or_play: LuckOrPlayOut | None = Field(
        default=None, description="Once worked out, for a game that was not won: luck or play (null: the "
                                  "game was won, it is still being worked out while status is pending, or "
                                  "it could not be)")
    luck_words: str | None = Field(default=None, description="luck_or_play in words: the sentence that "
                                                             "ends the fair review (null with it)")


class FairReviewOut(ReviewOut):
    """``?fair=1``: the review, and the fair review in ``fair``."""

    fair: FairPartOut


class DailyOut(BaseModel):
    """The daily deal: one proven-winnable numbered deal per game per UTC day, the same for everyone."""

    game: str
    date: str = Field(description="YYYY-MM-DD (UTC)")
    deal: int
    difficulty: Difficulty


class HistoryOut(BaseModel):
    """One played deal: finished (won or lost) or still being played."""

    finished_at: str | None = Field(description="When it ended; null while it is being played")
    started_at: str = Field(description="Its first move")
    finished: bool
    won: bool
    score: int
    seconds: int
    moves: int
    used_hints: bool
    used_undo: bool


class StatsOut(BaseModel):
    """A player's statistics for one game, plus the same numbers formatted for the language."""

    game: str
    played: int
    won: int
    win_rate: float
    current_streak: int
    best_streak: int
    best_time_seconds: int | None
    fewest_moves: int | None
    average_score: float | None
    wins_with_hints: int
    wins_with_undo: int
    history: list[HistoryOut] = Field(
        description="The played deals every figure counts, most recently started first (at most 100)")
    difficulty: Difficulty | None = Field(
        default=None, description="When given: only deals of this difficulty are counted")
    formatted: dict[str, str | list[dict[str, str]]] = Field(
        description="The numbers as text for the language (Babel); history as a list of rows")


class ImportOut(BaseModel):
    """A statistics file was read: how many of its games were new here (the others were already kept)."""

    added: int
    already_kept: int


class ResetOut(BaseModel):
    """Statistics were reset."""

    reset: bool


class I18nOut(BaseModel):
    """Every string the page shows, in the chosen language.

    Plurals: ``plurals`` maps an English singular (``"{count} card"``) to its
    forms by CLDR plural category (``one``, ``few``, ``many``, ``other``); the
    page picks one with ``new Intl.PluralRules(bcp47).select(n)``, falling
    back to ``other``.
    """

    lang: str
    bcp47: str
    languages: dict[str, str]
    messages: dict[str, str]
    plurals: dict[str, dict[str, str]]
    cards: dict[str, str] = Field(description="Card name by card text, e.g. TH: Ten of hearts")
    piles: dict[str, str] = Field(description="Pile name by data-pile id, e.g. tableau-3: Tableau pile 3")


class LanguageOut(BaseModel):
    """The language now in use."""

    lang: str


class RulesOut(BaseModel):
    """A game's help page."""

    game: str
    lang: str
    title: str
    html: str


class OddsOut(BaseModel):
    """The fair odds so far: of ``samples`` ways to deal the unseen cards, how many can still be won."""

    version: int
    samples: int = Field(description="Completions solved so far (the unseen cards dealt at random)")
    won: int = Field(description="Completions that can still be won")
    lost: int = Field(description="Completions that can no longer be won")
    unknown: int = Field(description="Completions not decided within the node budget")
    low: float = Field(description="Lower end of the 95% interval of the share that can be won "
                                   "(unknowns counted as lost)")
    high: float = Field(description="Upper end of the 95% interval (unknowns counted as won)")
    more: bool = Field(description="More completions are being solved: ask again")
    hidden: int = Field(description="Cards the player has not seen (0: the odds are exact)")
    seed: int = Field(description="The samples' seed, made from what the player sees")


class FairHintOut(HintOut):
    """A fair hint (``basis`` ``fair``): the move after which most sampled completions can still be won."""

    won: int = Field(description="Sampled completions that can still be won after the move")
    samples: int = Field(description="Completions solved (0: a safe move, given at once); fewer than "
                                     "planned when the rest could not change the move")
    planned: int = Field(default=0, description="Completions drawn: the search stops early, after "
                                                "samples of them, once none of the rest can change the move")


class FairProgressOut(BaseModel):
    """How far the fair hint of the game's position has got while it thinks."""

    version: int
    running: bool = Field(description="The hint is still thinking: ask again")
    decided: int = Field(description="Completions solved so far (the unseen cards dealt at random)")
    samples: int = Field(description="Completions drawn in all")
    move: str | None = Field(description="The best move so far (null: none yet)")
    won: int = Field(description="Completions solved so far that can still be won after that move")


#: A date as the files write it: the digits of a real month, day and time of day (UTC).
DAY_PATTERN: Final = "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
_STAMP: Final = {"type": "string", "pattern": f"^{DAY_PATTERN}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z$"}
_COUNT: Final = {"type": "integer", "minimum": 0, "maximum": 10**9 - 1}
#: One game of the file, as the import reads it (beyond this, the rules of its game say what is possible:
#: see docs/formats.md).
GAME_ENTRY: Final = {
    "type": "object", "required": list(FIELDS), "additionalProperties": False,
    "description": "One played deal: a deal number or a deck string (the other null); finished_at null "
                   "exactly when the result is in progress",
    "properties": {
        "id": {"type": "string", "pattern": "^g_[0-9a-f]{24}$"},
        "game": {"type": "string", "enum": game_slugs()},
        "deal": {"type": ["integer", "null"], "minimum": 1, "maximum": 2**32 - 1},
        "deck": {"type": ["string", "null"], "maxLength": 2000},
        "result": {"type": "string", "enum": ["won", "lost", "in progress"]},
        "score": _COUNT, "moves": _COUNT, "seconds": _COUNT,
        "started_at": _STAMP, "finished_at": {**_STAMP, "type": ["string", "null"]},
        "used_hints": {"type": "boolean"}, "used_undo": {"type": "boolean"}}}
IMPORT_BODY: Final = {"requestBody": {"required": True, "content": {"application/json": {"schema": {
    "type": "object", "required": ["format", "version", "games"], "additionalProperties": False,
    "description": "A JSON export of GET /api/stats/export (up to 8 MiB)",
    "properties": {"format": {"const": FORMAT}, "version": {"const": VERSION},
                   "games": {"type": "array", "maxItems": MAX_GAMES, "items": GAME_ENTRY}}}}}}}
