"""The state-owned random number generator.

Every random draw of a game goes through its state's :class:`GameRandom`, never the
global :mod:`random`. It counts its draws so the engine knows when chance was used
(undo is refused across chance, as on Board Game Arena).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

Seed = int


class GameRandom(random.Random):
    """A seeded :class:`random.Random` that counts how often it was drawn from.

    >>> rng = GameRandom(7)
    >>> rng.draws
    0
    >>> _ = rng.randrange(10)
    >>> rng.draws > 0
    True
    """

    draws: int
    seeded: bool = True
    """The draws follow from the seed (a record of seed and actions replays them); False for
    explicit chance's scripted draws (``soulforge.core.chance``)."""

    def __init__(self, seed: Seed | None = None) -> None:
        self.draws = 0
        super().__init__(seed)

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """``random.Random.shuffle``: the same draws and order, and the same count, but read
        from the C generator straight (dealing a deck of 40 through the counting
        ``getrandbits`` above costs 40 Python calls)."""
        getrandbits = super().getrandbits
        calls = 0
        for i in reversed(range(1, len(x))):
            n = i + 1  # random.Random._randbelow_with_getrandbits(n), inline
            k = n.bit_length()
            r = getrandbits(k)
            calls += 1
            while r >= n:
                r = getrandbits(k)
                calls += 1
            x[i], x[r] = x[r], x[i]
        self.draws += calls

    def copy(self) -> GameRandom:
        """An independent generator in the same state, with the same draw count."""
        twin = GameRandom.__new__(GameRandom)
        twin.setstate(self.getstate())
        twin.draws = self.draws
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> GameRandom:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # random.Random's own reduce drops the draw count (and seeds a generator to discard).
        return _restored, (self.getstate(), self.draws)


def _restored(state: tuple[Any, ...], draws: int) -> GameRandom:
    """``pickle``'s constructor of a :class:`GameRandom`."""
    rng = GameRandom.__new__(GameRandom)
    rng.setstate(state)
    rng.draws = draws
    return rng


def fresh_seed(rng: random.Random) -> Seed:
    """A 63-bit seed drawn from ``rng`` (to seed an independent generator)."""
    return rng.getrandbits(63)
