"""The fair odds keeper with a fake clock and fake batches: growing samples, bounds, no hidden cards read."""

from __future__ import annotations

from concurrent.futures import Future

from patience.analysis.fair import Budget, observe, odds
from patience.rules import get_game
from patience.workers.answers import OddsCounts
from patience.workers.jobs import OddsSpec
from patience.workers.odds import OddsKeeper, odds_batch, sample_targets, seed_of


class FakeBatches:
    """Batches the test finishes by hand: each is ``(start, stop)`` and a future."""

    def __init__(self) -> None:
        self.started: list[tuple[int, int, Future[OddsCounts]]] = []

    def __call__(self, spec: OddsSpec) -> Future[OddsCounts]:
        future: Future[OddsCounts] = Future()
        self.started.append((spec.start, spec.stop, future))
        return future

    def finish(self, index: int = -1, won_each: bool = True) -> None:
        start, stop, future = self.started[index]
        count = stop - start
        future.set_result(OddsCounts(count, 0, 0) if won_each else OddsCounts(0, count, 0))


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def keeper(batches: FakeBatches, clock: FakeClock | None = None, workers: int = 1,
           queue: int = 0) -> OddsKeeper:
    return OddsKeeper(workers=workers, queue=queue, first_samples=4, max_samples=16,
                      clock=clock or FakeClock(), submit=batches)


HAMILTON = get_game("hamilton")


def test_samples_double_up_to_the_limit_then_stop() -> None:
    batches = FakeBatches()
    odds_keeper = keeper(batches)
    seen = observe(HAMILTON, 3, [])
    first = odds_keeper.poll("g", "hamilton", seen)
    assert (first.odds.samples, first.more) == (0, True)
    assert [(a, b) for a, b, _f in batches.started] == [(0, 4)]
    odds_keeper.poll("g", "hamilton", seen)
    assert len(batches.started) == 1  # one batch per game at a time
    for _ in range(2):
        batches.finish()
        odds_keeper.poll("g", "hamilton", seen)
    batches.finish()
    last = odds_keeper.poll("g", "hamilton", seen)
    assert [(a, b) for a, b, _f in batches.started] == [(0, 4), (4, 8), (8, 16)]
    assert (last.odds.samples, last.odds.won, last.more) == (16, 16, False)
    odds_keeper.poll("g", "hamilton", seen)
    assert len(batches.started) == 3  # nothing more to solve


def test_a_busy_pool_leaves_the_batch_owed() -> None:
    batches = FakeBatches()
    odds_keeper = keeper(batches)
    one, other = observe(HAMILTON, 3, []), observe(HAMILTON, 5, [])
    odds_keeper.poll("a", "hamilton", one)
    refused = odds_keeper.poll("b", "hamilton", other)
    assert len(batches.started) == 1 and refused.more and refused.odds.samples == 0
    batches.finish()
    odds_keeper.poll("b", "hamilton", other)
    assert len(batches.started) == 2  # asked again once a place was free


def test_a_new_position_starts_over_and_a_silent_game_is_let_go() -> None:
    batches, clock = FakeBatches(), FakeClock()
    odds_keeper = keeper(batches, clock, workers=2)
    seen = observe(HAMILTON, 3, [])
    odds_keeper.poll("g", "hamilton", seen)
    batches.finish()
    assert odds_keeper.poll("g", "hamilton", seen).odds.samples == 4
    moved = observe(HAMILTON, 3, [HAMILTON.parse_move("s")])
    assert odds_keeper.poll("g", "hamilton", moved).odds.samples == 0
    clock.now += 60
    odds_keeper.poll("h", "hamilton", seen)
    assert odds_keeper.counts()["watched"] == 1


def test_nothing_hidden_needs_one_sample() -> None:
    assert sample_targets(0, 8, 256) == (1,)


def test_batches_add_up_to_the_libraries_odds() -> None:
    seen = observe(HAMILTON, 4, [])
    seed = seed_of(seen)
    parts = [odds_batch(OddsSpec("hamilton", seen, seed, a, b, 800)) for a, b in ((0, 2), (2, 4), (4, 6))]
    whole = odds(HAMILTON, seen, samples=6, seed=seed, budget=Budget(max_nodes=800))
    assert (sum(p.won for p in parts), sum(p.lost for p in parts), sum(p.unknown for p in parts)) == (
        whole.won, whole.lost, whole.unknown)
