"""Results files are untrusted input: every malformed row is one line naming the file and the line,
exit 2; reading is bounded (``/dev/zero``, a gzip bomb); a torn last line is repaired on resume."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import time
from collections.abc import Generator, Sequence
from pathlib import Path

import pytest

from patience.cli import main
from patience.survey import Job, Row, read_results, read_rows, survey
from patience.survey import files as results_files

GOOD = json.dumps({"game": "hamilton", "deal": 1, "outcome": "won", "seconds": 0.5}) + "\n"

#: A malformed second line of each kind, and a word the one-line error must contain.
MALFORMED = {
    "missing-seconds": ('{"game": "hamilton", "deal": 2, "outcome": "won"}', '"seconds" is missing'),
    "deal-x": ('{"game": "hamilton", "deal": "x", "outcome": "won", "seconds": 1}', '"deal" must be'),
    "list": ("[1]", "must be a JSON object"),
    "huge-float": ("1e999", "too large"),
    "huge-seconds": ('{"game": "hamilton", "deal": 2, "outcome": "won", "seconds": 1e999}', "too large"),
    "nan": ('{"game": "hamilton", "deal": 2, "outcome": "won", "seconds": NaN}', "not a number"),
    "long-deal": ('{"game": "hamilton", "deal": ' + "7" * 5000 + ', "outcome": "won", "seconds": 1}',
                  "more than 30 digits"),
    "deal-zero": ('{"game": "hamilton", "deal": 0, "outcome": "won", "seconds": 1}', '"deal" must be'),
    "deal-true": ('{"game": "hamilton", "deal": true, "outcome": "won", "seconds": 1}', '"deal" must be'),
    "seconds-abc": ('{"game": "hamilton", "deal": 2, "outcome": "won", "seconds": "abc"}',
                    '"seconds" must be'),
    "outcome": ('{"game": "hamilton", "deal": 2, "outcome": "maybe", "seconds": 1}', '"outcome" must be'),
    "game": ('{"game": 7, "deal": 2, "outcome": "won", "seconds": 1}', '"game" must be'),
    "moves": ('{"game": "hamilton", "deal": 2, "outcome": "won", "seconds": 1, "moves": [1]}', '"moves"'),
    "nested": ("[" * 100_000, "nested more than 32 deep"),
    "not-json": ('{"game": "hamilton",, }', "not JSON"),
    "empty": ("", "empty line"),
    "not-utf8": ('{"game": "hamilton\udcff"}', "not UTF-8"),
    "too-long": ('{"game": "hamilton", "x": "' + "a" * (2 * 1024 * 1024) + '"}', "more than 1048576 bytes"),
}


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(argv)
    return status, capsys.readouterr().err.splitlines()


def malformed_file(tmp_path: Path, name: str, gz: bool = False) -> Path:
    line = MALFORMED[name][0]
    data = (GOOD + line + "\n" + GOOD).encode("utf-8", "surrogateescape")
    path = tmp_path / f"{name}.jsonl{'.gz' if gz else ''}"
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_row_in_a_summary_is_one_line_naming_file_and_line(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for gz in (False, True):
        path = malformed_file(tmp_path, name, gz)
        status, lines = run_cli(["survey", "hamilton", "--summary", str(path)], capsys)
        assert status == 2 and len(lines) == 1, (name, lines)
        assert lines[0].startswith(f"patience: {path} line 2: "), lines
        assert MALFORMED[name][1] in lines[0] and len(lines[0]) < 300, lines


@pytest.mark.parametrize("name", ["missing-seconds", "deal-x", "list", "huge-float", "long-deal", "nested"])
def test_resuming_on_a_malformed_file_changes_nothing(name: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = malformed_file(tmp_path, name)
    before = path.read_bytes()
    status, lines = run_cli(["survey", "hamilton", "--deals", "1-2", "--out", str(path), "--max-nodes", "5"],
                            capsys)
    assert status == 2 and len(lines) == 1 and lines[0].startswith(f"patience: {path} line 2: "), lines
    assert path.read_bytes() == before


def test_a_file_with_no_rows_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    torn_only = tmp_path / "torn.jsonl"
    torn_only.write_text(GOOD[:25])
    for path in (empty, torn_only):
        status, lines = run_cli(["survey", "hamilton", "--summary", str(path)], capsys)
        assert (status, lines) == (2, [f"patience: {path} has no rows: not a results file"])
    status, lines = run_cli(["survey", "hamilton", "--out", str(empty), "--summary"], capsys)
    assert status == 2 and "has no rows" in lines[0]


def test_a_file_over_the_size_cap_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results_files, "MAX_RESULTS_BYTES", 10 * len(GOOD))
    path = tmp_path / "big.jsonl"
    path.write_text(GOOD * 11)
    status, lines = run_cli(["survey", "hamilton", "--summary", str(path)], capsys)
    assert status == 2 and lines[0].startswith(f"patience: {path} is larger than"), lines
    path.write_text(GOOD * 10)
    assert run_cli(["survey", "hamilton", "--summary", str(path)], capsys)[0] == 0


LIMITED = """
import resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from patience.cli import main
sys.exit(main(sys.argv[2:]))
"""


def run_limited(argv: list[str], limit: int = 1024 * 1024 * 1024) -> tuple[int, list[str], float]:
    """Run the CLI in a process that may hold at most ``limit`` bytes of address space."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", LIMITED, str(limit), *argv],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stderr.splitlines(), time.monotonic() - started


