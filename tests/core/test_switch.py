"""``PATIENCE_SOLVER`` and the compiled core: which search answers, and the refusals."""

from __future__ import annotations

from types import ModuleType

import pytest

from patience.i18n import language
from patience.solver.switch import (
    ENV_VAR,
    SolverChoiceError,
    absent_notice,
    core_module,
    requested,
    search_description,
    which_search,
)


def test_unset_means_the_core_when_it_is_there(core_present: ModuleType) -> None:
    assert which_search() == "core"
    assert core_module() is core_present
    assert absent_notice() is None
    assert search_description() == "core 9.9.9"


def test_unset_means_python_without_the_core(core_absent: None) -> None:
    assert which_search() == "python"
    assert core_module() is None
    assert search_description() == "python; compiled core absent"


@pytest.mark.parametrize("value", ["", "  "])
def test_empty_is_unset(value: str, core_present: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, value)
    assert requested() is None and which_search() == "core"


@pytest.mark.parametrize("value", ["python", "Python", " python\n"])
def test_python_is_chosen_even_with_the_core(value: str, core_present: ModuleType,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, value)
    assert which_search() == "python"
    assert search_description() == "python, chosen by PATIENCE_SOLVER; compiled core 9.9.9 not used"


def test_core_is_chosen_when_there(core_present: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "core")
    assert which_search() == "core"


def test_core_without_the_core_is_refused(core_absent: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "core")
    with pytest.raises(SolverChoiceError) as caught:
        which_search()
    text = str(caught.value)
    assert "\n" not in text and text.startswith("PATIENCE_SOLVER=core, but the compiled search core")
    assert isinstance(caught.value, ValueError)
    monkeypatch.setenv(ENV_VAR, "python")
    assert which_search() == "python"  # python needs no core


@pytest.mark.parametrize("value", ["fast", "rust", "pyth", "core python", "1"])
def test_unknown_values_are_refused_in_one_line(value: str, core_present: ModuleType,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, value)
    with pytest.raises(SolverChoiceError, match="is not a search; use python or core") as caught:
        which_search()
    assert str(caught.value) == f"PATIENCE_SOLVER={value!r} is not a search; use python or core"


def test_a_mapping_stands_for_the_environment(core_present: ModuleType) -> None:
    assert which_search({ENV_VAR: "python"}) == "python"
    with pytest.raises(SolverChoiceError):
        which_search({ENV_VAR: "fast"})


def test_the_absent_notice_is_one_line_saying_how(core_absent: None) -> None:
    notice = absent_notice()
    assert notice is not None and "\n" not in notice
    assert "Rust" in notice and "pip install -q -e ." in notice


@pytest.mark.parametrize("lang", ["pt_BR", "ru"])
def test_the_words_are_translated(lang: str, core_absent: None, monkeypatch: pytest.MonkeyPatch) -> None:
    english_notice, english_state = absent_notice(), search_description()
    with language(lang):
        assert absent_notice() not in (None, english_notice)
        assert search_description() != english_state
    monkeypatch.setenv(ENV_VAR, "fast")
    with pytest.raises(SolverChoiceError) as english:
        which_search()
    with language(lang), pytest.raises(SolverChoiceError) as translated:
        which_search()
    assert str(translated.value) != str(english.value) and "PATIENCE_SOLVER='fast'" in str(translated.value)
