"""Reviews of a player's game as the API answers them: where it was lost, and the fair review so far.

:class:`GameReviews` reads the game through the :class:`~patience.web.service.GameService`
(never the store), has it reviewed by the review worker
(:class:`~patience.workers.reviews.Reviewer`), and makes the answer: the
game's positions replayed, the turning point and the winning line in words and
boards, encoded as JSON once per game, version and language in the review
answers' own thread (:class:`~patience.workers.fair_reviews.ReviewAnswers`), so
the event loop only sends bytes. A crowded worker or answers' thread raises
:class:`~patience.workers.pool.WorkersBusyError` (the route answers 503).
"""

from __future__ import annotations

from typing import Final, Literal, TypedDict

from starlette.concurrency import run_in_threadpool

from patience.analysis.fair_luck import luck_or_play_text
from patience.analysis.fair_review import costliest_text
from patience.analysis.review import positions_of, undecided_text
from patience.errors import StaleVersionError
from patience.i18n import _, ngettext
from patience.kit import observing
from patience.rules import Game, Move, State, get_game
from patience.solver.result import Status
from patience.table import deal_of, stale
from patience.web.schemas import (
    CostliestOut,
    FairDecisionOut,
    FairPartOut,
    GameOut,
    LuckOrPlayOut,
    ReviewOut,
    ReviewStepOut,
    ViewOut,
)
from patience.web.service import GameRecord, GameService, view_out
from patience.wording import describe_move, move_text
from patience.workers import Workers
from patience.workers.answers import ReviewAnswer
from patience.workers.fair_reviews import FairProgress
from patience.workers.odds import seed_of

#: The most steps of a winning line a review answer draws.
MAX_STEPS: Final = 400


class GameReviews:
    """The players' games reviewed, as the API answers them."""

    def __init__(self, service: GameService, workers: Workers) -> None:
        self.service = service
        self.workers = workers

    async def review(self, player: str, game_id: str, *, fair: bool, lang: str) -> bytes:
        """The review of a game as encoded JSON; with ``fair``, the fair review so far as its ``fair`` key.

        Call it inside the request's language context (``lang`` is that language).
        """
        service, workers = self.service, self.workers
        record, _state = await run_in_threadpool(service.table.load, player, game_id)
        moves = await run_in_threadpool(service.table.moves_of, record)
        answers, reviewer = workers.review_answers, workers.reviewer
        found = await reviewer.review(record.id, record.version, record.game, deal_of(record), moves)
        # An answer with its winning line is about a megabyte of JSON: made and encoded once per game,
        # version and language in the answers' own thread, so the event loop (where moves are played)
        # only sends bytes.
        kept = reviewer.known(record.id, record.version) is found
        key = (record.id, record.version, lang) if kept else object()
        answer = await answers.get(key, reviewed_json, record, moves, found)
        if not fair:
            return answer
        progress = workers.fair_reviews.poll(record.id, record.version, record.game, deal_of(record), moves,
                                             await answers.get(("seed", record.game, deal_of(record)),
                                                               deal_seed, record.game, deal_of(record)))
        part = await answers.get((record.id, record.version, lang, progress.looked_at, progress.done,
                                  progress.failed, progress.weighed), fair_part_json, record, moves, progress)
        return with_fair(answer, part)

    async def play_on(self, player: str, game_id: str, version: int, at: int | None = None) -> GameOut:
        """A new game on the same deal at the review's turning point (see :meth:`Table.play_on`).

        ``at``: the moves before the position the page showed; when the review (asked again: its answer
        may have been dropped and found anew) now starts elsewhere, nothing is played on (stale).
        """
        service = self.service
        record, _state = await run_in_threadpool(service.table.load, player, game_id)
        if record.version != version:
            raise stale()
        moves = await run_in_threadpool(service.table.moves_of, record)
        found = await self.workers.reviewer.review(record.id, record.version, record.game, deal_of(record),
                                                   moves)
        point = play_on_point(found)
        if at is not None and point is not None and point - 1 != at:
            raise StaleVersionError(_("The review changed since it was shown: open it again."))
        new, state = await run_in_threadpool(service.table.play_on, player, game_id, version, point)
        return service.describe(new, state)


def play_on_point(found: ReviewAnswer) -> int | None:
    """Where "Play on from here" starts, as :meth:`Table.play_on`'s ``lost_at`` (the position after
    one move fewer): the review's turning point, or, when it stayed undecided between two known ends,
    the position after ``winnable_after`` moves, the last one known winnable (None: neither).

    >>> from patience.kit import default_slug
    >>> slug = default_slug()
    >>> play_on_point(ReviewAnswer(slug, 40, "lost", lost_at=12))
    12
    >>> play_on_point(ReviewAnswer(slug, 40, "unknown", winnable_after=7, lost_after=20, line=("s",)))
    8
    >>> play_on_point(ReviewAnswer(slug, 40, "unknown", lost_after=40)) is None
    True
    """
    if found.lost_at is not None or found.status != Status.UNKNOWN:
        return found.lost_at
    if found.winnable_after is None or not found.line:
        return None
    return found.winnable_after + 1


