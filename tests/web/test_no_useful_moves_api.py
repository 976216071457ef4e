"""Over the API, following the hints in a lost game ends ("no useful moves left") instead of cycling."""

from __future__ import annotations

from fastapi.testclient import TestClient

from patience.rules import Move, get_game
from tests.web.conftest import new_game, play

DEAL = 82  # never winnable (docs/survey/hamilton-1-2000.jsonl.gz); its hints went f1-t2, f1-t2, t2-f1x2, ...
MOST_MOVES = 400
HINT_KEYS = {"move", "basis", "status", "explanation", "line", "busy"}


def test_hints_in_a_lost_game_end_and_the_game_can_be_ended(client: TestClient) -> None:
    rules = get_game("hamilton")
    game = new_game(client, "hamilton", deal=DEAL)
    state = rules.new(DEAL)
    positions = {state.key()}
    for _step in range(MOST_MOVES):
        hint = client.post(f"/api/games/{game['id']}/hint", json={}).json()
        assert set(hint) >= HINT_KEYS
        if hint["move"] is None:
            break
        assert hint["status"] == "lost" and not hint["no_useful_moves"], hint
        game = play(client, game, hint["move"])
        state = rules.apply_legal(state, Move.parse(hint["move"]))
        assert state.key() not in positions, f"the hints went back to a position: {game['moves']}"
        positions.add(state.key())
    else:
        raise AssertionError("the hints never ended")
    assert hint["no_useful_moves"] and hint["status"] == "lost" and game["legal"], hint
    assert hint["explanation"].startswith("No useful moves left")
    assert not game["finished"]  # the hint offers the end; ending it is the player's choice
    ended = client.post(f"/api/games/{game['id']}/abandon").json()
    assert ended["finished"] and not ended["won"]
    assert client.post(f"/api/games/{game['id']}/hint", json={}).json()["explanation"] == "This game is over."
