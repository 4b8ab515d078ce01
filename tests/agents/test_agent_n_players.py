"""ISMCTS and greedy at a three-seat table: each edge is valued for the seat that chose it."""

from __future__ import annotations

import pytest

from soulforge.agents import load
from tests.agents.toy_race import Add, Race, RaceState


def race_at(counter: int, turn: int, players: int = 3) -> RaceState:
    state = Race().new_game(seed=0, players=players)
    assert isinstance(state, RaceState)
    state.counter, state.turn = counter, turn
    return state


@pytest.mark.parametrize(
    "spec", ["ismcts:iterations=200", "ismcts:iterations=200,rollout=heuristic", "greedy"]
)
@pytest.mark.parametrize("turn", [0, 1, 2])
def test_every_seat_takes_a_win_in_one(spec: str, turn: int) -> None:
    state = race_at(8, turn)
    assert load(spec, seed=turn).act(state, turn) == Add(2)


@pytest.mark.parametrize(("counter", "best"), [(1, 3), (2, 2), (3, 1)])
def test_ismcts_models_each_seat_playing_for_itself(counter: int, best: int) -> None:
    """Solved by hand (max^n, an indifferent seat choosing at random): from 1, 2 and 3 only
    +3, +2 and +1 respectively give the mover a chance, and only because the next seats
    then play for themselves. A search valuing every node for the root seat fails this.
    """
    for turn in (0, 2):
        state = race_at(counter, turn)
        assert load("ismcts:iterations=1500,rollout_depth=-1", seed=turn).act(state, turn) == Add(best)


def test_ismcts_plays_whole_games_at_four_seats() -> None:
    state = Race().new_game(seed=1, players=4)
    agents = [load("ismcts:iterations=50", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat), seat)
    assert sorted(state.returns())[-1] == 1.0
