"""Fixtures of the agent tests: the toy game Duel and positions reached in it."""

from __future__ import annotations

import pytest

from soulforge.core import State
from tests.agents.toy_duel import Duel, positions


@pytest.fixture
def duel() -> Duel:
    return Duel()


@pytest.fixture
def duel_positions(duel: Duel) -> list[State]:
    """Twelve unfinished Duel positions, some with several legal actions."""
    return positions(duel, 12)
