"""The game log: human-readable lines, each visible to some seats only."""

from __future__ import annotations

import dataclasses

Seat = int


@dataclasses.dataclass(frozen=True, slots=True)
class LogLine:
    """One log line; ``visible_to`` None means everyone, spectators included."""

    text: str
    visible_to: frozenset[Seat] | None = None

    def visible(self, player: Seat | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)