@pytest.mark.skipif(not Path("/dev/zero").exists() or sys.platform != "linux", reason="needs Linux /dev/zero")
def test_an_endless_file_stops_at_the_line_cap_within_a_memory_cap() -> None:
    status, lines, seconds = run_limited(["survey", "hamilton", "--summary", "/dev/zero"])
    assert status == 2 and lines == ["patience: /dev/zero line 1: a line of more than 1048576 bytes"], lines
    assert seconds < 30


@pytest.mark.skipif(sys.platform != "linux", reason="needs RLIMIT_AS")
def test_a_gzip_bomb_of_newlines_stops_at_once(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.jsonl.gz"
    member = gzip.compress(b"\n" * (1024 * 1024))
    bomb.write_bytes(member * 256)  # gzip members in a row read as one stream: 256 MiB of newlines
    assert bomb.stat().st_size < 1024 * 1024
    started = time.monotonic()
    with pytest.raises(results_files.ResultsFileError, match="line 1: an empty line"):
        read_results(bomb)
    assert time.monotonic() - started < 1
    status, lines, _seconds = run_limited(["survey", "hamilton", "--summary", str(bomb)])
    assert status == 2 and lines == [f"patience: {bomb} line 1: an empty line, not a row"], lines


# --- a torn last line -------------------------------------------------------------------------------
class CannedBackend:
    """Answers every deal "won"; records the deals it was asked."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def solve(self, jobs: Sequence[Job]) -> Generator[Row, None, None]:
        for job in jobs:
            slug, deal, max_nodes, max_seconds = job[:4]
            self.asked.append(deal)
            yield {"game": slug, "deal": deal, "outcome": "won", "moves": ["s"], "nodes": 1, "seconds": 0.01,
                   "peak_table": 1, "stopped": "", "max_nodes": max_nodes, "max_seconds": max_seconds}


def test_a_torn_last_line_is_cut_off_on_resume(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    survey("hamilton", range(1, 4), out, backend=CannedBackend())
    data = out.read_bytes()
    last = data.rindex(b"\n", 0, len(data) - 1) + 1
    out.write_bytes(data[:last + 25])  # the last row cut to 25 bytes, as a kill while writing leaves it
    assert [row["deal"] for row in read_rows(out)] == [1, 2]
    again = CannedBackend()
    summary = survey("hamilton", range(1, 6), out, backend=again)
    assert again.asked == [3, 4, 5] and summary.won == 5
    lines = out.read_text().splitlines()
    assert sorted(json.loads(line)["deal"] for line in lines) == [1, 2, 3, 4, 5]  # each once, all whole
    assert out.read_bytes().endswith(b"\n")


def test_a_whole_last_row_without_its_newline_is_finished_on_resume(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    survey("hamilton", range(1, 3), out, backend=CannedBackend())
    out.write_bytes(out.read_bytes()[:-1])
    again = CannedBackend()
    survey("hamilton", range(1, 4), out, backend=again)
    assert again.asked == [3]
    assert [json.loads(line)["deal"] for line in out.read_text().splitlines()] == [1, 2, 3]


def test_the_cli_resume_repairs_a_torn_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.jsonl"
    assert main(["survey", "hamilton", "--deals", "454-455", "--max-nodes", "2000", "--out", str(out)]) == 0
    data = out.read_bytes()
    out.write_bytes(data[:data.index(b"\n") + 26])
    assert main(["survey", "hamilton", "--deals", "454-455", "--max-nodes", "2000", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(row["deal"] for row in rows) == [454, 455]
    capsys.readouterr()
