"""The base of Soulgivers' Abilities and helpers shared by them (rulebook 9)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import (
    BORDER,
    DEAD,
    INTER,
    WALL,
)
from soulforge.games.soulgivers.effects import (
    barrier_at,
    can_cover,
)
from soulforge.games.soulgivers.state import CHARS, PORTAL

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

Option = tuple[int, int]
RANGE: dict[str, int] = {name: value for c in CHARS for name, value in c.ranges.items()}
KIND = ("Runner", "Protector", "Architect", "Volomancer", "Spacewalker", "Confuser", "Blower",
        "Patcher", "Holemaker", "Ghost")


def piece_name(p: int) -> str:
    return f"{'Shell' if p < 10 else 'Specter'} {KIND[p % 10]}"


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


def targetable(s: SoulgiversState, q: int) -> bool:
    """Superluminal Speed: no Ability or Anomaly may choose this piece as its target."""
    return 0 <= s.pos[q] < PORTAL and not s.caps(q).untargetable


def all_board(s: SoulgiversState) -> list[int]:
    return s.board_pieces(0) + s.board_pieces(1)


def blocked(s: SoulgiversState, cell: int) -> bool:
    """An obstacle for being pushed or charged through."""
    if cell < 0:
        return True
    e = s.eff[cell]
    return s.occ[cell] >= 0 or e in (WALL, DEAD, BORDER) or barrier_at(s, cell)


def placeable(s: SoulgiversState, cell: int) -> bool:
    return can_cover(s, cell) and s.printed[cell] != INTER and not barrier_at(s, cell)
