"""Agents on Five Realms: legal and fair choices; seeded strength matches (slow).

Measured with these seeds (seats swapped game by game): ISMCTS with 100 iterations and
heuristic leaves won 8 of 8 games against random, with 200 iterations 16.5 of 20 against
greedy (which itself wins 99.5 of 100 against random); the two slow tests take about
1.5 to 4 minutes on one core, depending on the machine's load.
"""

from __future__ import annotations

import random

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core import Action, Game, State
from tests.agents.agent_matches import decision_positions, win_rate


@pytest.fixture(scope="module")
def five_realms() -> Game:
    return soulforge.load("five_realms")


def positions(game: Game, count: int, seed: int = 0) -> list[State]:
    """Unfinished positions of seeded random games with a real choice, at various depths."""
    return decision_positions(game.new_game, count, seed, max_depth=100)


@pytest.mark.parametrize(
    "spec", ["greedy:samples=2", "ismcts:iterations=40", "ismcts:iterations=40,rollout=heuristic"]
)
def test_agents_choose_legal_actions(spec: str, five_realms: Game) -> None:
    agent = load(spec, seed=1)
    for state in positions(five_realms, 6, seed=10):
        seat = state.current_player
        assert seat is not None
        assert agent.act(state, seat) in state.legal_actions()


@pytest.mark.parametrize("spec", ["greedy:samples=2", "greedy:noise=0.1", "ismcts:iterations=60"])
def test_choice_ignores_hidden_cards(spec: str, five_realms: Game) -> None:
    """act(state) == act(state.determinize(me, rng)) for fresh agents with the same seed."""
    rng = random.Random(2)
    states = positions(five_realms, 8, seed=30)
    assert len(states) >= 6
    for state in states:
        seat = state.current_player
        assert seat is not None
        expected = load(spec, seed=5).act(state, seat)
        world = state.determinize(seat, rng)
        assert load(spec, seed=5).act(world, seat) == expected, (spec, state, state.history)


def test_same_seed_same_moves(five_realms: Game) -> None:
    def game() -> list[soulforge.Action]:
        state = five_realms.new_game(seed=4)
        agents = [load("ismcts:iterations=20", seed=1), load("greedy", seed=2)]
        while not state.is_over and state.move_number < 40:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(state, seat))
        history: list[Action] = state.history
        return history

    assert game() == game()


@pytest.mark.slow
def test_ismcts_beats_random_in_nearly_every_game(five_realms: Game) -> None:
    games = 8
    rate = win_rate(
        five_realms,
        lambda s: load("ismcts:iterations=100,rollout=heuristic", seed=s),
        lambda s: load("random", seed=s),
        games,
        seed=7,
    )
    assert rate >= 7 / 8


@pytest.mark.slow
def test_ismcts_beats_greedy_clearly(five_realms: Game) -> None:
    games = 20
    rate = win_rate(
        five_realms,
        lambda s: load("ismcts:iterations=200,rollout=heuristic", seed=s),
        lambda s: load("greedy", seed=s),
        games,
        seed=7,
    )
    assert rate >= 0.6
