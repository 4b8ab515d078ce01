"""Every int with a meaning in the state, named once: pieces, positions, phases, flags.

- A *kind* is a character's index in soulgivers.toml (0..9); both teams have the same ten.
- A *piece* is one team's Soulgiver: ``team * KIND_COUNT + kind`` (:func:`piece_of`); a
  Soul keeps the number of the piece it belonged to.
- A piece's *position* is a cell (0..99), ``PORTAL + i`` while it waits on Portal ``i``,
  or ``OFF`` (-1) when it is not in the game.
- Sets of pieces that last a turn (declared, Stasis...) are bit masks (:func:`bit`).
- The *phase* says who decides and what about (:class:`Phase`, the steps of ``rules/__init__.py``).
"""

from __future__ import annotations

from typing import NewType

from soulforge.games.soulgivers.board import CELL_COUNT
from soulforge.games.soulgivers.data import CHARS

Kind = int
Piece = int
Team = int

KIND_COUNT = len(CHARS)
KINDS = range(KIND_COUNT)
TEAMS = (0, 1)
PIECE_COUNT = len(TEAMS) * KIND_COUNT
PIECES = range(PIECE_COUNT)
NONE = -1
"""No piece (an empty cell, nobody carrying the Fragment, no Active Soulgiver, no Soul)."""


def piece_of(team: Team, kind: Kind) -> Piece:
    """The piece of ``kind`` in ``team``."""
    return team * KIND_COUNT + kind


def team_of(piece: Piece) -> Team:
    return piece // KIND_COUNT


def kind_of(piece: Piece) -> Kind:
    return piece % KIND_COUNT


OTHER: tuple[Team, Team] = (1, 0)
"""OTHER[team]: the opposing team (seat)."""


TEAM_PIECES: tuple[tuple[Piece, ...], ...] = tuple(
    tuple(piece_of(team, kind) for kind in KINDS) for team in TEAMS
)
"""The pieces of each team."""


BIT: tuple[int, ...] = tuple(1 << p for p in PIECES)
"""BIT[piece]: the piece's bit in a set of pieces held as a mask."""


TEAM_SHIFT: tuple[int, int] = (0, KIND_COUNT)
"""A team's pieces are its kinds' bits shifted by this (``piece_of``)."""
KIND_MASK = (1 << KIND_COUNT) - 1
TEAM_MASK: tuple[int, ...] = tuple(KIND_MASK << shift for shift in TEAM_SHIFT)
"""TEAM_MASK[team]: the bits of the team's pieces in a mask."""
TEAM_MEMBERS: tuple[tuple[tuple[Piece, ...], ...], ...] = tuple(
    tuple(tuple(piece_of(team, k) for k in KINDS if kinds & 1 << k) for kinds in range(KIND_MASK + 1))
    for team in TEAMS
)
"""TEAM_MEMBERS[team][kinds]: the team's pieces of the kinds in the mask ``kinds``, in order."""


def team_members(mask: int, team: Team) -> tuple[Piece, ...]:
    """The pieces of ``team`` in ``mask`` (a mask of pieces), in order: one lookup."""
    return TEAM_MEMBERS[team][mask >> TEAM_SHIFT[team] & KIND_MASK]


def members(mask: int) -> list[Piece]:
    """The pieces of a mask, in order."""
    return [p for p in PIECES if mask & (1 << p)]


# -- positions -------------------------------------------------------------------------------
OFF = -1
"""The position of a piece out of the game (in the deck, chosen, or destroyed)."""
PORTAL = CELL_COUNT
"""Positions from ``PORTAL`` on are Portals: ``PORTAL + i`` is Portal ``i``."""


def at_portal(portal: int) -> int:
    """The position of a piece waiting on Portal ``portal``."""
    return PORTAL + portal


def portal_at(position: int) -> int:
    """The Portal a position on a Portal stands for."""
    return position - PORTAL


def on_board(position: int) -> bool:
    return 0 <= position < PORTAL


def position_masks(pos: list[int]) -> tuple[int, int]:
    """The masks of the pieces in play (on the board or a Portal) and of those on the board,
    computed afresh from the positions (the state keeps both: ``SoulgiversState.in_play``)."""
    in_play = on_cells = 0
    for p, position in enumerate(pos):
        if position >= 0:
            in_play |= 1 << p
            if on_board(position):
                on_cells |= 1 << p
    return in_play, on_cells


# -- phases ------------------------------------------------------------------------------------
Phase = NewType("Phase", int)
"""A decision point of the game: a step of the flow (plain ints: the state copies them free)."""
SWAP, PICK, PLACE, KEEP, REFILL, MAIN, RESPONSE, POP, RETURN, EXIT, OVER = (Phase(i) for i in range(11))
SETUP = frozenset((SWAP, PICK, PLACE))
PHASE_NAMES = ("swap", "pick", "place", "keep", "refill", "main", "response", "population", "return",
               "exit", "over")
"""Each phase's name in views."""

# -- what the Active Soulgiver has done this activation (state.done) ---------------------------
MOVED, MOVE_ENDED, ABSORBED, COLLECTED, PASSED, DROPPED, ATTACKED, ABIL_OWN, ABIL_SOUL = (
    1 << i for i in range(9)
)
DONE_NAMES = ((MOVED, "moved"), (MOVE_ENDED, "movement ended"), (ABSORBED, "soul acquisition"),
              (COLLECTED, "fragment collection"), (PASSED, "passing"), (DROPPED, "dropping"),
              (ATTACKED, "attack"), (ABIL_OWN, "ability"), (ABIL_SOUL, "soul ability"))
"""Each flag's name in views."""
