"""The optional turn clock of a table: a time bank per human seat (issue 17).

Only the human seat to move spends its bank; an AI seat's time is not counted. When a bank
runs out nothing happens by itself: the table shows it, and the opponent may claim the win
or keep waiting (no silent forfeits).

>>> clock = Clock.start(2, seconds=60, running=0, now=100.0)
>>> clock = clock.switch(1, now=130.0)
>>> clock.left(0, now=200.0), clock.left(1, now=200.0)
(30.0, -10.0)
>>> clock.out(now=200.0)
1
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any


def now() -> float:
    """The server's time, seconds since the epoch (one place, so tests can move it)."""
    return time.time()


@dataclasses.dataclass(frozen=True)
class Clock:
    bank: tuple[float, ...]
    """Seconds left per seat, as of ``since`` (AI seats: unused)."""
    running: int | None
    since: float
    claimed_by: int | None = None
    """The seat that claimed the win when ``running`` ran out of time."""
    per_move: float | None = None
    """A turn-based table's (issue 34): the seconds each turn gets, its bank filled again
    whenever the turn passes to it; None: a bank for the whole game."""

    @classmethod
    def start(cls, seats: int, seconds: float, running: int | None, now: float,
              per_move: bool = False) -> Clock:
        """``seats`` banks of ``seconds`` each, ``running``'s time running from ``now``;
        ``per_move``: each turn gets ``seconds`` anew (a turn-based table).

        >>> days = Clock.start(2, 86400, 0, 0.0, per_move=True).switch(1, 80000.0).switch(0, 90000.0)
        >>> days.bank, days.out(90000.0 + 86400)
        ((86400.0, 76400.0), 0)
        """
        return cls((float(seconds),) * seats, running, now, per_move=float(seconds) if per_move else None)

    def left(self, seat: int, now: float) -> float:
        spent = now - self.since if seat == self.running else 0.0
        return self.bank[seat] - spent

    def switch(self, running: int | None, now: float) -> Clock:
        """The clock after a move: the mover's time taken off, ``running``'s time starts."""
        bank = tuple(self.left(seat, now) for seat in range(len(self.bank)))
        if self.per_move is not None and running is not None and running != self.running:
            bank = (*bank[:running], self.per_move, *bank[running + 1:])  # a new turn: a full allowance
        return dataclasses.replace(self, bank=bank, running=running, since=now)

    def out(self, now: float) -> int | None:
        """The seat whose bank ran out while it was to move, if any."""
        return self.running if self.running is not None and self.left(self.running, now) <= 0 else None

    def to_json(self) -> dict[str, Any]:
        data = {"bank": list(self.bank), "running": self.running, "since": self.since,
                "claimed_by": self.claimed_by}
        if self.per_move is not None:  # a real-time table's clock stays as it was
            data["per_move"] = self.per_move
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clock:
        per_move = data.get("per_move")
        return cls(tuple(data["bank"]), data["running"], data["since"], data.get("claimed_by"),
                   float(per_move) if isinstance(per_move, int | float) else None)
