"""PettingZoo AEC environments: every Soulforge game as a turn-based multi-agent env.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). ``agent_selection`` is whoever must
decide now, which in some games is a seat outside its turn (a response, a retreat). Each
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}`` (the mask is
all zeros for an agent that is not selected); actions are the game's fixed action indices.
Rewards come once, at the end, from ``state.returns()``. ``render()`` in ``"ansi"`` mode
draws the spectator's view with the game's text renderer.

>>> from soulforge.interop.pettingzoo import env
>>> table = env("five_realms")
>>> table.reset(seed=3)
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["action_mask"].sum() > 0, reward, termination
(np.True_, 0.0, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import soulforge
from soulforge.core import State
from soulforge.interop.observation import ActionIndex, ListedPosition, ObservationEncoder
from soulforge.interop.render import render_ansi

Observation = dict[str, Any]


def agent_name(seat: int) -> str:
    """The PettingZoo agent id of a seat."""
    return f"player_{seat}"


def observation_space(encoder: ObservationEncoder) -> spaces.Dict:
    """The space of one agent's observation: the tensor and the action mask."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=(encoder.size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(encoder.game.num_distinct_actions,), dtype=np.int8),
    })


class SoulforgeAEC(AECEnv, ListedPosition):  # type: ignore[misc]
    """One Soulforge game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "soulforge_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = soulforge.load(game_id, **options)
        self.num_seats = self.game.min_players if players is None else players
        self.metadata = {**self.metadata, "name": f"soulforge_{game_id}_v0"}
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game)
        self.action_index = ActionIndex(self.game)
        self.possible_agents = [agent_name(seat) for seat in range(self.num_seats)]
        self.agents = list(self.possible_agents)
        self._observation_space = observation_space(self.encoder)
        self._action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._seed_rng = np.random.default_rng()
        self.state: State = self.game.new_game(seed=0, players=self.num_seats)
        self._reset_books()

    # -- spaces -----------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # -- the AEC loop -------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it and every later game of this env."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(2**62))
        self.state = self.game.new_game(seed=game_seed, players=self.num_seats)
        self.agents = list(self.possible_agents)
        self._reset_books()

    def _reset_books(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.state.current_player
        self.agent_selection = self.possible_agents[seat] if seat is not None else self.agents[0]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return {"observation": self.encoder.observe(self.state, seat), "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The agent's legal actions (all zeros unless it is selected): ``observe`` without
        the tensor, for a policy that needs only the mask."""
        if agent == self.agent_selection and not self.state.is_over:
            return self.listing().mask()
        return np.zeros(self.game.num_distinct_actions, dtype=np.int8)

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index; ``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action index, not None")
        state = self.state
        state.apply(self.listing().action(int(action), self.game))
        self._cumulative_rewards[agent] = 0.0
        seat = state.current_player
        if seat is None:
            for at, value in enumerate(state.returns()):
                self.rewards[agent_name(at)] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self._select()
            self._accumulate_rewards()
        else:  # rewards are all 0 until the end: nothing to accumulate
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        """The spectator's view as ANSI text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return render_ansi(self.state)

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, players: int | None = None, render_mode: str | None = None,
        **options: Any) -> SoulforgeAEC:
    """The AEC environment of ``game_id`` (options as for ``soulforge.load``)."""
    return SoulforgeAEC(game_id, players=players, render_mode=render_mode, **options)
