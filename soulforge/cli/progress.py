"""The progress of a run (``simulate``, ``sweep``, ``ablate``, ``ladder``): a bar on a
terminal, plain periodic lines in a log file.

On a terminal the bar fits 80 columns (a long description is cut, never the counts) and a
finished task says how long it took, not "left 0:00:00". Where the output is not a terminal
(redirected to a file, a CI log) a bar is drawn only once, at the end, so the run prints a
line when a task starts, every :data:`LINE_SECONDS` and when it ends instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TaskID, TextColumn
from rich.table import Column
from rich.text import Text

LINE_SECONDS = 30.0
"""How often a run not on a terminal prints its progress line."""
DESCRIPTION_WIDTH = 26
"""The widest description on the bar (a longer one ends in an ellipsis)."""


def clock(seconds: float) -> str:
    """``0:03:07`` (whole seconds).

    >>> clock(187.4), clock(0.2)
    ('0:03:07', '0:00:00')
    """
    return str(timedelta(seconds=int(max(0.0, seconds))))


def rate_text(speed: float | None) -> str:
    """Games per second, short: ``12.3/s`` (blank before the first game).

    >>> rate_text(12.34), rate_text(None), rate_text(0.04)
    ('12.3/s', '', '0.04/s')
    """
    if speed is None:
        return ""
    return f"{speed:.2f}/s" if speed < 0.1 else f"{speed:.1f}/s"


class RateColumn(ProgressColumn):
    """Games per second over the games played in this run (resumed games left out)."""

    def render(self, task: Task) -> Text:
        """``12.3/s`` (blank until a game of this run has finished)."""
        return Text(rate_text(task.finished_speed or task.speed), style="cyan")


class TimeColumn(ProgressColumn):
    """While running, the time left (``eta 0:03:07``); once finished, the time it took
    (``in 0:12:42``), so a finished run never reads "left 0:00:00"."""

    max_refresh = 0.5

    def render(self, task: Task) -> Text:
        """The time left, or taken."""
        if task.finished:
            return Text(f"in {clock(task.finished_time or task.elapsed or 0.0)}", style="green")
        left = task.time_remaining
        return Text("eta -:--:--" if left is None else f"eta {clock(left)}", style="yellow")


def bar(out: Console) -> Progress:
    """The bar of a terminal: description (cut to fit), bar, games done of all, games per
    second, time left or taken: at most about 75 columns."""
    return Progress(
        TextColumn("[bold]{task.description}",
                   table_column=Column(max_width=DESCRIPTION_WIDTH, no_wrap=True, overflow="ellipsis")),
        BarColumn(bar_width=14), MofNCompleteColumn(), RateColumn(), TimeColumn(),
        console=out,
    )


class LineProgress:
    """Progress as plain lines (``Progress``'s methods the commands use): a line when a task
    starts, every ``seconds`` while it runs, and when it ends."""

    def __init__(self, out: Console, seconds: float = LINE_SECONDS,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.out = out
        self.seconds = seconds
        self.now = now
        self._tasks: dict[TaskID, dict[str, Any]] = {}

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def add_task(self, description: str, total: float | None = None, **_: Any) -> TaskID:
        """A new task; its first line comes with :meth:`reset` or its first game."""
        task = TaskID(len(self._tasks))
        self._tasks[task] = {"description": description, "total": int(total or 0), "done": 0,
                             "resumed": 0, "start": self.now(), "printed": None, "ended": False}
        return task

    def reset(self, task: TaskID, total: float | None = None, completed: int = 0, **_: Any) -> None:
        """The task starts (``completed`` games already in the file, not counted in the speed)."""
        entry = self._tasks[task]
        entry.update(total=int(total if total is not None else entry["total"]), done=completed,
                     resumed=completed, start=self.now(), ended=False)
        self._line(task, "resumed at" if completed else "started")

    def advance(self, task: TaskID, advance: float = 1) -> None:
        """One more game done: a line if ``seconds`` have passed, or the task is finished."""
        entry = self._tasks[task]
        entry["done"] += int(advance)
        if entry["total"] and entry["done"] >= entry["total"]:
            self._line(task, "done")
        elif entry["printed"] is None or self.now() - entry["printed"] >= self.seconds:
            self._line(task)

    def stop(self) -> None:
        """Nothing to clear (lines are already written)."""

    def _line(self, task: TaskID, state: str = "") -> None:
        entry = self._tasks[task]
        if entry["ended"]:
            return
        now = self.now()
        elapsed = now - entry["start"]
        played = entry["done"] - entry["resumed"]
        speed = played / elapsed if played and elapsed > 0 else None
        parts = [f"{entry['description']}: {entry['done']}/{entry['total']} games"]
        if speed is not None:
            parts.append(rate_text(speed))
        if state == "done":
            parts.append(f"done in {clock(elapsed)}")
            entry["ended"] = True
        else:
            if state:
                parts.append(state)
            if speed is not None and entry["total"] > entry["done"]:
                parts.append(f"eta {clock((entry['total'] - entry['done']) / speed)}")
        entry["printed"] = now
        self.out.print(Text(", ".join(parts)), soft_wrap=True)


RunProgress = Progress | LineProgress
"""What a command drives: the bar or the lines."""


def run_progress(out: Console) -> RunProgress:
    """The bar on a terminal, periodic lines elsewhere."""
    return bar(out) if out.is_terminal else LineProgress(out)
