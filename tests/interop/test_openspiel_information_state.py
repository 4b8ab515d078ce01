"""OpenSpiel's information-state tensor adds the seat's own past actions to its observation
(issue 36: "an information-state tensor with the seat's own history")."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import soulforge.interop.openspiel  # noqa: F401  (registers the games)
from tests.registered import GAMES


def _past_chance(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_information_state_tensor_holds_the_seats_own_actions(game_id: str) -> None:
    game = pyspiel.load_game(f"python_soulforge_{game_id}")
    observation = game.observation_tensor_size()
    assert game.information_state_tensor_size() > observation
    state, rng = game.new_initial_state(), random.Random(0)
    _past_chance(state, rng)
    seat = state.current_player()
    before = np.array(state.information_state_tensor(seat))
    assert not before[observation:].any()  # nothing done yet
    state.apply_action(rng.choice(state.legal_actions()))
    after = np.array(state.information_state_tensor(seat))
    assert after[observation:].any()
    assert np.array_equal(after[:observation], np.array(state.observation_tensor(seat)))
