"""Gymnasium single-agent environments: one seat learns, built-in agents hold the others.

Registered for every game as ``Soulforge/<game>-v0``; :func:`make` is the short way::

    env = make("five_realms", opponent="ismcts:iterations=100")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The observation is the learning seat's tensor (:mod:`soulforge.interop.observation`); an
action is the game's fixed action index. Illegal actions are refused through the mask:
``action_masks()`` (what sb3-contrib's MaskablePPO calls) and ``info["action_mask"]`` mark
the legal ones, and an index outside the mask leaves the game unchanged, with reward
``illegal_reward`` and ``info["illegal_action"]`` set. The reward is 0 until the end, then
``returns()[seat]``. Opponents are ``soulforge.agents.load(opponent)``, reseeded from the
env's seed at each ``reset(seed=...)``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import soulforge
from soulforge.agents import Agent
from soulforge.agents import load as load_agent
from soulforge.core import IllegalAction, State
from soulforge.interop.observation import ActionIndex, ListedPosition, Mask, ObservationEncoder, Tensor
from soulforge.interop.render import render_ansi

Info = dict[str, Any]
NAMESPACE = "Soulforge"


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``Soulforge/five_realms-v0``."""
    return f"{NAMESPACE}/{game_id}-v0"


class SoulforgeEnv(gymnasium.Env[Tensor, np.int64], ListedPosition):
    """One seat of a Soulforge game against built-in agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game_id: str, opponent: str = "random", seat: int | None = 0,
                 players: int | None = None, illegal_reward: float = 0.0,
                 render_mode: str | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = soulforge.load(game_id, **options)
        self.num_seats = self.game.min_players if players is None else players
        if seat is not None and not 0 <= seat < self.num_seats:
            raise ValueError(f"seat must be from 0 to {self.num_seats - 1} or None, got {seat}")
        self.fixed_seat, self.opponent_spec, self.illegal_reward = seat, opponent, illegal_reward
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game)
        self.action_index = ActionIndex(self.game)
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(self.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.seat = seat or 0
        self.opponents: list[Agent] = []
        self.state: State = self.game.new_game(seed=0, players=self.num_seats)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Tensor, Info]:
        """A new game, played by the opponents up to the learning seat's first decision."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(draw(self.num_seats))
        self.opponents = [load_agent(self.opponent_spec, seed=int(draw(2**31 - 1)))
                          for _ in range(self.num_seats)]
        while True:
            self.state = self.game.new_game(seed=int(draw(2**62)), players=self.num_seats)
            self._play_opponents()
            if not self.state.is_over:
                return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Tensor, float, bool, bool, Info]:
        """The learning seat's action, then the opponents' until its next decision or the end."""
        if self.state.is_over:
            return self._observation(), 0.0, True, False, self._info()
        try:
            self.state.apply(self.listing().action(int(action), self.game), self.seat)
        except IllegalAction as refusal:
            return self._observation(), self.illegal_reward, False, False, {
                **self._info(), "illegal_action": True, "refusal": str(refusal)}
        self._play_opponents()
        over = self.state.is_over
        reward = float(self.state.returns()[self.seat]) if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.opponents[seat].act(state, seat), seat)

    def _observation(self) -> Tensor:
        return self.encoder.observe(self.state, self.seat)

    def _info(self) -> Info:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> Mask:
        """1 for each action the learning seat may take now (MaskablePPO's hook)."""
        if self.state.is_over:
            return np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return self.listing().mask()

    def render(self) -> str | None:
        """The spectator's view as ANSI text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else render_ansi(self.state)


def register_all() -> None:
    """Register every game of ``soulforge.GAMES`` with Gymnasium (once)."""
    for game_id in soulforge.GAMES:
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(id=env_id(game_id), entry_point=f"{__name__}:SoulforgeEnv",
                               kwargs={"game_id": game_id}, disable_env_checker=True)


def make(game_id: str, opponent: str = "random", **kwargs: Any) -> gymnasium.Env[Tensor, np.int64]:
    """``gymnasium.make`` of a game's registered env (keyword arguments as for
    :class:`SoulforgeEnv`); ``env.unwrapped`` is the :class:`SoulforgeEnv`."""
    register_all()
    made: gymnasium.Env[Tensor, np.int64] = gymnasium.make(env_id(game_id), opponent=opponent, **kwargs)
    return made


register_all()
