"""Observation tensors: a fixed, documented shape per game (issues 20 and 36).

The leak test: for states in mid-game, resampling everything hidden from seat p
(``determinize(p, rng)``, which keeps ``view(p)``) never changes p's tensor; and the
tensor does change when p's view does. The structured observers read the state's data,
never its JSON view.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest

import soulforge
from soulforge.core import Game
from soulforge.interop.observation import (
    ObservationEncoder,
    action_mask,
    describe,
    legal_indices,
    observation_size,
)
from tests.interop.helpers import GAME_IDS, midgame_states
from tests.toy import Tricks


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observation_has_a_fixed_shape_and_finite_values(game_id: str) -> None:
    encoder = ObservationEncoder(soulforge.load(game_id))
    for state in midgame_states(game_id):
        for seat in range(state.num_players):
            tensor = encoder.observe(state, seat)
            assert tensor.shape == (observation_size(game_id),)
            assert tensor.dtype == np.float32
            assert np.isfinite(tensor).all()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampling_hidden_information_never_changes_the_observation(game_id: str) -> None:
    encoder = ObservationEncoder(soulforge.load(game_id))
    for state in midgame_states(game_id):
        for seat in range(state.num_players):
            mine = encoder.observe(state, seat)
            for draw in range(3):
                twin = state.determinize(seat, random.Random(draw))
                np.testing.assert_array_equal(encoder.observe(twin, seat), mine)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_observation_is_built_without_the_json_view(game_id: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    encoder = ObservationEncoder(soulforge.load(game_id))
    assert encoder.observer is not None, f"{game_id} has no structured observation"
    state = midgame_states(game_id)[2]
    expected = [encoder.observe(state, seat) for seat in range(state.num_players)]
    calls: list[object] = []
    monkeypatch.setattr(type(state), "view", lambda *args: calls.append(args))
    for seat in range(state.num_players):
        np.testing.assert_array_equal(encoder.observe(state, seat), expected[seat])
    assert calls == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_observation_changes_with_the_view(game_id: str) -> None:
    encoder = ObservationEncoder(soulforge.load(game_id))
    states = midgame_states(game_id)
    seats_differ = [not np.array_equal(encoder.observe(s, 0), encoder.observe(s, 1)) for s in states]
    assert all(seats_differ)
    for before, after in itertools.pairwise(states):
        assert not np.array_equal(encoder.observe(before, 0), encoder.observe(after, 0))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_action_mask_marks_exactly_the_legal_actions(game_id: str) -> None:
    game = soulforge.load(game_id)
    for state in midgame_states(game_id)[:-1]:
        mask = action_mask(state)
        assert mask.shape == (game.num_distinct_actions,)
        assert list(np.flatnonzero(mask)) == legal_indices(state)
        assert {game.action_at(i) for i in legal_indices(state)} == set(state.legal_actions())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_layout_of_every_game_is_written_down(game_id: str) -> None:
    readme = (Path(soulforge.__file__).parent / "interop" / "README.md").read_text()
    assert describe(game_id) in readme, f"soulforge/interop/README.md lacks {game_id}'s current layout " \
        "(python -m soulforge.interop.observation)"
    assert f"{observation_size(game_id)} floats" in describe(game_id)


class SmallTricks(Tricks):
    """A game that declares its own observation size (no adapter lists it)."""

    id = "small_tricks"
    observation_size = 512


def test_the_size_of_an_observation_is_the_games_own() -> None:
    state = SmallTricks().new_game(seed=2)
    assert ObservationEncoder(state.game).observe(state, 0).shape == (512,)
    assert ObservationEncoder(Tricks()).size == Game.observation_size
