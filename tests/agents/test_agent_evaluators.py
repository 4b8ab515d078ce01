"""The leaf evaluators and rollout policies ISMCTS takes as objects (agents/evaluators.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import soulforge
from soulforge.agents import ISMCTSAgent
from soulforge.agents.evaluators import (
    GreedyPolicy,
    Leaf,
    RandomPolicy,
    ReplyEvaluator,
    RolloutEvaluator,
    evaluator_for,
)
from soulforge.agents.rollouts import one_step
from soulforge.core import Action, State

GAME = soulforge.load("five_realms")


def position(seed: int = 2, moves: int = 12) -> State:
    state: State = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


class FirstPolicy:
    """Always the first legal action (a policy of one's own)."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, world: State, legal: Sequence[Action]) -> Action:
        self.calls += 1
        return legal[0]


def test_a_rollout_plays_its_depth_then_values_every_seat() -> None:
    policy = FirstPolicy()
    world = position()
    start = world.move_number
    values = RolloutEvaluator(policy, policy).evaluate(world, Leaf(0, 5, False))
    assert world.move_number == start + 5 and policy.calls == 5
    assert len(values) == 2 and all(-1 <= v <= 1 for v in values)


def test_the_fallback_policy_plays_an_unbounded_rollout_to_the_end() -> None:
    policy, fallback = FirstPolicy(), FirstPolicy()
    world = position()
    values = RolloutEvaluator(policy, fallback).evaluate(world, Leaf(0, -1, False))
    assert world.is_over and policy.calls == 0 and fallback.calls > 0
    assert values == world.returns()


def test_greedy_policy_takes_the_best_one_step_value() -> None:
    world = position()
    legal = world.legal_actions()
    assert GreedyPolicy().choose(world, legal) == one_step(world, world.current_player or 0)


def test_random_policy_draws_from_the_rng_it_is_given() -> None:
    world = position()
    legal = world.legal_actions()
    a, b = RandomPolicy(random.Random(5)), RandomPolicy(random.Random(5))
    assert [a.choose(world, legal) for _ in range(5)] == [b.choose(world, legal) for _ in range(5)]


def test_a_reply_evaluator_stops_at_the_searchers_next_turn() -> None:
    world = position()
    searcher = world.current_player
    assert searcher is not None
    ReplyEvaluator(one_step, one_step).evaluate(world, Leaf(searcher, -1, False))
    assert world.is_over or world.current_player == searcher


@pytest.mark.parametrize("rollout", ["random", "heuristic", "greedy", "reply"])
def test_each_rollout_name_gives_an_evaluator(rollout: str) -> None:
    evaluator = evaluator_for(rollout, random.Random(0), one_step, one_step)
    assert evaluator.evaluate(position(), Leaf(0, 2, False))


def test_ismcts_takes_an_evaluator_object() -> None:
    """A search with an evaluator of one's own values its leaves by it."""
    policy = FirstPolicy()
    agent = ISMCTSAgent(iterations=30, seed=1, evaluator=RolloutEvaluator(policy, policy))
    state = position()
    assert agent.act(state, state.current_player or 0) in state.legal_actions()
    assert policy.calls > 0


def test_an_unknown_rollout_is_refused() -> None:
    with pytest.raises(ValueError, match="rollout must be one of"):
        evaluator_for("psychic", random.Random(0), one_step, one_step)
