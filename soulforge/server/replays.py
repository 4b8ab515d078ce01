"""Replays of finished games, stepped at once: states kept at checkpoints (issue 30, item 10).

A step used to replay the record from the first move, so a Kipukas step late in a game took
0.4-0.7 s and fast clicks on Next were lost. A finished game is now replayed once: a clone of
the state is kept every :data:`CHECKPOINT` moves (more apart in long games, so a game keeps
at most :data:`MAX_CHECKPOINTS`), and a step starts from the nearest one at or before it.
The games kept are few (:data:`MAX_GAMES`, least recently used dropped first), so the
memory stays bounded whatever is asked.

>>> Checkpoints.spacing(100), Checkpoints.spacing(10_000)
(16, 157)
"""

from __future__ import annotations

import collections
import dataclasses
import threading

from soulforge.core import Record, State
from soulforge.games import load

CHECKPOINT = 16
"""Moves between two kept states in an ordinary game: a step replays at most this many."""
MAX_CHECKPOINTS = 64
"""States kept per game at most (a very long game spaces them further apart)."""
MAX_GAMES = 8
"""Finished games whose checkpoints are kept at once (least recently used dropped first)."""


@dataclasses.dataclass
class Checkpoints:
    """The states of one finished game at every ``every``-th move."""

    record: Record
    every: int
    states: list[State]

    @staticmethod
    def spacing(total: int) -> int:
        """Moves between checkpoints for a game of ``total`` moves."""
        return max(CHECKPOINT, -(-total // MAX_CHECKPOINTS))

    @classmethod
    def of(cls, record: Record) -> Checkpoints:
        """Replay ``record`` once, keeping a clone of the state at every checkpoint."""
        every = cls.spacing(len(record.actions))
        state, states = record.new_state(load), []
        for number, data in enumerate(record.actions):
            if number % every == 0:
                states.append(state.clone())
            state.apply_json(data)
        if len(record.actions) % every == 0:
            states.append(state.clone())
        return cls(record, every, states)

    def at(self, step: int) -> State:
        """The state after the first ``step`` moves (``0 <= step <= len(actions)``)."""
        index = min(step // self.every, len(self.states) - 1)
        state = self.states[index].clone()
        for data in self.record.actions[index * self.every:step]:
            state.apply_json(data)
        return state


class ReplayCache:
    """The checkpoints of the few finished games being replayed (thread-safe: steps are built
    in worker threads)."""

    def __init__(self, games: int = MAX_GAMES) -> None:
        self.games = games
        self._kept: collections.OrderedDict[str, Checkpoints] = collections.OrderedDict()
        self._lock = threading.Lock()

    def state(self, table_id: str, record: Record, step: int) -> State:
        """The state of ``table_id``'s finished game after ``step`` moves."""
        return self._checkpoints(table_id, record).at(step)

    def _checkpoints(self, table_id: str, record: Record) -> Checkpoints:
        with self._lock:
            kept = self._kept.get(table_id)
            if kept is not None:
                self._kept.move_to_end(table_id)
                return kept
        built = Checkpoints.of(record)  # outside the lock: another game's step need not wait
        with self._lock:
            self._kept[table_id] = built
            self._kept.move_to_end(table_id)
            while len(self._kept) > self.games:
                self._kept.popitem(last=False)
        return built

    def __len__(self) -> int:
        return len(self._kept)
