"""``patience rules GAME [--lang L]`` prints the help page in the terminal."""

from __future__ import annotations

import pytest

from patience.cli import main


def test_rules_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "hamilton", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Гамильтон\n=========\n")
    assert "стартовой картой" in out and "Basil Dalton" in out
    assert "**" not in out and "<" not in out


def test_rules_in_portuguese_from_a_tag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "union-square", "--lang", "pt-BR"]) == 0
    out = capsys.readouterr().out
    assert "Regras" in out and "26 cartas" in out


def test_rules_language_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["rules", "union-square"]) == 0
    assert capsys.readouterr().out.startswith("Юнион-сквер")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["rules", "union-square"]) == 0
    assert "Only one card moves at a time" in capsys.readouterr().out


def test_rules_rejects_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", "hamilton", "--lang", "de"])
    assert exit_info.value.code == 2
    assert "unknown language 'de'" in capsys.readouterr().err


def test_rules_rejects_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "klondike"])
    assert "invalid choice" in capsys.readouterr().err
