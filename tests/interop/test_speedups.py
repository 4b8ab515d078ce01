"""The adapters' fast paths give exactly what the plain ones give.

``HashedEncoder.encode`` (the generic encoding) walks a view with every path's slots cached; the plain
statement of the encoding (:func:`~soulforge.interop.observation.leaves`, kept as
``reference_encode``) must give the very same bytes. ``ActionIndex`` finds indices by
field tuples; it must agree with ``game.action_index``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import soulforge
from soulforge.interop.observation import ActionIndex, HashedEncoder
from tests.interop.helpers import GAME_IDS, midgame_states


def assert_same_bytes(encoder: HashedEncoder, view: dict[str, Any]) -> None:
    fast, plain = encoder.encode(view), encoder.reference_encode(view)
    assert fast.dtype == plain.dtype and fast.shape == plain.shape
    assert fast.tobytes() == plain.tobytes()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_fast_encoding_is_the_reference_encoding(game_id: str) -> None:
    encoder = HashedEncoder(soulforge.load(game_id))
    for seed in (3, 4):
        for state in midgame_states(game_id, seed):
            for seat in (None, *range(state.num_players)):
                assert_same_bytes(encoder, state.view(seat))


def test_the_fast_encoding_keeps_every_odd_leaf() -> None:
    encoder = HashedEncoder(soulforge.load("five_realms"))
    base = soulforge.load("five_realms").new_game(seed=1).view(0)
    odd: list[dict[Any, Any]] = [
        {"a": None, "b": [None, "x", 2.5, True, -3, [], [[1, "y"], {"c": None}]], "": {"d": 1}},
        {1: {"x": 1}, "1": {"x": 2}, 1.5: [0]},
        {True: "t", "1": {"x": 3}},
        {"t": (1, 2), "n": np.int64(3), "f": 1e300, "e": {}},
        {"b": {"0": "x"}, "a": "None"},  # the same paths met with other kinds
    ]
    for extra in odd:
        assert_same_bytes(encoder, {**base, **extra})
        assert_same_bytes(encoder, {**base, "nested": extra})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_action_index_agrees_with_the_game(game_id: str) -> None:
    game = soulforge.load(game_id)
    index = ActionIndex(game)
    table = [game.action_at(i) for i in range(game.num_distinct_actions)]
    assert index.indices(table) == list(range(game.num_distinct_actions))
    state, rng = game.new_game(seed=5), random.Random(5)
    while not state.is_over:
        legal = state.legal_actions()
        assert index.indices(legal) == [game.action_index(action) for action in legal]
        listing = index.listing(state)
        assert listing.indices == sorted(game.action_index(action) for action in legal)
        assert list(np.flatnonzero(listing.mask())) == listing.indices
        for i in listing.indices:
            assert listing.action(i, game) == game.action_at(i)
        assert index.listing(state, listing) is listing
        state.apply(rng.choice(legal))
    assert index.listing(state).indices == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_legal_actions_in_python_are_pyspiels(game_id: str) -> None:
    import pyspiel

    from soulforge.interop.openspiel import short_name

    state, rng = pyspiel.load_game(short_name(game_id)).new_initial_state(), random.Random(6)
    while True:
        for player in (None, *range(state.num_players())):
            pyspiels = pyspiel.State.legal_actions(state) if player is None else \
                pyspiel.State.legal_actions(state, player)
            assert (state.legal_actions() if player is None else state.legal_actions(player)) == pyspiels
        if state.is_terminal():
            break
        with pytest.raises(pyspiel.SpielError):
            state.legal_actions(-1)
        state.apply_action(rng.choice(state.legal_actions()))
