"""What the program says about a game beyond its rules: hints, the review, and fair play.

- :mod:`patience.analysis.hints`: the next move, from the exact search or the game's heuristic;
- :mod:`patience.analysis.review`: where a game was lost, and the moves that lost it;
- :mod:`patience.analysis.fair`: fair odds and the fair hint, seeing only what the player sees;
- :mod:`patience.analysis.fair_review`: a game's decisions weighed by the fair odds;
- :mod:`patience.analysis.fair_luck`: a lost game's fall in fair odds split into luck and play;
- :mod:`patience.analysis.fair_player`: a player that sees only what a person sees (surveys).

Each answer is a search through :mod:`patience.solver` on the one rules engine.
"""
