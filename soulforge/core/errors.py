"""Errors raised by the engine core."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the rule.

    >>> try:
    ...     raise IllegalAction("it is seat 1's turn", rule="turn order")
    ... except ValueError as err:
    ...     print(err)
    turn order: it is seat 1's turn
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"{rule}: {message}" if rule else message)


class OptionError(ValueError):
    """A game option that is unknown or out of its allowed values."""


class DataError(ValueError):
    """Game data (a TOML file) that fails validation: names file, entry and field."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        self.file, self.entry, self.field = file, entry, field
        super().__init__(f"{file}: {entry}: {field}: {problem}")


class RecordError(ValueError):
    """A game record that is not well formed (a file that is not a record, a bad field)."""
