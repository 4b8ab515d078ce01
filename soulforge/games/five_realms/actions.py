"""The actions of Five Realms: one frozen dataclass per kind of decision.

A turn is several actions: place the drawn card, maybe choose the banner to collect,
recruit or influence, then the choices those lead to (which character, which council
member to discard, where an Imperial banner goes, the Warrior's steal-or-destroy, the
Witch's pick from the discard pile).
"""

from __future__ import annotations

import dataclasses

from soulforge.core import Action

FRAME = 5
"""Spots are cells of a 5x5 frame around the square; the cards always lie in rows and
columns 1..3 of it at the start of a turn, so every legal spot is in the frame."""
COLUMN_LETTERS = "abcde"


def spot_name(row: int, col: int) -> str:
    """'b2' for row 1, column 1 (columns are letters, rows are numbers from 1)."""
    return f"{COLUMN_LETTERS[col]}{row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the drawn card on an empty spot of the frame."""

    kind = "place"
    row: int
    col: int

    def __str__(self) -> str:
        return f"place at {spot_name(self.row, self.col)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Collect(Action):
    """Collect every card of this banner from the square (placed next to other banners)."""

    kind = "collect"
    banner: str

    def __str__(self) -> str:
        return f"collect {self.banner}"


@dataclasses.dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Choose the RECRUIT action: look at the collected cards' characters."""

    kind = "recruit"

    def __str__(self) -> str:
        return "recruit (look at the characters)"


@dataclasses.dataclass(frozen=True, slots=True)
class Influence(Action):
    """Choose the INFLUENCE action: the collected cards go to your realm columns."""

    kind = "influence"

    def __str__(self) -> str:
        return "influence"


@dataclasses.dataclass(frozen=True, slots=True)
class Hire(Action):
    """Recruit this character among the collected cards (the others are discarded)."""

    kind = "hire"
    character: str

    def __str__(self) -> str:
        return f"recruit {self.character}"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    """Recruit nobody: every collected card goes to the discard pile."""

    kind = "decline"

    def __str__(self) -> str:
        return "decline (discard them all)"


@dataclasses.dataclass(frozen=True, slots=True)
class Dismiss(Action):
    """Discard this council member to make room for the new one (council of 4)."""

    kind = "dismiss"
    character: str

    def __str__(self) -> str:
        return f"dismiss {self.character}"


@dataclasses.dataclass(frozen=True, slots=True)
class Imperial(Action):
    """Put the next collected Imperial banner into this realm's column."""

    kind = "imperial"
    realm: str

    def __str__(self) -> str:
        return f"imperial to {self.realm}"


@dataclasses.dataclass(frozen=True, slots=True)
class Steal(Action):
    """Warrior / Warrior Monk: steal castles from the opponent."""

    kind = "steal"

    def __str__(self) -> str:
        return "steal a castle"


@dataclasses.dataclass(frozen=True, slots=True)
class Destroy(Action):
    """Warrior / Warrior Monk: destroy this opposing Character or Titan."""

    kind = "destroy"
    character: str

    def __str__(self) -> str:
        return f"destroy {self.character}"


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Action):
    """Witch: take this card from the discard pile (then recruit or influence it)."""

    kind = "take"
    character: str

    def __str__(self) -> str:
        return f"take {self.character} from the discard pile"


ACTION_TYPES: tuple[type[Action], ...] = (
    Place, Collect, Recruit, Influence, Hire, Decline, Dismiss, Imperial, Steal, Destroy, Take,
)


class ActionTable:
    """Every action built once per game (playouts reuse them) and the fixed index order."""

    def __init__(self, banners: tuple[str, ...], realms: tuple[str, ...], names: tuple[str, ...],
                 council_names: tuple[str, ...]) -> None:
        self.place = tuple(Place(c // FRAME, c % FRAME) for c in range(FRAME * FRAME))
        self.collect = tuple(Collect(b) for b in banners)
        self.recruit, self.influence, self.decline, self.steal = Recruit(), Influence(), Decline(), Steal()
        self.hire = tuple(Hire(n) for n in names)
        self.dismiss = {n: Dismiss(n) for n in council_names}
        self.imperial = tuple(Imperial(r) for r in realms)
        self.destroy = tuple(Destroy(n) for n in names)
        self.take = tuple(Take(n) for n in names)
        self.type_of = {n: i for i, n in enumerate(names)}
        self.banner_of = {b: i for i, b in enumerate(banners)}
        self.realm_of = {r: i for i, r in enumerate(realms)}
        self.placements: dict[tuple[int, ...], tuple[Place, ...]] = {}
        """The legal placements by layout (the occupied cells), kept by ``flow.PlaceRule``."""

    def all(self) -> list[Action]:
        return [
            *self.place, *self.collect, self.recruit, self.influence, *self.hire, self.decline,
            *self.dismiss.values(), *self.imperial, self.steal, *self.destroy, *self.take,
        ]
