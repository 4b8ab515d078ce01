"""The progress of a run: a bar that fits 80 columns, plain lines in a log file."""

from __future__ import annotations

import io

from rich.console import Console

from soulforge.cli.progress import LineProgress, bar, run_progress


def terminal(width: int = 80) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, force_terminal=True, color_system=None), out


def rendered(console: Console, out: io.StringIO, progress: object) -> str:
    assert hasattr(progress, "make_tasks_table") and hasattr(progress, "tasks")
    console.print(progress.make_tasks_table(progress.tasks))
    return out.getvalue()


def test_the_bar_keeps_its_numbers_at_80_columns() -> None:
    """At 80 columns the bar read "40/… 4.1 0:00… left 0:00…"."""
    console, out = terminal()
    progress = bar(console)
    task = progress.add_task("soulshards: hard vs normal, seed 0", total=1000)
    progress.update(task, completed=400)
    line = rendered(console, out, progress).rstrip("\n")
    assert len(line) <= 80 and "400/1000" in line and "eta " in line
    assert line.startswith("soulshards: hard vs normal"[:20]) and "…" in line.split("400/1000")[0]


def test_a_finished_task_says_how_long_it_took() -> None:
    """A finished run read "0:12:42 left 0:00:00"."""
    console, out = terminal()
    progress = bar(console)
    task = progress.add_task("five_realms", total=3)
    progress.update(task, completed=3)
    line = rendered(console, out, progress)
    assert "3/3" in line and " in 0:00:" in line and "left" not in line and "eta" not in line


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_log_file_gets_periodic_lines() -> None:
    """Redirected to a file, the bar appeared once, at the end."""
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    assert isinstance(run_progress(console), LineProgress), "not a terminal: lines"
    clock = Clock()
    with LineProgress(console, seconds=30, now=clock) as progress:
        task = progress.add_task("kipukas: easy vs easy", total=10)
        progress.reset(task, total=10, completed=2)
        for _ in range(8):
            clock.now += 10
            progress.advance(task)
    lines = out.getvalue().splitlines()
    assert lines[0] == "kipukas: easy vs easy: 2/10 games, resumed at"
    assert lines[1:] == [
        "kipukas: easy vs easy: 5/10 games, 0.1/s, eta 0:00:50",  # 30 s after the start
        "kipukas: easy vs easy: 8/10 games, 0.1/s, eta 0:00:20",  # 30 s later
        "kipukas: easy vs easy: 10/10 games, 0.1/s, done in 0:01:20",  # no "eta 0:00:00"
    ]
