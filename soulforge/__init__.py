"""Soulforge: a digital table for five tabletop games.

>>> import soulforge
>>> "five_realms" in soulforge.GAMES
True
>>> state = soulforge.load("five_realms").new_game(seed=7)
>>> state.current_player in (0, 1)
True
"""

import os

# Before any submodule is imported: compiled ones (make install, docs/native.md) are skipped
# when asked to, or when a source changed since they were built (never old code).
if os.environ.get("SOULFORGE_PURE"):
    from soulforge._pure import prefer_sources

    prefer_sources()
else:
    from soulforge._pure import fall_back_if_stale

    fall_back_if_stale()

from soulforge.core import Action, IllegalAction, Record, State
from soulforge.core.game import Game
from soulforge.games import GAMES, load

__all__ = ["GAMES", "Action", "Game", "IllegalAction", "Record", "State", "load"]
__version__ = "0.1.0"
