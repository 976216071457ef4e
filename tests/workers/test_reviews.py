"""The reviewer under load: waiting does not eat a review's budget, and a cut-short answer is not kept."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace

import pytest

from patience.workers.answers import ReviewAnswer
from patience.workers.jobs import ReviewSpec
from patience.workers.pool import WorkersBusyError
from patience.workers.reviews import MAX_WAITING, Reviewer

SLOW_SECONDS = 0.6


def fake_review(spec: ReviewSpec) -> ReviewAnswer:
    """Deal 1 reviews slowly (within its budget), any other deal at once, as lost."""
    if spec.deal == 1:
        time.sleep(SLOW_SECONDS)
    return ReviewAnswer(game=spec.slug, moves=len(spec.moves), status="lost", lost_at=0)


def one_thread() -> Executor:
    return ThreadPoolExecutor(1)


def test_reviews_waiting_behind_slow_ones_get_their_real_answer() -> None:
    reviewer = Reviewer(budget=0.5, job=fake_review, executor=one_thread, grace=0.4)

    async def four_at_once() -> list[ReviewAnswer]:
        asks = [reviewer.review(f"g{n}", 0, "hamilton", deal, []) for n, deal in enumerate((1, 1, 2, 3))]
        return list(await asyncio.gather(*asks))

    try:
        answers = asyncio.run(four_at_once())
    finally:
        reviewer.shutdown()
    assert [a.status for a in answers] == ["lost"] * 4  # the fast ones waited 1.2 s, more than 0.9 s


def test_an_answer_cut_short_by_the_worker_is_not_kept() -> None:
    calls: list[int | str] = []

    def stuck_then_quick(spec: ReviewSpec) -> ReviewAnswer:
        calls.append(spec.deal)
        if len(calls) == 1:
            time.sleep(SLOW_SECONDS)
        return fake_review(replace(spec, deal=2))

    reviewer = Reviewer(budget=0.1, job=stuck_then_quick, executor=one_thread, grace=0.1)
    try:
        first = asyncio.run(reviewer.review("g", 0, "hamilton", 5, []))
        assert first.status == "unknown"
        time.sleep(SLOW_SECONDS)
        again = asyncio.run(reviewer.review("g", 0, "hamilton", 5, []))
    finally:
        reviewer.shutdown()
    assert again.status == "lost" and len(calls) == 2
    assert asyncio.run(reviewer.review("g", 0, "hamilton", 5, [])) is again  # a whole answer is kept


def test_more_reviews_than_may_wait_are_refused() -> None:
    reviewer = Reviewer(budget=0.5, job=fake_review, executor=one_thread, grace=0.4)

    async def too_many() -> None:
        asks = [asyncio.ensure_future(reviewer.review(f"g{n}", 0, "hamilton", 1, []))
                for n in range(MAX_WAITING)]
        await asyncio.sleep(0)
        with pytest.raises(WorkersBusyError):
            await reviewer.review("one more", 0, "hamilton", 1, [])
        await asyncio.gather(*asks)

    try:
        asyncio.run(too_many())
    finally:
        reviewer.shutdown()
