"""CPU seconds per AI decision, for every game and level, over positions of seeded games.

For each game and level (``soulforge.agents.for_level(level, seed, game)``, the agent the
web table and the terminal play), the benchmark times the agent's decisions
(``time.process_time``: CPU seconds, so a busy machine slows the figures less than the
wall clock) and reports their median, 95th percentile (nearest rank) and maximum.

The positions come from real games: a seeded game is first played to its end by the
``--opponent`` agent on every seat (cheap one-ply greedy by default), a point of it is drawn
from the seed, and the game is replayed to that point; the level's agent then takes the seat
to move there and plays ``--window`` decisions in a row against the opponent, each timed. A
window of consecutive decisions keeps what an agent carries from one decision to the next
(a kept turn plan); its first decision starts without one, as after a surprise, so agents
that plan whole turns are measured on the expensive side. Every decision the agent is asked
for counts, a forced one (a single legal action) included: a player waits for each.

DESIGN.md's targets, and the goal every game's levels are held to (issue 30): normal median
under 0.3 s and 95th percentile under 1 s, hard median under 1 s and 95th under 3 s, no
decision over 5 s. The machine is often shared: say the load (``uptime``) with each figure.

``--set key=value,...`` times each level with those parameters of its spec changed (say,
a larger budget: ``--levels hard --set iterations=9``); ``benchmarks/paired.py`` plays
such a configuration against the level as declared.

    python benchmarks/agents.py [--games soul_of_ankiril ...] [--levels normal hard]
        [--positions 10] [--window 5] [--seed 0] [--opponent greedy:follow=0] [--set ...]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

import soulforge
from soulforge import agents
from soulforge.core import Action, Game, State

GOALS: dict[str, tuple[float, float]] = {"normal": (0.3, 1.0), "hard": (1.0, 3.0)}
"""Per level: the goal for the median and for the 95th percentile (seconds)."""
CEILING = 5.0
"""No decision of any level should take longer (seconds)."""


@dataclass(frozen=True)
class Timing:
    """The decisions timed for one game and level."""

    game: str
    level: str
    seconds: tuple[float, ...]
    choices: tuple[int, ...]
    """The number of legal actions at each decision timed."""

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p95(self) -> float:
        return percentile(self.seconds, 95)

    @property
    def worst(self) -> float:
        return max(self.seconds)

    def verdict(self) -> str:
        """Whether the figures meet the level's goal ("-" where the level has none but the ceiling)."""
        median_goal, p95_goal = GOALS.get(self.level, (math.inf, math.inf))
        misses = [name for name, value, goal in (
            ("median", self.median, median_goal), ("95th", self.p95, p95_goal), ("max", self.worst, CEILING),
        ) if value >= goal]
        return "ok" if not misses else "over: " + ", ".join(misses)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` by nearest rank.

    >>> percentile([0.1, 0.2, 0.3, 0.4], 95)
    0.4
    >>> percentile([0.1, 0.2, 0.3, 0.4], 50)
    0.2
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def base_game(game: Game, seed: int, opponent: str) -> list[Action]:
    """The actions of the seeded game ``opponent`` plays on every seat (to its end or the
    game's move bound)."""
    state = game.new_game(seed=seed)
    seats = [agents.load(opponent, seed=seed * 10 + seat) for seat in range(state.num_players)]
    actions: list[Action] = []
    while not state.is_over and len(actions) < game.max_game_length:
        seat = state.current_player
        assert seat is not None
        action = seats[seat].act(state, seat)
        state.apply(action)
        actions.append(action)
    return actions


def window_start(game: Game, seed: int, opponent: str) -> State:
    """A position of a seeded game: replayed to a point drawn from ``seed`` in its first 80%."""
    actions = base_game(game, seed, opponent)
    point = random.Random(seed).randrange(max(1, int(0.8 * len(actions))))
    state = game.new_game(seed=seed)
    for action in actions[:point]:
        state.apply(action)
    return state


def level_agent(game: Game, level: str, seed: int, changes: str = "") -> agents.Agent:
    """The level's agent, as the table plays it, or with the parameters ``changes`` set."""
    if not changes:
        return agents.for_level(level, seed, game)
    return agents.load(agents.with_params(agents.level_spec(level, game), changes), seed=seed)


def time_window(game: Game, level: str, seed: int, window: int, opponent: str,
                changes: str = "") -> list[tuple[float, int]]:
    """(CPU seconds, legal actions) of up to ``window`` consecutive decisions of the level's
    agent (its parameters ``changes`` set), which takes the seat to move at a seeded point of
    a seeded game."""
    state = window_start(game, seed, opponent)
    if state.is_over:
        return []
    seat = state.current_player
    assert seat is not None
    agent = level_agent(game, level, seed, changes)
    others = agents.load(opponent, seed=seed + 1)
    timed: list[tuple[float, int]] = []
    while not state.is_over and len(timed) < window:
        mover = state.current_player
        assert mover is not None
        if mover == seat:
            choices = len(state.legal_actions())
            start = time.process_time()
            action = agent.act(state, mover)
            timed.append((time.process_time() - start, choices))
        else:
            action = others.act(state, mover)
        state.apply(action)
    return timed


def measure(game_id: str, level: str, positions: int, window: int, seed: int, opponent: str,
            changes: str = "") -> Timing:
    """``positions`` decisions of ``level`` at ``game_id`` (its parameters ``changes`` set), in
    windows from seeds ``seed``, ``seed+1``, ..."""
    game = soulforge.load(game_id)
    timed: list[tuple[float, int]] = []
    games = 0
    while len(timed) < positions and games < positions * 4:
        timed += time_window(game, level, seed + games, min(window, positions - len(timed)), opponent,
                             changes)
        games += 1
    return Timing(game_id, level, tuple(s for s, _ in timed), tuple(n for _, n in timed))


def load_average() -> str:
    """The 1-minute load average (what ``uptime`` shows first), or "?" where unknown."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(soulforge.GAMES))
    parser.add_argument("--levels", nargs="+", default=list(agents.LEVELS), choices=list(agents.LEVELS))
    parser.add_argument("--positions", type=int, default=10, help="decisions timed per game and level")
    parser.add_argument("--window", type=int, default=5, help="consecutive decisions per position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="greedy:follow=0", help="agent spec of the other seats")
    parser.add_argument("--set", default="", dest="changes",
                        help="parameters changed in every level's spec: key=value,...")
    args = parser.parse_args(argv)
    print(f"CPU seconds per decision (time.process_time); load {load_average()} at the start")
    print("| game | level | decisions | median | 95th | max | legal actions (median) | goal |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in args.games:
        for level in args.levels:
            t = measure(game_id, level, args.positions, args.window, args.seed, args.opponent, args.changes)
            if not t.seconds:
                print(f"| {game_id} | {level} | 0 | | | | | no position |")
                continue
            print(f"| {game_id} | {level} | {len(t.seconds)} | {t.median:.3f} | {t.p95:.3f} | {t.worst:.3f} "
                  f"| {statistics.median(t.choices):.0f} | {t.verdict()} |", flush=True)
    print(f"load {load_average()} at the end")


if __name__ == "__main__":
    main()
