"""The AI levels offered by the web table and the terminal: easy, normal, hard.

Each level is an agent spec (see :func:`soulforge.agents.load`), chosen from seeded
matches on Five Realms (seats swapped game by game; one core shared with other work):

- ``easy``: greedy one-ply lookahead on one determinization with Gaussian noise (sd 0.2)
  on its heuristic scores: it sees obvious gains but blunders now and then. It won
  35 of 40 games against random play and 11.5 of 40 against plain greedy.
- ``normal``: ISMCTS, 400 iterations, random rollouts of 20 moves then the game's
  heuristic: about 0.45 s a move (0.6 s at most over 12 positions). It won 10 of 10
  against ``easy`` and 8.5 of 10 against plain greedy.
- ``hard``: ISMCTS, 1500 iterations, the same rollouts: about 1.5 s a move (2 s at
  most). It won 5 of 8 against ``normal``.

Heuristic guidance (``widen``, ``bias``, ``rollout=greedy``; see ``ismcts.py``) is not in
the levels: at Five Realms, 200 iterations with heuristic leaves won 15 of 20 against
greedy with ``widen=1`` or ``widen=0.5``, 16.5 of 20 without (same seeds), at twice the
time a move; at Soul of Ankiril (200 iterations, exploration 0.1) 1 of 4 with ``widen=1``
or ``0.5`` against greedy, as without. It is what beats greedy at Soulgivers (150
iterations, ``widen=0.5``: 11 of 12 games over two seeds; without it 2 of 6).

A game whose turns the generic levels play badly declares its own specs as data
(``Game.agent_levels``): at Soul of Ankiril ISMCTS with random rollouts is far below
greedy play; its normal level searches with heuristic leaves from greedy's scores of the
root's actions (``root_follow=4``), and its hard level plays greedy's best first moves
through the rest of the turn and the opponent's answer (``rollout="reply"``, greedy
follow-ups on both sides, ``keep_plan``): 50 of 72 paired games against greedy, deals
swept 16 to 2 (that game's NOTES.md).

Levels are deterministic for a given seed; a ``time_limit`` override (seconds) caps the
thinking time at the cost of that determinism when it binds.
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
