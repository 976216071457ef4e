"""``patience serve --solver-workers N --winnable-limit S``: out-of-range values are refused in one line."""

from __future__ import annotations

import pytest

from patience.cli import main


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--solver-workers", "0", "--solver-workers must be from 1"),
    ("--solver-workers", "100000", "--solver-workers must be from 1"),
    ("--winnable-limit", "0.1", "--winnable-limit must be from 1"),
    ("--winnable-limit", "1e9", "--winnable-limit must be from 1"),
])
def test_out_of_range_solver_options_are_refused(option: str, value: str, words: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "1", option, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
