"""Actions made once and handed out again: the listings' cheap constructor.

An action is an immutable value (a frozen dataclass): two equal actions are interchangeable.
A frozen dataclass's constructor sets each field through ``object.__setattr__``, about a
microsecond per action, and a random playout lists several actions per move, nearly all of
them listed before at some position. ``interning(Move)`` gives a constructor that makes each
distinct action once and returns that same object for the same fields afterwards (a dict
lookup): what the listings build with, while the action classes stay plain values.

>>> import dataclasses
>>> from soulforge.core.action import Action
>>> @dataclasses.dataclass(frozen=True, slots=True)
... class Step(Action):
...     kind = "step"
...     to: int
>>> step = interning(Step)
>>> step(3) is step(3) and step(3) == Step(3) and step(4) != step(3)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

A = TypeVar("A")


def interning(kind: Callable[..., A]) -> Callable[..., A]:
    """A constructor of ``kind`` that returns the one object made for the same fields.

    The table grows with the distinct actions made, which the game's fixed action index
    bounds; fields must be hashable (an action's are: ints, strs, bools, tuples). A kind of
    two fields (a soul and a stand: the commonest listed) is kept in rows by its first field.

    >>> import dataclasses
    >>> @dataclasses.dataclass(frozen=True)
    ... class Pair:
    ...     piece: int
    ...     stand: str
    >>> pair = interning(Pair)
    >>> pair(1, "T2") is pair(1, "T2") and pair(1, "T2") == Pair(1, "T2") and pair(1, "T3") != pair(1, "T2")
    True
    """
    if _arity(kind) == 2:
        return _pairs(kind)
    made: dict[tuple[Any, ...], A] = {}

    def make(*fields: Any) -> A:
        # (get, not try/except KeyError: compiled, each miss raised and caught cost some 5k
        # instructions; an action is never None)
        action = made.get(fields)
        if action is None:
            action = made[fields] = kind(*fields)
        return action

    make.__doc__ = f"``{getattr(kind, '__name__', 'the action')}(*fields)``, made once per distinct fields."
    return make


def _arity(kind: object) -> int:
    """The number of fields of a dataclass ``kind`` (-1 for another callable)."""
    return len(dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else -1


def _pairs(kind: Callable[[Any, Any], A]) -> Callable[[Any, Any], A]:
    """``interning`` of a kind of two fields: a row per first field, looked up by the second
    (two lookups of an int or a str, where the fields' tuple cost its making, its hash and an
    element-wise compare: the listings make their moves this way)."""
    rows: dict[Any, dict[Any, A]] = {}

    def make(first: Any, second: Any) -> A:
        row = rows.get(first)
        if row is None:
            row = rows[first] = {}
        action = row.get(second)
        if action is None:
            action = row[second] = kind(first, second)
        return action

    return make
