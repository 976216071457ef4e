"""Regenerate the golden files: perft counts and whole-game playthroughs.

Run from the repository root::

    .venv/bin/python -m scripts.make_golden            # everything (about a minute)
    .venv/bin/python -m scripts.make_golden --perft    # only tests/data/perft/
    .venv/bin/python -m scripts.make_golden --playthroughs

**Perft files** (``tests/data/perft/<game>-<name>.json``) hold a position
(the engine's one-line position text, plus the deal when it is a dealt
position), its legal moves, and ``perft``: the number of move sequences of
length 1, 2, 3 … from it. The counts are computed by the slow, independent
reference in ``tests/reference/`` (written from docs/rules.md, not from the
engine), never by the engine; for the six published deals the script first
checks the reference against ``/work/shared/perft-reference.md``'s table
(copied into :data:`PUBLISHED`) and refuses to write if they differ.

**Playthroughs** (``tests/data/playthroughs/<game>-<deal>.txt``) are whole
seeded games on the numbered deals of :data:`PLAYTHROUGH_DEALS`: moves chosen
by :func:`policy_choice` (SplitMix64 seeded with the deal number, over the
legal moves sorted by text that lead to a position not yet seen, foundation
moves preferred), at most :data:`PLAYTHROUGH_MAX_MOVES` moves, one line
``move → position text`` per move. Each step is checked against the
reference before it is written.

Regenerate only when a rule change is intended, then read the diff: it shows
which positions and counts changed. ``tests/test_perft.py`` and
``tests/test_playthroughs.py`` check the engine against these files.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from patience.cards import DECK_SIZE, card_text, parse_card, rank
from patience.deals import SplitMix64, parse_deck, shuffled_deck
from patience.rules import STOCK_MOVE, Game, Move, get_game, is_foundation
from tests.reference import (
    HamiltonPosition,
    Position,
    UnionSquarePosition,
    from_deck,
    reference_all_cards,
    reference_apply,
    reference_moves,
    reference_perft,
    to_engine,
    to_reference,
)

ROOT = Path(__file__).resolve().parent.parent
PERFT_DIR = ROOT / "tests" / "data" / "perft"
PLAYTHROUGH_DIR = ROOT / "tests" / "data" / "playthroughs"

ARROW = " → "
GOLDEN_DEPTH = 3
NUMBERED_DEALS = (1, 2, 3)
PLAYTHROUGH_DEALS: dict[str, tuple[int, ...]] = {"hamilton": (3, 10), "union-square": (1, 3)}
PLAYTHROUGH_MAX_MOVES = 150
STOCK_ODDS: dict[str, int] = {"hamilton": 6, "union-square": 3}  # 1 in N: the stock before other moves


@dataclass(frozen=True)
class Published:
    """One table of perft-reference.md: a deck string and its counts."""

    slug: str
    name: str
    deck: str
    perft: tuple[int, ...]


PUBLISHED: tuple[Published, ...] = (
    Published("hamilton", "published-1",
              "4H 5S 2C TD 3D 3C 7D 6D 2D AC QH 3S 5H 7H 6H JD AD KH 2H AS 4S 2S 3H 8H JC 9C "
              "TH 8D 9S 6C 9H JS TS QS 6S QC JH 7S KS KD 5D 4C 9D QD TC 4D 8S 8C 7C 5C KC AH",
              (1, 5, 37, 260, 1656, 10124, 63832)),
    Published("hamilton", "published-2",
              "AS 2C 3H AC 2H 7S 8H 2D JS TC KC 6H JD QS 9H 5H 7C 4S 3S KS JC QH 7H KD 3D 6D "
              "JH TS 4D 4C 5C 6C 9D 5S QC 2S 8D TD 3C AH 8C 9C 6S 9S TH AD QD KH 5D 7D 4H 8S",
              (1, 5, 13, 48, 284, 1952, 14128)),
    Published("hamilton", "published-3",
              "KD 6H 5D 4H 2D 7D QH 9D 9H 4C JC 8D KH KS QS TS 3H QC 4D 8H JD JS AS 9C 3D 5H "
              "TD 2S JH 2C TH 8C 6D AH 6C 3C KC 8S 7H 4S 6S 7S 5S QD TC AC 9S 5C 7C 3S AD 2H",
              (1, 5, 21, 80, 284, 1032, 3672)),
    Published("union-square", "published-1",
              "JS TC KH KC QC AH AS AD 2D 4C TS 3S 5S 8H 3S QS 5C KS KH TH 9C 2S TC 3H QD 6H "
              "6C TH 4H 5D QH 7C 3D 7C 2H 8S 8H JC 7S QS JH 8D 2S 5C 9C TD 3C 7D 6C 6H 4S 6S "
              "KD 7H KS TD 9S 2C 4D 8C 9H JC TS AS 6S JD 5H 5S 4D KD AH JH 5D QH 6D AC 4H KC "
              "7D QD QC 3D 8C 9D 8S 6D 4C 9S JD 8D 2H JS 2D AD 3H 2C AC 4S 3C 9D 5H 9H 7H 7S",
              (21, 642, 22509, 868252)),
    Published("union-square", "published-2",
              "8D 5D KH 2H 7C 7D 4H 6S 7C 8C 3C 2D AH 4C AD 9S TS 5S 7S 3H TS QC 5C 7H JH KC "
              "2C QH KH 6H 5C AS 8S JD 8S 8H KC TC KS QD TH JH JS 9C TD 3H 6D 3C QS 9C 5H TH "
              "2S JC JC 5H 4S 6C TC 4S 9S AH 6H JD 2S AD 2D KD 3S QC 2H KS QD AC QS 8C 4C AS "
              "9H 8H 6C 8D 3S 7H QH 3D AC 5D 7D 4D 4H 6S JS 5S 2C 9D KD 7S 4D 9D 6D TD 3D 9H",
              (21, 656, 23537, 929588)),
    Published("union-square", "published-3",
              "TC KC 3H JH TS 8S AH AD TH KS 7S 5S 4D 8H 3D 3S 2H JD KS 7S 3S QH 6H 5D 4H 2H "
              "6D QC 9C 2C 7H AD AC KD 3C 2D 9D 4D 3C 9C 9S 8S 5D JC 2C 3H QS 3D JD 4C QD 4H "
              "5C 6C 5C 9H 2S JS TS 8D 7C 8C JH 9S 4S 5H KC KH AS 7C 2D 8C 7D JS 7D 2S 6S 4S "
              "JC 6H AS 7H 5S 8H TD 6C KH 6D 6S 8D TH 9D KD TC QC QD QS 4C 5H 9H AC TD AH QH",
              (15, 385, 11539, 387231)),
)


# --- building positions by hand ---------------------------------------------------------

def cards(text: str) -> list[int]:
    """Cards from space-separated text, bottom first: ``"8H 9H TH"``."""
    return [parse_card(word) for word in text.split()]


def _full_deck(copies: int) -> Counter[int]:
    """Every card, ``copies`` times."""
    return Counter({card: copies for card in range(DECK_SIZE)})


def _leftovers(used: list[int], copies: int, seed: int) -> list[int]:
    """The cards not yet placed, in the order of numbered deal ``seed`` (so reproducibly mixed)."""
    remaining = _full_deck(copies)
    remaining.subtract(used)
    over = [card_text(c) for c, n in remaining.items() if n < 0]
    assert not over, f"placed too many times: {over}"
    result: list[int] = []
    for card in shuffled_deck(seed, copies):
        if remaining[card] > 0:
            remaining[card] -= 1
            result.append(card)
    return result


def hamilton_position(start: str, foundations: Sequence[str], tableau: Sequence[str],
                      stock_size: int, fill: Sequence[int] = (), seed: int = 1) -> HamiltonPosition:
    """A Hamilton position after the choice, start rank given as a letter (``"8"``, ``"A"``).

    Cards not named go first to the stock (``stock_size`` of them), the rest
    to the bottoms of the tableau piles listed in ``fill`` (0-based), in turn.
    """
    position = HamiltonPosition(
        tableau=[cards(t) for t in tableau],
        foundations=[cards(f) for f in foundations],
        choices_left=0,
        start_rank=rank(parse_card(start + "C")),
    )
    used = [c for pile in position.tableau + position.foundations for c in pile]
    rest = _leftovers(used, 1, seed)
    position.stock, rest = rest[:stock_size], rest[stock_size:]
    assert len(position.stock) == stock_size
    assert fill or not rest, "cards are left over and no pile to put them under"
    for i, card in enumerate(rest):
        position.tableau[fill[i % len(fill)]].insert(0, card)
    return position


def union_square_position(foundations: Sequence[str], tableau: Sequence[str], waste: str = "",
                          stock: str | None = None, seed: int = 1) -> UnionSquarePosition:
    """A Union Square position; cards not named go to the stock, or under the waste if ``stock`` is given."""
    position = UnionSquarePosition(
        tableau=[cards(t) for t in tableau],
        foundations=[cards(f) for f in foundations],
        waste=cards(waste),
        stock=cards(stock) if stock is not None else [],
    )
    used = [c for pile in position.tableau + position.foundations for c in pile]
    rest = _leftovers(used + position.waste + position.stock, 2, seed)
    if stock is None:
        position.stock = rest
    else:
        position.waste = rest + position.waste
    return position


def _suit_run(suit_letter: str, ranks: str) -> str:
    """``_suit_run("H", "A23")`` is ``"AH 2H 3H"``."""
    return " ".join(r + suit_letter for r in ranks)


UP = "A23456789TJQK"
DOWN = "KQJT98765432A"


def hamilton_hand_built() -> dict[str, tuple[str, HamiltonPosition]]:
    """Hand-built Hamilton positions: name -> (what it shows, position)."""
    return {
        "midgame-start-8": (
            "start 8, three foundations begun, a splittable diamond run of four, a club run of "
            "three that fits its foundation, a start card ready for the empty foundation, TH able "
            "to come back onto JD, two empty piles, 9 cards in the stock",
            hamilton_position(
                "8", ["8H 9H TH", "8S 9S", "8C", ""],
                ["JD", "", "QS 6D 5D 4D 3D", "KC 4H 5H", "", "JC TC 9C", "7S 2S 8D"],
                stock_size=9, fill=(0, 2, 3, 5, 6), seed=11)),
        "late-start-ace": (
            "start A, one foundation full, runs of four and three going up as groups, Kings "
            "that go on nothing, foundation tops that can come back to two empty piles, no stock",
            hamilton_position(
                "A", [_suit_run("C", UP[:12]), _suit_run("D", UP), _suit_run("H", UP[:9]), "AS 2S"],
                ["KC", "KH QH JH TH", "", "5S 4S 3S", "9S 8S 7S 6S", "KS QS JS TS", ""],
                stock_size=0)),
        "start-2-last-deal": (
            "start 2: Kings go on Aces, Aces on nothing; a foundation holding only its start card "
            "(which can come back onto 3D), a run that fits a foundation, three empty piles, "
            "2 cards left in the stock (the last deal, to piles 1 and 2)",
            hamilton_position(
                "2", ["2D", "2C 3C 4C", "", ""],
                ["AS KS", "AC", "6C 5C", "", "3D", "", "QH JD"],
                stock_size=2, fill=(0, 2, 4, 6), seed=12)),
        "nearly-won-start-5": (
            "start 5, 50 cards up: the last two hearts as a run on pile 1, everything else empty",
            hamilton_position(
                "5", [_suit_run("C", "56789TJQKA234"), _suit_run("D", "56789TJQKA234"),
                      _suit_run("S", "56789TJQKA234"), _suit_run("H", "56789TJQKA2")],
                ["4H 3H", "", "", "", "", "", ""], stock_size=0)),
        "choosing-third-card": (
            "no start card yet, no choices left: the third stock card waits in the Chooser "
            "(the first two went under the stock)",
            _hamilton_choosing()),
    }


def _hamilton_choosing() -> HamiltonPosition:
    position = from_deck("hamilton", shuffled_deck(5, 1))
    for _ in range(3):
        position = reference_apply("hamilton", position, "s")
    assert isinstance(position, HamiltonPosition)
    return position


def union_square_hand_built() -> dict[str, tuple[str, UnionSquarePosition]]:
    """Hand-built Union Square positions: name -> (what it shows, position)."""
    return {
        "midgame-directions": (
            "empty piles; rising and falling piles; a rising pile topped by a King and a falling "
            "one by an Ace (they take nothing); single Kings and Aces; the second AH while hearts "
            "are begun (no empty foundation takes it); a diamond Ace for the two empty foundations",
            union_square_position(
                ["AH 2H 3H 4H 5H", "AS", "", ""],
                ["", "6H", "7C 8C 9C", "QD JD", "AH", "KS", _suit_run("C", UP), "",
                 "AD", "3S 2S", "5D", "9S 8S 7S 6S 5S 4S 3S 2S AS", "", "4D 3D", "8H", "JS"],
                waste="7H 2D", seed=21)),
        "thirteen-and-descending": (
            "clubs at 13 cards waiting for the second King (on pile 1), diamonds descending "
            "(top J, TD on pile 2 and 9D on the waste next), hearts full, spades at 5; "
            "a second AS with no empty foundation",
            union_square_position(
                [_suit_run("C", UP), _suit_run("D", UP + "KQJ"), _suit_run("H", UP + DOWN),
                 _suit_run("S", UP[:5])],
                ["KC", "TD", "", "QC JC", "6S", "AS", "KS QS", "", "7S 8S", "", "2C", "", "5C 6C",
                 "", "", "TS"],
                waste="8D 9D", seed=22)),
        "endgame-empty-stock": (
            "stock empty, the rest under the waste; foundations descending; many empty piles",
            union_square_position(
                [_suit_run("C", UP + "KQJT9"), _suit_run("D", UP + "KQ"), _suit_run("H", UP),
                 _suit_run("S", UP + "KQJT98765")],
                ["8C", "", "TD 9D 8D", "", "QH", "", "3S 4S", "", "", "7C 6C 5C", "", "",
                 "JD", "", "KH", ""],
                waste="JH", stock="", seed=23)),
        "nearly-won": (
            "three foundations full, spades down to 3: 2S on the waste, AS the last stock card",
            union_square_position(
                [_suit_run("C", UP + DOWN), _suit_run("D", UP + DOWN), _suit_run("H", UP + DOWN),
                 _suit_run("S", UP + DOWN[:-2])],
                [""] * 16, waste="2S", stock="AS")),
    }


# --- perft files ------------------------------------------------------------------------

def _check_position(slug: str, position: Position) -> None:
    counts = Counter(reference_all_cards(slug, position))
    assert counts == _full_deck(get_game(slug).copies), f"cards not conserved in {position.describe()}"


def perft_record(slug: str, name: str, about: str, position: Position, depth: int,
                 deal: int | str | None = None) -> dict[str, Any]:
    """The JSON content of one perft file, counted by the reference."""
    _check_position(slug, position)
    game = get_game(slug)
    record: dict[str, Any] = {"game": slug, "name": name, "about": about}
    if deal is not None:
        record["deal"] = deal
    record["position"] = game.position_text(to_engine(slug, position))
    record["moves"] = sorted(reference_moves(slug, position))
    record["perft"] = [reference_perft(slug, position, d) for d in range(1, depth + 1)]
    return record


def perft_records() -> list[dict[str, Any]]:
    """Every perft file's content."""
    records: list[dict[str, Any]] = []
    for table in PUBLISHED:
        game = get_game(table.slug)
        position = from_deck(table.slug, parse_deck(table.deck, game.copies))
        record = perft_record(table.slug, table.name, "a deal of perft-reference.md, every depth it lists",
                              position, len(table.perft), deal=table.deck)
        if tuple(record["perft"]) != table.perft:
            raise SystemExit(f"reference disagrees with perft-reference.md on {table.slug} {table.name}: "
                             f"{record['perft']} != {list(table.perft)}")
        records.append(record)
    for slug in ("hamilton", "union-square"):
        game = get_game(slug)
        for number in NUMBERED_DEALS:
            position = from_deck(slug, game.deck_of(number))
            records.append(perft_record(slug, f"deal-{number}", f"numbered deal {number}", position,
                                        GOLDEN_DEPTH, deal=number))
    hand_built: dict[str, tuple[str, Position]] = {
        **{f"hamilton {k}": v for k, v in hamilton_hand_built().items()},
        **{f"union-square {k}": v for k, v in union_square_hand_built().items()},
    }
    for key, (about, position) in hand_built.items():
        slug, name = key.split(" ")
        records.append(perft_record(slug, name, about, position, GOLDEN_DEPTH))
    return records


