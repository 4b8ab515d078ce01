"""Copying a state field by field, with no field forgotten.

A hand-kept list of fields to copy silently shares any field added later between a state
and its clone. :func:`copy_fields` copies *every* attribute of the source instead, each by
its type: immutable values are shared, lists, dicts and sets are copied (nested ones too),
objects with a ``copy()`` method are copied by it; anything else is refused loudly, naming
the field, so a new kind of field cannot be shared by accident.

>>> class Thing:
...     pass
>>> a, b = Thing(), Thing()
>>> a.hands, a.turn = [[1, 2], [3]], 4
>>> copy_fields(a, b)
>>> b.hands == a.hands and b.hands is not a.hands and b.hands[0] is not a.hands[0]
True
>>> a.oops = object()
>>> copy_fields(a, b)
Traceback (most recent call last):
...
TypeError: cannot copy field 'oops' of Thing: object has no copy() (share it explicitly)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

IMMUTABLE: frozenset[type] = frozenset({int, float, str, bool, bytes, type(None), tuple, frozenset, range})
"""Values shared between a state and its clone (tuples are assumed to hold immutables)."""


def copy_value(value: Any) -> Any:
    """An independent copy of a field's value (see the module docstring)."""
    kind = type(value)
    if kind in IMMUTABLE:
        return value
    copier = _COPIERS.get(kind)
    if copier is not None:
        return copier(value)
    method = getattr(value, "copy", None)
    if method is None:
        raise TypeError(f"{kind.__name__} has no copy()")
    return method()


def _copy_list(value: list[Any]) -> list[Any]:
    # Flat lists of immutables are the common case: one C-level copy.
    if not value or (type(value[0]) in IMMUTABLE and all(type(v) in IMMUTABLE for v in value)):
        return value.copy()
    return [copy_value(v) for v in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    if all(type(v) in IMMUTABLE for v in value.values()):
        return value.copy()
    return {k: copy_value(v) for k, v in value.items()}


_COPIERS: dict[type, Callable[[Any], Any]] = {list: _copy_list, dict: _copy_dict, set: set.copy}


def copy_fields(source: object, target: object, shared: Iterable[str] = ()) -> None:
    """Set on ``target`` a copy of every attribute of ``source``; ``shared`` ones are shared.

    Shared fields are those that never change during a game (the game, its rules data).
    """
    keep = frozenset(shared)
    into = target.__dict__
    for name, value in source.__dict__.items():
        if name in keep:
            into[name] = value
            continue
        try:
            into[name] = copy_value(value)
        except TypeError as err:
            raise TypeError(
                f"cannot copy field {name!r} of {type(source).__name__}: {err} (share it explicitly)"
            ) from None
