"""Copying a state field by field, with no field forgotten.

A game's ``clone`` is ``ClonePlan(MyState).clone(self)``: every field the state class
declares (an annotation) is copied by its declared type, immutables shared, flat lists and
dicts copied at C speed; a field no annotation declares is still copied, generically.

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

import inspect
from collections import abc
from collections.abc import Callable, Iterable
from types import NoneType, UnionType
from typing import TYPE_CHECKING, Any, Generic, NewType, TypeVar, get_args, get_origin

if TYPE_CHECKING:
    from soulforge.core.state import State

S = TypeVar("S", bound="State")
T = TypeVar("T", bound=type)

IMMUTABLE: frozenset[type] = frozenset({int, float, str, bool, bytes, type(None), tuple, frozenset, range})
"""Values shared between a state and its clone (tuples are assumed to hold immutables)."""
SHARED: set[type] = set()
"""Classes marked :func:`shared`: their objects are shared between a state and its clone."""


def shared(cls: T) -> T:
    """Mark a class whose objects are never changed once made (a change makes a new one), so
    clones share them as they share tuples: a plain slotted class then gets the speed of a
    frozen one's sharing without its cost per field set (``object.__setattr__``).

    >>> @shared
    ... class Mark:
    ...     __slots__ = ("n",)
    >>> m = Mark()
    >>> copy_value(m) is m and copier(list[Mark])([m])[0] is m
    True
    """
    SHARED.add(cls)
    return cls


def copy_value(value: Any) -> Any:
    """An independent copy of a field's value (see the module docstring)."""
    kind = type(value)
    if kind in IMMUTABLE or kind in SHARED:
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


READ_ONLY = (abc.Mapping, abc.Sequence)
"""A field declared read-only (``Mapping``, ``Sequence``) is shared: the game promises not
to change it (the card definitions of a game, say)."""


# -- copying by declared type ---------------------------------------------------------------------
Copier = Callable[[Any], Any]


def _share(value: Any) -> Any:
    return value


def _immutable(hint: Any) -> bool:
    if isinstance(hint, NewType):
        return _immutable(hint.__supertype__)
    if get_origin(hint) is UnionType:
        return all(_immutable(arg) for arg in get_args(hint))
    if _frozen_dataclass(hint) or get_origin(hint) in READ_ONLY:
        return True  # rules data, cards, read-only declared: never changed, so shared
    if isinstance(hint, type) and hint in SHARED:
        return True  # marked ``shared``: never changed once made
    return hint in IMMUTABLE or hint is NoneType or get_origin(hint) in (tuple, frozenset)


def _frozen_dataclass(hint: Any) -> bool:
    params = getattr(hint, "__dataclass_params__", None)
    return isinstance(hint, type) and params is not None and bool(params.frozen)


def _expression(hint: Any, var: str, depth: int = 0) -> str:
    """Python source copying ``var``, a value of the declared type ``hint``: immutables are
    shared, lists and dicts of immutables copied flat, lists of lists level by level, dicts of
    objects by their ``copy()``; anything else through :func:`copy_value` (which refuses what
    it cannot copy).

    >>> _expression(list[list[int]], "v")
    '[x0.copy() for x0 in v]'
    >>> _expression(dict[str, int] | None, "v")
    '(None if v is None else v.copy())'
    """
    origin, args = get_origin(hint), get_args(hint)
    if _immutable(hint):
        return var
    if origin is list:
        item = f"x{depth}"
        inner = _expression(args[0], item, depth + 1)
        return f"{var}.copy()" if inner == item else f"[{inner} for {item} in {var}]"
    if origin in (dict, set) and all(_immutable(arg) for arg in args):
        return f"{var}.copy()"
    if origin is dict and _immutable(args[0]) and callable(getattr(args[1], "copy", None)):
        key, item = f"k{depth}", f"v{depth}"
        return f"{{{key}: {item}.copy() for {key}, {item} in {var}.items()}}"
    if origin is UnionType and NoneType in args and len(args) == 2:
        inner = _expression(next(arg for arg in args if arg is not NoneType), var, depth)
        return f"(None if {var} is None else {inner})"
    return f"_copy_value({var})"


