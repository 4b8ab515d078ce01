"""What every agent is: ``act(state, player) -> Action`` from what that seat knows."""

from __future__ import annotations

import random
from typing import Protocol

from soulforge.core import Action, Seat, State


class Agent(Protocol):
    """Chooses an action for ``player`` (the current player of ``state``).

    Agents decide only from ``state.view(player)`` or ``state.determinize(player, rng)``
    and the legal actions, so they cannot read what their seat may not see.
    """

    name: str

    def act(self, state: State, player: Seat) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions (seeded).

    >>> import soulforge
    >>> state = soulforge.load("five_realms").new_game(seed=1)
    >>> RandomAgent(seed=1).act(state, state.current_player) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, player: Seat) -> Action:
        return self.rng.choice(state.legal_actions())
