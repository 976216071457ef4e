"""Write children.json: Python's legal moves, safe closure, key and children (value order) for the
Union Square perft positions and positions of random and greedy lines. Run from the repo root:

    PYTHONPATH=. python3 core/src/union_square/tests/make_children_json.py \
        > core/src/union_square/tests/children.json
"""
import glob
import json
import random
import sys

from patience.games.union_square.rules import UnionSquareGame
from patience.games.union_square.search import union_square_key
from patience.rules import STOCK
from patience.solver.expand import Expander, safe_closure

g = UnionSquareGame()
ex = Expander(g)

def enc(moves):
    k = 0
    while k < len(moves) and moves[k].src == STOCK:
        k += 1
    parts = ([f"{k}s"] if k else []) + [str(m) for m in moves[k:]]
    return " ".join(parts)

def record(state):
    norm, st = safe_closure(g, state)
    kids = ex.children(st)
    return {"position": g.position_text(state), "legal": [str(m) for m in g.legal_moves(state)],
            "normalize": enc(norm),
            "key": union_square_key(st).hex(),
            "children": [enc(m) for m, _s, _k in kids]}

out = []
rng = random.Random(2026)
for f in sorted(glob.glob("tests/data/perft/union-square-*.json")):
    with open(f, encoding="utf-8") as perft:
        out.append(record(g.parse_position(json.load(perft)["position"])))
for deal in (1, 2, 3, 7, 17171):
    state = g.new(deal)
    for step in range(200):
        if step % 25 == 0:
            out.append(record(state))
        moves = g.legal_moves(state)
        if not moves:
            break
        # prefer non-stock moves sometimes to get interesting positions
        nonstock = [m for m in moves if m.src != STOCK]
        m = rng.choice(nonstock) if nonstock and rng.random() < 0.7 else rng.choice(moves)
        state = g.apply(state, m)
    out.append(record(state))
# positions along a greedy search line (first child each time) to reach safe moves
for deal in (1, 4, 5):
    _n, state = safe_closure(g, g.new(deal))
    for step in range(60):
        kids = ex.children(state)
        if not kids:
            break
        if step % 6 == 0:
            out.append(record(state))
        state = kids[0][1]
    out.append(record(state))
json.dump(out, sys.stdout, indent=0)