def with_fair(review: bytes, part: bytes) -> bytes:
    """The encoded review with the encoded fair part as its last key, ``fair`` (as :class:`FairReviewOut`).

    >>> with_fair(b'{"moves":4}', b'{"status":"pending"}')
    b'{"moves":4,"fair":{"status":"pending"}}'
    """
    return b"".join((memoryview(review)[:-1], b',"fair":', part, b"}"))


def reviewed_json(record: GameRecord, moves: list[str], found: ReviewAnswer) -> bytes:
    """:func:`reviewed` encoded as JSON."""
    return reviewed(record, moves, found).model_dump_json().encode()


def deal_seed(slug: str, deal: int | str) -> int:
    """The fair samples' seed of a deal: made from what the player sees at the deal."""
    game = get_game(slug)
    return seed_of(observing(game).observe(game.new(deal), []))


def fair_part_json(record: GameRecord, moves: list[str], progress: FairProgress) -> bytes:
    """:func:`fair_part` encoded as JSON."""
    return fair_part(get_game(record.game), record, moves, progress).model_dump_json().encode()


def reviewed(record: GameRecord, moves: list[str], found: ReviewAnswer) -> ReviewOut:
    """The review's answer with every position of the game replayed (away from the event loop)."""
    game = get_game(record.game)
    state = game.new(deal_of(record))
    states = [state]
    for text in moves:
        state = game.apply_legal(state, Move.parse(text))
        states.append(state)
    return described(game, found, moves, states)


class _Extra(TypedDict, total=False):
    """What a review's object shows besides the verdict: the losing move and the turning point."""

    played: str
    played_words: str
    better_words: str
    turning_point: ViewOut


def described(game: Game[State], found: ReviewAnswer, moves: list[str], states: list[State]) -> ReviewOut:
    """A review's object with the turning point and the winning line in words and boards."""
    lost_at = found.lost_at
    line = [Move.parse(m) for m in found.line]
    extra: _Extra = {}
    if lost_at:
        start = states[lost_at - 1]
        played = Move.parse(moves[lost_at - 1])
        extra = {"played": str(played), "played_words": describe_move(game, start, played),
                 "better_words": describe_move(game, start, line[0])}
    elif found.status == Status.WINNABLE:
        start = states[-1]
    elif found.status == Status.UNKNOWN and found.winnable_after is not None and line:
        start = states[found.winnable_after]  # undecided after it: the last position known winnable
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
    return ReviewOut(**found.as_json(), summary=summary(found, extra), steps=steps, **extra)


def fair_part(game: Game[State], record: GameRecord, moves: list[str], progress: FairProgress) -> FairPartOut:
    """The fair review so far in words, with the boards around its costliest move, then luck or play."""
    review = progress.review
    costliest = luck = luck_words = None
    status: Literal["pending", "done", "unknown"]
    if progress.done:
        states = positions_of(game, deal_of(record), [Move.parse(m) for m in moves])
        summary = costliest_text(game, states, review)
        found = review.costliest
        if found is not None:
            before = states[found.number - 1]
            costliest = CostliestOut.model_validate({
                **found.as_json(), "words": move_text(game, before, found.move),
                "view": view_of(game, before), "view_after": view_of(game, states[found.number])})
        if progress.luck is not None:
            luck = LuckOrPlayOut.model_validate(progress.luck.as_json())
            luck_words = luck_or_play_text(progress.luck)
        status = "pending" if progress.pending else "done"
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
                       costliest=costliest, summary=summary, luck_or_play=luck, luck_words=luck_words)


def view_of(game: Game[State], state: State) -> ViewOut:
    """A board as the page draws it."""
    return view_out(game.view(state))


def summary(found: ReviewAnswer, extra: _Extra) -> str:
    """The verdict in words."""
    status, lost_at = found.status, found.lost_at
    if status == Status.WON:
        return _("This game was won.")
    if status == Status.WINNABLE:
        return _("This game can still be won.")
    if status == Status.UNKNOWN:
        return (undecided_text(found.winnable_after, found.lost_after)
                or _("Not decided: a search ran out of time."))
    if lost_at == 0:
        return _("This deal could not be won from the start.")
    return _("Move {number} lost the game: {move}. Instead: {better}.").format(
        number=lost_at, move=extra["played_words"], better=extra["better_words"])


