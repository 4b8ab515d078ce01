"""Type aliases that give the engine's ints a meaning.

Games use these (and their own ``NewType``/``IntEnum`` for pieces) where a bare int would
say nothing: a seat is not a cell, a cell is not a card.
"""

from __future__ import annotations

from typing import NewType

from soulforge.core.log import Seat

Cell = NewType("Cell", int)
"""A place on a board, numbered by the game (row-major where the board is a grid)."""
CardId = NewType("CardId", int)
"""One physical card of a game (copies of the same card have different ids)."""
Count = int
"""A number of things (cards, points, Energy)."""

__all__ = ["CardId", "Cell", "Count", "Seat"]
