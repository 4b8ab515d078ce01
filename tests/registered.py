"""The registered games as the tests read them, from the registry (``soulforge.GAMES``),
never from a list of their own: a game registered later is tested without editing them.

``soulforge.GAMES`` is bound when ``soulforge`` is imported, so the toy games a test
registers for itself (``tests/toy.py``) are not among these.
"""

from __future__ import annotations

import soulforge
from soulforge.games import game_class

GAMES: tuple[str, ...] = soulforge.GAMES
"""Every registered game."""


def deck_options(game_id: str) -> tuple[str, ...]:
    """The names of a game's deck options (a built-in deck or a deck list's text)."""
    return tuple(option.name for option in game_class(game_id).option_specs if option.deck)


DECK_GAMES: tuple[str, ...] = tuple(game_id for game_id in GAMES if deck_options(game_id))
"""The games whose players bring a deck (their options take deck lists)."""
