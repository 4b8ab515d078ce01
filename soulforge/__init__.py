"""Soulforge: a digital table for five tabletop games.

>>> import soulforge
>>> "five_realms" in soulforge.GAMES
True
>>> state = soulforge.load("five_realms").new_game(seed=7)
>>> state.current_player in (0, 1)
True
"""

import os

if os.environ.get("SOULFORGE_PURE"):  # before any submodule: compiled ones are skipped
    from soulforge._pure import prefer_sources

    prefer_sources()

from soulforge.core import Action, IllegalAction, Record, State
from soulforge.core.game import Game
from soulforge.games import GAMES, load

__all__ = ["GAMES", "Action", "Game", "IllegalAction", "Record", "State", "load"]
__version__ = "0.1.0"
