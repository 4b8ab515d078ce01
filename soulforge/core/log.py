"""The game log: human-readable lines, each visible to some seats only.

A state keeps its log as entries (:data:`LogEntry`): a public line as its text alone, any
other as ``(text, None, visible_to)``, and a line logged by ``State.log_later`` as
``(render, args, visible_to)``, whose text ``render(*args)`` is made when the log is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
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


Made = tuple[LogEntry, ...]
"""Log entries with every text made (no ``log_later`` entry left): one chunk clones share."""
LogRead = tuple[Made, dict[Seat | None, tuple[int, tuple[str, ...]]]]
"""A state's last log read: its entries made, and per reader (None: a spectator) how many
of them that reader has read and the lines it was shown."""


def read_log(chunks: Sequence[Sequence[LogEntry]], newer: Sequence[LogEntry], last: LogRead | None,
             player: Seat | None) -> tuple[LogRead, list[str]]:
    """The lines ``player`` may see, and the read to keep for the next call.

    Only entries added since ``last`` (when its made chunk still begins ``chunks``) are made
    and filtered: a log read at every move (the web table, the golden games) costs the new
    lines and a copy, not the whole log again. ``last`` is never changed: clones share it.

    >>> read, lines = read_log([("a", ("b", None, frozenset({1})))], ["c"], None, 0)
    >>> lines, read_log([read[0]], ["d"], read, 0)[1]
    (['a', 'c'], ['a', 'c', 'd'])
    """
    if last is not None and chunks and chunks[0] is last[0]:
        made, seen = last
        fresh = [*chain.from_iterable(chunks[1:]), *newer]
    else:
        made, seen, fresh = (), {}, [*chain.from_iterable(chunks), *newer]
    if fresh:
        made += tuple(map(entry_text, fresh))
    count, shown = seen.get(player, (0, ()))
    if count < len(made):
        shown += tuple(_lines_for(made[count:], player))
        seen = {**seen, player: (len(made), shown)}
    return (made, seen), list(shown)


def _lines_for(entries: Sequence[LogEntry], player: Seat | None) -> list[str]:
    return [entry if isinstance(entry, str) else str(entry[0])
            for entry in entries if entry_visible(entry, player)]
