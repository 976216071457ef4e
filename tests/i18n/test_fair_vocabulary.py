"""Fair mode speaks of "ways to deal the unseen cards" everywhere, the review included, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from patience import get_game
from patience.analysis.fair import Odds
from patience.analysis.fair_review import Decision, FairReview, costliest_text
from patience.i18n import language
from patience.rules import Move

ROOT = Path(__file__).resolve().parents[2]
#: The older wording (and its translations) that fair mode no longer uses.
OLD = re.compile(r"(stock|unseen cards) (could|can) lie|ordens possíveis do monte|раскладов колоды", re.I)
#: The one vocabulary, as each language says it.
WAYS = {"en": "ways to deal the unseen cards", "pt_BR": "maneiras de distribuir as cartas não vistas",
        "ru": "способов разложить невиданные карты"}


def _texts() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for pattern in ("*.py", "*.js", "*.po", "*.pot", "*.html"):
        files += sorted((ROOT / "patience").rglob(pattern))
    return files


def test_the_old_fair_wording_is_nowhere() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in _texts()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if OLD.search(line) and "runs.py" not in path.name]
    assert not found, "\n".join(found)


def _review(drop: bool) -> FairReview:
    before, after = Odds(8, 8, 0, 0), Odds(8, 2 if drop else 8, 6 if drop else 0, 0)
    decision = Decision(1, Move.parse("s"), before, after)
    return FairReview("hamilton", 1, 8, 0, 20_000, (decision,))


@pytest.mark.parametrize("lang", sorted(WAYS))
@pytest.mark.parametrize("drop", [True, False])
def test_the_review_sentences_use_the_hint_s_words(lang: str, drop: bool) -> None:
    game = get_game("hamilton")
    states = [game.new(1)]
    with language(lang):
        text = costliest_text(game, states, _review(drop))
    assert WAYS[lang] in text, text
