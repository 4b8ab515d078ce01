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

from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar

T = TypeVar("T")
F = TypeVar("F")


class Registry(Mapping[str, F], Generic[F]):
    """Named pieces of one kind, filled by ``@registry.register(name)``."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._pieces: dict[str, F] = {}

    def register(self, name: str) -> Callable[[F], F]:
        """A decorator adding the decorated piece under ``name``."""

        def add(piece: F) -> F:
            self.add(name, piece)
            return piece

        return add

    def add(self, name: str, piece: F) -> None:
        if name in self._pieces:
            raise ValueError(f"{name!r} registered twice in {self.what}")
        self._pieces[name] = piece

    def __getitem__(self, name: str) -> F:
        try:
            return self._pieces[name]
        except KeyError:
            raise KeyError(f"{name!r} is not in {self.what}; known: {sorted(self._pieces)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._pieces)

    def __len__(self) -> int:
        return len(self._pieces)

    def names(self) -> frozenset[str]:
        """Every registered name (data validation checks names against it)."""
        return frozenset(self._pieces)
