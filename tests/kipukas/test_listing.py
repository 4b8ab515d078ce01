"""The fast day listing (``listing.day_listing``) against the day rules' own listing."""

from __future__ import annotations

import random

import soulforge
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.state import KipukasState


def test_the_fast_day_listing_is_the_rules_listing() -> None:
    """Equal as lists (same actions, same order) at every day position of seeded playouts."""
    game = soulforge.load("kipukas")
    checked = 0
    for seed in range(40):
        state = game.new_game(seed=seed)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == DAY:
                assert legal == state.flow.plain_legal(state), (seed, state.move_number)
                checked += 1
            state.apply(chooser.choice(legal))
    assert checked > 2000
