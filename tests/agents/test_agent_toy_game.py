"""The toy game keeps the core contract the agents rely on (so agent tests mean something)."""

from __future__ import annotations

import json
import random

from soulforge.agents import RandomAgent
from soulforge.core import State
from tests.agents.agent_matches import positions
from tests.toy import Choose, Pass, Play, Tricks, TricksState


def test_random_games_end_with_every_prize_taken_or_discarded(toy: Tricks) -> None:
    for seed in range(20):
        state = toy.new_game(seed=seed, players=2 + seed % 3)
        agent = RandomAgent(seed)
        while not state.is_over:
            assert state.current_player is not None
            state.apply(agent.act(state, state.current_player))
        assert isinstance(state, TricksState) and state.prizes == []
        assert sum(state.points) <= 15 and max(state.returns()) >= 0.0
        assert state.move_number <= toy.max_game_length


def test_the_highest_card_wins_the_prize_and_leads_next(toy: Tricks) -> None:
    """Rules, "A trick": the highest card wins it; its owner leads the next."""
    state = toy.new_game(seed=3)
    low, high = state.hands[0][0], state.hands[1][-1]
    for action in (Choose(4), Play(low), Play(high)):
        state.apply(action)
    winner = 0 if low > high else 1
    assert state.points[winner] == 4 and state.current_player == winner == state.leader
    assert state.log(None)[-1] == f"seat {winner} wins the prize 4 with {max(low, high)}"


def test_a_trick_every_seat_passes_discards_its_prize(toy: Tricks) -> None:
    """Rules, "A trick": when every seat passed, the prize is discarded, the next seat leads."""
    state = toy.new_game(seed=3, players=3)
    for action in (Choose(5), Pass(), Pass(), Pass()):
        state.apply(action)
    assert state.points == [0, 0, 0] and 5 not in state.prizes and state.current_player == 1


def test_views_are_json_and_hide_the_other_hands(toy: Tricks) -> None:
    state = toy.new_game(seed=3)
    view = state.view(0)
    json.dumps(view)
    assert view["hand"] == sorted(view["hand"]) and view["hands"] is None
    assert state.view(None)["hand"] is None
    assert Tricks(hand=5, open=True).new_game(seed=3).view(None)["hands"] == [list(h) for h in state.hands]


def test_determinize_keeps_the_view_and_depends_only_on_it(toy: Tricks) -> None:
    for state in positions(toy, 10, seed=40):
        seat = state.current_player
        assert seat is not None
        twin = state.determinize(seat, random.Random(5))
        assert twin.view(seat) == state.view(seat)
        again = twin.determinize(seat, random.Random(5))
        assert _hidden(again) == _hidden(state.determinize(seat, random.Random(5)))


def test_determinize_resamples_the_other_hand_unless_hands_are_open(toy: Tricks) -> None:
    state = toy.new_game(seed=1)
    hands = {_hidden(state.determinize(0, random.Random(i)))[1] for i in range(10)}
    assert len(hands) > 1
    shown = Tricks(hand=5, open=True).new_game(seed=1)
    assert {_hidden(shown.determinize(0, random.Random(i)))[1] for i in range(10)} == {tuple(shown.hands[1])}


def _hidden(state: State) -> tuple[tuple[int, ...], ...]:
    """Everything hidden in a toy state: the hands and the stock."""
    assert isinstance(state, TricksState)
    return (*(tuple(hand) for hand in state.hands), tuple(sorted(state.stock)))
