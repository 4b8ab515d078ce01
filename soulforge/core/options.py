"""Game options declared as data and validated with errors that name the option."""

from __future__ import annotations

import dataclasses
import re
import reprlib
from collections.abc import Mapping, Sequence
from typing import Any

from soulforge.core.decklist import MAX_DECK_TEXT
from soulforge.core.errors import OptionError

OptionValue = int | str | bool


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a game: its type, default and allowed values.

    >>> Option("copies", int, 2, minimum=1, maximum=2).check(3)
    Traceback (most recent call last):
    ...
    soulforge.core.errors.OptionError: option 'copies' must be at most 2, got 3
    """

    name: str
    type: type
    default: OptionValue
    help: str = ""
    choices: Sequence[OptionValue] | None = None
    minimum: int | None = None
    maximum: int | None = None
    deck: bool = False
    """A deck: a built-in deck's name or a deck list's *text*, never a path (a server must not
    read a file a request names; the terminal reads deck files itself, see ``cli``)."""
    max_length: int = 200
    """The longest text value (a deck list is longer: :data:`DECK_TEXT_LIMIT`)."""
    label: str = ""
    """The option's name in words, for a form ("Turn limit"); by default its code name with
    spaces (``turn_limit`` -> "Turn limit")."""
    choice_labels: Mapping[OptionValue, str] | None = dataclasses.field(default=None, hash=False)
    """The choices in words, for a form ("King of the hill" for ``king_of_the_hill``); a choice
    missing here shows as its code name. The value given and kept stays the code name."""
    quiet: bool = False
    """Left out of ``game.options`` (and so of views, records and fingerprints) while at its
    default: an option added to a game later leaves every existing record as it was. Read it
    with ``game.setting(name)``, which fills the default in."""

    def __post_init__(self) -> None:
        if self.deck and self.max_length == 200:
            object.__setattr__(self, "max_length", DECK_TEXT_LIMIT)
        if not self.label:
            object.__setattr__(self, "label", label_of(self.name))

    def check(self, given: Any) -> OptionValue:
        value = self._parse(given)
        if not self._has_type(value):
            raise OptionError(f"option {self.name!r} must be {self.type.__name__}, got {_short(value)}")
        if isinstance(value, str) and len(value) > self.max_length:
            raise OptionError(f"option {self.name!r} is too long: at most {self.max_length} characters")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name!r} must be one of {list(self.choices)}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, got {value!r}")
        return value  # type: ignore[no-any-return]

    def _parse(self, value: Any) -> Any:
        """Text from a command line or a form, turned into the option's type."""
        if self.type is int and isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
        if self.type is bool and isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        return value

    def _has_type(self, value: Any) -> bool:
        return isinstance(value, self.type) and not (self.type is int and isinstance(value, bool))

    def describe(self) -> dict[str, Any]:
        """JSON-ready description (for forms and help); ``choice_labels`` only when given."""
        labels = self.choice_labels or {}
        words = {"choice_labels": {str(c): w for c, w in labels.items()}} if labels else {}
        return {
            "name": self.name,
            "label": self.label,
            "type": self.type.__name__,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "deck": self.deck,
            **words,
        }


def label_of(name: str) -> str:
    """A code name in words, the default :attr:`Option.label`.

    >>> label_of("turn_limit"), label_of("deck0")
    ('Turn limit', 'Deck 0')
    """
    words = re.sub(r"(?<=[a-z])(?=[0-9])", " ", name.replace("_", " ")).strip()
    return words[:1].upper() + words[1:]


DECK_TEXT_LIMIT = MAX_DECK_TEXT
"""The longest deck list text an option takes (a 40-card list is about 1,000 characters)."""


def _bounded_repr() -> reprlib.Repr:
    """A bounded ``repr``: a few levels and items, so a value nested 900 deep (JSON allows it)
    is described in constant work, never with a RecursionError."""
    shown = reprlib.Repr()
    shown.maxlevel, shown.maxlist, shown.maxdict, shown.maxtuple = 3, 4, 4, 4
    shown.maxstring, shown.maxother, shown.maxlong = 60, 60, 40
    return shown


_SHORT = _bounded_repr()


def _short(value: Any) -> str:
    """``repr(value)``, cut to 60 characters (an error message never echoes a whole payload).

    >>> _short([[[[[[1]]]]]])
    '[[[[...]]]]'
    """
    text = _SHORT.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validate_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, OptionValue]:
    """All options with defaults filled in; raise :class:`OptionError` on a bad one."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r}; known options: {sorted(known)}")
    return {name: spec.check(given.get(name, spec.default)) for name, spec in known.items()}
