"""Soul of Ankiril's actions in words (``AnkirilState.describe``): the pieces by name and the
terrains by the board's coordinates, for the buttons and the log.

An action's ``__str__`` knows only its fields, cell numbers the board does not draw ("attack
from cell 31 to cell 37", issue 30 item 9). Here a Creature is named by its card, an
Emanation by its seat, and every terrain by the name its hexagon shows (``Board.name``: row
letter, A being seat 0's back row, and column number, drawn in an empty terrain and in every
terrain's hover text). Every piece on the battlefield is public, so the words suit every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soul_of_ankiril.actions import (
    Activate,
    Attack,
    Cast,
    Move,
    PlaceLeader,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.model import EMPTY

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


def describe(st: AnkirilState, action: Action) -> str:
    """``action`` with its cells told by what stands there and the board's coordinates."""
    where = st.board.name
    match action:
        case PlaceLeader(cell=cell):
            return f"place the Leader at {where(cell)}"
        case Summon(card=card, cell=cell):
            return f"summon {card} at {where(cell)}"
        case Resummon(cell=cell):
            return f"resummon the Leader at {where(cell)}"
        case Cast(card=card, via=via, target=target):
            channel = "" if via < 0 else f" through {on(st, via)}"
            aim = "" if target < 0 else f" on {on(st, target)}"
            return f"cast {card}{channel}{aim}"
        case Move(src=src, dst=dst):
            return f"move {on(st, src)} to {where(dst)}"
        case Attack(src=src, dst=dst):
            return f"{on(st, src)} attacks {on(st, dst)}"
        case Activate(src=src, target=target, mode=mode):
            which = ("Ability", "second Ability", "both Abilities")[mode]
            aim = "" if target < 0 else f" on {on(st, target)}"
            return f"{which} of {on(st, src)}{aim}"
    return str(action)


def on(st: AnkirilState, cell: int) -> str:
    """What stands on ``cell``, with the terrain's coordinates: "Damsha (C4)", "seat 1's
    Emanation (G2)", or the coordinates alone ("D5") where nothing does."""
    if not 0 <= cell < st.board.size:
        return f"cell {cell}"
    name = st.board.name(cell)
    uid = st.occ[cell]
    if uid != EMPTY and uid in st.units:
        return f"{st.units[uid].card.name} ({name})"
    for seat, cells in enumerate(st.board.emanation_cells):
        if cell in cells:
            return f"seat {seat}'s Emanation ({name})"
    return name
