"""Searches as generators that yield between slices, and running them side by side.

A search is a :data:`Steps` generator: it yields after every slice of its work (about :data:`SLICE`
positions) and returns its :data:`Answer`. The functions here run such searches in turn, a slice at a
time, so that several share one budget and the first decided answer ends them all.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Final

from patience.rules import Move
from patience.solver.budget import Budget
from patience.solver.result import UNKNOWN

SLICE: Final = 256  # nodes a search expands before it gives way
Answer = tuple[str, tuple[Move, ...]]
Steps = Generator[None, None, Answer]  # yields between slices, returns the answer


def answer_only(answer: Answer) -> Steps:
    """A search that has nothing to do but give ``answer``."""
    return answer
    yield  # a generator  # noqa: RUF100


def finish(steps: Steps) -> Answer:
    """Run ``steps`` to its end and return its answer."""
    while True:
        answer = one_slice(steps)
        if answer is not None:
            return answer



def side_by_side(searches: list[Steps], budget: Budget) -> Steps:
    """Run the searches a slice at a time, in turn; the first decided answer wins.

    A search listed several times gets that many slices per round. A search
    that ends ``unknown`` (its table is full, or the budget is spent) leaves
    the others running while budget is left. Yields after every slice.
    """
    running = list(searches)
    for ended in in_turn(running):
        if ended is None:
            yield
            continue
        _steps, (outcome, line) = ended
        if outcome != UNKNOWN or budget.spent:
            close_all(running)
            return (outcome, line) if outcome != UNKNOWN else (UNKNOWN, ())
    return UNKNOWN, ()


def in_turn(running: list[Steps]) -> Iterator[tuple[Steps, Answer] | None]:
    """Run the searches a slice at a time, in turn; yield ``None`` after each slice and each
    search that ends, with its answer.

    A search listed several times gets that many slices per round. ``running``
    is changed in place: an ended search leaves it, and the caller may add or
    take out searches between two answers.
    """
    while running:
        for steps in list(running):
            if steps not in running:
                continue  # ended earlier in this round
            ended = one_slice(steps)
            if ended is not None:
                running[:] = [other for other in running if other is not steps]
                yield steps, ended
            else:
                yield None


def one_slice(steps: Steps) -> Answer | None:
    """Run one slice of a search: ``None`` while it goes on, its answer when it has ended."""
    try:
        next(steps)
    except StopIteration as stop:
        answer: Answer = stop.value
        return answer
    return None


def close_all(searches: list[Steps]) -> None:
    for steps in searches:
        steps.close()
