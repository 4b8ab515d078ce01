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
    _pending: tuple[Any, ...] | None = None
    """A copy's generator state, not yet loaded into the generator (copy-on-write: searches
    clone states by the thousand and most clones never draw; it is loaded by the first draw)."""
    _snapshot: tuple[Any, ...] | None = None
    """``getstate()`` as of the last draw (None: drawn since): copying one state many times
    reads the generator once."""

    def __init__(self, seed: Seed | None = None) -> None:
        self.draws = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._pending = self._snapshot = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        if self._pending is not None:
            return self._pending
        snapshot = self._snapshot
        if snapshot is None:
            snapshot = self._snapshot = super().getstate()
        return snapshot

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._pending = self._snapshot = None
        super().setstate(state)

    def _drawing(self) -> None:
        """Before a draw: load a copy's pending state, forget the snapshot."""
        pending = self._pending
        if pending is not None:
            self._pending = None
            super().setstate(pending)
        self._snapshot = None

    def random(self) -> float:
        self._drawing()
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._drawing()
        self.draws += 1
        return super().getrandbits(k)

    def _randbelow(self, n: int) -> int:
        """``random.Random._randbelow_with_getrandbits``: the same draws, and the same count,
        read from the C generator straight (``randrange``, ``randint`` and ``choice`` draw
        through it; through the counting ``getrandbits`` each was two Python calls more).
        Written once, compiled, in ``soulforge.core.draws``, which compiled rules call."""
        return draws.drawn_below(self, n)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """``random.Random.randrange``, its checks skipped for the common case (ints, a step
        of 1, a range not empty): the same draw (a die's roll is two Python calls fewer)."""
        if step == 1 and type(start) is int and (stop is None or type(stop) is int):
            low, width = (0, start) if stop is None else (start, stop - start)
            if width > 0:
                return low + self._randbelow(width)
        return super().randrange(start, stop, step)

    def randint(self, a: int, b: int) -> int:
        """``randrange(a, b + 1)``, as ``random.Random.randint``."""
        return self.randrange(a, b + 1)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """``random.Random.shuffle``: the same draws and order, and the same count, but read
        from the C generator straight (dealing a deck of 40 through the counting
        ``getrandbits`` above costs 40 Python calls), in compiled code
        (``soulforge.core.draws``)."""
        draws.drawn_shuffle(self, x)

    def copy(self) -> GameRandom:
        """An independent generator in the same state, with the same draw count; the state is
        loaded into it at its first draw (copy-on-write)."""
        return made_rng(self.getstate(), self.draws)

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


def made_rng(origin: tuple[Any, ...] | int, draws: int) -> GameRandom:
    """The generator a state made lazily stands for (``State.rng``): ``GameRandom(origin)``
    for a seed, else one in the generator state ``origin`` (a ``getstate()``, loaded at its
    first draw) that has drawn ``draws`` times."""
    if isinstance(origin, int):
        return GameRandom(origin)
    twin = GameRandom.__new__(GameRandom)
    twin._pending = origin
    twin.draws = draws
    return twin


def fresh_seed(rng: random.Random) -> Seed:
    """A 63-bit seed drawn from ``rng`` (to seed an independent generator)."""
    return rng.getrandbits(63)


# At the end: ``draws`` reads ``GameRandom`` at its import (a module imported first finds the
# other in ``sys.modules``, either way round).
import soulforge.core.draws as draws  # noqa: E402
