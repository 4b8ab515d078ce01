"""A step's plain listing: its rules' own listings, in the step's order.

A module of its own so that it compiles (``tools/build_native.py``; ``flow.py`` stays pure):
a position of a step with several rules is then listed with no interpreted frame between
the rules, for every game.

>>> join_listings((lambda s: [1, 2], lambda s: (3,)))("any state")
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

S = TypeVar("S")
Lister = Callable[[S], Sequence[Any]]


def join_listings(listers: tuple[Lister[S], ...]) -> Callable[[S], list[Any]]:
    """One listing made of ``listers``' listings, in order."""

    def listing(state: S) -> list[Any]:
        # A loop, not a comprehension: on a few rules its frame costs more than it saves.
        out: list[Any] = []
        for legal in listers:
            out += legal(state)
        return out

    return listing
