"""Environment steps per second through each research adapter, beside the bare engine.

For every game of ``soulforge.GAMES``: seeded random playouts (a uniformly random legal
action per decision) through

- ``engine``: ``legal_actions()`` + ``apply()``, the bare core contract;
- ``observation build``: the engine's step plus the deciding seat's observation tensor
  (``ObservationEncoder.observe``): its overhead less 1 is the build's cost in engine steps
  (goal: at most 2);
- ``information state``: the same with the information-state tensor (own history added);
- ``pettingzoo (mask)``: ``env.action_mask(agent)`` + ``env.step(index)``;
- ``pettingzoo (observe)``: ``env.last()`` (observation tensor and mask) + ``env.step``;
- ``pettingzoo parallel``: ``parallel_env``'s ``step`` (every seat's observation each step);
- ``gymnasium (observe)``: ``env.step`` with the random agent in the other seats (every
  seat's move counts as a step, so the rate compares with the engine's);
- ``openspiel``: ``state.legal_actions()`` + ``state.apply_action``.

The overhead is the path's time per step over the engine's.

    python benchmarks/interop.py [--seconds 3] [--rounds 3] [--games five_realms ...] [--paths ...]
        [--clock cpu]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

import soulforge
from soulforge.interop.gymnasium import SoulforgeEnv
from soulforge.interop.observation import InformationStateEncoder, ObservationEncoder
from soulforge.interop.openspiel import short_name
from soulforge.interop.pettingzoo import env as aec_env
from soulforge.interop.pettingzoo import parallel_env

clock = time.perf_counter
"""The clock the measures read (``--clock cpu``: this process's CPU time, for a shared machine)."""

Measure = Callable[[float], tuple[int, float]]
"""Runs for about ``budget`` seconds; gives (steps, seconds taken)."""


def legal(mask: npt.NDArray[np.int8]) -> list[int]:
    """The indices a mask marks: ``flatnonzero`` on the mask's bytes seen as booleans
    (on the ``int8`` array itself numpy takes ~150 us for 100,000 actions, more than an
    engine step; as ``bool`` ~10 us)."""
    found: list[int] = np.flatnonzero(mask.view(np.bool_)).tolist()
    return found


def engine(game_id: str) -> Measure:
    game = soulforge.load(game_id)

    def run(budget: float) -> tuple[int, float]:
        rng, steps, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            state = game.new_game(seed=games)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
            games += 1
        return steps, clock() - start

    return run


def observed(game_id: str, information_state: bool) -> Measure:
    """The engine's playout, with the deciding seat's tensor built before each move."""
    game = soulforge.load(game_id)
    if information_state:
        encoder = InformationStateEncoder(game)

        def build(state: soulforge.core.State, seat: int) -> object:
            return encoder.encode(state, seat, [])
    else:
        observation = ObservationEncoder(game)
        build = observation.observe

    def run(budget: float) -> tuple[int, float]:
        rng, steps, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            state = game.new_game(seed=games)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                build(state, seat)
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
            games += 1
        return steps, clock() - start

    return run


def parallel(game_id: str) -> Measure:
    table = parallel_env(game_id)

    def run(budget: float) -> tuple[int, float]:
        rng, steps, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            observations, _ = table.reset(seed=games)
            while table.agents:
                actions = {agent: rng.choice(legal(seen["action_mask"])) if seen["action_mask"].any() else 0
                           for agent, seen in observations.items()}
                observations = table.step(actions)[0]
                steps += 1
            games += 1
        return steps, clock() - start

    return run


def pettingzoo(game_id: str, observe: bool) -> Measure:
    table = aec_env(game_id)

    def run(budget: float) -> tuple[int, float]:
        rng, steps, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            table.reset(seed=games)
            while not table.state.is_over:
                agent = table.agent_selection
                mask = table.last()[0]["action_mask"] if observe else table.action_mask(agent)
                table.step(rng.choice(legal(mask)))
                steps += 1
            games += 1
        return steps, clock() - start

    return run


def gymnasium(game_id: str) -> Measure:
    env = SoulforgeEnv(game_id, opponent="random")

    def run(budget: float) -> tuple[int, float]:
        rng, steps, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            _, info = env.reset(seed=games)
            over = False
            while not over:
                _, _, over, _, info = env.step(rng.choice(legal(info["action_mask"])))
            steps += env.state.move_number
            games += 1
        return steps, clock() - start

    return run


def openspiel(game_id: str) -> Measure:
    import pyspiel

    game = pyspiel.load_game(short_name(game_id))

    def run(budget: float) -> tuple[int, float]:
        rng, steps, start = random.Random(0), 0, clock()
        while clock() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, clock() - start

    return run


def measures(game_id: str) -> dict[str, Measure]:
    return {
        "engine": engine(game_id),
        "observation build": observed(game_id, information_state=False),
        "information state": observed(game_id, information_state=True),
        "pettingzoo (mask)": pettingzoo(game_id, observe=False),
        "pettingzoo (observe)": pettingzoo(game_id, observe=True),
        "pettingzoo parallel": parallel(game_id),
        "gymnasium (observe)": gymnasium(game_id),
        "openspiel": openspiel(game_id),
    }


def interleaved(runs: dict[str, Measure], seconds: float, rounds: int) -> dict[str, float]:
    """Steps per second of each measure, run in turn ``rounds`` slices each (shared load)."""
    totals = dict.fromkeys(runs, (0, 0.0))
    for _ in range(rounds):
        for name, run in runs.items():
            steps, taken = run(seconds / rounds)
            totals[name] = (totals[name][0] + steps, totals[name][1] + taken)
    return {name: steps / taken for name, (steps, taken) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per adapter and game")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved slices")
    parser.add_argument("--games", nargs="*", default=list(soulforge.GAMES))
    parser.add_argument("--paths", nargs="*", default=None,
                        help="only these paths (engine and observation build always run)")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="wall time, or this process's CPU time (steadier on a shared machine)")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"{'game':16} {'path':22} {'steps/s':>9} {'us/step':>8}  overhead (time per step / engine's)")
    for game_id in args.games:
        runs = measures(game_id)
        if args.paths is not None:
            keep = {"engine", "observation build", *args.paths}
            runs = {name: run for name, run in runs.items() if name in keep}
        rates = interleaved(runs, args.seconds, args.rounds)
        for name, rate in rates.items():
            print(f"{game_id:16} {name:22} {rate:9.0f} {1e6 / rate:8.1f}  {rates['engine'] / rate:.2f}x")
        built = rates["engine"] / rates["observation build"] - 1
        alone = 1e6 / rates["observation build"] - 1e6 / rates["engine"]
        print(f"{game_id:16} {'(observation alone)':22} {'':9} {alone:8.1f}  {built:.2f} engine steps")


if __name__ == "__main__":
    main()
