"""One bounded, thread-safe cache: the newest ``size`` entries by key, the least recently used go first.

Every memory the server keeps by game (positions by version, kept reviews,
fair reviews in progress, observations, decided answers) is one of these,
so each is bounded the same way and none grows with the number of players.

>>> cache: BoundedCache[str, int] = BoundedCache(2)
>>> cache.put("a", 1); cache.put("b", 2)
>>> cache.get("a")  # used: now the newest
1
>>> cache.put("c", 3)  # "b" was used least recently
>>> "b" in cache, len(cache), cache.keys()
(False, 2, ['a', 'c'])
>>> cache.get("b", 0), cache.pop("a"), cache.pop("a")
(0, 1, None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")


class BoundedCache(Generic[K, V]):
    """At most ``size`` entries; reading or writing an entry makes it the newest; thread-safe."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache holds at least one entry")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    @overload
    def get(self, key: K) -> V | None: ...

    @overload
    def get(self, key: K, default: D) -> V | D: ...

    def get(self, key: K, default: object = None) -> object:
        """The entry of ``key`` (now the newest), else ``default``."""
        with self._lock:
            if key not in self._entries:
                return default
            self._entries.move_to_end(key)
            return self._entries[key]

    def peek(self, key: K) -> V | None:
        """The entry of ``key`` without making it the newest, else None."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key`` as the newest entry, forgetting the oldest beyond ``size``."""
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def setdefault(self, key: K, make: Callable[[], V]) -> V:
        """The entry of ``key`` (now the newest), else ``make()`` kept under it (made under the lock)."""
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
            value = self._entries[key] = make()
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
            return value

    def pop(self, key: K) -> V | None:
        """Forget ``key``; its entry, else None."""
        with self._lock:
            return self._entries.pop(key, None)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def keys(self) -> list[K]:
        """The keys, oldest first (a copy)."""
        with self._lock:
            return list(self._entries)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
