"""The actions of Soulgivers: one small frozen dataclass per kind of decision.

Parameters are bounded (cells 0..99, tiles 0..24, directions 0..3, kinds 0..9: see
``encoding.py``) so the game has a fixed action index. A ``card`` is a character's kind.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from soulforge.core import Action
from soulforge.core.interned import interning
from soulforge.games.soulgivers.board import CELLS, DIR_NAMES, DIRECTIONS, TURNS, cell_name
from soulforge.games.soulgivers.cards import ABILITIES, CARDS
from soulforge.games.soulgivers.data import SHORT_NAMES
from soulforge.games.soulgivers.encoding import KINDS, PIECES, kind_of


@dataclasses.dataclass(frozen=True, slots=True)
class SwapTile(Action):
    """Setup step 12: swap the tile next to your Portal ``slot`` with ``tile``, rotated."""

    kind: ClassVar[str] = "swap"
    slot: int
    tile: int
    rot: int

    def __str__(self) -> str:
        which = ("first", "second")[self.slot]  # a seat's two Portals, by their numbers
        return f"swap the tile before your {which} Portal with tile {self.tile}, turned {90 * self.rot}°"


@dataclasses.dataclass(frozen=True, slots=True)
class SkipSwap(Action):
    kind: ClassVar[str] = "skip_swap"

    def __str__(self) -> str:
        return "keep the tiles as they are"


@dataclasses.dataclass(frozen=True, slots=True)
class Pick(Action):
    """Setup step 13: secretly choose a starting Soulgiver."""

    kind: ClassVar[str] = "pick"
    card: int

    def __str__(self) -> str:
        return f"choose {SHORT_NAMES[self.card]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a chosen Soulgiver on one of your Portals."""

    kind: ClassVar[str] = "place"
    card: int
    portal: int

    def __str__(self) -> str:
        return f"place {SHORT_NAMES[self.card]} on portal {self.portal}"


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    """Replacing a Soulgiver: keep one of the two cards drawn."""

    kind: ClassVar[str] = "keep"
    card: int

    def __str__(self) -> str:
        return f"keep {SHORT_NAMES[self.card]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Declare(Action):
    kind: ClassVar[str] = "declare"
    card: int

    def __str__(self) -> str:
        return f"activate {SHORT_NAMES[self.card]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Enter(Action):
    """First movement step from a Portal onto the board."""

    kind: ClassVar[str] = "enter"
    cell: int

    def __str__(self) -> str:
        return f"enter at {cell_name(self.cell)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Step(Action):
    kind: ClassVar[str] = "step"
    dir: int

    def __str__(self) -> str:
        return f"step {DIR_NAMES[self.dir]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Rotate(Action):
    kind: ClassVar[str] = "rotate"
    turns: int

    def __str__(self) -> str:
        return f"rotate shields {90 * self.turns} degrees"


@dataclasses.dataclass(frozen=True, slots=True)
class Absorb(Action):
    kind: ClassVar[str] = "absorb"
    soul: int

    def __str__(self) -> str:
        return f"absorb the Soul of the {SHORT_NAMES[kind_of(self.soul)]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Collect(Action):
    kind: ClassVar[str] = "collect"

    def __str__(self) -> str:
        return "collect the Fragment"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"
    dir: int

    def __str__(self) -> str:
        return f"pass the Fragment {DIR_NAMES[self.dir]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Drop(Action):
    kind: ClassVar[str] = "drop"

    def __str__(self) -> str:
        return "drop the Fragment"


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: ClassVar[str] = "attack"
    dir: int

    def __str__(self) -> str:
        return f"Attack: Destruction {DIR_NAMES[self.dir]}"


@dataclasses.dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """A Soulgiver's Ability; ``x`` and ``y`` mean what the ability says (its piece in cards.py)."""

    kind: ClassVar[str] = "ability"
    name: str
    x: int
    y: int

    def __str__(self) -> str:
        return ABILITIES[self.name].label(self.x, self.y)


@dataclasses.dataclass(frozen=True, slots=True)
class DrawAnomaly(Action):
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw an Anomaly"


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnAnomaly(Action):
    kind: ClassVar[str] = "return"
    card: str

    def __str__(self) -> str:
        return f"put {CARDS[self.card].name} back in the deck"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayAnomaly(Action):
    """Play an Anomaly; ``target`` is a piece, portal or tile as the card says (-1: none)."""

    kind: ClassVar[str] = "anomaly"
    card: str
    target: int

    def __str__(self) -> str:
        card = CARDS[self.card]
        return f"play {card.name}{card.on_target(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "let the activation go on"


@dataclasses.dataclass(frozen=True, slots=True)
class Population(Action):
    kind: ClassVar[str] = "population"

    def __str__(self) -> str:
        return "play the Population Ability"


@dataclasses.dataclass(frozen=True, slots=True)
class PopPlace(Action):
    kind: ClassVar[str] = "pop_place"
    cell: int

    def __str__(self) -> str:
        return f"place a population Modifier at {cell_name(self.cell)}"


@dataclasses.dataclass(frozen=True, slots=True)
class ExitHole(Action):
    """Wormhole: come out of a Black Hole."""

    kind: ClassVar[str] = "exit_hole"
    cell: int

    def __str__(self) -> str:
        return f"come out of the Black Hole at {cell_name(self.cell)}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end the turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    SwapTile, SkipSwap, Pick, Place, Keep, Declare, Enter, Step, Rotate, Absorb, Collect, Pass,
    Drop, Attack, UseAbility, DrawAnomaly, ReturnAnomaly, PlayAnomaly, Decline, Population,
    PopPlace, ExitHole, EndTurn,
)


# -- shared action objects: the rules list these (no new object per listed action) -----------------
DECLINE, DRAW, END, POPULATION, SKIP, COLLECT, DROP = (
    Decline(), DrawAnomaly(), EndTurn(), Population(), SkipSwap(), Collect(), Drop())
STEPS = tuple(Step(d) for d in DIRECTIONS)
ROTATIONS = tuple(Rotate(t) for t in TURNS)
ENTERS = tuple(Enter(c) for c in CELLS)
EXITS = tuple(ExitHole(c) for c in CELLS)
POP_PLACES = tuple(PopPlace(c) for c in CELLS)
PASSES = tuple(Pass(d) for d in DIRECTIONS)
ATTACKS = tuple(Attack(d) for d in DIRECTIONS)
ABSORBS = tuple(Absorb(p) for p in PIECES)
PICKS = tuple(Pick(k) for k in KINDS)
KEEPS = tuple(Keep(k) for k in KINDS)

# The listings' constructors of the actions whose fields are not known at import (a hand's
# cards, a table's Portals): one shared object per distinct fields (``core.interned``).
place_ = interning(Place)
return_anomaly_ = interning(ReturnAnomaly)
play_anomaly_ = interning(PlayAnomaly)
