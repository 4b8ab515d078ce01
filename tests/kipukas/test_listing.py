"""The fast day listing (``listing.day_listing``) against the day rules' own listing."""

from __future__ import annotations

import random

import pytest

import soulforge
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.state import KipukasState


@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, 40), ("grand", 3, 8), ("grand", 4, 8)])
def test_the_fast_day_listing_is_the_rules_listing(board: str, players: int, seeds: int) -> None:
    """Equal as lists (same actions, same order) at every day position of seeded playouts."""
    game = soulforge.load("kipukas", map=board)
    checked = 0
    for seed in range(seeds):
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == DAY:
                assert legal == state.flow.plain_legal(state), (seed, state.move_number)
                checked += 1
            state.apply(chooser.choice(legal))
    assert checked > 50 * seeds
