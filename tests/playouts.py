"""Positions of seeded random games, for the tests of every game's rules."""

from __future__ import annotations

import random
from typing import Any

import soulforge


def positions(game_id: str, seeds: range, limit: int) -> list[Any]:
    """A copy of every position of seeded random games (``limit`` moves at most each)."""
    game = soulforge.load(game_id)
    seen = []
    for seed in seeds:
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.move_number < limit:
            seen.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return seen
