"""Golden games: seeded random playouts fingerprinted with every view and log of every seat.

A refactor of the rules must not change a single byte of what any seat sees. Each golden
game is a seeded random playout (``random.Random(seed)`` choosing among
``legal_actions()``, in their listed order); its fingerprint is the SHA-256 of the
record and, at every move, the canonical JSON of the view and the log of every seat and
of a spectator, and of the legal actions listed. The fingerprints are kept in
``fingerprints.json``; ``python -m tests.golden.golden`` writes them anew (only when the
rules are meant to change: say so in the commit).
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
from pathlib import Path

import soulforge
from soulforge.core import State

FILE = Path(__file__).with_name("fingerprints.json")
SEEDS = range(200)
"""Golden seeds per game."""


def _canonical(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def _seen(state: State) -> object:
    seats: list[int | None] = [*range(state.num_players), None]
    return [[state.view(seat), state.log(seat)] for seat in seats]


@functools.cache
def fingerprint(game_id: str, seed: int) -> str:
    """The fingerprint of the golden game ``seed`` of ``game_id``; computed once per process
    (the sampled seeds of every run are among the 200 the slow test plays: a worker that
    ran both played each sampled game twice, 7% of the golden tests' time)."""
    game = soulforge.load(game_id)
    state = game.new_game(seed=seed)
    chooser, digest = random.Random(seed), hashlib.sha256()
    while True:
        digest.update(_canonical(_seen(state)))
        legal = state.legal_actions()
        digest.update(_canonical([a.to_json() for a in legal]))
        if state.is_over:
            break
        state.apply(chooser.choice(legal))
    digest.update(_canonical(state.record().to_json()))
    return digest.hexdigest()


def fingerprints(game_id: str, seeds: range = SEEDS) -> dict[str, str]:
    return {str(seed): fingerprint(game_id, seed) for seed in seeds}


AI_SEEDS = range(3)
AI_MATCHES = {
    "easy-normal": ("easy", "normal"),
    "greedy-ismcts": ("greedy", "ismcts:iterations=60,rollout_depth=8"),
}
"""Seeded AI games: the levels each game plays (its own specs where it has them), and a
cheap generic search. ``normal`` is capped to keep the suite short."""


def ai_record(game_id: str, match: str, seed: int) -> str:
    """The SHA-256 of the record of a seeded AI game (seats as named, agents seeded)."""
    from soulforge.agents import for_level, load
    from soulforge.agents.levels import LEVELS

    game = soulforge.load(game_id)
    state = game.new_game(seed=seed)
    agents = [
        for_level(spec, seed=seed + seat, game=game) if spec in LEVELS else load(spec, seed=seed + seat)
        for seat, spec in enumerate(AI_MATCHES[match])
    ]
    moves = 0
    while not state.is_over and moves < AI_MOVE_CAP:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
        moves += 1
    return hashlib.sha256(_canonical(state.record().to_json())).hexdigest()


AI_MOVE_CAP = 60
"""AI games are compared over their first moves (a full searched game takes minutes)."""


def ai_records(game_id: str) -> dict[str, str]:
    return {f"{match}/{seed}": ai_record(game_id, match, seed) for match in AI_MATCHES for seed in AI_SEEDS}


def stored() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(FILE.read_text())
    return data


def main(games: list[str]) -> None:
    data = stored() if FILE.exists() else {}
    for game_id in games or list(soulforge.GAMES):
        data[game_id] = fingerprints(game_id)
        data[f"{game_id}/ai"] = ai_records(game_id)
        sys.stderr.write(f"{game_id}: {len(data[game_id])} golden games\n")
    FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
