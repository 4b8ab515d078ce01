"""Seeded matches between agents, seats swapped game by game (helpers for the agent tests)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from soulforge.agents import Agent
from soulforge.core import Game, State

AgentMaker = Callable[[int], Agent]
"""Makes a fresh agent from a seed."""
NewGame = Callable[[int], State]
"""Makes a new game from a seed (``game.new_game`` will do)."""


def play(state: State, agents: list[Agent]) -> list[float]:
    """Play ``state`` to the end, seat i choosing with ``agents[i]``; its returns."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(state, seat)
        state.apply(action, seat)
    return state.returns()


def match_scores(
    game: Game, first: AgentMaker, second: AgentMaker, games: int, seed: int = 0
) -> Iterator[float]:
    """The result of ``first`` (+1 win, -1 loss, 0 draw) in each game; seats swap every game.

    Paired deals (each seed from every seat) are the simulator's (``SimConfig.paired``)."""
    for i in range(games):
        state = game.new_game(seed=seed + i)
        agents = [first(seed + i), second(seed + 1000 + i)]
        swap = i % 2 == 1
        if swap:
            agents.reverse()
        returns = play(state, agents)
        yield returns[1] if swap else returns[0]


def win_rate(game: Game, first: AgentMaker, second: AgentMaker, games: int, seed: int = 0) -> float:
    """Share of ``games`` won by ``first``, draws counting a half."""
    scores = list(match_scores(game, first, second, games, seed))
    return sum((score + 1) / 2 for score in scores) / games


def decision_positions(
    new_game: NewGame, count: int, seed: int = 0, max_depth: int = 100, need_choice: bool = True
) -> list[State]:
    """Unfinished positions of seeded random games at random depths (below ``max_depth``);
    with ``need_choice``, each is moved on to a position with at least two legal actions."""
    rng = random.Random(seed)
    states: list[State] = []
    for i in range(count):
        state = new_game(seed + i)
        for _ in range(rng.randrange(max_depth)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        while need_choice and not state.is_over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_over:
            states.append(state)
    return states


def positions(game: Game, count: int, seed: int = 0, max_depth: int = 12) -> list[State]:
    """Up to ``count`` unfinished positions of seeded random games, at random depths."""
    return decision_positions(game.new_game, count, seed, max_depth, need_choice=False)
