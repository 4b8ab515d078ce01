"""The toy game Duel keeps the core contract the agents rely on (so agent tests mean something)."""

from __future__ import annotations

import json
import random

from soulforge.agents import RandomAgent
from soulforge.core import State
from tests.agents.toy_duel import Duel, DuelState, positions


def test_random_games_end_with_a_winner(duel: Duel) -> None:
    for seed in range(20):
        state = duel.new_game(seed=seed)
        agent = RandomAgent(seed)
        while not state.is_over:
            assert state.current_player is not None
            state.apply(agent.act(state, state.current_player))
        assert sorted(state.returns()) == [-1.0, 1.0]
        assert state.move_number == duel.max_game_length


def test_views_are_json_and_hide_the_other_hand(duel: Duel) -> None:
    state = duel.new_game(seed=3)
    view = state.view(0)
    json.dumps(view)
    assert view["hand"] == sorted(view["hand"])
    assert "hands" not in view and state.view(None)["hand"] is None


def test_determinize_keeps_the_view_and_depends_only_on_it(duel: Duel) -> None:
    for state in positions(duel, 10, seed=40):
        seat = state.current_player
        assert seat is not None
        twin = state.determinize(seat, random.Random(5))
        assert twin.view(seat) == state.view(seat)
        again = twin.determinize(seat, random.Random(5))
        assert _hidden(again) == _hidden(state.determinize(seat, random.Random(5)))


def test_determinize_resamples_the_opponent_hand(duel: Duel) -> None:
    state = duel.new_game(seed=1)
    hands = {_hidden(state.determinize(0, random.Random(i)))[1] for i in range(10)}
    assert len(hands) > 1


def _hidden(state: State) -> tuple[tuple[int, ...], ...]:
    """Everything hidden in a Duel state."""
    assert isinstance(state, DuelState)
    return (tuple(state.hands[0]), tuple(state.hands[1]), tuple(state.left_over), tuple(state.prizes))
