"""The Gymnasium single-agent environment of every game: ``check_env``, registration,
illegal actions refused through the mask, rewards from ``returns()`` (issue 20)."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import soulforge
from soulforge.interop.gymnasium import SoulforgeEnv, env_id, make
from tests.interop.helpers import GAME_IDS


@pytest.fixture(autouse=True)
def quiet() -> None:
    """Gymnasium warns about unbounded Box spaces (the tensor is unbounded by design)."""
    warnings.filterwarnings("ignore", category=UserWarning, module="gymnasium")


def unwrapped(env: gymnasium.Env[np.typing.NDArray[np.float32], Any]) -> SoulforgeEnv:
    inner = env.unwrapped
    assert isinstance(inner, SoulforgeEnv)
    return inner


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_check_env(game_id: str) -> None:
    check_env(unwrapped(make(game_id)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_is_registered(game_id: str) -> None:
    env = gymnasium.make(env_id(game_id), opponent="greedy")
    assert unwrapped(env).game.id == game_id
    assert env.action_space == gymnasium.spaces.Discrete(soulforge.load(game_id).num_distinct_actions)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_episode_ends_with_the_seat_return(game_id: str) -> None:
    env = unwrapped(make(game_id, seat=None))
    observation, info = env.reset(seed=4)
    rng, terminated, reward = np.random.default_rng(4), False, 0.0
    while not terminated:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"])
        assert env.state.current_player == env.seat
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        assert env.observation_space.contains(observation)
    assert reward == env.state.returns()[env.seat]
    assert list(np.flatnonzero(env.action_masks())) == [0]  # over: index 0 alone, never all zeros
    assert env.step(0)[1:4] == (0.0, True, False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_render_draws_the_spectator_view(game_id: str) -> None:
    env = unwrapped(make(game_id, render_mode="ansi"))
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_action_outside_the_mask_is_refused(game_id: str) -> None:
    env = unwrapped(make(game_id))
    _, info = env.reset(seed=0)
    before = env.state.view(env.seat)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert info["illegal_action"] and info["refusal"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert env.state.view(env.seat) == before


def test_against_ismcts_as_the_issue_shows() -> None:
    env = unwrapped(make("five_realms", opponent="ismcts:iterations=10"))
    _, info = env.reset(seed=1)
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert reward in (-1.0, 0.0, 1.0)
