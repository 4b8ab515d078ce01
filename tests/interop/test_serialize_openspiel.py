"""OpenSpiel states as data (issue 36): ``pickle`` round-trips a game and a state in both
chance modes (pyspiel's own pickling fails for a sampled-stochastic Python game: it asks for
a C++ rng state), and the restored state plays on as the original does."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest

from soulforge.interop.openspiel import EXPLICIT, SEEDED, short_name
from tests.interop.helpers import GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("chance", [SEEDED, EXPLICIT])
def test_a_pickled_openspiel_state_plays_on_identically(game_id: str, chance: str) -> None:
    game = pyspiel.load_game(short_name(game_id), {"chance": chance, "seed": 3})
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is type(state)
    assert str(again) == str(state) and again.history() == state.history()
    for player in range(game.num_players()):
        assert again.information_state_string(player) == state.information_state_string(player)
    for _ in range(30):
        if state.is_terminal():
            break
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        again.apply_action(action)
        assert str(again) == str(state) and again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("chance", [SEEDED, EXPLICIT])
def test_a_pickled_openspiel_game_deals_on_as_the_original(chance: str) -> None:
    game = pyspiel.load_game(short_name("five_realms"), {"chance": chance, "seed": 9})
    game.new_initial_state().legal_actions()  # the first game's seed is drawn
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.get_type().chance_mode == game.get_type().chance_mode
    assert str(again.new_initial_state()) == str(game.new_initial_state())
