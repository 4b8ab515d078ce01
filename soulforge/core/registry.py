"""A registry of named pieces (card abilities, effects, conditions) that data refers to.

Card data names its pieces ("draw", "steal"); the rules look the name up here, never in
an if-chain over card names. A name registered twice, or looked up and missing, is an
error that names the registry and the known names.

>>> EFFECTS: Registry[int] = Registry("effects")
>>> @EFFECTS.register("two")
... def two() -> int:
...     return 2
>>> EFFECTS["two"]()
2
>>> "three" in EFFECTS
False
>>> EFFECTS["three"]
Traceback (most recent call last):
...
KeyError: "'three' is not in effects; known: ['two']"
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
F = TypeVar("F")


class Registry(dict[str, F]):
    """Named pieces of one kind, filled by ``@registry.register(name)``.

    A dict (lookups at C speed: the rules look pieces up on every effect they run) that
    refuses a second piece under one name and names what it lacks.
    """

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def register(self, name: str) -> Callable[[F], F]:
        """A decorator adding the decorated piece under ``name``."""

        def add(piece: F) -> F:
            self.add(name, piece)
            return piece

        return add

    def add(self, name: str, piece: F) -> None:
        if name in self:
            raise ValueError(f"{name!r} registered twice in {self.what}")
        self[name] = piece

    def __missing__(self, name: str) -> F:
        raise KeyError(f"{name!r} is not in {self.what}; known: {sorted(self)}")

    def names(self) -> frozenset[str]:
        """Every registered name (data validation checks names against it)."""
        return frozenset(self)


def reference_of(obj: type | Callable[..., object]) -> str:
    """The ``"module:Name"`` reference of a class or function, importable in another
    process (:func:`import_reference` turns it back).

    >>> reference_of(Registry)
    'soulforge.core.registry:Registry'
    """
    return f"{obj.__module__}:{obj.__qualname__}"


def split_reference(ref: str) -> tuple[str, str]:
    """The module and the name of a ``"module:Name"`` reference (ValueError if it is none).

    >>> split_reference("soulforge.games.kipukas:Kipukas")
    ('soulforge.games.kipukas', 'Kipukas')
    """
    module, colon, name = ref.partition(":")
    if not (module and colon and name):
        raise ValueError(f"{ref!r} is not a 'module:Name' reference")
    return module, name


def import_reference(ref: str) -> Any:
    """The object a ``"module:Name"`` reference names, its module imported on demand: the
    one lookup behind the game registry, the AI workers and the simulator's jobs.

    >>> import_reference("soulforge.core.registry:Registry") is Registry
    True
    """
    module, name = split_reference(ref)
    target: Any = importlib.import_module(module)
    for part in name.split("."):
        target = getattr(target, part)
    return target
