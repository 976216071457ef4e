"""``patience.catalog``: every shipped deal is won by its stored line; the daily deal."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from patience.catalog import (
    DIFFICULTIES,
    Catalog,
    CatalogError,
    WinnableDeal,
    daily_deal,
    level_of,
    parse_day,
    shipped,
)
from patience.errors import UnknownGameError
from patience.rules import game_slugs, get_game


@pytest.mark.parametrize("slug", game_slugs())
def test_every_shipped_deal_replays_its_line_to_a_win(slug: str) -> None:
    game = get_game(slug)
    deals = shipped(slug)
    assert len({d.deal for d in deals}) == len(deals) >= 300
    for entry in deals:
        state = game.new(entry.deal)
        for text in entry.moves():
            state = game.apply(state, game.parse_move(text))
        assert game.is_won(state), entry.deal
        assert entry.difficulty == level_of(slug, entry.nodes)
    assert {d.difficulty for d in deals} == set(DIFFICULTIES)


@pytest.mark.parametrize("slug", game_slugs())
def test_daily_deal_same_date_same_deal_different_dates_differ(slug: str) -> None:
    start = date(2026, 12, 1)
    assert daily_deal(slug, start) == daily_deal(slug, date.fromisoformat("2026-12-01"))
    year = [daily_deal(slug, start + timedelta(days=k)).deal for k in range(366)]
    assert len(set(year)) == len(year)
    proven = {d.deal for d in shipped(slug)}
    assert set(year) <= proven
    assert daily_deal(slug, date(1950, 3, 4)).deal in proven


def test_bad_days_and_difficulties() -> None:
    today = date(2026, 12, 1)
    assert parse_day(None, today) == today
    assert parse_day("2126-12-31", today) == date(2126, 12, 31)
    for text in ("tomorrow", "2026-02-30", "2026-1-1", "20261201", "", "3000-01-01", "1900-01-01",
                 "2026-W01-1", "2026-W011", "2026-001", "２０２６-12-01", "2026-12-01T00"):
        with pytest.raises(CatalogError):
            parse_day(text, today)
    with pytest.raises(CatalogError, match="easy, medium or hard"):
        Catalog().choose("hamilton", "impossible")
    with pytest.raises(UnknownGameError):
        shipped("klondike")


def test_chosen_deals_have_the_difficulty_asked(tmp_path: Path) -> None:
    catalog = Catalog(tmp_path / "extra.json")
    for level in DIFFICULTIES:
        chosen = catalog.choose("union-square", level)
        assert chosen.difficulty == level
        assert catalog.difficulty("union-square", chosen.deal) == level
    assert catalog.difficulty("hamilton", 4_000_000_000) is None
    assert catalog.difficulty("hamilton", None) is None


def test_topped_up_deals_are_kept_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "extra.json"
    catalog = Catalog(path)
    assert catalog.next_candidate("hamilton", 1_000_001) == 1_000_001
    found = WinnableDeal("hamilton", 1_000_001, "hard", 9000, "s c-f1")
    catalog.record("hamilton", 1_000_001, found)
    catalog.record("hamilton", 1_000_002, None)
    again = Catalog(path)
    assert again.next_candidate("hamilton", 1_000_001) == 1_000_003
    assert again.difficulty("hamilton", 1_000_001) == "hard"
    assert 1_000_001 in again.deals_of("hamilton", "hard")
    path.write_text("not json", encoding="utf-8")
    assert Catalog(path).difficulty("hamilton", 1_000_001) is None
    assert json.loads(json.dumps(again.deals("hamilton", "hard")[-1].line)) == "s c-f1"
