"""Values made once per object that never changes, found by the object's identity.

A view shows the same cards, decks and maps at every move of every game; what it makes of
them (a card's text, a deck's sorted pool, a map's terrains) is made once per object and
kept here. The key is the object itself, not its equal: two equal cards of different card
books are two keys. Each value is kept with its object, so the object's ``id`` is not reused
by another while its value is kept (a cache keyed by ``id`` alone handed a freed board's
terrains to a new board). At most ``size`` values are kept: past that all are dropped and
made again as asked (the objects of a process are few: the cards, decks and maps loaded).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    """``make(key)``, made once per ``key`` object (without ``make``, values are made by the
    caller: :meth:`get` and :meth:`keep`).

    >>> made = []
    >>> def pool(deck: tuple[str, ...]) -> tuple[str, ...]:
    ...     made.append(deck)
    ...     return tuple(sorted(deck))
    >>> pools = PerObject(pool, size=8)
    >>> deck = ("wolf", "elk")
    >>> pools(deck), pools(deck), len(made)
    (('elk', 'wolf'), ('elk', 'wolf'), 1)
    >>> pools(("wolf", "elk")) is not None and len(made)  # an equal deck is another key
    2
    """

    def __init__(self, make: Callable[[K], V] | None = None, size: int = 4096) -> None:
        self._make = make
        self._size = size
        self._kept: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        kept = self._kept.get(id(key))
        if kept is not None and kept[0] is key:
            return kept[1]
        if self._make is None:
            raise TypeError("this PerObject makes no values: use get and keep")
        return self.keep(key, self._make(key))

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or None (for a caller that makes it with more than the
        key: then :meth:`keep`)."""
        kept = self._kept.get(id(key))
        return kept[1] if kept is not None and kept[0] is key else None

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; returns it."""
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(key)] = (key, value)
        return value
