"""A state's random draws for compiled rules, with no interpreted frame.

:class:`~soulforge.core.rng.GameRandom` stays pure (a subclass of :class:`random.Random`, a C
type, crashes compiled): a compiled rule's ``s.rng.randint(1, 6)`` ran four interpreted frames
(``randint``, ``randrange``, ``_randbelow``, ``_drawing``), some 6,000 instructions, for one
call into the C generator. The generator's own draws are written here, compiled:
``GameRandom._randbelow`` is :func:`drawn_below` and ``GameRandom.shuffle`` is
:func:`drawn_shuffle`; :func:`randrange` and :func:`randint` reach :func:`drawn_below` straight
for a ``GameRandom``, and ask any other generator (explicit chance's scripted one, a test's)
through its own methods. The same draws, counted the same, in the same order.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any, Final

from soulforge.core.rng import GameRandom

_BITS: Final = random.Random.getrandbits
"""The C generator's ``getrandbits`` (``super().getrandbits`` in ``GameRandom``: not counted)."""


def _ready(rng: GameRandom) -> None:
    """Before a draw: ``rng._drawing()``, called only when it has something to do (a copy's
    pending state to load, a snapshot to forget)."""
    if rng._pending is not None or rng._snapshot is not None:
        rng._drawing()


def drawn_below(rng: GameRandom, n: int) -> int:
    """A number in ``[0, n)``, ``n`` > 0: ``random.Random._randbelow_with_getrandbits``, the
    same draws from the C generator, each ``getrandbits`` counted in ``rng.draws``."""
    _ready(rng)
    k = n.bit_length()
    r: int = _BITS(rng, k)
    calls = 1
    while r >= n:
        r = _BITS(rng, k)
        calls += 1
    rng.draws += calls
    return r


def drawn_shuffle(rng: GameRandom, x: MutableSequence[Any]) -> None:
    """``random.Random.shuffle``: the same draws and order (one :func:`drawn_below` ``i + 1``
    per place ``i``, from the last), counted as it counts them."""
    for i in range(len(x) - 1, 0, -1):
        r = drawn_below(rng, i + 1)
        x[i], x[r] = x[r], x[i]


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``."""
    if type(rng) is GameRandom and n > 0:
        return drawn_below(rng, n)
    return rng.randrange(n)


def randint(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)`` (``GameRandom.randint``: ``low`` plus a draw below the width)."""
    if type(rng) is GameRandom and high >= low:
        return low + drawn_below(rng, high - low + 1)
    return rng.randint(low, high)