def write_perft_files() -> None:
    """Recompute and write ``tests/data/perft/*.json``."""
    PERFT_DIR.mkdir(parents=True, exist_ok=True)
    for old in PERFT_DIR.glob("*.json"):
        old.unlink()
    for record in perft_records():
        path = PERFT_DIR / f"{record['game']}-{record['name']}.json"
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {record['perft']}")


# --- playthroughs -----------------------------------------------------------------------

def policy_choice(rng: SplitMix64, fresh: Sequence[Move], stock_odds: int) -> Move:
    """The seeded policy, over the moves that lead to positions not seen yet in this game.

    Moves are taken sorted by text (so the engine's order is irrelevant).
    Three times in four a move to a foundation if there is one; otherwise,
    except one time in ``stock_odds``, a move that is not a stock click;
    otherwise the stock if it may be clicked; otherwise any move.
    """
    ordered = sorted(fresh, key=str)
    to_foundation = [m for m in ordered if is_foundation(m.dst)]
    not_stock = [m for m in ordered if m != STOCK_MOVE]
    if to_foundation and rng.next() % 4 != 0:
        return to_foundation[rng.next() % len(to_foundation)]
    if not_stock and rng.next() % stock_odds != 0:
        return not_stock[rng.next() % len(not_stock)]
    if STOCK_MOVE in ordered:
        return STOCK_MOVE
    return ordered[rng.next() % len(ordered)]


