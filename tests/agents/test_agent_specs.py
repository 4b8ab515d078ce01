"""Agent specs, the registry and the levels."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.agents import (
    LEVELS,
    REGISTRY,
    GreedyAgent,
    ISMCTSAgent,
    for_level,
    level_spec,
    load,
)
from soulforge.sim.runner import make_agent


def test_registry_names_the_three_agents() -> None:
    assert {"random", "greedy", "ismcts", "planner"} <= set(REGISTRY)


def test_load_parses_the_documented_specs() -> None:
    greedy = load("greedy:seed=1,samples=4")
    assert isinstance(greedy, GreedyAgent) and greedy.samples == 4 and greedy.seed == 1
    ismcts = load("ismcts:iterations=400,seed=1")
    assert isinstance(ismcts, ISMCTSAgent) and ismcts.iterations == 400 and ismcts.seed == 1
    tuned = load("ismcts:iterations=50,exploration=0.7,rollout=heuristic,time_limit=0.5")
    assert isinstance(tuned, ISMCTSAgent)
    assert (tuned.exploration, tuned.rollout, tuned.rollout_depth, tuned.time_limit) == (
        0.7,
        "heuristic",
        0,
        0.5,
    )


@pytest.mark.parametrize(
    "spec",
    ["ismcts:iterations=0", "ismcts:rollout=smart", "ismcts:depth=3", "greedy:samples=0", "greedy:noise=-1"],
)
def test_bad_parameters_raise_value_error(spec: str) -> None:
    with pytest.raises(ValueError):
        load(spec)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_levels_give_seeded_agents(level: str) -> None:
    agent = for_level(level, seed=9)
    assert agent.name in ("greedy", "ismcts")
    assert getattr(agent, "seed") == 9  # noqa: B009 - agents are a protocol without seed
    assert set(LEVELS) == {"easy", "normal", "hard"}


def test_levels_accept_overrides_and_refuse_unknown_levels() -> None:
    agent = for_level("hard", seed=1, time_limit=2.0)
    assert isinstance(agent, ISMCTSAgent) and agent.time_limit == 2.0
    with pytest.raises(ValueError, match="unknown level"):
        for_level("expert")


def test_a_game_may_declare_its_own_levels_and_others_keep_the_generic_ones() -> None:
    """Soul of Ankiril's levels are its own (``Game.agent_levels``); Five Realms declares
    normal and hard and gets the generic easy one. The simulator resolves a level name the
    same way."""
    ankiril, realms = soulforge.load("soul_of_ankiril"), soulforge.load("five_realms")
    assert level_spec("hard", ankiril) == ankiril.agent_levels["hard"] != LEVELS["hard"]
    assert level_spec("easy", realms) == LEVELS["easy"] == level_spec("easy")
    assert level_spec("hard", realms) == realms.agent_levels["hard"] != LEVELS["hard"]
    hard = for_level("hard", seed=4, game=ankiril)
    assert isinstance(hard, ISMCTSAgent) and (hard.rollout, hard.rest_follow, hard.seed) == ("reply", 4, 4)
    easy = make_agent("easy", 5, ankiril)
    assert isinstance(easy, GreedyAgent) and easy.follow == 0 and easy.seed == 5


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_every_game_level_is_a_loadable_spec(game_id: str) -> None:
    game = soulforge.load(game_id)
    for level in LEVELS:
        assert for_level(level, seed=1, game=game).name in ("greedy", "ismcts")


@pytest.mark.parametrize(("spec", "message"), [
    ("random:seed=x", "parameter seed of agent 'random' must be an integer"),
    ("ismcts:exploration=nan", "exploration must be a finite number"),
    ("ismcts:exploration=inf", "exploration must be a finite number"),
    ("ismcts:iterations=5,iterations=6", "'iterations' is given twice"),
    ("ismcts:iterations=1e9", "iterations of agent 'ismcts' must be an integer"),
    ("ismcts:iterations=99999999999", "must be an integer up to 2147483647"),
    ("greedy:noise=loud", "noise of agent 'greedy' must be a number"),
])
def test_a_spec_with_a_bad_value_is_refused_naming_it(spec: str, message: str) -> None:
    """Issue 17, defect 9: simulate accepted random:seed=x, exploration=nan and duplicates."""
    with pytest.raises(ValueError, match=message):
        load(spec)


def test_numbers_of_the_right_kind_are_accepted() -> None:
    agent = load("ismcts:exploration=2,iterations=10")
    assert isinstance(agent, ISMCTSAgent) and agent.exploration == 2.0
    assert isinstance(agent.exploration, float)
