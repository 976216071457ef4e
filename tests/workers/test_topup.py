"""The top-up thread survives a full disk: one line said, no temporary file left, and it goes on."""

from __future__ import annotations

import errno
import logging
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from patience.catalog import Catalog, WinnableDeal
from patience.workers.topup import TopUp


def proven(slug: str, deal: int, seconds: float) -> WinnableDeal | None:
    """A quick fake prover: every deal is winnable."""
    return WinnableDeal(slug, deal, "easy", 10, "s")


def one_thread() -> Executor:
    return ThreadPoolExecutor(1)


def test_a_full_disk_does_not_end_the_top_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             caplog: pytest.LogCaptureFixture,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games-winnable.json"
    catalog = Catalog(path)
    full = True
    real_write = Path.write_text

    def write_text(self: Path, data: str, *args: Any, **kwargs: Any) -> int:
        if full and self.suffix == ".tmp":
            real_write(self, data[:5], *args, **kwargs)  # half written, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(self, data, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    topper = TopUp(catalog, seconds=0.1, pause=0.01, job=proven, executor=one_thread)
    with caplog.at_level(logging.WARNING, logger="patience.workers.topup"):
        topper.start()
        try:
            deadline = time.monotonic() + 10
            while len(caplog.records) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert len(caplog.records) >= 3, "the thread said nothing about the full disk"
            assert not path.with_suffix(".tmp").exists() and not path.exists()
            full = False  # room again: the thread comes back to saving
            while not path.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert topper._thread is not None and topper._thread.is_alive()
        finally:
            topper.stop()
    assert "No space left" in caplog.records[0].getMessage()
    assert "Traceback" not in capsys.readouterr().err
    assert not path.with_suffix(".tmp").exists()
    saved = Catalog(path)  # the deals proven while the disk was full were saved once it had room
    assert saved.difficulty("hamilton", 1_000_001) == "easy"
    assert saved.difficulty("hamilton", 1_000_002) == "easy"
