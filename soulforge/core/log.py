"""The game log: human-readable lines, each visible to some seats only."""

from __future__ import annotations

from typing import NamedTuple

Seat = int


class LogLine(NamedTuple):
    """One log line; ``visible_to`` None means everyone, spectators included.

    A named tuple rather than a frozen dataclass: rules log on every move, and this is
    the cheapest immutable record to create.
    """

    text: str
    visible_to: frozenset[Seat] | None = None

    def visible(self, player: Seat | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)
