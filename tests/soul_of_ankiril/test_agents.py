"""Agents at Soul of Ankiril: legal choices on seeded positions; seeded strength matches (slow).

The matches alternate seats game by game (``tests.agents.agent_matches``), so each agent
plays Water (seat 0) and Fire (seat 1) equally often. ISMCTS scores its leaves with the
game's heuristic (``SoulOfAnkiril.heuristic``). Measured on one core: see ``NOTES.md``.
"""

from __future__ import annotations

import pytest

from soulforge.agents import load
from soulforge.core import State
from tests.agents.agent_matches import decision_positions, match_scores

from .helpers import new_game

ISMCTS = "ismcts:iterations={iterations},rollout_depth={depth},exploration={exploration}"


def positions(count: int, seed: int = 0) -> list[State]:
    """Unfinished positions of seeded random games with a real choice, at various depths."""
    return decision_positions(new_game, count, seed, max_depth=150)


@pytest.mark.parametrize("spec", ["greedy", ISMCTS.format(iterations=20, depth=5, exploration=0.3)])
def test_agents_choose_legal_actions(spec: str) -> None:
    """Every agent picks one of the legal actions, leaving the position untouched."""
    agent = load(spec, seed=1)
    for state in positions(3, seed=10):
        seat = state.current_player
        assert seat is not None
        before = state.view(seat)
        assert agent.act(state, seat) in state.legal_actions()
        assert state.view(seat) == before


def results(first: str, second: str, games: int, seed: int, paired: bool = False) -> tuple[int, int]:
    """(wins of ``first``, wins of ``second``) over ``games`` seeded games, seats alternating
    (with ``paired``, each deal played from both seats)."""
    game = new_game().game
    scores = list(match_scores(
        game, lambda s: load(first, seed=s), lambda s: load(second, seed=s), games, seed, paired))
    return sum(1 for score in scores if score > 0), sum(1 for score in scores if score < 0)


SEARCH = "ismcts:iterations={iterations},rollout=heuristic,exploration={exploration}"


@pytest.mark.slow
def test_ismcts_beats_random() -> None:
    """ISMCTS (heuristic leaves) deactivates the three Emanations of a random player in
    nearly every game, in both seats."""
    ismcts, rand = results(SEARCH.format(iterations=60, exploration=0.2), "random", 8, seed=0)
    assert ismcts >= 7 and rand <= 1


@pytest.mark.slow
def test_ismcts_beats_greedy_without_follow_up() -> None:
    """Against greedy scoring each action by the heuristic right after it (``follow=0``),
    ISMCTS wins nearly every game. Against the default greedy, which follows each action
    with 4 more greedy decisions of its own, it does not (NOTES.md, "Agents")."""
    ismcts, greedy = results(SEARCH.format(iterations=200, exploration=0.1), "greedy:follow=0", 6, seed=100)
    assert ismcts >= 5 and greedy <= 1


@pytest.mark.slow
def test_hard_level_holds_its_own_against_greedy() -> None:
    """The hard level (ISMCTS whose root priors are greedy's follow-up scores,
    ``root_follow=4``, 2,000 iterations) against the default greedy, on four deals each
    played from both seats (``paired``; the seat that starts loses most games between
    these agents, so a split pair says nothing): 5 wins to 3 here. Over 80 paired games it
    won 44, ahead of greedy but not by the clear margin issue 4 asks for (NOTES.md,
    "Agents"); the same search without ``root_follow`` won 10 of 32."""
    hard = new_game().game.agent_levels["hard"]
    ismcts, greedy = results(hard, "greedy", 8, seed=416, paired=True)
    assert ismcts > greedy
