"""The AI levels offered by the web table and the terminal: easy, normal, hard.

Each level is an agent spec (see :func:`soulforge.agents.load`); a game whose turns the
generic levels play badly declares its own specs as data (``Game.agent_levels``). Levels
are deterministic for a given seed; a ``time_limit`` override (seconds) caps the thinking
time at the cost of that determinism when it binds. The matches that chose them are in
``soulforge/agents/NOTES.md``.
"""

from __future__ import annotations

from typing import Any

from soulforge.agents.base import Agent
from soulforge.core import Game

LEVELS: dict[str, str] = {
    "easy": "greedy:samples=1,noise=0.2",
    "normal": "ismcts:iterations=400",
    "hard": "ismcts:iterations=1500",
}


def level_spec(level: str, game: Game | None = None) -> str:
    """The agent spec of ``level``: ``game``'s own (``Game.agent_levels``), else the generic one.

    >>> level_spec("hard")
    'ismcts:iterations=1500'
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {list(LEVELS)}")
    own = game.agent_levels.get(level) if game is not None else None
    return own or LEVELS[level]


def for_level(level: str, seed: int = 0, game: Game | None = None, **overrides: Any) -> Agent:
    """The agent playing ``game`` at ``level`` ("easy", "normal" or "hard"), seeded with ``seed``.

    >>> for_level("normal", seed=3).name
    'ismcts'
    """
    from soulforge.agents import load

    return load(level_spec(level, game), seed=seed, **overrides)
