"""Agents play fair: a choice never depends on what the seat cannot see.

For fresh agents with the same seed, the action chosen in a state equals the action
chosen in any determinization of it from the acting seat (the other hands and the
stock resampled), over many positions. An agent that read
the hidden cards would choose differently in some of them.
"""

from __future__ import annotations

import random

import pytest

from soulforge.agents import ISMCTSAgent, for_level, load
from soulforge.agents.ismcts import Node
from soulforge.core import State
from tests.agents.agent_matches import positions
from tests.toy import Tricks

SPECS = [
    "greedy:samples=2",
    "greedy:noise=0.2",
    "ismcts:iterations=80",
    "ismcts:iterations=80,rollout=heuristic",
    "planner:candidates=3,worlds=2",
    "ismcts:iterations=6,rollout=reply,rollout_depth=-1,rollout_follow=1,answer_follow=2,"
    "root_follow=1,widen=2.5,worlds=1,keep_plan=1",
]


def assert_fair(spec: str, states: list[State], seed: int = 3) -> None:
    """The choice of ``spec`` is the same in each state and in two resamplings of it."""
    rng = random.Random(seed)
    checked = 0
    for state in states:
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        expected = load(spec, seed=seed).act(state, seat)
        for _ in range(2):
            world = state.determinize(seat, rng)
            assert load(spec, seed=seed).act(world, seat) == expected, (spec, state)
        checked += 1
    assert checked >= len(states) // 2


@pytest.mark.parametrize("spec", SPECS)
def test_choice_ignores_hidden_cards(spec: str, toy: Tricks) -> None:
    assert_fair(spec, positions(toy, 16, seed=100))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_levels_ignore_hidden_cards(level: str, toy: Tricks) -> None:
    states = positions(toy, 6, seed=200)
    rng = random.Random(1)
    for state in states:
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng)
        assert for_level(level, seed=4).act(state, seat) == for_level(level, seed=4).act(world, seat)


def test_a_cheating_agent_is_caught(toy: Tricks) -> None:
    """The test has teeth: an agent that peeks at the other hand fails it."""

    class Peeker:
        name = "peeker"

        def act(self, state: State, player: int) -> object:
            other_hand = state.hands[1 - player]  # type: ignore[attr-defined]
            legal = state.legal_actions()
            return legal[sum(other_hand) % len(legal)]

    states = positions(toy, 16, seed=100)
    rng = random.Random(0)
    caught = False
    for state in states:
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) > 1:
            caught |= Peeker().act(state, seat) != Peeker().act(state.determinize(seat, rng), seat)
    assert caught


def test_a_search_on_the_true_state_is_caught(toy: Tricks) -> None:
    """ISMCTS searching clones of the real state (seeing the hidden cards) fails the fairness check."""

    class CloningISMCTS(ISMCTSAgent):
        def search(self, state: State, player: int) -> Node:
            root = Node()
            for _ in range(self.iterations):
                self.iterate(root, state.clone())
            return root

    states = [s for s in positions(toy, 16, seed=100) if len(s.legal_actions()) > 2]
    rng = random.Random(0)
    caught = False
    for state in states:
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng)
        agents = CloningISMCTS(iterations=200, seed=1), CloningISMCTS(iterations=200, seed=1)
        if agents[0].act(state, seat) != agents[1].act(world, seat):
            caught = True
            break
    assert caught
