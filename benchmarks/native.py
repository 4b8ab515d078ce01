"""CPU time of seeded random playouts per game, for comparing a compiled tree with a pure one.

Run it once against each tree (``PYTHONPATH=<tree>``) in the same session; it prints, per
game, the moves per CPU-second of ``--games-per`` seeded playouts (seeds 0..n-1, the same
moves in both trees), whether the modules of the game were imported compiled, and the same
figure for OpenSpiel's ``python_block_dominoes`` when it is installed. See docs/native.md.

    PYTHONPATH=. python benchmarks/native.py [--games kipukas ...] [--games-per 20]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import soulforge


def compiled_share(game_id: str) -> str:
    """How many of the game's (and the core's) imported modules are compiled extensions."""
    prefixes = (f"soulforge.games.{game_id}", "soulforge.core")
    mods = [m for name, m in sys.modules.items() if name.startswith(prefixes) and m is not None]
    native = sum(1 for m in mods if str(getattr(m, "__file__", "")).endswith(".so"))
    return f"{native}/{len(mods)} modules native"


def seeded_playouts(game_id: str, count: int) -> tuple[int, float]:
    """Moves made and CPU seconds spent by ``count`` seeded random playouts."""
    game = soulforge.load(game_id)
    moves, start = 0, time.process_time()
    for seed in range(count):
        rng, state = random.Random(seed), game.new_game(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    return moves, time.process_time() - start


def reference_playouts(count: int) -> tuple[int, float] | None:
    """The same measure for OpenSpiel's pure-Python ``python_block_dominoes``."""
    try:
        import pyspiel
        from open_spiel.python import games as _registers_python_games  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    moves, start = 0, time.process_time()
    for seed in range(count):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(soulforge.GAMES))
    parser.add_argument("--games-per", type=int, default=200, help="seeded playouts per game")
    args = parser.parse_args()
    reference = reference_playouts(args.games_per * 5)
    if reference is not None:
        print(f"{'python_block_dominoes':18} {reference[0] / reference[1]:9.0f} moves/CPU-s")
    for game_id in args.games:
        moves, cpu = seeded_playouts(game_id, args.games_per)
        print(f"{game_id:18} {moves / cpu:9.0f} moves/CPU-s  ({moves} moves, {cpu:.2f} CPU-s, "
              f"{compiled_share(game_id)})")


if __name__ == "__main__":
    main()