def playthrough_lines(slug: str, deal: int,
                      check: Callable[[Any, Move, Any], None] | None = None) -> list[str]:
    """A seeded whole game on numbered ``deal``: a header, the dealt position, then ``move → position``.

    Stops when the game is won, when every legal move leads back to a position
    already seen (or there is none), or after :data:`PLAYTHROUGH_MAX_MOVES` moves.
    ``check(state, move, after)`` is called at every step (the script checks against the reference).
    """
    game: Game[Any] = get_game(slug)
    rng = SplitMix64(deal)
    state = game.new(deal)
    seen = {state.key()}
    lines = [f"# {slug} deal {deal}: moves drawn by SplitMix64({deal}) (scripts/make_golden.py's "
             "policy_choice); regenerate with: python -m scripts.make_golden --playthroughs",
             f"deal {deal}{ARROW}{game.position_text(state)}"]
    for _ in range(PLAYTHROUGH_MAX_MOVES):
        if game.is_won(state):
            break
        fresh = [m for m in game.legal_moves(state) if game.apply(state, m).key() not in seen]
        if not fresh:
            break
        move = policy_choice(rng, fresh, STOCK_ODDS[slug])
        after = game.apply(state, move)
        if check is not None:
            check(state, move, after)
        lines.append(f"{move}{ARROW}{game.position_text(after)}")
        seen.add(after.key())
        state = after
    return lines


