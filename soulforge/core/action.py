"""Actions: small immutable values with a JSON codec.

A game declares its actions as frozen dataclasses deriving from :class:`Action`, each
with a unique ``kind``. Fields may be ``int``, ``str``, ``bool``, ``None`` or tuples of
those; the codec needs nothing else. The codec bounds what it decodes (``INT_BOUND``,
``TEXT_BOUND``, ``LENGTH_BOUND``) so untrusted JSON never reaches a game unbounded; each
field's exact range comes from the game's fixed action index (``Game.action_from_json``).

>>> @dataclasses.dataclass(frozen=True, slots=True)
... class Place(Action):
...     kind: ClassVar[str] = "place"
...     row: int
>>> ActionCodec([Place]).decode({"type": "place", "row": 2**40})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
soulforge.core.errors.IllegalAction: action format: place.row must be from ... not 1099511627776
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sized
from typing import Any, ClassVar, get_args, get_origin, get_type_hints

from soulforge.core.errors import IllegalAction

JsonDict = dict[str, Any]

INT_BOUND = 2**31 - 1
"""The largest magnitude of an int field with no declared Range."""
TEXT_BOUND = 200
"""The longest str field with no declared OneOf or Length."""
LENGTH_BOUND = 64
"""The most items of a tuple field with no declared Length."""


def _check_int(where: str, value: int) -> None:
    if not -INT_BOUND <= value <= INT_BOUND:
        raise IllegalAction(f"{where} must be from {-INT_BOUND} to {INT_BOUND}, not {value}",
                            rule="action format")


def _check_length(where: str, value: Sized, most: int) -> None:
    if len(value) > most:
        raise IllegalAction(f"{where} holds at most {most}, not {len(value)}", rule="action format")


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(action_type: type) -> tuple[str, ...]:
    """The names of an action class's fields, in order; found once per class (every view of
    a table lists its legal actions as JSON, and ``dataclasses.fields`` builds its tuple anew
    on each call).

    >>> @dataclasses.dataclass(frozen=True)
    ... class Step(Action):
    ...     soul: int
    ...     to: int
    >>> field_names(Step)
    ('soul', 'to')
    """
    names = _FIELD_NAMES.get(action_type)
    if names is None:
        names = _FIELD_NAMES[action_type] = tuple(f.name for f in dataclasses.fields(action_type))
    return names


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> JsonDict:
        """The action as a JSON-ready dict: ``{"type": kind, field: value, ...}``."""
        out: JsonDict = {"type": self.kind}
        for name in field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        values = (str(getattr(self, name)) for name in field_names(type(self)))
        return " ".join([self.kind, *values])


class ActionCodec:
    """Turns JSON dicts back into the action classes of one game.

    Malformed input raises :class:`IllegalAction` (a refusal, never a crash).
    """

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types = {t.kind: t for t in action_types}
        self.kind_set = frozenset(self._types)
        self.type_set: frozenset[type[Action]] = frozenset(self._types.values())
        self._hints = {kind: _field_types(t) for kind, t in self._types.items()}

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._types)

    def label(self, data: object) -> str:
        """The short human label (``str``) of an action given as JSON (renderers use it)."""
        return str(self.decode(data))

    def decode(self, data: object) -> Action:
        if not isinstance(data, Mapping):
            raise IllegalAction("an action must be a JSON object", rule="action format")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self._types:
            raise IllegalAction(f"unknown action type {kind!r}", rule="action format")
        hints = self._hints[kind]
        extra = set(data) - set(hints) - {"type"}
        if extra:
            raise IllegalAction(f"unknown fields {sorted(extra)} for {kind!r}", rule="action format")
        values = {name: _coerce(f"{kind}.{name}", data.get(name), hint) for name, hint in hints.items()}
        return self._types[kind](**values)


def _field_types(action_type: type[Action]) -> dict[str, Any]:
    hints = get_type_hints(action_type)
    return {f.name: hints[f.name] for f in dataclasses.fields(action_type)}


def _coerce(where: str, value: object, hint: Any) -> object:
    """Check one field's JSON value against its declared type and the codec's bounds."""
    if get_origin(hint) is tuple:
        return _coerce_tuple(where, value, get_args(hint)[0])
    if _is_optional(hint):
        if value is None:
            return None
        return _coerce(where, value, next(a for a in get_args(hint) if a is not type(None)))
    return _coerce_scalar(where, value, hint)


def _coerce_tuple(where: str, value: object, item_type: Any) -> tuple[object, ...]:
    if not isinstance(value, list | tuple):
        raise IllegalAction(f"{where} must be a list", rule="action format")
    _check_length(where, value, LENGTH_BOUND)
    return tuple(_coerce(where, item, item_type) for item in value)


def _coerce_scalar(where: str, value: object, hint: Any) -> object:
    if hint is bool:
        if not isinstance(value, bool):
            raise IllegalAction(f"{where} must be true or false", rule="action format")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{where} must be an integer", rule="action format")
        _check_int(where, value)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise IllegalAction(f"{where} must be a string", rule="action format")
        _check_length(where, value, TEXT_BOUND)
        return value
    raise TypeError(f"unsupported action field type {hint!r} in {where}")


def _is_optional(hint: Any) -> bool:
    return type(None) in get_args(hint) and get_origin(hint) is not tuple
