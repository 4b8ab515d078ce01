"""The game log: human-readable lines, each visible to some seats only.

A state keeps its log as entries (:data:`LogEntry`): a public line as its text alone, any
other as ``(text, None, visible_to)``, and a line logged by ``State.log_later`` as
``(render, args, visible_to)``, whose text ``render(*args)`` is made when the log is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Seat = int
Visibility = frozenset[Seat] | None
"""The seats a line reaches; None: everyone, spectators included."""
LogEntry = str | tuple[str | Callable[..., str], tuple[Any, ...] | None, Visibility]
"""One line as a state keeps it (see the module docstring)."""


def entry_text(entry: LogEntry) -> LogEntry:
    """The entry with its text made (a public line: the text alone)."""
    if isinstance(entry, str):
        return entry
    render, args, visible_to = entry
    if args is None:
        return entry
    text = render(*args) if callable(render) else render
    return text if visible_to is None else (text, None, visible_to)


def entry_visible(entry: LogEntry, player: Seat | None) -> bool:
    """Whether ``player`` (None: a spectator) may see the entry's line."""
    if isinstance(entry, str):
        return True
    visible_to = entry[2]
    return visible_to is None or (player is not None and player in visible_to)
