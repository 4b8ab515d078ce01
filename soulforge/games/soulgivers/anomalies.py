"""The effects of Anomaly cards (rulebook 4.2 Special actions, 6 Portals): the named pieces of
code that anomalies.toml refers to (registered in ``cards.py``). A card is played by the seat
NOT in turn, right after an activation; ``target`` is a piece, Portal or tile as the effect
says (-1: no target)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers.board import DEAD, INTER, MOTHER, TILE_CELLS, TILES
from soulforge.games.soulgivers.consequences import (
    add_decay,
    destroy,
    destroy_tile,
    label,
    move_tiles,
    settle,
    tile_has_population_mod,
)
from soulforge.games.soulgivers.encoding import (
    BIT,
    OTHER,
    PIECES,
    PORTAL,
    TEAM_PIECES,
    Piece,
    Team,
    at_portal,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

NO_TARGET = -1


class Effect:
    """Base: ``targets`` lists the legal targets for ``team`` (the seat playing the card).

    ``target_kind`` names what a target is ("piece", "portal", "tile"; "" for none): the log
    and the click path say it.
    """

    target_kind: ClassVar[str] = ""

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        return [NO_TARGET]

    def has_target(self, s: SoulgiversState, team: Team) -> bool:
        return bool(self.targets(s, team))

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        raise NotImplementedError

    def path(self, target: int) -> ClickPath:
        """The handle of the target clicked (none for a card without one)."""
        return () if target == NO_TARGET else (f"{self.target_kind}:{target}",)

    def on_target(self, target: int) -> str:
        """" on " and the target as the board names it (empty for none): " on seat 1's Runner",
        " on portal 3", " on tile 7"."""
        if target == NO_TARGET:
            return ""
        return f" on {label(target)}" if self.target_kind == "piece" else f" on {self.target_kind} {target}"


def opposing_targets(s: SoulgiversState, team: Team) -> list[Piece]:
    """Opposing Soulgivers on the board that may be chosen (not a Runner: Superluminal Speed)."""
    return [q for q in s.board_pieces(OTHER[team]) if not s.caps(q).untargetable]


class PieceEffect(Effect):
    """An effect on an opposing Soulgiver on the board."""

    target_kind = "piece"

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        return opposing_targets(s, team)

    def has_target(self, s: SoulgiversState, team: Team) -> bool:
        pos = s.pos
        return any(-1 < pos[q] < PORTAL and not s.caps(q).untargetable for q in TEAM_PIECES[OTHER[team]])


class Frattura(Effect):
    """Destroy an opposing Portal next to one of your Soulgivers (rulebook 6)."""

    target_kind = "portal"

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        mine = {s.pos[p] for p in s.board_pieces(team)}
        layout = s.game.layout
        return [i for i, p in enumerate(layout.portals)
                if p.team != team and s.portals[i] and mine & set(layout.fronts[i])]

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        s.portals[target] = False
        s.dirty = True
        for p in PIECES:
            if s.pos[p] == at_portal(target):
                destroy(s, p)


class TemporalSuspension(PieceEffect):
    """An opposing Soulgiver's Decay +2 (rulebook 4.2 example)."""

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        add_decay(s, target, 2)


class Flag(PieceEffect):
    """Marks the target for this turn in one of the state's per-turn sets of pieces."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        setattr(s, self.attr, getattr(s, self.attr) | BIT[target])


class EssenceDrain(Effect):
    """The Soulgiver's turn loses a Tribute Essence."""

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        s.essences = max(0, s.essences - 1)


class SoulEcho(Effect):
    """One of your own Soulgivers recovers 2 Decay (never below the start)."""

    target_kind = "piece"

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        return [q for q in s.board_pieces(team) if not s.caps(q).untargetable and s.decay[q] > 1]

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        s.decay[target] = max(s.game.rules["decay_start"], s.decay[target] - 2)


MOVABLE = tuple(t for t in TILES if t != MOTHER)


def collapsible(s: SoulgiversState, t: int) -> bool:
    """Free of Soulgivers and the Fragment; no Interference cell, not destroyed, no population Modifier."""
    occ, printed = s.occ, s.printed
    for c in TILE_CELLS[t]:
        if occ[c] >= 0 or printed[c] == INTER or printed[c] == DEAD:
            return False
    if s.carrier < 0 and s.frag_tile == t:
        return False
    return not (s.pop_mods and tile_has_population_mod(s, t))


class Collapse(Effect):
    """Destroy a tile free of Soulgivers (its Souls are lost)."""

    target_kind = "tile"

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        return [t for t in s.game.collapsible if collapsible(s, t)]

    def has_target(self, s: SoulgiversState, team: Team) -> bool:
        return any(collapsible(s, t) for t in s.game.collapsible)

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        destroy_tile(s, target)


class DimensionalShift(Effect):
    """Turn a tile a quarter turn with everything on it."""

    target_kind = "tile"

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        if not s.pop_mods:
            return list(MOVABLE)
        return [t for t in MOVABLE if not tile_has_population_mod(s, t)]

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        move_tiles(s, {target: (target, 1)})
        settle(s)
