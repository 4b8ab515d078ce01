"""Positions the interop tests share: mid-game states of seeded random playouts."""

from __future__ import annotations

import random

import soulforge
from soulforge.core import State

GAME_IDS = soulforge.GAMES
CHECKPOINTS = (0, 7, 25, 60, 120)
"""Move numbers at which a playout's state is kept (those the game reaches)."""


def midgame_states(game_id: str, seed: int = 3) -> list[State]:
    """Copies of one seeded random playout at :data:`CHECKPOINTS`, and its final state."""
    state = soulforge.load(game_id).new_game(seed=seed)
    rng, kept = random.Random(seed), []
    while not state.is_over:
        if state.move_number in CHECKPOINTS:
            kept.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return [*kept, state]
