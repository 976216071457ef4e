"""schemathesis against the app's own OpenAPI schema, in process: answers match what the schema says."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from patience.web import create_app

_DIRECTORY = tempfile.TemporaryDirectory(prefix="patience-schema-")
APP = create_app(Path(_DIRECTORY.name) / "games.sqlite3", winnable_budget=0.2, hint_budget=0.2)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _clean_up() -> Iterator[None]:
    yield
    APP.state.analyzer.shutdown()
    APP.state.store.close()
    _DIRECTORY.cleanup()


@schema.parametrize()
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_route_answers_as_its_schema_says(case: Any) -> None:
    # Not "positive data acceptance": a deck string can match the schema and still be refused with
    # 400 (a duplicate card, 51 cards), as the API promises.
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])
