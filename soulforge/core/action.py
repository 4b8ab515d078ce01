"""Actions: small immutable values with a JSON codec.

A game declares its actions as frozen dataclasses deriving from :class:`Action`, each
with a unique ``kind``. Fields may be ``int``, ``str``, ``bool``, ``None`` or tuples of
those; the codec needs nothing else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, get_type_hints

from soulforge.core.errors import IllegalAction

JsonDict = dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> JsonDict:
        """The action as a JSON-ready dict: ``{"type": kind, field: value, ...}``."""
        out: JsonDict = {"type": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        values = (str(getattr(self, f.name)) for f in dataclasses.fields(self))
        return " ".join([self.kind, *values])


class ActionCodec:
    """Turns JSON dicts back into the action classes of one game.

    Malformed input raises :class:`IllegalAction` (a refusal, never a crash).
    """

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types = {t.kind: t for t in action_types}
        self.kind_set = frozenset(self._types)
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
        values = {name: _coerce(kind, name, data.get(name), hint) for name, hint in hints.items()}
        return self._types[kind](**values)


def _field_types(action_type: type[Action]) -> dict[str, Any]:
    hints = get_type_hints(action_type)
    return {f.name: hints[f.name] for f in dataclasses.fields(action_type)}


_SCALARS: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "str": (str,),
    "bool": (bool,),
}


def _coerce(kind: str, name: str, value: object, hint: Any) -> object:
    """Check one field's JSON value against its declared type."""
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))
    origin = getattr(hint, "__origin__", None)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise IllegalAction(f"{kind}.{name} must be a list", rule="action format")
        item_type = hint.__args__[0]
        return tuple(_coerce(kind, name, item, item_type) for item in value)
    if _is_optional(hint):
        if value is None:
            return None
        inner = next(a for a in hint.__args__ if a is not type(None))
        return _coerce(kind, name, value, inner)
    if hint is bool:
        if not isinstance(value, bool):
            raise IllegalAction(f"{kind}.{name} must be true or false", rule="action format")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{kind}.{name} must be an integer", rule="action format")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise IllegalAction(f"{kind}.{name} must be a string", rule="action format")
        return value
    raise TypeError(f"unsupported action field type {text} in {kind}.{name}")


def _is_optional(hint: Any) -> bool:
    args = getattr(hint, "__args__", ())
    return type(None) in args and getattr(hint, "__origin__", None) is not tuple
