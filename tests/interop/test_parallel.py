"""The PettingZoo Parallel environment of every game (issue 36): PettingZoo's own
``parallel_api_test``, whole games, and only the deciding seat's action applied."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from soulforge.interop.pettingzoo import parallel_env
from tests.interop.helpers import GAME_IDS


@pytest.fixture(autouse=True)
def quiet() -> None:
    """PettingZoo warns that dict observations are not plain arrays (masked envs are)."""
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_parallel_api_test(game_id: str) -> None:
    parallel_api_test(parallel_env(game_id), num_cycles=40)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_parallel_game_applies_only_the_deciders_action(game_id: str) -> None:
    table = parallel_env(game_id)
    observations, _ = table.reset(seed=5)
    rng = np.random.default_rng(5)
    rewards: dict[str, float] = {}
    moves = 0
    while table.agents:
        decider = f"player_{table.state.current_player}"
        for agent, observation in observations.items():
            assert (observation["action_mask"].sum() > 0) == (agent == decider)
        actions = {agent: int(rng.choice(np.flatnonzero(observation["action_mask"])))
                   if agent == decider else 0 for agent, observation in observations.items()}
        observations, rewards, terminations, _, _ = table.step(actions)
        moves += 1
        assert table.state.move_number == moves
        assert len(set(terminations.values())) == 1
    assert rewards == {f"player_{seat}": value for seat, value in enumerate(table.state.returns())}


def test_the_parallel_env_refuses_a_step_without_the_deciders_action() -> None:
    table = parallel_env("five_realms")
    table.reset(seed=1)
    others = {agent: 0 for agent in table.possible_agents if agent != f"player_{table.state.current_player}"}
    with pytest.raises(ValueError, match="decides now"):
        table.step(others)
