"""The pieces Anomaly cards are built of (rulebook 4.2 Special actions, 6 Portals): what a card
may target (``TARGET_KINDS``), the requirements a target must meet and the effects played on
it, registered by the names anomalies.toml uses (the card book is in ``cards.py``).

A card is played by the seat NOT in turn, right after an activation; its play is an
``AnomalyPlay`` (the seat, the target: a piece, Portal or tile as the card's ``target`` says;
-1 for none). A requirement returns None when the target is fine, else why not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from soulforge.core.cards import Effect, Requirement
from soulforge.core.registry import Registry
from soulforge.games.soulgivers.ability_base import targetable
from soulforge.games.soulgivers.board import DEAD, INTER, MOTHER, TILE_CELLS, TILES
from soulforge.games.soulgivers.consequences import (
    add_decay,
    destroy,
    destroy_tile,
    move_tiles,
    settle,
    tile_has_population_mod,
)
from soulforge.games.soulgivers.encoding import BIT, OTHER, PIECES, Team, at_portal, team_members

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

NO_TARGET = -1


AnomalyPlay = tuple[Team, int]
"""One play of an Anomaly card: (the seat playing it, its target; -1: none). A plain pair, not
a NamedTuple: one is built per candidate target each time a window asks whether a card has a
target (a NamedTuple costs some 30 times a pair to build)."""


ANOMALY_EFFECTS: Registry[Effect[SoulgiversState, AnomalyPlay]] = Registry("anomaly effects")
"""The effect pieces anomalies.toml's ``effects`` name."""
ANOMALY_REQUIREMENTS: Registry[Requirement[SoulgiversState, AnomalyPlay]] = Registry("anomaly requirements")
"""The requirements anomalies.toml's ``requires`` name (each of the target)."""

MOVABLE = tuple(t for t in TILES if t != MOTHER)


def opposing_on_board(s: SoulgiversState, team: Team) -> Sequence[int]:
    return s.board_pieces(OTHER[team])


def own_on_board(s: SoulgiversState, team: Team) -> Sequence[int]:
    return s.board_pieces(team)


TARGET_KINDS: dict[str, Callable[[SoulgiversState, Team], Sequence[int]]] = {
    "opposing_soulgiver": opposing_on_board,
    "own_soulgiver": own_on_board,
    "portal": lambda s, team: range(len(s.game.layout.portals)),
    "tile": lambda s, team: MOVABLE,
    "none": lambda s, team: (NO_TARGET,),
}
"""What a card's ``target`` names: the candidates for the seat playing it, in order, that its
requirements then filter (an opposing or an own Soulgiver on the board, a Portal, a tile but
the Mother, none)."""
PIECE_TARGETS = frozenset({"opposing_soulgiver", "own_soulgiver"})
"""The target kinds that are Soulgivers (the log names them, the board shows them)."""


# -- requirements -------------------------------------------------------------------------------
@ANOMALY_REQUIREMENTS.register("targetable")
def may_be_chosen(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    """Superluminal Speed: no Anomaly may choose the Soulgiver (rulebook 5.2)."""
    _, target = play
    if targetable(s, target):
        return None
    return "Superluminal Speed: this Soulgiver cannot be chosen as a target"


@ANOMALY_REQUIREMENTS.register("decay_above")
def decay_above(s: SoulgiversState, play: AnomalyPlay, least: int) -> str | None:
    _, target = play
    return None if s.decay[target] > least else f"the Soulgiver's Decay is not above {least}"


@ANOMALY_REQUIREMENTS.register("opposing_portal")
def opposing_portal(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    team, target = play
    if s.game.layout.portals[target].team != team and s.portals[target]:
        return None
    return "choose a standing opposing Portal"


@ANOMALY_REQUIREMENTS.register("next_to_yours")
def next_to_yours(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    """One of the player's Soulgivers stands on the Portal's front (rulebook 6)."""
    team, target = play
    front, pos = s.game.layout.fronts[target], s.pos
    for p in team_members(s.on_board, team):  # a loop, not any(): no generator frame (per Portal)
        if pos[p] in front:
            return None
    return "none of your Soulgivers stands next to this Portal"


@ANOMALY_REQUIREMENTS.register("away_from_portals")
def away_from_portals(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    _, target = play
    return None if target not in s.game.layout.tiles else "not a tile next to a Portal"


def clear(s: SoulgiversState, t: int) -> bool:
    """Free of Soulgivers and the Fragment; no Interference cell, not destroyed, no population Modifier."""
    occ, printed = s.occ, s.printed
    for c in TILE_CELLS[t]:
        if occ[c] >= 0 or printed[c] == INTER or printed[c] == DEAD:
            return False
    if s.carrier < 0 and s.frag_tile == t:
        return False
    return not (s.pop_mods and tile_has_population_mod(s, t))


@ANOMALY_REQUIREMENTS.register("clear_tile")
def clear_tile(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    _, target = play
    if clear(s, target):
        return None
    return "the tile holds a Soulgiver, the Fragment, Interference, a population Modifier or is destroyed"


@ANOMALY_REQUIREMENTS.register("no_population_modifier")
def no_population_modifier(s: SoulgiversState, play: AnomalyPlay) -> str | None:
    _, target = play
    if s.pop_mods and tile_has_population_mod(s, target):
        return "a population Modifier lies on the tile"
    return None


# -- effects ------------------------------------------------------------------------------------
@ANOMALY_EFFECTS.register("destroy_portal")
def destroy_portal(s: SoulgiversState, play: AnomalyPlay) -> None:
    """The Portal is gone, with the Soulgivers waiting on it (rulebook 6)."""
    _, target = play
    s.portals[target] = False
    s.dirty = True
    for p in PIECES:
        if s.pos[p] == at_portal(target):
            destroy(s, p)


@ANOMALY_EFFECTS.register("add_decay")
def more_decay(s: SoulgiversState, play: AnomalyPlay, amount: int) -> None:
    _, target = play
    add_decay(s, target, amount)


@ANOMALY_EFFECTS.register("recover_decay")
def recover_decay(s: SoulgiversState, play: AnomalyPlay, amount: int) -> None:
    """Less Decay, never below the start."""
    _, target = play
    s.decay[target] = max(s.game.rules["decay_start"], s.decay[target] - amount)


@ANOMALY_EFFECTS.register("mark")
def mark(s: SoulgiversState, play: AnomalyPlay, mark_set: str) -> None:
    """Marks the target for this turn in one of the state's per-turn sets of pieces
    (``stasis``, ``glass``, ``silenced``, ``slowed``)."""
    _, target = play
    setattr(s, mark_set, getattr(s, mark_set) | BIT[target])


@ANOMALY_EFFECTS.register("drain_essence")
def drain_essence(s: SoulgiversState, play: AnomalyPlay, amount: int) -> None:
    """The turn's player loses Tribute Essences (not below none)."""
    s.essences = max(0, s.essences - amount)


@ANOMALY_EFFECTS.register("destroy_tile")
def collapse_tile(s: SoulgiversState, play: AnomalyPlay) -> None:
    _, target = play
    destroy_tile(s, target)


@ANOMALY_EFFECTS.register("turn_tile")
def turn_tile(s: SoulgiversState, play: AnomalyPlay, quarter_turns: int) -> None:
    """The tile turns with everything on it."""
    _, target = play
    move_tiles(s, {target: (target, quarter_turns)})
    settle(s)
