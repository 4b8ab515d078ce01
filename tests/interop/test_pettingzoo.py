"""The PettingZoo AEC environment of every game: PettingZoo's own tests, whole games,
rewards from ``returns()`` and the ``ansi`` rendering (issue 20)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import soulforge
from soulforge.interop.pettingzoo import env
from tests.interop.helpers import GAME_IDS


@pytest.fixture(autouse=True)
def quiet() -> None:
    """PettingZoo warns that dict observations are not plain arrays (masked envs are)."""
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test(game_id: str) -> None:
    api_test(env(game_id), num_cycles=40)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=40)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_ends_with_the_returns_as_rewards(game_id: str) -> None:
    table = env(game_id)
    table.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        assert reward == 0.0
        assert agent == f"player_{table.state.current_player}"
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    returns = table.state.returns()
    assert table.state.is_over
    assert totals == {f"player_{seat}": value for seat, value in enumerate(returns)}
    assert table.agents == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_only_the_selected_agent_has_legal_actions(game_id: str) -> None:
    table = env(game_id)
    table.reset(seed=1)
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == table.agent_selection)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_render_draws_the_spectator_view_as_ansi_text(game_id: str) -> None:
    table = env(game_id, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert isinstance(text, str) and text.strip()
    assert "\x1b[" in text
    assert env(game_id).render() is None


def test_seats_follow_the_players_option() -> None:
    game = soulforge.load("kipukas")
    table = env("kipukas", players=game.max_players, map="grand")
    table.reset(seed=0)
    assert table.possible_agents == [f"player_{seat}" for seat in range(game.max_players)]
    assert table.state.num_players == game.max_players
