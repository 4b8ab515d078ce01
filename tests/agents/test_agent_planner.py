"""The turn planner (``planner``): candidates, play-outs through the answer, kept plans."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from soulforge.agents import TurnPlannerAgent, load
from soulforge.agents.plans import PlannedStep, foreseen_steps
from soulforge.core import Action, Seat, State
from tests.toy import Tricks


def deciding(toy: Tricks, seed: int = 3) -> State:
    """The first position: seat 0 chooses one of the five prizes."""
    state: State = toy.new_game(seed=seed)
    return state


def test_spec_parameters_and_refusals() -> None:
    agent = load("planner:candidates=5,worlds=3,follow=0,keep_plan=0")
    assert isinstance(agent, TurnPlannerAgent)
    assert (agent.candidates, agent.worlds, agent.follow, agent.keep_plan) == (5, 3, 0, False)
    for bad in ("planner:candidates=0", "planner:worlds=0", "planner:follow=-1", "planner:root_follow=-1"):
        with pytest.raises(ValueError):
            load(bad)


def test_candidates_are_the_best_by_greedys_score(toy: Tricks) -> None:
    state = deciding(toy)
    agent = TurnPlannerAgent(seed=1, candidates=2)
    world = state.determinize(0, agent.rng)
    legal = world.legal_actions()
    ranked = agent._candidates(world, 0, legal)
    scores = sorted((agent._ranker.score(world, action, 0) for action in legal), reverse=True)
    assert len(ranked) == 2
    assert [agent._ranker.score(world, action, 0) for action in ranked] == scores[:2]


def test_play_out_ends_when_the_searcher_is_to_move_again(toy: Tricks) -> None:
    """A candidate is valued after the other seat has answered, at the searcher's next decision
    (or at the end of the game)."""
    state = deciding(toy)
    agent = TurnPlannerAgent(seed=1)
    action = state.legal_actions()[0]
    value, turn = agent.play_out(state, action, 0)
    assert turn[0] == action and -1.0 <= value <= 1.0
    assert len(state.history) == 0


def test_a_kept_plan_is_played_without_a_search_while_the_view_is_the_foreseen_one(toy: Tricks) -> None:
    state = deciding(toy)
    agent = NoSearchPlanner(seed=1)
    planned = state.legal_actions()[-1]
    agent.plan = [PlannedStep(state.view(0), planned)]
    assert agent.act(state, 0) == planned and agent.plan == []


class NoSearchPlanner(TurnPlannerAgent):
    """A planner whose search fails the test: an override, which the compiled agent calls
    (a patched attribute of a compiled instance is read-only, and its own calls would not
    see it)."""

    def _search(
        self, worlds: Sequence[State], player: Seat, legal: Sequence[Action]
    ) -> tuple[Action, list[Action]]:
        raise AssertionError("searched while the plan held")


def test_a_plan_whose_view_differs_is_dropped_and_a_new_search_decides(toy: Tricks) -> None:
    state = deciding(toy)
    other = deciding(toy, seed=4)
    agent = TurnPlannerAgent(seed=1, keep_plan=0)
    agent.plan = [PlannedStep(other.view(0), other.legal_actions()[0])]
    assert agent.act(state, 0) in state.legal_actions()
    assert agent.plan == []


def test_foreseen_steps_carry_the_view_before_each_action(toy: Tricks) -> None:
    state = deciding(toy)
    first = state.legal_actions()[0]
    after = state.clone()
    after.apply(first)
    answer = after.legal_actions()[0]
    steps = foreseen_steps(state, 0, [first, answer])
    assert [step.action for step in steps] == [first, answer]
    assert steps[0].view == state.view(0) and steps[1].view == after.view(0)


def test_turn_value_defaults_to_the_heuristic(toy: Tricks) -> None:
    state = toy.new_game(seed=3)
    state.apply(state.legal_actions()[0])
    for seat in (0, 1):
        assert toy.turn_value(state, seat) == toy.heuristic(state, seat)
