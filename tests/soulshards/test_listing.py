"""The fast listings (``listing.py``) against the rules' own listing (``flow.py``)."""

from __future__ import annotations

import random

import pytest

from soulforge.games.soulshards.flow import FLOW
from tests.soulshards.helpers import new_game

FAST_STEPS = {name for name, step in FLOW.steps.items() if step.fast_legal is not None}


def test_the_hot_steps_have_fast_listings() -> None:
    assert {"engage", "reserves", "deploy", "stockpile", "support", "trigger"} <= FAST_STEPS


@pytest.mark.parametrize("seed", range(12))
def test_every_fast_listing_is_the_rules_listing(seed: int) -> None:
    """Equal as lists (same actions, same order) at every position of seeded random playouts."""
    s = new_game(seed)
    chooser = random.Random(seed)
    checked = 0
    while not s.is_over:
        legal = s.legal_actions()
        if s.step in FAST_STEPS:
            assert legal == FLOW.plain_legal(s), (seed, s.move_number, s.step)
            checked += 1
        s.apply(chooser.choice(legal))
    assert checked > 50
