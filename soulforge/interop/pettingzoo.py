"""PettingZoo environments: every Soulforge game as a turn-based multi-agent env.

:func:`env` is the AEC environment; :func:`parallel_env` the Parallel one (every seat
steps at once, only the deciding seat's action counts: PettingZoo's ``parallel_api_test``
passes; ``aec_to_parallel`` cannot serve a game whose seats do not decide in a fixed cycle).

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). ``agent_selection`` is whoever must
decide now, which in some games is a seat outside its turn (a response, a retreat). Each
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}`` (the mask is
all zeros for an agent that is not selected); actions are the game's fixed action indices.
With ``information_state=True`` the tensor is the seat's information state (its own last
actions added); with ``factored=True`` the observation adds ``"part_masks"`` (each part's
marginal mask of the factored action, :mod:`soulforge.interop.actions`, concatenated) and
``step`` takes a parts vector as well as an index (the action space stays the flat
``Discrete``, which PettingZoo's tests sample with ``action_mask``).
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
from pettingzoo import AECEnv, ParallelEnv

import soulforge
from soulforge.core import State
from soulforge.interop.actions import FactoredActions, factored_actions
from soulforge.interop.observation import (
    ActionIndex,
    InformationStateEncoder,
    ListedPosition,
    ObservationEncoder,
    Tensor,
)
from soulforge.interop.render import render_ansi

Observation = dict[str, Any]
Infos = dict[str, dict[str, Any]]


def agent_name(seat: int) -> str:
    """The PettingZoo agent id of a seat."""
    return f"player_{seat}"


def observation_space(encoder: ObservationEncoder, size: int | None = None,
                      factored: FactoredActions | None = None) -> spaces.Dict:
    """The space of one agent's observation: the tensor (``size`` floats, the encoder's by
    default), the action mask and, factored, the parts' masks."""
    found: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(-np.inf, np.inf, shape=(encoder.size if size is None else size,),
                                  dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(encoder.game.num_distinct_actions,), dtype=np.int8),
    }
    if factored is not None:
        found["part_masks"] = spaces.Box(0, 1, shape=(int(factored.nvec.sum()),), dtype=np.int8)
    return spaces.Dict(found)


