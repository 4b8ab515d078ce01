"""OpenSpiel with explicit chance (issue 36): chance nodes with outcomes and probabilities,
OpenSpiel's random simulation test with serialization, and a CFR-family solver running."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import outcome_sampling_mccfr

import soulforge
from soulforge.interop.openspiel import EXPLICIT, MAX_CHANCE_OUTCOMES, short_name
from tests.interop.helpers import GAME_IDS

EXPLICIT_CHANCE = {"chance": EXPLICIT}


def explicit_game(game_id: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), {**EXPLICIT_CHANCE, **params})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_explicit_chance_is_declared(game_id: str) -> None:
    game = explicit_game(game_id)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == MAX_CHANCE_OUTCOMES
    assert game.num_distinct_actions() == soulforge.load(game_id).num_distinct_actions
    seeded = pyspiel.load_game(short_name(game_id))
    assert seeded.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert seeded.max_chance_outcomes() == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_random_simulation_with_explicit_chance_and_serialization(game_id: str) -> None:
    pyspiel.random_sim_test(explicit_game(game_id), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_nodes_offer_outcomes_with_probabilities(game_id: str) -> None:
    game, rng = explicit_game(game_id), np.random.RandomState(4)
    state, nodes = game.new_initial_state(), 0
    while not state.is_terminal() and state.move_number() < 300:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions, probs = zip(*outcomes, strict=True)
            assert list(actions) == state.legal_actions() == list(range(len(outcomes)))
            assert sum(probs) == pytest.approx(1.0) and 0 < len(outcomes) <= game.max_chance_outcomes()
            assert state.current_player() == pyspiel.PlayerId.CHANCE
            assert state.action_to_string(pyspiel.PlayerId.CHANCE, actions[0]) == "chance outcome 0"
            state.apply_action(int(rng.choice(actions, p=probs)))
            nodes += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert nodes > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_serialize_game_and_state_round_trips_mid_game(game_id: str) -> None:
    game, rng = explicit_game(game_id, seed=2), np.random.RandomState(1)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    for _ in range(40):  # both play on alike
        if state.is_terminal():
            break
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        again.apply_action(action)
        assert str(again) == str(state)


def test_outcome_sampling_mccfr_runs_on_five_realms() -> None:
    """A CFR-family solver on the smallest configuration (one copy of each character)."""
    game = explicit_game("five_realms", copies=1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(4):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert len(solver._infostates) > 10


def test_a_node_with_more_outcomes_than_declared_is_refused() -> None:
    game = explicit_game("five_realms", max_chance_outcomes=8)  # the deck's shuffle has more
    with pytest.raises(ValueError, match="max_chance_outcomes=8"):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replaying_the_history_on_a_new_state_reaches_the_same_state(game_id: str) -> None:
    """With explicit chance the history holds the draws too: an action-only dataset (with
    chance outcomes) replays, where seeded chance deals each new state anew."""
    game, rng = explicit_game(game_id), np.random.RandomState(7)
    state = game.new_initial_state()
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    for player in range(game.num_players()):
        assert again.observation_string(player) == state.observation_string(player)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if soulforge.load(g).max_players > 2])
def test_explicit_chance_at_a_full_table(game_id: str) -> None:
    players = soulforge.load(game_id).max_players
    options = {"map": "grand"} if game_id == "kipukas" else {}
    game = explicit_game(game_id, players=players, seed=1, **options)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
