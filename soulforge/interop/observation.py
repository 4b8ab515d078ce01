"""Fixed-shape observation tensors and action masks, built from ``view(p)`` only.

The observation of a seat is a pure function of the JSON view that seat is given
(``state.view(p)``), so it holds exactly what the seat may know: resampling anything hidden
from the seat (``determinize``) leaves it unchanged (``tests/interop/test_observation.py``).

Layout (the same rule for every game; sizes per game in :data:`SIZES`, the features each
game's view produces are listed by ``python -m soulforge.interop.observation GAME``):

- ``[0]`` 1 if the viewer is the seat to decide now;
- ``[1]`` 1 once the game is over;
- ``[2]`` ``move_number / game.max_game_length``;
- ``[3]`` the viewer's return once the game is over (0 before);
- ``[4:]`` hashed features of every leaf of the view. A leaf's *path* is its keys and list
  indices joined by ``/`` (``square/3/banner``). A number or bool adds
  ``sign(x) * log1p(|x|)`` at slot ``h(path)``; a string or null adds 1 at slot
  ``h(path=value)``; each list adds ``log1p(len)`` at slot ``h(path/#len)``. ``h`` is
  CRC-32 modulo the size of the hashed part (stable across processes and platforms).
  Keys the header already holds (``game``, ``options``, ``is_over``, ``returns``,
  ``move_number``, ``num_players``) are skipped; ``viewer`` and ``current_player`` are
  categories (``viewer=seat 1``), so a seat knows which entries of the view are its own.
  Slots shared by two features add up (collisions are the price of a fixed, generic
  encoding; the sizes keep them rare: see the README).

>>> import soulforge
>>> state = soulforge.load("five_realms").new_game(seed=1)
>>> encoder = ObservationEncoder(state.game)
>>> encoder.encode(state.view(0)).shape
(4096,)
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

import soulforge
from soulforge.core import Seat, State
from soulforge.core.game import Game

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

SIZES: dict[str, int] = {
    "five_realms": 4096,
    "kipukas": 4096,
    "soul_of_ankiril": 8192,
    "soulgivers": 4096,
}
"""Observation length per game; a game registered later gets :data:`DEFAULT_SIZE`."""
DEFAULT_SIZE = 8192
HEADER = 4
"""Slots before the hashed part (see the module's layout)."""
SKIPPED = frozenset({"game", "options", "is_over", "returns", "move_number", "num_players"})
_CACHE_LIMIT = 200_000


def observation_size(game_id: str) -> int:
    """The fixed length of ``game_id``'s observation tensor."""
    return SIZES.get(game_id, DEFAULT_SIZE)


def leaves(view: Any, path: str = "") -> Iterator[tuple[str, object]]:
    """``(feature key, value)`` of every leaf of a JSON value; a number keeps its path as the
    key, a string or null becomes ``path=value`` with value 1, a list adds ``path/#len``.

    >>> list(leaves({"a": [1, "x"], "b": None}))
    [('a/#len', 2), ('a/0', 1), ('a/1=x', 1), ('b=None', 1)]
    """
    if isinstance(view, dict):
        for key, value in view.items():
            yield from leaves(value, f"{path}/{key}" if path else str(key))
    elif isinstance(view, list):
        yield f"{path}/#len", len(view)
        for index, value in enumerate(view):
            yield from leaves(value, f"{path}/{index}")
    elif isinstance(view, bool | int | float):
        yield path, view
    else:
        yield f"{path}={view}", 1


class ObservationEncoder:
    """Turns one game's views into fixed-length ``float32`` vectors (see the module's layout)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.size = observation_size(game.id)
        self._slots: dict[str, int] = {}

    def slot(self, key: str) -> int:
        """The slot of a feature key (cached; the cache is bounded)."""
        found = self._slots.get(key)
        if found is None:
            if len(self._slots) > _CACHE_LIMIT:
                self._slots.clear()
            found = HEADER + zlib.crc32(key.encode()) % (self.size - HEADER)
            self._slots[key] = found
        return found

    def encode(self, view: dict[str, Any]) -> Tensor:
        """The observation of the seat ``view`` was made for."""
        out = np.zeros(self.size, dtype=np.float32)
        viewer = view["viewer"]
        over = bool(view["is_over"])
        out[0] = float(viewer is not None and view["current_player"] == viewer)
        out[1] = float(over)
        out[2] = min(1.0, view["move_number"] / self.game.max_game_length)
        if over and viewer is not None:
            out[3] = float(view["returns"][viewer])
        body = self._body(view)
        slot = self.slot
        pairs = [(slot(key), value) for key, value in leaves(body)]
        if pairs:
            slots, values = zip(*pairs, strict=True)
            raw = np.asarray(values, dtype=np.float64)
            out += np.bincount(slots, weights=np.sign(raw) * np.log1p(np.abs(raw)),
                               minlength=self.size).astype(np.float32)
        return out

    @staticmethod
    def _body(view: dict[str, Any]) -> dict[str, Any]:
        """The view without the header's keys; seats as categories (``viewer=seat 1``)."""
        body = {key: value for key, value in view.items() if key not in SKIPPED}
        body["viewer"] = f"seat {view['viewer']}"
        body["current_player"] = f"seat {view['current_player']}"
        return body

    def observe(self, state: State, player: Seat) -> Tensor:
        """``encode(state.view(player))``: the only way this module reads a state."""
        return self.encode(state.view(player))

    def layout(self, views: list[dict[str, Any]]) -> dict[int, list[str]]:
        """Slot -> the feature keys met in ``views`` that land there."""
        table: dict[int, set[str]] = {}
        for view in views:
            for key, _ in leaves(self._body(view)):
                table.setdefault(self.slot(key), set()).add(key)
        return {slot: sorted(keys) for slot, keys in sorted(table.items())}


def action_mask(state: State) -> Mask:
    """1 at the index of each legal action of the current player, else 0."""
    game = state.game
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    index = game.action_index
    for action in state.legal_actions():
        mask[index(action)] = 1
    return mask


def legal_indices(state: State) -> list[int]:
    """The sorted indices of the legal actions."""
    index = state.game.action_index
    return sorted(index(action) for action in state.legal_actions())


def _describe(game_id: str, seeds: int = 3) -> str:
    """The features a few random playouts of ``game_id`` produce, by slot (documentation)."""
    import random

    game = soulforge.load(game_id)
    encoder = ObservationEncoder(game)
    views = []
    for seed in range(seeds):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            views.append(state.view(state.current_player))
            state.apply(rng.choice(state.legal_actions()))
    lines = [f"# {game_id}: {encoder.size} slots ({HEADER} header, hashed from {HEADER})"]
    lines += [f"{slot}\t{' '.join(keys)}" for slot, keys in encoder.layout(views).items()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    for name in sys.argv[1:] or soulforge.GAMES:
        sys.stdout.write(_describe(name))
