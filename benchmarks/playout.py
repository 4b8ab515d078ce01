"""Random-playout throughput of every registered game beside OpenSpiel's reference.

Moves per second of seeded random playouts (legal_actions + apply per move), for each
game in ``soulforge.GAMES``, measured in the same process as OpenSpiel's pure-Python
``python_block_dominoes`` (chance outcomes count as moves there). The goal for every
game is a ratio of 1 or more. OpenSpiel is optional (``pip install -e '.[bench]'``).

``--clock cpu`` times each slice by the process's CPU time instead of the wall clock: on a
machine loaded by other work, the wall clock charges each slice with the time it waited for
a core, unevenly from slice to slice; CPU time charges only the work done.

    python benchmarks/playout.py [--seconds 5] [--games five_realms ...] [--clock cpu]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import soulforge

Measure = Callable[[float], tuple[int, int, float]]
REFERENCE = "python_block_dominoes (OpenSpiel)"
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter
"""What every measure times with (``--clock``)."""


def soulforge_playouts(game_id: str) -> Measure:
    game = soulforge.load(game_id)

    def run(budget: float) -> tuple[int, int, float]:
        rng, moves, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            state = game.new_game(seed=games)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
            games += 1
        return moves, games, clock() - start

    return run


def openspiel_playouts(name: str = "python_block_dominoes") -> Measure | None:
    try:
        import pyspiel
        from open_spiel.python import games as _registers_python_games  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def run(budget: float) -> tuple[int, int, float]:
        rng, moves, games, start = random.Random(0), 0, 0, clock()
        while clock() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            games += 1
        return moves, games, clock() - start

    return run


Totals = tuple[int, int, float]


def interleaved(measures: dict[str, Measure], seconds: float, rounds: int) -> dict[str, Totals]:
    """Run every measure in turn, ``rounds`` slices each, so load on the machine is shared."""
    totals = {name: (0, 0, 0.0) for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            moves, games, taken = measure(seconds / rounds)
            old = totals[name]
            totals[name] = (old[0] + moves, old[1] + games, old[2] + taken)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per game")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved slices per game")
    parser.add_argument("--games", nargs="*", default=list(soulforge.GAMES))
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="time slices by the wall clock or by this process's CPU time")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    measures: dict[str, Measure] = {game_id: soulforge_playouts(game_id) for game_id in args.games}
    reference = openspiel_playouts()
    if reference is None:
        print("open-spiel not installed: no reference (pip install -e '.[bench]')")
    else:
        measures = {REFERENCE: reference, **measures}
    totals = interleaved(measures, args.seconds, args.rounds)
    ref_rate = totals[REFERENCE][0] / totals[REFERENCE][2] if REFERENCE in totals else None
    for name, (moves, games, seconds) in totals.items():
        rate = moves / seconds
        ratio = f"ratio {rate / ref_rate:.2f}" if ref_rate and name != REFERENCE else ""
        per_game = moves / max(games, 1)
        print(f"{name:36} {rate:10.0f} moves/s  ({games} games, {per_game:.0f} moves/game) {ratio}")


if __name__ == "__main__":
    main()
