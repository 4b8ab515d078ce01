"""The actions of Soul of Ankiril: one per choice of the Strategy and Combat phase.

Cells are board cell numbers; ``-1`` stands for "no cell" (no target, or any Channeler).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from soulforge.core.action import Action


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceLeader(Action):
    """Setup step 8: put the Leader token on a Leader deployment terrain."""

    kind: ClassVar[str] = "place_leader"
    cell: int

    def __str__(self) -> str:
        return f"place Leader at cell {self.cell}"


@dataclasses.dataclass(frozen=True, slots=True)
class Summon(Action):
    """Summon an Ally from hand for 1 Energy."""

    kind: ClassVar[str] = "summon"
    card: str
    cell: int

    def __str__(self) -> str:
        return f"summon {self.card} at cell {self.cell}"


@dataclasses.dataclass(frozen=True, slots=True)
class Resummon(Action):
    """Resummon the defeated Leader for X Energy (the arrow indicator)."""

    kind: ClassVar[str] = "resummon"
    cell: int

    def __str__(self) -> str:
        return f"resummon Leader at cell {self.cell}"


@dataclasses.dataclass(frozen=True, slots=True)
class Recharge(Action):
    """Spend 1 Energy to shift the defeated Leader's arrow one position."""

    kind: ClassVar[str] = "recharge"

    def __str__(self) -> str:
        return "recharge Leader"


@dataclasses.dataclass(frozen=True, slots=True)
class Cast(Action):
    """Cast a Spell for 1 Energy through a Channeler (``via`` -1: any Channeler will do)."""

    kind: ClassVar[str] = "cast"
    card: str
    via: int
    target: int

    def __str__(self) -> str:
        via = "" if self.via < 0 else f" via cell {self.via}"
        target = "" if self.target < 0 else f" on cell {self.target}"
        return f"cast {self.card}{via}{target}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    src: int
    dst: int

    def __str__(self) -> str:
        return f"move cell {self.src} to cell {self.dst}"


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: ClassVar[str] = "attack"
    src: int
    dst: int

    def __str__(self) -> str:
        return f"attack from cell {self.src} to cell {self.dst}"


@dataclasses.dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate a Creature's Ability; ``mode`` 0/1 picks it, 2 is both (Intuition, 1 Energy)."""

    kind: ClassVar[str] = "ability"
    src: int
    target: int
    mode: int

    def __str__(self) -> str:
        which = ("", " (second)", " (both)")[self.mode]
        target = "" if self.target < 0 else f" on cell {self.target}"
        return f"ability of cell {self.src}{which}{target}"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw a card for 1 Energy (up to six in hand)."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw a card (1 Energy)"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the Strategy and Combat phase: draw, deplete Energy, end the turn."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceLeader, Summon, Resummon, Recharge, Cast, Move, Attack, Activate, DrawCard, EndTurn,
)
