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

import orjson

import soulforge
from soulforge.core import Action, State
from soulforge.core.memo import PerObject

FILE = Path(__file__).with_name("fingerprints.json")
SEEDS = range(200)
"""Golden seeds per game."""


_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME \
    | orjson.OPT_PASSTHROUGH_SUBCLASS


def canonical(data: object) -> bytes:
    """``json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)`` as bytes,
    the fingerprints' encoding; written by orjson (several times faster: the views of a
    long game are hundreds of MB of JSON) wherever its bytes are the same: printable ASCII
    (``json`` escapes the rest; checked) and nothing orjson would write that ``json`` refuses
    or writes its own way (dataclasses, dates, subclasses of str and int: passed through to
    ``json``). A float in exponent form is written ``1e-5`` by orjson, ``1e-05`` by ``json``
    (no golden game has one; looking for one costs a third of the encoding): it would change
    a fingerprint, loudly.

    >>> canonical({"b": [1, None, "e"], "a": True})
    b'{"a":true,"b":[1,null,"e"]}'
    """
    try:
        made = orjson.dumps(data, option=_ORJSON)
    except TypeError:
        made = b"\x80"
    if made.isascii() and b"\x7f" not in made:
        return made
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def seen_by_every_seat(state: State) -> object:
    seats: list[int | None] = [*range(state.num_players), None]
    return [[state.view(seat), state.log(seat)] for seat in seats]


class Seen:
    """``canonical(seen_by_every_seat(state))``, the same bytes, move after move of one game,
    with each log line encoded once: a log read whole at every move is otherwise encoded again at every
    move (quadratic: half of a long game's fingerprint). Every move still reads every seat's
    whole log and compares it with what was encoded before (a line changed afterwards is
    encoded again, so the bytes stay those of the whole log). A seat's encoded lines are kept
    joined, in one buffer that grows by the new lines: joining every line anew at every move
    was 8% of a compiled Soulshards fingerprint. The fingerprint hashes the bytes piece by
    piece (:meth:`pieces`): joined, the logs were copied twice more at every move."""

    def __init__(self, state: State) -> None:
        self.seats: list[int | None] = [*range(state.num_players), None]
        self.logs: dict[int | None, tuple[list[str], bytearray]] = {
            seat: ([], bytearray()) for seat in self.seats}

    def encode(self, state: State) -> bytes:
        return b"".join(self.pieces(state))

    def pieces(self, state: State) -> list[bytes | bytearray]:
        """The bytes of :meth:`encode`, in pieces (valid until the next call: a log's buffer
        grows in place)."""
        out: list[bytes | bytearray] = []
        for seat in self.seats:
            view = canonical(state.view(seat))
            out += (b",[" if out else b"[[", view, b",[", self._log(state, seat), b"]]")
        out.append(b"]")
        return out

    def _log(self, state: State, seat: int | None) -> bytearray:
        log, (lines, joined) = state.log(seat), self.logs[seat]
        if log[: len(lines)] != lines:
            lines, joined = [], bytearray()
        for line in log[len(lines):]:
            if joined:
                joined += b","
            joined += canonical(line)
        self.logs[seat] = (log, joined)
        return joined


ACTIONS_KEPT = 1 << 16
"""Actions whose encoding is kept (most listings hand out the same action objects again)."""
action_bytes: PerObject[Action, bytes] = PerObject(lambda action: canonical(action.to_json()), ACTIONS_KEPT)
"""``canonical(action.to_json())``, made once per action object: an action is frozen, and a
listing's are nearly all listed before (kept by identity, so ``Move(True)`` never takes
``Move(1)``'s bytes, as an equal key would)."""


def listed(actions: list[Action]) -> bytes:
    """``canonical([a.to_json() for a in actions])``: a list's encoding is its items' joined."""
    return b"[" + b",".join([action_bytes(a) for a in actions]) + b"]"


@functools.cache
def fingerprint(game_id: str, seed: int) -> str:
    """The fingerprint of the golden game ``seed`` of ``game_id``; computed once per process
    (the sampled seeds of every run are among the 200 the slow test plays: a worker that
    ran both played each sampled game twice, 7% of the golden tests' time)."""
    game = soulforge.load(game_id)
    state = game.new_game(seed=seed)
    chooser, digest, seen = random.Random(seed), hashlib.sha256(), Seen(state)
    while True:
        for piece in seen.pieces(state):
            digest.update(piece)
        legal = state.legal_actions()
        digest.update(listed(legal))
        if state.is_over:
            break
        state.apply(chooser.choice(legal))
    digest.update(canonical(state.record().to_json()))
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
    return hashlib.sha256(canonical(state.record().to_json())).hexdigest()


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