class Seats(ListedPosition):
    """What both PettingZoo environments share: the game, its seats and their observations."""

    game: Any
    num_seats: int
    possible_agents: list[str]
    encoder: ObservationEncoder
    info_encoder: InformationStateEncoder | None
    factored: FactoredActions | None
    own: list[list[int]]

    def _set_up(self, game_id: str, players: int | None, render_mode: str | None,
                information_state: bool, factored: bool, options: dict[str, Any]) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = soulforge.load(game_id, **options)
        self.num_seats = self.game.min_players if players is None else players
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game)
        self.info_encoder = InformationStateEncoder(self.game) if information_state else None
        self.factored = factored_actions(self.game) if factored else None
        self.action_index = ActionIndex(self.game)
        self.possible_agents = [agent_name(seat) for seat in range(self.num_seats)]
        size = None if self.info_encoder is None else self.info_encoder.size
        self._observation_space = observation_space(self.encoder, size, self.factored)
        self._action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._seed_rng = np.random.default_rng()
        self.own = [[] for _ in range(self.num_seats)]
        self.state: State = self.game.new_game(seed=0, players=self.num_seats)

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(2**62))
        self.state = self.game.new_game(seed=game_seed, players=self.num_seats)
        self.own = [[] for _ in range(self.num_seats)]

    def _tensor(self, seat: int) -> Tensor:
        if self.info_encoder is not None:
            return self.info_encoder.encode(self.state, seat, self.own[seat])
        return self.encoder.observe(self.state, seat)

    def _observation(self, seat: int, deciding: bool) -> Observation:
        mask = self.listing().mask() if deciding else np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        found = {"observation": self._tensor(seat), "action_mask": mask}
        if self.factored is not None:
            found["part_masks"] = self.factored.flat_masks(self.listing().order if deciding else [])
        return found

    def _index(self, action: Any) -> int:
        """The flat index of an action: an index, or (factored) a parts vector."""
        if self.factored is not None and np.ndim(action) == 1:
            found = self.factored.index_of(np.asarray(action))
            if found is None:
                raise ValueError(f"{np.asarray(action).tolist()} names no action of {self.game.id}")
            return found
        return int(action)

    def _apply(self, seat: int, action: Any) -> None:
        index = self._index(action)
        self.state.apply(self.listing().action(index, self.game), seat)
        self.own[seat].append(index)

    def render(self) -> str | None:
        """The spectator's view as ANSI text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return render_ansi(self.state)

    def close(self) -> None:
        """Nothing to release."""


class SoulforgeAEC(Seats, AECEnv):  # type: ignore[misc]
    """One Soulforge game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "soulforge_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 information_state: bool = False, factored: bool = False, **options: Any) -> None:
        AECEnv.__init__(self)
        self._set_up(game_id, players, render_mode, information_state, factored, options)
        self.metadata = {**self.metadata, "name": f"soulforge_{game_id}_v0"}
        self.agents = list(self.possible_agents)
        self._reset_books()

    # -- spaces -----------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # -- the AEC loop -------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it and every later game of this env."""
        self._new_game(seed)
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
        return self._observation(seat, agent == self.agent_selection and not self.state.is_over)

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The agent's legal actions (all zeros unless it is selected): ``observe`` without
        the tensor, for a policy that needs only the mask."""
        if agent == self.agent_selection and not self.state.is_over:
            return self.listing().mask()
        return np.zeros(self.game.num_distinct_actions, dtype=np.int8)

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an index, or factored a parts vector; ``None``
        once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action index, not None")
        state = self.state
        self._apply(self.possible_agents.index(agent), action)
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


class SoulforgeParallel(Seats, ParallelEnv):  # type: ignore[misc]
    """One Soulforge game as a PettingZoo Parallel environment: every live agent is given an
    action each step, only the deciding seat's is applied (the others' masks are all zeros,
    their actions ignored). Rewards come at the end; every agent terminates together."""

    metadata = {"render_modes": ["ansi"], "name": "soulforge_parallel_v0"}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 information_state: bool = False, factored: bool = False, **options: Any) -> None:
        self._set_up(game_id, players, render_mode, information_state, factored, options)
        self.metadata = {**self.metadata, "name": f"soulforge_{game_id}_parallel_v0"}
        self.agents = list(self.possible_agents)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def _observations(self) -> dict[str, Observation]:
        deciding = self.state.current_player
        return {agent: self._observation(seat, seat == deciding)
                for seat, agent in enumerate(self.possible_agents) if agent in self.agents}

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Observation], Infos]:
        """A new game; ``seed`` fixes it and every later game of this env."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Observation], dict[str, float],
                                                     dict[str, bool], dict[str, bool], Infos]:
        """Apply the deciding seat's action from ``actions`` (the others are ignored)."""
        seat = self.state.current_player
        if seat is not None:
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} decides now: actions must hold its action")
            self._apply(seat, actions[agent])
        over = self.state.is_over
        live = list(self.agents)
        returns = self.state.returns() if over else [0.0] * self.num_seats
        observations = self._observations()
        rewards = {agent: float(returns[self.possible_agents.index(agent)]) for agent in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in live}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game_id: str, players: int | None = None, render_mode: str | None = None,
        **options: Any) -> SoulforgeAEC:
    """The AEC environment of ``game_id`` (options as for ``soulforge.load``)."""
    return SoulforgeAEC(game_id, players=players, render_mode=render_mode, **options)


def parallel_env(game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> SoulforgeParallel:
    """The Parallel environment of ``game_id`` (options as for :func:`env`)."""
    return SoulforgeParallel(game_id, players=players, render_mode=render_mode, **options)
