"""Every game as an OpenSpiel Python game: loading by name, OpenSpiel's random simulation
test, its IS-MCTS bot playing whole games, resampling from the information state (issue 20)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import soulforge
from soulforge.interop.openspiel import short_name
from tests.interop.helpers import GAME_IDS

FULL_TABLE_OPTIONS = {"kipukas": {"map": "grand"}}
"""Options a game needs to seat its most players (a later game adds its own here)."""
SIMULATIONS = 3
"""IS-MCTS simulations per move: enough to search, few enough for the test's time."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_loads_by_its_openspiel_name(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    ours = soulforge.load(game_id)
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.max_game_length() == ours.max_game_length
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_random_simulation_test(game_id: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(short_name(game_id)), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if soulforge.load(g).max_players > 2])
def test_openspiel_random_simulation_at_a_full_table(game_id: str) -> None:
    players = soulforge.load(game_id).max_players
    game = pyspiel.load_game(short_name(game_id),
                             {**FULL_TABLE_OPTIONS.get(game_id, {}), "players": players, "seed": 1})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_ismcts_bot_plays_a_whole_game(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else int(rng.choice(legal))
        assert action in legal
        state.apply_action(action)
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampling_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id))
    state, rng = game.new_initial_state(), np.random.RandomState(2)
    for _ in range(15):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.observation_tensor(player) == state.observation_tensor(player)
    assert twin.legal_actions() == state.legal_actions()


def test_successive_games_are_dealt_differently() -> None:
    game = pyspiel.load_game(short_name("five_realms"), {"seed": 3})
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.observation_string(0) != second.observation_string(0) or str(first) != str(second)
