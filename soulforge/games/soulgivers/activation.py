"""What the Active Soulgiver can do from where it stands (rulebook 4.2, 5.1): the allied
Souls it may absorb, the ally it may pass the Fragment to, what its Attack: Destruction would
hit, the Abilities its character and Soul give it. The rules of these actions are in
``rules/tribute.py`` and call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.ability_base import Ability
from soulforge.games.soulgivers.actions import UseAbility
from soulforge.games.soulgivers.board import NEIGH, TILE_OF, Dir, faces, opposite
from soulforge.games.soulgivers.cards import ABILITIES, abilities_of
from soulforge.games.soulgivers.consequences import barrier_at, blocks_sight
from soulforge.games.soulgivers.encoding import (
    ABIL_OWN,
    ABIL_SOUL,
    KINDS,
    NONE,
    PIECES,
    Piece,
    kind_of,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


def absorbable(s: SoulgiversState, piece: Piece) -> list[Piece]:
    """Allied Souls on the Active Soulgiver's tile (it need not stand on the Soul's cell)."""
    tile, team = TILE_OF[s.pos[piece]], team_of(piece)
    out = []
    for soul, c in s.souls.items():  # a loop, not a generator: no frame of its own (every listing)
        if team_of(soul) == team and TILE_OF[c] == tile:
            out.append(soul)
    out.sort()
    return out


def pass_receiver(s: SoulgiversState, piece: Piece, d: Dir) -> Piece:
    """The ally exactly 3 linear cells away going ``d`` with a clear line of sight, or NONE."""
    cell, team = s.pos[piece], team_of(piece)
    for _ in range(s.game.rules["pass_distance"] - 1):
        cell = NEIGH[cell][d]
        if cell < 0 or blocks_sight(s, cell, team):
            return NONE
    cell = NEIGH[cell][d]
    if cell < 0:
        return NONE
    q = s.occ[cell]
    return q if q >= 0 and team_of(q) == team and s.pos[q] == cell else NONE


def attack_hits(s: SoulgiversState, piece: Piece, d: Dir) -> bool:
    """Would an attack going ``d`` hit the Barrier or an opposing Soulgiver? Not through a
    shield facing it, nor on Sacred Ground (an allied Protector on the target's tile)."""
    cell = NEIGH[s.pos[piece]][d]
    if cell < 0:
        return False
    if barrier_at(s, cell):
        return True
    q = s.occ[cell]
    if q < 0 or team_of(q) == team_of(piece):
        return False
    return not faces(s.shields_of(q), opposite(d)) and not protected(s, q)


def protected(s: SoulgiversState, target: Piece) -> bool:
    """Sacred Ground: an allied Protector (not the target) on the target's tile."""
    tile = TILE_OF[s.pos[target]]
    return any(q != target and s.caps(q).sacred_ground and TILE_OF[s.pos[q]] == tile
               for q in s.board_pieces(team_of(target)))


# -- Abilities (4.2 Soulgivers' abilities; 5.1 Double Soul) ------------------------------------------
ABILITY_ACTIONS: dict[str, dict[tuple[int, int], UseAbility]] = {
    name: {(x, y): UseAbility(name, x, y) for x, y in ability.domain()} for name, ability in ABILITIES.items()
}
"""Per Ability, one shared action object per option (cheap legal-action lists)."""
Slot = tuple[int, str, Ability, dict[tuple[int, int], UseAbility]]
"""(the done flag it sets, the Ability's name, the Ability, its actions)."""
OWN_SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple((ABIL_OWN, name, ABILITIES[name], ABILITY_ACTIONS[name]) for name in abilities_of(kind))
    for kind in KINDS
)
"""Per kind, the Abilities of the character itself."""
SOUL_SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple((ABIL_SOUL, name, ABILITIES[name], ABILITY_ACTIONS[name]) for name in abilities_of(kind))
    for kind in KINDS
)
"""Per kind, the Abilities a piece gains by absorbing its Soul (Double Soul)."""
PIECE_SLOTS: tuple[tuple[tuple[Slot, ...], ...], ...] = tuple(
    (*(OWN_SLOTS[kind_of(p)] + SOUL_SLOTS[kind_of(soul)] for soul in PIECES), OWN_SLOTS[kind_of(p)])
    for p in PIECES
)
"""PIECE_SLOTS[piece][soul]: the piece's Abilities with the Soul it absorbed (indexed as
``cards.CAPS``: ``soul`` -1, no Soul, is the last entry)."""


def slots(s: SoulgiversState, piece: Piece) -> tuple[Slot, ...]:
    """The character's Abilities and, in Double Soul, those of the absorbed Soul."""
    return PIECE_SLOTS[piece][s.soul[piece]]
