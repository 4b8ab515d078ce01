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
from typing import TYPE_CHECKING, Any, Final

from soulforge.core import Action
from soulforge.core.memo import PerObject
from soulforge.games.soul_of_ankiril import words
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
    words = line(st, action)
    return str(words[0](*words[1:]))


def line(st: AnkirilState, action: Action) -> tuple[Any, ...]:
    """``action``'s words function (``words.py``, or ``str`` for an action its fields name)
    and its arguments, taken now: the log makes the text only when it is read
    (``words.said``), with the pieces that stood on the cells before the action."""
    values = _VALUES.get(type(action))
    return (str, action) if values is None else values(st, action)


# One function per kind, found by type: the log describes every move a playout makes.
def _place_leader(st: AnkirilState, a: PlaceLeader) -> tuple[Any, ...]:
    return words.place_leader, st.board.names, a.cell


def _summon(st: AnkirilState, a: Summon) -> tuple[Any, ...]:
    return words.summon, st.board.names, a.card, a.cell


def _resummon(st: AnkirilState, a: Resummon) -> tuple[Any, ...]:
    return words.resummon, st.board.names, a.cell


def _cast(st: AnkirilState, a: Cast) -> tuple[Any, ...]:
    board = st.board
    return (words.cast, terrain_words(board), board.names, a.card,
            a.via, piece_on(st, a.via), a.target, piece_on(st, a.target))


def _move(st: AnkirilState, a: Move) -> tuple[Any, ...]:
    board = st.board
    return (words.move, terrain_words(board), board.names,
            a.src, piece_on(st, a.src), a.dst)


def _attack(st: AnkirilState, a: Attack) -> tuple[Any, ...]:
    board = st.board
    return (words.attack, terrain_words(board), board.names,
            a.src, piece_on(st, a.src), a.dst, piece_on(st, a.dst))


def _activate(st: AnkirilState, a: Activate) -> tuple[Any, ...]:
    board = st.board
    return (words.activate, terrain_words(board), board.names,
            a.mode, a.src, piece_on(st, a.src), a.target, piece_on(st, a.target))


_VALUES: dict[type[Action], Callable[[AnkirilState, Any], tuple[Any, ...]]] = {
    PlaceLeader: _place_leader, Summon: _summon, Resummon: _resummon, Cast: _cast, Move: _move,
    Attack: _attack, Activate: _activate,
}


def piece_on(st: AnkirilState, cell: int) -> str | None:
    """The name of the Creature on ``cell``; None for none (an empty terrain, an Emanation,
    a cell off the battlefield)."""
    if not 0 <= cell < len(st.occ):
        return None
    c = st.units.get(st.occ[cell])
    return None if c is None else c.card.name


def on(st: AnkirilState, cell: int) -> str:
    """What stands on ``cell``, with the terrain's coordinates: "Damsha (C4)", "seat 1's
    Emanation (G2)", or the coordinates alone ("D5") where nothing does."""
    board = st.board
    terrains = terrain_words(board)
    return words.on(terrains, board.names, cell, piece_on(st, cell))


def _terrain_words(board: Board) -> tuple[str, ...]:
    seat_of = {cell: seat for seat, cells in enumerate(board.emanation_cells) for cell in cells}
    return tuple(
        name if cell not in seat_of else f"seat {seat_of[cell]}'s Emanation ({name})"
        for cell, name in enumerate(board.names))


terrain_words: Final[PerObject[Board, tuple[str, ...]]] = PerObject(_terrain_words, size=64)
"""Each terrain of a board in words when no Creature stands there (the log names the cells of
every move): made once per board."""