def copier(hint: Any) -> Copier:
    """A function copying a value of the declared type ``hint`` (see :func:`_expression`)."""
    source = _expression(hint, "v")
    if source == "v":
        return _share
    made: Copier = eval(f"lambda v: {source}", {"_copy_value": copy_value})  # noqa: S307 (our own source)
    return made


class ClonePlan(Generic[S]):
    """How to clone one state class: a copier per field the class declares.

    The core's own fields are copied by ``State._bare_copy``; class attributes (an
    annotation with a value in the class body, ``ClassVar``s) are not fields.
    """

    def __init__(self, cls: type[S]) -> None:
        from soulforge.core.state import State

        declared: dict[str, Any] = {}
        for klass in reversed([k for k in cls.__mro__ if issubclass(k, State) and k is not State]):
            raw = inspect.get_annotations(klass)
            names = [n for n in raw if n not in State.__annotations__ and not hasattr(cls, n)]
            # Only the state's own fields are evaluated: the core's (``game``) may name
            # classes imported for type checking only.
            declared.update(_evaluated(klass, names))
        self.plan: dict[str, Copier] = {name: copier(hint) for name, hint in declared.items()}
        self.mutable: dict[str, Copier] = {n: c for n, c in self.plan.items() if c is not _share}
        self.clone: Callable[[S], S] = _compiled(declared)
        """Copy a state: compiled once per class, one statement per field (as dataclasses
        compile ``__init__``), since agents clone on every simulated move."""


def _compiled(declared: dict[str, Any]) -> Callable[[Any], Any]:
    # Fields set as attributes, not into ``twin.__dict__``: below a compiled (native) core
    # ``State``, a bare instance has no ``__dict__`` until its first attribute is set.
    lines = ["def clone(state):", "    twin = state._bare_copy()", "    f = state.__dict__"]
    for name, hint in declared.items():
        lines.append(f"    twin.{name} = {_expression(hint, f'f[{name!r}]')}")
    lines += ["    d = twin.__dict__" if declared else "    d = _dict_of(twin)",
              "    if len(f) != len(d):  # a field no annotation declares", "        _rest(f, twin)",
              "    return twin"]
    namespace: dict[str, Any] = {"_copy_value": copy_value, "_rest": _copy_rest, "_dict_of": dict_of}
    exec("\n".join(lines), namespace)  # noqa: S102 (our own source, from the annotations)
    made: Callable[[Any], Any] = namespace["clone"]
    return made


def dict_of(obj: object) -> dict[str, Any]:
    """``obj.__dict__``, empty if it has none (yet: see :func:`_compiled`)."""
    found: dict[str, Any] = getattr(obj, "__dict__", None) or {}
    return found


_NOT_FIELDS = frozenset({"__dict__", "__weakref__"})
"""Names in a compiled class's ``__mypyc_attrs__`` that are not fields."""
_NATIVE_FIELDS: dict[type, tuple[str, ...]] = {}


def native_fields(cls: type) -> tuple[str, ...]:
    """The attributes an instance of ``cls`` keeps in the object, not in its ``__dict__``: a
    class compiled by mypyc (``make native``) lists them in ``__mypyc_attrs__``, each class of
    the MRO its own, read base first (none for a pure class). ``State.field_values`` and the
    snapshot's walk of a game's objects both read them here."""
    found = _NATIVE_FIELDS.get(cls)
    if found is None:
        names: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            names.update((name, None) for name in vars(klass).get("__mypyc_attrs__", ())
                         if name not in _NOT_FIELDS)
        found = _NATIVE_FIELDS[cls] = tuple(names)
    return found


def _copy_rest(fields: dict[str, Any], twin: object) -> None:
    for name in fields.keys() - dict_of(twin).keys():
        setattr(twin, name, copy_value(fields[name]))


def _evaluated(klass: type, names: list[str]) -> dict[str, Any]:
    module = vars(inspect.getmodule(klass)) if inspect.getmodule(klass) else {}
    raw = inspect.get_annotations(klass)
    return {name: eval(hint, dict(module), dict(vars(klass))) if isinstance(hint, str) else hint  # noqa: S307
            for name, hint in ((n, raw[n]) for n in names)}
