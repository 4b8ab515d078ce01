"""Agents at Soulshards: legal choices; seeded strength matches (slow), the levels ordered.

ISMCTS values its leaves with the game's heuristic (``rollout=heuristic``, exploration 0.3);
greedy looks one decision ahead (``follow=0``: the default's four follow-up decisions cost
seconds a move over Engage's 50-100 choices). Win counts in ``NOTES.md``.
"""

from __future__ import annotations

import random

import pytest

import soulforge
from soulforge.agents import level_spec, load
from tests.agents.agent_matches import decision_positions, play

GAME = soulforge.load("soulshards")
NORMAL = "ismcts:iterations=30,rollout=heuristic,exploration=0.3"


def results(first: str, second: str, games: int, seed: int) -> tuple[int, int]:
    won = [0, 0]
    for i in range(games):
        agents = [load(first, seed=seed + i), load(second, seed=seed + 1000 + i)]
        swap = i % 2 == 1
        returns = play(GAME.new_game(seed=seed + i), agents[::-1] if swap else agents)
        for seat, value in enumerate(returns):
            if value > 0:
                won[seat ^ swap] += 1
    return won[0], won[1]


@pytest.mark.parametrize("spec", ["greedy:follow=0", "ismcts:iterations=20,rollout=heuristic"])
def test_agents_choose_legal_actions(spec: str) -> None:
    agent = load(spec, seed=1)
    for state in decision_positions(GAME.new_game, 4, seed=3, max_depth=150):
        seat = state.current_player
        assert seat is not None
        assert agent.act(state, seat) in state.legal_actions()


def test_heuristic_is_a_value_in_range_and_the_result_at_the_end() -> None:
    rng = random.Random(4)
    s = GAME.new_game(seed=4)
    while not s.is_over:
        for p in (0, 1):
            assert -1.0 <= GAME.heuristic(s, p) <= 1.0
        s.apply(rng.choice(s.legal_actions()))
    assert [GAME.heuristic(s, p) for p in (0, 1)] == s.returns()


def test_the_levels_are_the_games_own() -> None:
    assert level_spec("normal", GAME) == NORMAL
    assert level_spec("easy", GAME).startswith("greedy:follow=0")


@pytest.mark.slow
def test_ismcts_beats_random_and_greedy() -> None:
    """The normal level against random and greedy (follow=0); NOTES.md has more seeds."""
    assert results(NORMAL, "random", 6, seed=100) == (6, 0)
    ismcts, greedy = results(NORMAL, "greedy:follow=0", 6, seed=100)
    assert ismcts >= 5 and greedy <= 1
