"""Soul of Ankiril's actions in words (``AnkirilState.describe``): the pieces by name and the
terrains by the board's coordinates, for the buttons and the log.

An action's ``__str__`` knows only its fields, cell numbers the board does not draw ("attack
from cell 31 to cell 37", issue 30 item 9). Here a Creature is named by its card, an
Emanation by its seat, and every terrain by the name its hexagon shows (``Board.name``: row
letter, A being seat 0's back row, and column number, drawn in an empty terrain and in every
terrain's hover text). Every piece on the battlefield is public, so the words suit every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
from soulforge.games.soul_of_ankiril.board import Board

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


def describe(st: AnkirilState, action: Action) -> str:
    """``action`` with its cells told by what stands there and the board's coordinates."""
    words = _WORDS.get(type(action))
    return str(action) if words is None else words(st, action)


# One function per kind, found by type: the log describes every move a playout makes.
def _place_leader(st: AnkirilState, a: PlaceLeader) -> str:
    return f"place the Leader at {st.board.names[a.cell]}"


def _summon(st: AnkirilState, a: Summon) -> str:
    return f"summon {a.card} at {st.board.names[a.cell]}"


def _resummon(st: AnkirilState, a: Resummon) -> str:
    return f"resummon the Leader at {st.board.names[a.cell]}"


def _cast(st: AnkirilState, a: Cast) -> str:
    channel = "" if a.via < 0 else f" through {on(st, a.via)}"
    aim = "" if a.target < 0 else f" on {on(st, a.target)}"
    return f"cast {a.card}{channel}{aim}"


def _move(st: AnkirilState, a: Move) -> str:
    return f"move {on(st, a.src)} to {st.board.names[a.dst]}"


def _attack(st: AnkirilState, a: Attack) -> str:
    return f"{on(st, a.src)} attacks {on(st, a.dst)}"


def _activate(st: AnkirilState, a: Activate) -> str:
    which = ("Ability", "second Ability", "both Abilities")[a.mode]
    aim = "" if a.target < 0 else f" on {on(st, a.target)}"
    return f"{which} of {on(st, a.src)}{aim}"


_WORDS: dict[type[Action], Callable[[AnkirilState, Any], str]] = {
    PlaceLeader: _place_leader, Summon: _summon, Resummon: _resummon, Cast: _cast, Move: _move,
    Attack: _attack, Activate: _activate,
}


def on(st: AnkirilState, cell: int) -> str:
    """What stands on ``cell``, with the terrain's coordinates: "Damsha (C4)", "seat 1's
    Emanation (G2)", or the coordinates alone ("D5") where nothing does."""
    board = st.board
    words = _TERRAINS.get(id(board)) or _terrains(board)
    if not 0 <= cell < len(words):
        return f"cell {cell}"
    c = st.units.get(st.occ[cell])  # None: no Creature (an empty terrain or an Emanation)
    return words[cell] if c is None else f"{c.card.name} ({board.names[cell]})"


_TERRAINS: dict[int, tuple[str, ...]] = {}


def _terrains(board: Board) -> tuple[str, ...]:
    """Per board, once: each terrain in words when no Creature stands there (the log names
    the cells of every move)."""
    seat_of = {cell: seat for seat, cells in enumerate(board.emanation_cells) for cell in cells}
    found = _TERRAINS[id(board)] = tuple(
        name if cell not in seat_of else f"seat {seat_of[cell]}'s Emanation ({name})"
        for cell, name in enumerate(board.names))
    return found