def _reference_check(slug: str) -> Callable[[Any, Move, Any], None]:
    game = get_game(slug)

    def check(state: Any, move: Move, after: Any) -> None:
        position = to_reference(slug, state)
        engine_moves = {str(m) for m in game.legal_moves(state)}
        if engine_moves != reference_moves(slug, position):
            raise SystemExit(f"engine and reference disagree on the moves of {game.position_text(state)}")
        if to_engine(slug, reference_apply(slug, position, str(move))) != after:
            raise SystemExit(f"engine and reference disagree on {move} in {game.position_text(state)}")

    return check


def write_playthroughs() -> None:
    """Regenerate ``tests/data/playthroughs/*.txt``."""
    PLAYTHROUGH_DIR.mkdir(parents=True, exist_ok=True)
    for slug, deals in PLAYTHROUGH_DEALS.items():
        for deal in deals:
            lines = playthrough_lines(slug, deal, _reference_check(slug))
            path = PLAYTHROUGH_DIR / f"{slug}-{deal}.txt"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {len(lines) - 2} moves")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``--perft``, ``--playthroughs`` or (default) both."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--perft", action="store_true", help="only the perft files")
    parser.add_argument("--playthroughs", action="store_true", help="only the playthrough files")
    args = parser.parse_args(argv)
    both = not args.perft and not args.playthroughs
    if args.perft or both:
        write_perft_files()
    if args.playthroughs or both:
        write_playthroughs()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
