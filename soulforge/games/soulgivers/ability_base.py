"""The base of Soulgivers' Abilities and helpers shared by them (rulebook 9).

An Ability is a named piece of code that soulgivers.toml refers to (registered in
``cards.py``). It offers its options as ``(x, y)`` pairs, bounded by ``domain`` (the game's
fixed action index), and says what ``x`` and ``y`` mean in ``label`` and ``handles``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers.board import (
    BORDER,
    DEAD,
    INTER,
    WALL,
)
from soulforge.games.soulgivers.consequences import (
    barrier_at,
    can_cover,
)
from soulforge.games.soulgivers.data import DATA, SHORT_NAMES
from soulforge.games.soulgivers.encoding import PORTAL, Piece, kind_of, team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

Option = tuple[int, int]
TEAM_WORDS = tuple(p.name.removesuffix("s") for p in DATA.populations)
"""A piece's team in Ability labels, by seat ("Shell" for the first seat: a label cannot see
which population a seat plays)."""


def piece_name(p: Piece) -> str:
    """E.g. "Shell Runner"."""
    return f"{TEAM_WORDS[team_of(p)]} {SHORT_NAMES[kind_of(p)]}"


class Ability:
    """Base: no options. ``decay_cost`` > 0: paid in Decay instead of a Tribute Essence."""

    name = ""
    decay_cost = 0

    def domain(self) -> Iterable[Option]:
        return ()

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        raise NotImplementedError

    def label(self, x: int, y: int) -> str:
        return f"{self.name} {x} {y}"

    def handles(self, x: int, y: int) -> ClickPath:
        """What is clicked, after the Ability, to choose the option ``(x, y)``."""
        return ()

    def path(self, x: int, y: int) -> ClickPath:
        return (f"ability:{self.name}", *self.handles(x, y))


def targetable(s: SoulgiversState, q: int) -> bool:
    """Superluminal Speed: no Ability or Anomaly may choose this piece as its target."""
    return 0 <= s.pos[q] < PORTAL and not s.caps(q).superluminal_speed


def all_board(s: SoulgiversState) -> list[Piece]:
    return s.board_pieces(0) + s.board_pieces(1)


def blocked(s: SoulgiversState, cell: int) -> bool:
    """An obstacle for being pushed or charged through."""
    if cell < 0:
        return True
    e = s.eff[cell]
    return s.occ[cell] >= 0 or e in (WALL, DEAD, BORDER) or barrier_at(s, cell)


def placeable(s: SoulgiversState, cell: int) -> bool:
    return can_cover(s, cell) and s.printed[cell] != INTER and not barrier_at(s, cell)
