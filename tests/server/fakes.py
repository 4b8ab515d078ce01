"""Scripted AI agents for the server's tests. A worker process unpickles them by importing
this module, so it imports nothing but the core: a worker starts in a fraction of a second."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from soulforge.core import Action, State

HANG_GUARD = 120.0
"""Seconds a test waits for the server before it calls it a hang (not a measure of speed)."""


class First:
    """Plays the first legal action (a stand-in for a search that ends)."""

    name = "first"

    def act(self, state: State, player: int) -> Action:
        return state.legal_actions()[0]


class Passive:
    """A scripted AI of the toy game: chooses a prize or passes, never reveals nor draws (undo
    stays possible)."""

    name = "passive"

    def act(self, state: State, player: int) -> Action:
        return next(a for a in state.legal_actions() if a.kind in ("choose", "pass"))


class SlowAgent:
    """Thinks until the file ``release`` exists (the test makes it: no timing), then plays the
    first legal action; remembers in which process it thought."""

    name = "slow"

    def __init__(self, release: Path) -> None:
        self.release = release
        self.thought_in: list[int] = []

    def act(self, state: State, player: int) -> Action:
        while not self.release.exists():
            time.sleep(0.02)
        self.thought_in.append(os.getpid())
        return state.legal_actions()[0]


class Killer:
    """Kills the process it thinks in, as a crash in native code or the OOM killer would."""

    name = "killer"

    def act(self, state: State, player: int) -> Action:
        os._exit(1)


class Held:
    """Thinks until the test lets it go (a ``threading.Event``: threads only)."""

    name = "held"

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def act(self, state: State, player: int) -> Action:
        self.release.wait(HANG_GUARD)
        return state.legal_actions()[0]


THINKING_MARK = "SOULFORGE_TEST_THINKING"
"""Environment variable: the file a :class:`Stubborn` agent creates when it starts thinking."""


class Stubborn:
    """Thinks for ever (a hard AI's long think, made endless), having first created the file
    named by ``$SOULFORGE_TEST_THINKING``: a test knows the AI is thinking, without a clock."""

    name = "stubborn"

    def act(self, state: State, player: int) -> Action:
        Path(os.environ[THINKING_MARK]).touch()
        while True:
            time.sleep(1)
