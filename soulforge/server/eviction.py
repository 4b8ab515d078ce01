"""Which live tables may leave memory: the bound on the tables a server keeps replayed.

A live table is its stored record replayed; dropping it loses nothing (the next request
replays it again), as long as nobody is using it. So a table is dropped only when it is
idle: no websocket watches it, no AI is to move at it or thinking for it, nobody holds its
lock, and no request touched it for :data:`IDLE_SECONDS`. The reloaded table has the
stored version (``Storage.change``), the one the dropped copy last announced.

Tables are dropped only while more than :data:`MAX_LIVE_TABLES` are live, least recently
touched first. Busy tables are never dropped, so the bound is exceeded only by tables in use.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soulforge.server.tables import LiveTable

MAX_LIVE_TABLES = 1_000
"""The tables a server keeps replayed in memory (idle ones beyond it are dropped)."""
IDLE_SECONDS = 2.0
"""How long a table must go untouched before it may be dropped."""
REMATCH_IDLE_SECONDS = 3_600.0
"""A finished table offering a rematch keeps it (in memory only) this long untouched."""


def idle(table: LiveTable, now: float, watched: Callable[[str], bool], ai_here: bool = True) -> bool:
    """Whether dropping ``table`` now loses nothing and disturbs nobody; ``ai_here`` False:
    this process thinks no AI move (``soulforge worker`` does), so an AI to move is no use."""
    quiet = REMATCH_IDLE_SECONDS if table.rematch is not None else IDLE_SECONDS
    thinking = table.ai_task is not None and not table.ai_task.done()
    return (now - table.touched >= quiet and not table.lock.locked() and not thinking
            and not (ai_here and table.ai_to_move) and not watched(table.id))


def to_drop(live: Mapping[str, LiveTable], watched: Callable[[str], bool],
            most: int = MAX_LIVE_TABLES, now: float | None = None, ai_here: bool = True) -> list[str]:
    """The tables to drop so that at most ``most`` stay live (as near as idle ones allow),
    least recently touched first."""
    excess = len(live) - most
    if excess <= 0:
        return []
    moment = time.monotonic() if now is None else now
    oldest = sorted(live.values(), key=lambda table: table.touched)
    return [table.id for table in itertools.islice(
        (table for table in oldest if idle(table, moment, watched, ai_here)), excess)]
