"""Seeded random playouts of one game, run inside ``map()`` so callgrind counts only them.

Instruction counts, unlike seconds, repeat whatever else the machine is doing: the measure of
a speed change on a shared machine (the notes' "callgrind, 20 seeded Kipukas playouts").
The playouts run inside ``map()``, so ``--toggle-collect=map_next`` leaves out the imports,
the build of the game and the first game's caches::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=map_next \\
        --callgrind-out-file=out.cg .venv/bin/python benchmarks/instructions.py kipukas 20
    callgrind_annotate --inclusive=yes out.cg | head -60

It prints the number of moves played (the same for the same code and seeds: a change that
alters it changed what was played, not only its cost).
"""

from __future__ import annotations

import random
import sys

import soulforge


def main(game_id: str, games: int) -> int:
    game = soulforge.load(game_id)
    game.new_game(seed=999)  # lazy imports and caches, outside the counted region
    rng = random.Random(0)

    def one(seed: int) -> int:
        state, moves = game.new_game(seed=seed), 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return sum(map(one, range(games)))


if __name__ == "__main__":
    args = sys.argv[1:]
    print(main(args[0] if args else "kipukas", int(args[1]) if len(args) > 1 else 20))
