"""A CI-sized run of ``tests/solver/loss_check.py``: a loss proved again with every pruning rule off."""

from __future__ import annotations

import pytest

from patience.solver import LOST
from tests.solver.loss_check import check_deal

pytestmark = pytest.mark.python_search  # the Python search itself, whatever the switch says


@pytest.mark.slow
def test_a_loss_proof_agrees_with_every_pruning_rule_off() -> None:
    """Hamilton deal 109: lost with the solver's pruning and lost again without any of it."""
    ours, bare, ours_nodes, bare_nodes, _seconds = check_deal("hamilton", 109)
    assert ours == bare == LOST
    assert bare_nodes > 10 * ours_nodes  # the rules were really off
