"""Gymnasium single-agent environments: one seat learns, built-in agents hold the others.

Registered for every game as ``Soulforge/<game>-v0``; :func:`make` is the short way::

    env = make("five_realms", opponent="ismcts:iterations=100")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The observation is the learning seat's tensor (:mod:`soulforge.interop.observation`; with
``information_state=True`` its information-state tensor, its own last actions added). An
action is the game's fixed action index (``action_type="flat"``, a ``Discrete`` space) or
its factored form (``action_type="factored"``, a ``MultiDiscrete`` of kind + argument parts,
:mod:`soulforge.interop.actions`). Illegal actions are refused through the mask:
``action_masks()`` (what sb3-contrib's MaskablePPO calls) and ``info["action_mask"]`` mark
the legal ones (factored: each part's marginal mask, concatenated), and an action outside
them leaves the game unchanged, with reward ``illegal_reward`` and ``info["illegal_action"]``
set. The reward is 0 until the end, then ``returns()[seat]``.

Once the game is over the mask marks index 0 alone (every part's 0 when factored): the
action a vector env's autoreset step ignores is then still a valid choice, so a masked
policy never meets an all-zero mask.

``opponent`` is an agent spec (``soulforge.agents.load(opponent)``, reseeded from the env's
seed at each ``reset(seed=...)``) or a policy callable ``(observation, mask) -> action``
(self-play): it is asked for every other seat, with that seat's observation and mask in the
env's own spaces (its action in the env's action type).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import soulforge
from soulforge.agents import Agent
from soulforge.agents import load as load_agent
from soulforge.core import IllegalAction, State
from soulforge.interop.actions import FactoredActions, factored_actions
from soulforge.interop.observation import (
    ActionIndex,
    InformationStateEncoder,
    ListedPosition,
    Mask,
    ObservationEncoder,
    Tensor,
)
from soulforge.interop.render import render_ansi

Info = dict[str, Any]
NAMESPACE = "Soulforge"
Policy = Callable[[Tensor, Mask], Any]
"""A self-play opponent: the seat's observation and mask -> its action (index or parts)."""


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``Soulforge/five_realms-v0``."""
    return f"{NAMESPACE}/{game_id}-v0"


class SoulforgeEnv(gymnasium.Env[Tensor, Any], ListedPosition):
    """One seat of a Soulforge game against built-in agents or a policy (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game_id: str, opponent: str | Policy = "random", seat: int | None = 0,
                 players: int | None = None, illegal_reward: float = 0.0,
                 render_mode: str | None = None, action_type: str = "flat",
                 information_state: bool = False, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if action_type not in ("flat", "factored"):
            raise ValueError(f"action_type must be 'flat' or 'factored', not {action_type!r}")
        self.game = soulforge.load(game_id, **options)
        self.num_seats = self.game.min_players if players is None else players
        if seat is not None and not 0 <= seat < self.num_seats:
            raise ValueError(f"seat must be from 0 to {self.num_seats - 1} or None, got {seat}")
        self.fixed_seat, self.illegal_reward = seat, illegal_reward
        self.opponent_spec = opponent if isinstance(opponent, str) else "policy"
        self.policy: Policy | None = None if isinstance(opponent, str) else opponent
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.game)
        self.info_encoder = InformationStateEncoder(self.game) if information_state else None
        self.action_index = ActionIndex(self.game)
        size = self.encoder.size if self.info_encoder is None else self.info_encoder.size
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
        self.factored: FactoredActions | None = None
        self.action_space: spaces.Space[Any]
        if action_type == "factored":
            self.factored = factored_actions(self.game)
            self.action_space = spaces.MultiDiscrete(self.factored.nvec)
        else:
            self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.seat = seat or 0
        self.opponents: list[Agent] = []
        self.own: list[list[int]] = [[] for _ in range(self.num_seats)]
        """Per seat, the action indices it took this game (the information state's history)."""
        self.state: State = self.game.new_game(seed=0, players=self.num_seats)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Tensor, Info]:
        """A new game, played by the opponents up to the learning seat's first decision."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(draw(self.num_seats))
        if self.policy is None:
            self.opponents = [load_agent(self.opponent_spec, seed=int(draw(2**31 - 1)))
                              for _ in range(self.num_seats)]
        while True:
            self.state = self.game.new_game(seed=int(draw(2**62)), players=self.num_seats)
            self.own = [[] for _ in range(self.num_seats)]
            self._play_opponents()
            if not self.state.is_over:
                return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Tensor, float, bool, bool, Info]:
        """The learning seat's action, then the opponents' until its next decision or the end."""
        if self.state.is_over:
            return self._observation(), 0.0, True, False, self._info()
        try:
            self._apply(self.seat, action)
        except IllegalAction as refusal:
            return self._observation(), self.illegal_reward, False, False, {
                **self._info(), "illegal_action": True, "refusal": str(refusal)}
        self._play_opponents()
        over = self.state.is_over
        reward = float(self.state.returns()[self.seat]) if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def flat_index(self, action: Any) -> int:
        """The flat index of an action of this env's action space (-1: no action)."""
        if self.factored is None:
            return int(action)
        found = self.factored.index_of(np.asarray(action).ravel())
        return -1 if found is None else found

    def _apply(self, seat: int, action: Any) -> None:
        """Apply ``seat``'s action (of this env's action space), recording it as the seat's own."""
        index = self.flat_index(action)
        if index < 0:
            raise IllegalAction(f"{np.asarray(action).tolist()} names no action of {self.game.id}",
                                rule="action format")
        self.state.apply(self.listing().action(index, self.game), seat)
        self.own[seat].append(index)

    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            if seat is None:  # pragma: no cover - a game not over has a seat to decide
                raise RuntimeError("no seat to decide in a game not over")
            if self.policy is None:
                action = self.opponents[seat].act(state, seat)
                state.apply(action, seat)
                if self.info_encoder is not None:
                    self.own[seat].append(self.action_index.indices([action])[0])
            else:
                self._apply(seat, self.policy(self._observe(seat), self._mask()))

    def _observe(self, seat: int) -> Tensor:
        if self.info_encoder is not None:
            return self.info_encoder.encode(self.state, seat, self.own[seat])
        return self.encoder.observe(self.state, seat)

    def _observation(self) -> Tensor:
        return self._observe(self.seat)

    def _info(self) -> Info:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> Mask:
        """1 for each action the learning seat may take now (MaskablePPO's hook; factored:
        each part's marginal mask, concatenated). Once over: index 0 alone (see the module)."""
        return self._mask()

    def _mask(self) -> Mask:
        """The deciding seat's mask in this env's action space."""
        factored = self.factored
        if self.state.is_over:
            if factored is None:
                mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
                mask[0] = 1
                return mask
            return factored.flat_masks([0])
        listing = self.listing()
        return listing.mask() if factored is None else factored.flat_masks(listing.order)

    def part_mask(self, prefix: list[int]) -> Mask:
        """Factored actions: the exact mask of part ``len(prefix)`` once the earlier parts are
        ``prefix`` (for an autoregressive policy)."""
        if self.factored is None:
            raise ValueError("part_mask needs action_type='factored'")
        return self.factored.mask_given(self.listing().order, prefix)

    def render(self) -> str | None:
        """The spectator's view as ANSI text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else render_ansi(self.state)


def register_all() -> None:
    """Register every game of ``soulforge.GAMES`` with Gymnasium (once)."""
    for game_id in soulforge.GAMES:
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(id=env_id(game_id), entry_point=f"{__name__}:SoulforgeEnv",
                               kwargs={"game_id": game_id}, disable_env_checker=True)


def make(game_id: str, opponent: str | Policy = "random", **kwargs: Any) -> gymnasium.Env[Tensor, Any]:
    """``gymnasium.make`` of a game's registered env (keyword arguments as for
    :class:`SoulforgeEnv`); ``env.unwrapped`` is the :class:`SoulforgeEnv`."""
    register_all()
    made: gymnasium.Env[Tensor, Any] = gymnasium.make(env_id(game_id), opponent=opponent, **kwargs)
    return made


register_all()
