"""Batching: every job once, in order, in batches no larger than asked; the automatic size's bounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience.survey.jobs import BATCH_SECONDS, MAX_BATCH, Job, batch_size, batches, solve_batch, solve_deal


def jobs_for(count: int) -> list[Job]:
    return [("hamilton", deal, 100, None) for deal in range(1, count + 1)]


@given(st.integers(0, 500), st.integers(1, 60))
def test_batches_keep_every_job_once_in_order(count: int, size: int) -> None:
    jobs = jobs_for(count)
    cut = batches(jobs, size)
    assert [job for batch in cut for job in batch] == jobs
    assert all(1 <= len(batch) <= size for batch in cut)
    assert all(len(batch) == size for batch in cut[:-1])  # only the last may be short


def test_batches_refuse_size_zero() -> None:
    with pytest.raises(ValueError):
        batches(jobs_for(3), 0)


@given(st.integers(1, 100_000), st.integers(0, 512), st.one_of(st.none(), st.floats(0.01, 3600)))
def test_batch_size_bounds(deals: int, threads: int, max_seconds: float | None) -> None:
    size = batch_size(deals, threads, max_seconds)
    assert 1 <= size <= MAX_BATCH
    if max_seconds is not None and max_seconds <= BATCH_SECONDS:
        assert size * max_seconds <= BATCH_SECONDS  # a lost batch costs at most a minute of budget
    if deals >= 4 * max(threads, 1) * MAX_BATCH and (max_seconds is None or max_seconds <= 2):
        assert size == MAX_BATCH  # a big survey gets few, full tasks


def test_batch_size_gives_every_thread_several_batches() -> None:
    assert batch_size(40, 2, 2.0) == 5  # 8 batches for 2 threads
    assert batch_size(3, 8, 10.0) == 1
    assert batch_size(14_000, 16, 10.0) == 6  # 60 s of budget per batch at most


def test_a_batch_solves_its_deals_in_order() -> None:
    jobs: list[Job] = [("hamilton", 454, 2000, None), ("union-square", 2, 5, None)]
    rows = solve_batch(jobs)
    assert [(row["game"], row["deal"]) for row in rows] == [("hamilton", 454), ("union-square", 2)]
    assert rows[0] == {**solve_deal(jobs[0]), "seconds": rows[0]["seconds"]}
    assert rows[1]["outcome"] == "unknown" and rows[1]["stopped"] == "nodes"
