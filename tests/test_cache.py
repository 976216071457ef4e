"""The one bounded cache: its bound, its order of forgetting, and many threads at once."""

from __future__ import annotations

import threading

import pytest

from patience.cache import BoundedCache


def test_the_least_recently_used_entry_is_forgotten_first() -> None:
    cache: BoundedCache[int, str] = BoundedCache(3)
    for key in range(3):
        cache.put(key, str(key))
    assert cache.get(0) == "0"  # read: the newest now
    cache.put(3, "3")
    assert cache.keys() == [2, 0, 3]
    assert 1 not in cache and len(cache) == 3
    assert cache.peek(2) == "2"
    cache.put(4, "4")  # peek did not make 2 the newest
    assert 2 not in cache and cache.keys() == [0, 3, 4]


def test_setdefault_makes_once_and_keeps_the_bound() -> None:
    cache: BoundedCache[str, list[int]] = BoundedCache(1)
    made = cache.setdefault("a", list)
    made.append(1)
    assert cache.setdefault("a", list) == [1]
    cache.setdefault("b", list)
    assert cache.keys() == ["b"]
    assert cache.pop("b") == [] and cache.pop("b") is None and len(cache) == 0


def test_writing_again_makes_an_entry_the_newest() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 3)
    cache.put("c", 4)
    assert cache.keys() == ["a", "c"] and cache.get("a") == 3


def test_many_threads_never_pass_the_bound() -> None:
    cache: BoundedCache[int, int] = BoundedCache(50)

    def work(start: int) -> None:
        for n in range(start, start + 2000):
            cache.put(n % 300, n)
            cache.get((n * 7) % 300)
            cache.setdefault((n * 13) % 300, lambda: 0)

    threads = [threading.Thread(target=work, args=(k * 1000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 50 and len(set(cache.keys())) == 50


def test_a_cache_holds_something() -> None:
    with pytest.raises(ValueError):
        BoundedCache(0)
