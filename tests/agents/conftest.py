"""Fixtures of the agent tests: the toy game (five tricks) and positions reached in it."""

from __future__ import annotations

import pytest

from soulforge.core import State
from tests.agents.agent_matches import positions
from tests.toy import Tricks


@pytest.fixture
def toy() -> Tricks:
    """Tricks with five cards a hand: five tricks, enough for skill to show."""
    return Tricks(hand=5)


@pytest.fixture
def toy_positions(toy: Tricks) -> list[State]:
    """Unfinished positions of seeded random games, some with several legal actions."""
    return positions(toy, 12)
