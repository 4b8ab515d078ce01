"""ISMCTS and greedy at a three-seat table: each edge is valued for the seat that chose it."""

from __future__ import annotations

import pytest

from soulforge.agents import load
from tests.toy import Play, Tricks, last_trick


@pytest.mark.parametrize(
    "spec", ["ismcts:iterations=200", "ismcts:iterations=200,rollout=heuristic", "greedy"]
)
@pytest.mark.parametrize("turn", [0, 1, 2])
def test_every_seat_takes_a_win_in_one(spec: str, turn: int) -> None:
    """Last to play in the last trick, all level on points: the 7 wins the trick and the game."""
    hands = [[1], [2], [3]]
    hands[turn] = [4, 7]
    state = last_trick(hands, [2, 2, 2], 3, leader=(turn + 1) % 3, played=[5, 6])
    assert state.current_player == turn
    assert load(spec, seed=turn).act(state, turn) == Play(7)


@pytest.mark.parametrize("turn", [0, 2])
def test_ismcts_models_each_seat_playing_for_itself(turn: int) -> None:
    """Solved by hand. The leader (6 points) must lead its 9: after a 4, or a pass, the
    last seat (5 points) takes the prize of 2 with its 8 and wins. Only because that seat
    plays for itself: a search valuing every node for the leader sees it help, and the 4
    and the pass then look as good as the 9 (the middle seat, 0 points, has lost anyway).
    """
    middle, last = (turn + 1) % 3, (turn + 2) % 3
    hands, points = [[0]] * 3, [0] * 3
    hands[turn], hands[middle], hands[last] = [4, 9], [1], [3, 8]
    points[turn], points[last] = 6, 5
    for seed in range(3):
        state = last_trick(hands, points, 2, leader=turn)
        assert load("ismcts:iterations=300,rollout_depth=-1", seed=seed).act(state, turn) == Play(9)


def test_ismcts_plays_whole_games_at_four_seats() -> None:
    state = Tricks().new_game(seed=1, players=4)
    agents = [load("ismcts:iterations=50", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat), seat)
    assert max(state.returns()) in (0.0, 1.0) and state.move_number >= 3 * 4
    with pytest.raises(ValueError):
        load("ismcts:worlds=-1")
