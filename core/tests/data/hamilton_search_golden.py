"""Writes hamilton-search.json: what the Python reference says of positions met on random
playouts (legal moves in order, canonical key, safe closure, value, dead-end test, children
in value order), for core/tests/hamilton_search.rs to compare with the Rust port.

Run from the repository's root: PYTHONPATH=. python3 core/tests/data/hamilton_search_golden.py
"""

import json
import random

from patience import get_game
from patience.games.hamilton.dead_ends import pinned
from patience.games.hamilton.search import hamilton_key, hamilton_value
from patience.solver.expand import Expander, safe_closure

game = get_game("hamilton")
expander = Expander(game, dead_ends=False)
rng = random.Random(20261204)
records = []
for deal in range(1, 41):
    state = game.new(deal)
    for step in range(150):
        moves = game.legal_moves(state)
        if not moves:
            break
        if (step % 16 == 3 or step == 8 or (state.start == 0 and deal % 4 == 0)
                or (state.start and len(state.stock) <= 2 and step % 23 == 0)):
            key = hamilton_key(state)
            closure, _after = safe_closure(game, state)
            kids = expander.children(state)
            records.append({
                "position": game.position_text(state),
                "moves": [str(m) for m in moves],
                "key": None if state.start == 0 else key.hex(),
                "safe": [str(m) for m in closure],
                "value2": int(hamilton_value(state) * 2),
                "pinned": bool(state.start and pinned(state, {})),
                "children": [[str(m) for m in kid_moves] for kid_moves, _kid, kid_key in kids
                             if kid_key != key],
            })
        # mostly moves other than the stock, so that playouts go deep
        pick = [m for m in moves if m.src != 0] if rng.random() < 0.85 else moves
        state = game.apply(state, rng.choice(pick or moves))
print(len(records), "positions,", sum(r["pinned"] for r in records), "pinned")
with open("core/tests/data/hamilton-search.json", "w") as out:
    json.dump(records, out, indent=0)
    out.write("\n")
