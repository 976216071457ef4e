"""The one watch mechanism of the dot's searches and the fair odds: one watch per game, replaced, let go."""

from __future__ import annotations

from patience.workers.watch import Watch, Watches, running_handles


class FakeHandle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


def watch_on(subject: str, now: float) -> Watch[str, int]:
    return Watch(subject, (2, 10, 60), now)


def test_asking_again_about_the_same_subject_keeps_the_watch_and_its_steps() -> None:
    watches: Watches[Watch[str, int]] = Watches(poll_timeout=20.0)
    first, gone = watches.ask("g", "a", 0.0, lambda: watch_on("a", 0.0))
    first.escalate()
    again, gone_again = watches.ask("g", "a", 15.0, lambda: watch_on("a", 15.0))
    assert again is first and gone == gone_again == []
    assert (again.target, again.last_poll) == (10, 15.0)
    assert watches.expire(30.0) == []  # asked 15 s ago: kept


def test_the_game_moving_on_lets_its_watch_go_with_its_running_job() -> None:
    watches: Watches[Watch[str, int]] = Watches(poll_timeout=20.0)
    old, _gone = watches.ask("g", "a", 0.0, lambda: watch_on("a", 0.0))
    old.running, old.handle = True, FakeHandle()
    new, gone = watches.ask("g", "b", 1.0, lambda: watch_on("b", 1.0))
    assert gone == [old] and old.gone and not new.gone
    assert running_handles(gone) == [old.handle] and watches.get("g") is new


def test_silent_games_expire_and_steps_run_out() -> None:
    watches: Watches[Watch[str, int]] = Watches(poll_timeout=20.0)
    watches.ask("quiet", "a", 0.0, lambda: watch_on("a", 0.0))
    busy, _gone = watches.ask("busy", "a", 10.0, lambda: watch_on("a", 10.0))
    assert [w.subject for w in watches.expire(21.0)] == ["a"] and len(watches) == 1
    for _ in busy.steps:
        assert busy.more
        busy.escalate()
    assert not busy.more
    assert watches.drop("busy") is busy and watches.drop("busy") is None and len(watches) == 0
