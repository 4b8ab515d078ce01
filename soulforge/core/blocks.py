"""Blocks of the structured observations (each game's ``observation.py``), made once per key,
and the small writers every game's observation shares.

A seat's observation is mostly blocks that repeat from one position to the next: a piece
with the same markers on the same cell, the same discard pile, the same hand. Each block is
made once, as the bytes of its ``float32`` values, and copied into the tensor by one slice
assignment of a byte view (a memcpy), not by a Python write per value. A block's key is
the tuple of the very state data its values are read from, so a block can never be stale
(clones, restored states and other games share a cache safely); a cache is emptied once
it holds its bound (:data:`LIMIT` unless its game gives its own), so memory stays bounded.

Plain Python over ``array`` and ``memoryview``: no numpy in the core.

>>> out = bytearray(4 * 5)
>>> cells = byte_view(out)
>>> cells[4:16] = tally((0, 2, 2), 3)
>>> list(memoryview(out).cast("f"))
[0.0, 1.0, 0.0, 2.0, 0.0]
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

LIMIT = 20_000
"""Blocks a cache holds before it is emptied, unless :func:`remember` is given the cache's own
bound (a block is at most a few hundred bytes)."""
FLOAT = 4
"""Bytes of a ``float32``: offsets in floats times this are offsets in a byte view."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def byte_view(out: Any) -> memoryview:
    """A writable byte view of a C-contiguous buffer of ``float32`` (a numpy array's data)."""
    return memoryview(out).cast("B")


def floats(values: Iterable[float]) -> bytes:
    """The bytes of ``values`` as ``float32`` (a block to copy into a byte view)."""
    return array("f", values).tobytes()


def tally(indices: Iterable[int], width: int) -> bytes:
    """The bytes of ``width`` ``float32`` counts: how often each index occurs in ``indices``."""
    counts = array("f", bytes(FLOAT * width))
    for at in indices:
        counts[at] += 1
    return counts.tobytes()


def remember(cache: dict[K, V], key: K, value: V, limit: int | None = None) -> V:
    """Store ``value`` under ``key`` and give it back (the cache emptied first when it holds
    ``limit`` entries: the cache's own bound, :data:`LIMIT` when none is given).

    >>> cache: dict[str, int] = {}
    >>> remember(cache, "a", 1, limit=2), remember(cache, "b", 2, limit=2), remember(cache, "c", 3, limit=2)
    (1, 2, 3)
    >>> cache
    {'c': 3}
    """
    if len(cache) >= (LIMIT if limit is None else limit):
        cache.clear()
    cache[key] = value
    return value


def put(mv: Any, start: int, values: tuple[float | int | bool, ...]) -> None:
    """Write the nonzero ``values`` from ``start`` on (a memoryview's item assignment: numpy's
    slice assignment of a tuple costs ~140 ns a value, this ~60 ns a nonzero one).

    >>> cells = memoryview(bytearray(4)).cast("B")
    >>> put(cells, 1, (3, 0, 5))
    >>> list(cells)
    [0, 3, 0, 5]
    """
    for at, value in enumerate(values, start):
        if value:
            mv[at] = value
