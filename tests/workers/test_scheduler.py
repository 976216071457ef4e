"""The dot's scheduler and knowledge with a fake clock and a fake solver: escalation, reuse, bounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from patience.rules import Move, get_game
from patience.workers.answers import SearchAnswer
from patience.workers.knowledge import Knowledge, Point
from patience.workers.scheduler import Scheduler, SearchJob, escalation
from tests.web.conftest import union_square_winning_deal

Done = Callable[[SearchJob, "SearchAnswer | None"], None]


class FakeClock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeHandle:
    """A started job; remembers whether it was asked to stop."""

    def __init__(self, job: SearchJob, done: Done) -> None:
        self.job = job
        self.done = done
        self.cancelled = False
        self.reported = False

    def cancel(self) -> None:
        self.cancelled = True

    def report(self, outcome: SearchAnswer | None) -> None:
        assert not self.reported
        self.reported = True
        self.done(self.job, outcome)


class FakeSolver:
    """A runner that only records what it was asked to run; the test finishes each job by hand."""

    def __init__(self) -> None:
        self.started: list[FakeHandle] = []

    def __call__(self, job: SearchJob, done: Done) -> FakeHandle:
        handle = FakeHandle(job, done)
        self.started.append(handle)
        return handle

    def running(self) -> list[FakeHandle]:
        return [h for h in self.started if not h.reported]

    def only(self) -> FakeHandle:
        running = self.running()
        assert len(running) == 1, running
        return running[0]


def make(workers: int = 1, max_waiting: int = 8, budgets: tuple[float, ...] = (2, 10, 60),
         knowledge: Knowledge | None = None) -> tuple[Scheduler, FakeSolver, FakeClock, list[SearchAnswer]]:
    solver, clock = FakeSolver(), FakeClock()
    results: list[SearchAnswer] = []
    known = knowledge or Knowledge()

    def learn(job: SearchJob, outcome: SearchAnswer) -> None:
        results.append(outcome)
        known.learn(job.slug, job.state, outcome.status, outcome.line, job.point)

    scheduler = Scheduler(solver, budgets=budgets, workers=workers, on_result=learn, clock=clock,
                          max_waiting=max_waiting, poll_timeout=20)
    return scheduler, solver, clock, results


def hamilton(deal: int) -> Any:
    return get_game("hamilton").new(deal)


def test_escalation_budgets_grow_up_to_the_limit() -> None:
    assert escalation(2, 300) == (2, 10, 60, 300)
    assert escalation(2, 60) == (2, 10, 60)
    assert escalation(2, 45) == (2, 10, 45)


def test_an_open_position_is_searched_again_with_a_growing_budget_until_decided() -> None:
    scheduler, solver, clock, results = make()
    progress = scheduler.poll("g", "hamilton", hamilton(7))
    assert (progress.status, progress.budget, progress.searched) == ("pending", 2, 0)
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.budget == 10  # escalated at once: the page asked recently
    clock.now += 5
    assert scheduler.poll("g", "hamilton", hamilton(7)).searched == 2
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.budget == 60
    solver.only().report(SearchAnswer("lost", ()))
    assert results == [SearchAnswer("lost")]
    assert scheduler.counts() == {"watched": 0, "running": 0, "waiting": 0}


def test_after_the_limit_the_answer_is_unknown_with_the_seconds_searched() -> None:
    scheduler, solver, _clock, _results = make(budgets=(2, 10))
    scheduler.poll("g", "hamilton", hamilton(7))
    solver.only().report(SearchAnswer("unknown", ()))
    solver.only().report(SearchAnswer("unknown", ()))
    progress = scheduler.poll("g", "hamilton", hamilton(7))
    assert (progress.status, progress.searched) == ("unknown", 10)
    assert solver.running() == []


def test_a_game_that_moves_on_stops_its_search_and_keeps_one_job() -> None:
    scheduler, solver, _clock, _results = make(budgets=(2, 10, 60))
    scheduler.poll("g", "hamilton", hamilton(7))
    solver.only().report(SearchAnswer("unknown", ()))
    long_search = solver.only()
    assert long_search.job.budget == 10
    game = get_game("hamilton")
    after = game.apply(hamilton(7), game.parse_move("s"))
    scheduler.poll("g", "hamilton", after)
    assert long_search.cancelled
    long_search.report(None)
    assert solver.only().job.state == after and solver.only().job.budget == 2
    assert scheduler.counts()["watched"] == 1


def test_nobody_asking_stops_the_search_and_forgets_the_game() -> None:
    scheduler, solver, clock, _results = make()
    scheduler.poll("g", "hamilton", hamilton(7))
    solver.only().report(SearchAnswer("unknown", ()))
    search = solver.only()
    clock.now += 21
    scheduler.sweep()
    assert search.cancelled
    search.report(None)
    assert scheduler.counts() == {"watched": 0, "running": 0, "waiting": 0}


def test_an_unasked_open_position_is_not_escalated_until_a_page_asks_again() -> None:
    scheduler, solver, clock, _results = make()
    scheduler.poll("g", "hamilton", hamilton(7))
    clock.now += 15
    scheduler.poll("h", "hamilton", hamilton(8))  # keeps time moving; g is not asked
    clock.now += 10
    solver.running()[0].report(SearchAnswer("unknown", ()))  # g's first search ends; nobody asked for 25 s
    assert [h.job.game_id for h in solver.running()] == ["h"]


def test_the_queue_is_bounded_newest_dropped_but_still_pending_and_owed() -> None:
    scheduler, solver, clock, _results = make(workers=1, max_waiting=2)
    scheduler.poll("busy", "hamilton", hamilton(1))
    for n in range(2, 5):
        clock.now += 1
        scheduler.poll(f"g{n}", "hamilton", hamilton(n))
    assert scheduler.counts()["waiting"] == 2
    assert scheduler.poll("g4", "hamilton", hamilton(4)).status == "pending"  # dropped, still owed
    assert scheduler.counts()["waiting"] == 2
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.game_id == "g2"  # then the one waiting longest
    clock.now += 1
    scheduler.poll("g4", "hamilton", hamilton(4))  # its page asks again: it takes the free place
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.game_id == "g3"
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.game_id == "g4"  # the dropped search is resumed


def test_a_fresh_game_goes_before_games_that_had_answers() -> None:
    scheduler, solver, clock, _results = make(workers=1, max_waiting=3, budgets=(2,))
    game = get_game("hamilton")
    for name in ("a", "b"):
        scheduler.poll(name, "hamilton", hamilton(1))
    solver.only().report(SearchAnswer("unknown", ()))  # a had its answer
    solver.only().report(SearchAnswer("unknown", ()))  # b too
    states = {name: game.apply(hamilton(1), game.parse_move("s")) for name in ("a", "b")}
    scheduler.poll("a", "hamilton", states["a"])  # running now
    clock.now += 1
    scheduler.poll("b", "hamilton", states["b"])  # waits
    clock.now += 1
    scheduler.poll("fresh", "hamilton", hamilton(9))  # waits, newer than b
    for n in range(3):  # more fresh games come; each search ends
        clock.now += 1
        scheduler.poll(f"old{n}", "hamilton", hamilton(20 + n))
        solver.only().report(SearchAnswer("unknown", ()))
    assert scheduler.poll("fresh", "hamilton", hamilton(9)).searched == 2  # searched, not dropped
    ran = [h.job.game_id for h in solver.started]
    assert ran[:4] == ["a", "b", "a", "fresh"]
    assert scheduler.poll("b", "hamilton", states["b"]).status == "pending"  # still waiting its turn


def test_a_fresh_game_does_not_wait_behind_escalated_searches() -> None:
    scheduler, solver, _clock, _results = make(workers=2)
    scheduler.poll("a", "hamilton", hamilton(1))
    scheduler.poll("b", "hamilton", hamilton(2))
    for handle in list(solver.running()):
        handle.report(SearchAnswer("unknown", ()))
    running = solver.running()
    assert [h.job.budget for h in running] == [10]  # escalated searches leave a worker free
    scheduler.poll("fresh", "hamilton", hamilton(3))
    assert sorted(h.job.game_id for h in solver.running()) == ["a", "fresh"]


def test_with_one_worker_an_escalated_search_gives_way_and_is_tried_again() -> None:
    scheduler, solver, _clock, _results = make(workers=1)
    scheduler.poll("a", "hamilton", hamilton(1))
    solver.only().report(SearchAnswer("unknown", ()))
    escalated = solver.only()
    scheduler.poll("fresh", "hamilton", hamilton(3))
    assert escalated.cancelled
    escalated.report(None)
    solver.only().report(SearchAnswer("unknown", ()))
    again = solver.only()
    assert (again.job.game_id, again.job.budget) == ("a", 10)


def moves_of(texts: list[str]) -> tuple[Move, ...]:
    game = get_game("union-square")
    return tuple(game.parse_move(t) for t in texts)


def test_a_winning_line_answers_every_position_on_it_without_a_search() -> None:
    known = Knowledge()
    scheduler, solver, _clock, _results = make(knowledge=known)
    game = get_game("union-square")
    deck, texts = union_square_winning_deal()
    state = game.new(deck)
    scheduler.poll("g", "union-square", state)
    solver.only().report(SearchAnswer("winnable", moves_of(texts)))
    for count, move in enumerate(moves_of(texts)[:10]):
        found = known.lookup("union-square", state)
        assert found is not None and found.status == "winnable"
        assert [str(m) for m in found.line] == texts[count:]
        state = game.apply(state, move)
    assert len(solver.started) == 1


def test_every_position_after_a_lost_one_is_lost() -> None:
    known = Knowledge()
    scheduler, solver, _clock, _results = make(knowledge=known)
    game = get_game("hamilton")
    state = game.apply(hamilton(7), game.parse_move("s"))
    scheduler.poll("g", "hamilton", state, Point("g", 1, 1))
    solver.only().report(SearchAnswer("lost", ()))
    later = state
    for played in range(2, 7):
        later = game.apply(later, game.legal_moves(later)[0])
        found = known.lookup("hamilton", later, Point("g", played, played))
        assert found is not None and found.status == "lost"
    assert known.lookup("hamilton", hamilton(7), Point("g", 0, 0)) is None  # before the lost point
    assert known.lookup("hamilton", later, Point("another game", 6, 6)) is None
    assert known.lookup("hamilton", later, Point("g", 6, 8)) is None  # an undo since: not known


@pytest.mark.parametrize("workers", [0])
def test_a_scheduler_needs_a_worker(workers: int) -> None:
    with pytest.raises(ValueError):
        make(workers=workers)


def test_a_full_queue_drops_a_game_that_had_answers_before_a_fresh_one() -> None:
    scheduler, solver, clock, _results = make(workers=1, max_waiting=2, budgets=(2,))
    game = get_game("hamilton")
    scheduler.poll("a", "hamilton", hamilton(1))
    solver.only().report(SearchAnswer("unknown", ()))  # a had its answer
    scheduler.poll("busy", "hamilton", hamilton(2))  # holds the worker
    clock.now += 1
    scheduler.poll("f1", "hamilton", hamilton(3))
    clock.now += 1
    moved = game.apply(hamilton(1), game.parse_move("s"))
    scheduler.poll("a", "hamilton", moved)
    clock.now += 1
    scheduler.poll("f2", "hamilton", hamilton(4))
    assert scheduler.poll("a", "hamilton", moved).status == "pending"  # owed, not given up
    assert scheduler.counts()["waiting"] == 2
    assert {h.job.game_id for h in solver.running()} == {"busy"}
    solver.only().report(SearchAnswer("unknown", ()))
    assert solver.only().job.game_id == "f1"  # the fresh games first
    assert scheduler.poll("f1", "hamilton", hamilton(3)).status == "pending"
    assert scheduler.poll("f2", "hamilton", hamilton(4)).status == "pending"


def test_after_stop_searches_are_stopped_and_none_starts() -> None:
    scheduler, solver, _clock, _results = make()
    scheduler.poll("a", "hamilton", hamilton(1))
    running = solver.only()
    scheduler.stop()
    assert running.cancelled
    running.report(None)
    scheduler.poll("b", "hamilton", hamilton(2))
    assert solver.running() == []


def test_one_fresh_game_makes_only_one_escalated_search_give_way() -> None:
    scheduler, solver, clock, _results = make(workers=3)
    for name in ("a", "b", "c"):
        scheduler.poll(name, "hamilton", hamilton(ord(name)))
    for handle in list(solver.running()):
        handle.report(SearchAnswer("unknown", ()))
    escalated = solver.running()
    assert len(escalated) == 2  # a worker is left for fresh games
    scheduler.poll("fresh1", "hamilton", hamilton(1))  # takes the free worker
    scheduler.poll("fresh2", "hamilton", hamilton(2))
    for _ in range(3):
        clock.now += 1
        scheduler.poll("fresh2", "hamilton", hamilton(2))
    assert sum(1 for h in escalated if h.cancelled) == 1


def test_knowledge_forgets_the_oldest_line_beyond_its_bound() -> None:
    from tests.browser.helpers import winning_line

    known = Knowledge(max_positions=150)
    hamilton_game = get_game("hamilton")
    _slug, deal, texts = winning_line("winning-hamilton-1.txt")
    first = hamilton_game.new(deal)
    known.learn("hamilton", first, "winnable", tuple(hamilton_game.parse_move(t) for t in texts))
    assert known.lookup("hamilton", first) is not None
    deck, us_texts = union_square_winning_deal()
    second = get_game("union-square").new(deck)
    known.learn("union-square", second, "winnable", moves_of(us_texts))
    assert known.lookup("hamilton", first) is None
    found = known.lookup("union-square", second)
    assert found is not None and len(found.line) == len(us_texts)


def test_many_games_polling_are_never_given_up_before_every_budget_was_searched() -> None:
    scheduler, solver, clock, _results = make(workers=2, max_waiting=16, budgets=(2, 10))
    games = {f"g{n}": hamilton(n) for n in range(1, 101)}
    finished: dict[str, float] = {}
    started: dict[FakeHandle, float] = {}
    for _round in range(3000):
        clock.now += 1
        for handle in solver.running():
            if not handle.cancelled and clock.now - handle.job.budget >= started[handle]:
                handle.report(SearchAnswer("unknown", ()))
            elif handle.cancelled:
                handle.report(None)
        for game_id, state in games.items():
            if game_id in finished:
                continue
            progress = scheduler.poll(game_id, "hamilton", state)
            assert progress.status in ("pending", "unknown")
            if progress.status == "unknown":
                assert progress.searched == scheduler.limit  # said only after the whole search
                finished[game_id] = clock.now
        for handle in solver.running():
            started.setdefault(handle, clock.now)
        if len(finished) == len(games):
            break
    assert len(finished) == len(games)  # every dropped search was resumed and finished
