"""A step's plain listing: its rules' own listings, in the step's order; and a flow's
per-move hooks (``Flow.state_hooks``): the listing of the state's step, the move by kind.

A module of its own so that it compiles (``tools/build_native.py``; ``flow.py`` stays pure):
a position of a step with several rules is then listed with no interpreted frame between
the rules, and a move is listed and made with no interpreted frame either, for every game.

>>> join_listings((lambda s: [1, 2], lambda s: (3,)))("any state")
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


def step_listing(listers: Mapping[Any, Lister[S]], step_of: Callable[[S], Any]) -> Lister[S]:
    """The listing of the state's step: ``listers[step_of(state)](state)``."""

    def legal_actions(state: S) -> Sequence[Any]:
        return listers[step_of(state)](state)

    return legal_actions


def kind_applier(appliers: Mapping[type, Callable[[S, Any], None]]) -> Callable[[S, Any], None]:
    """The move of an action: its kind's rule's ``apply``, found by the action's type."""

    def apply(state: S, action: Any) -> None:
        appliers[type(action)](state, action)

    return apply
