"""The terminal game speaks Russian with ``--lang ru`` or ``LANG=ru_RU.UTF-8``."""

from __future__ import annotations

import io
import sys

import pytest

from patience.cli import main

Capture = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def play(argv: list[str], typed: str, monkeypatch: Patch, capsys: Capture) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    monkeypatch.setenv("COLUMNS", "1000")  # no sentence wrapped
    assert main(argv) == 0
    return capsys.readouterr().out


def test_terminal_game_in_russian(monkeypatch: Patch, capsys: Capture) -> None:
    out = play(["play", "hamilton", "--deal", "1", "--lang", "ru", "--no-color"],
               "t1-t3\ns\nmoves\nhelp\nfoo\nquit\n", monkeypatch, capsys)
    assert "Гамильтон, раздача 1." in out
    assert "Гамильтон  счёт 0/52  колода 24  осталось выборов 3" in out  # the status line
    assert "Выберите стартовую карту" in out
    assert "5 возможных ходов:" in out  # plural form for 5
    assert "стартовая карта — Дама треф (базовая стопка 1)" in out  # card and pile names
    assert "Команды:" in out and "щёлкнуть по колоде" in out
    assert "Неизвестная команда «foo»." in out
    # the rules' own reason for a refusal is Russian too
    assert "Нельзя: 7♦ (ряд 1 → ряд 3). Сначала выберите стартовую карту: щёлкните по колоде" in out


def test_terminal_language_from_lang(monkeypatch: Patch, capsys: Capture) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    out = play(["play", "union-square", "--deal", "2", "--no-color"], "s\nquit\n", monkeypatch, capsys)
    assert "Юнион-сквер, раздача 2." in out
    assert "колода 87  сброс 1" in out


def test_terminal_game_in_portuguese(monkeypatch: Patch, capsys: Capture) -> None:
    out = play(["play", "hamilton", "--deal", "1", "--lang", "pt_BR", "--no-color"],
               "s\nmoves\nquit\n", monkeypatch, capsys)
    assert "Hamilton, distribuição 1." in out
    assert "monte 24" in out and "escolhas restantes 3" in out
    assert "5 jogadas possíveis:" in out
    assert "escolher Dama de paus como carta inicial (fundação 1)" in out
