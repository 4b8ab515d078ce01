"""Anomaly cards (rulebook 4.2 Special actions, 6 Portals): a registry of named effects that
anomalies.toml refers to. A card is played by the seat NOT in turn, right after an activation;
``target`` is a piece, Portal or tile as the effect says (-1: no target)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import DEAD, INTER, MOTHER, TILE_CELLS, TILE_OF
from soulforge.games.soulgivers.effects import (
    DATA,
    add_decay,
    destroy,
    destroy_tile,
    label,
    move_tiles,
    settle,
    tile_has_population_mod,
)
from soulforge.games.soulgivers.state import PORTAL, RULES, TEAM_IDS, team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

CARDS = {a.key: a for a in DATA.anomalies}
PORTAL_TILES = frozenset(p.tile for p in DATA.portals)


class Effect:
    """Base: ``targets`` lists the legal targets for ``team`` (the seat playing the card)."""

    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        return [-1]

    def has_target(self, s: SoulgiversState, team: int) -> bool:
        return bool(self.targets(s, team))

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        raise NotImplementedError


def opposing_targets(s: SoulgiversState, team: int) -> list[int]:
    """Opposing Soulgivers on the board that may be chosen (not a Runner: Superluminal Speed)."""
    return [q for q in s.board_pieces(1 - team) if not s.caps(q).untargetable]


class PieceEffect(Effect):
    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        return opposing_targets(s, team)

    def has_target(self, s: SoulgiversState, team: int) -> bool:
        pos = s.pos
        return any(-1 < pos[q] < PORTAL and not s.caps(q).untargetable for q in TEAM_IDS[1 - team])


class Frattura(Effect):
    """Destroy an opposing Portal next to one of your Soulgivers (rulebook 6)."""

    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        from soulforge.games.soulgivers.movement import FRONTS

        mine = {s.pos[p] for p in s.board_pieces(team)}
        return [i for i, p in enumerate(DATA.portals)
                if p.team != team and s.portals[i] and mine & set(FRONTS[i])]

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        s.portals[target] = False
        s.dirty = True
        for p in range(20):
            if s.pos[p] == PORTAL + target:
                destroy(s, p)


class TemporalSuspension(PieceEffect):
    """An opposing Soulgiver's Decay +2 (rulebook 4.2 example)."""

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        add_decay(s, target, 2)


class Flag(PieceEffect):
    """Marks the target for this turn in one of the state's per-turn bit sets."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        setattr(s, self.attr, getattr(s, self.attr) | (1 << target))


class EssenceDrain(Effect):
    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        s.essences = max(0, s.essences - 1)


class SoulEcho(Effect):
    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        return [q for q in s.board_pieces(team) if not s.caps(q).untargetable and s.decay[q] > 1]

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        s.decay[target] = max(RULES["decay_start"], s.decay[target] - 2)


COLLAPSIBLE = tuple(t for t in range(25) if t != MOTHER and t not in PORTAL_TILES)
MOVABLE = tuple(t for t in range(25) if t != MOTHER)


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
    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        return [t for t in COLLAPSIBLE if collapsible(s, t)]

    def has_target(self, s: SoulgiversState, team: int) -> bool:
        return any(collapsible(s, t) for t in COLLAPSIBLE)

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        destroy_tile(s, target)


class DimensionalShift(Effect):
    def targets(self, s: SoulgiversState, team: int) -> list[int]:
        if not s.pop_mods:
            return list(MOVABLE)
        return [t for t in MOVABLE if not tile_has_population_mod(s, t)]

    def apply(self, s: SoulgiversState, team: int, target: int) -> None:
        move_tiles(s, {target: (target, 1)})
        settle(s)


EFFECTS: dict[str, Effect] = {
    "frattura": Frattura(),
    "temporal_suspension": TemporalSuspension(),
    "stasis": Flag("stasis"),
    "glass_body": Flag("glass"),
    "essence_drain": EssenceDrain(),
    "soul_echo": SoulEcho(),
    "collapse": Collapse(),
    "dimensional_shift": DimensionalShift(),
    "silence": Flag("silenced"),
    "slow_time": Flag("slowed"),
}


def anomaly_options(s: SoulgiversState, team: int) -> list[tuple[str, int]]:
    """(card, target) pairs the seat may play now; the active piece on a Portal is no target."""
    out = []
    for card in sorted(set(s.hand[team])):
        for t in EFFECTS[CARDS[card].effect].targets(s, team):
            out.append((card, t))
    return out


def has_anomaly_option(s: SoulgiversState, team: int) -> bool:
    hand = s.hand[team]
    return any(CARD_EFFECT[card].has_target(s, team) for card in (set(hand) if len(hand) > 1 else hand))


def play_anomaly(s: SoulgiversState, team: int, card: str, target: int) -> None:
    s.hand[team].remove(card)
    s.discard.append(card)
    s.discard.sort()
    what = "" if target < 0 else f" on {label(target) if CARDS[card].effect not in NON_PIECE else target}"
    s.add_log(f"seat {team} plays {CARDS[card].name}{what}")
    EFFECTS[CARDS[card].effect].apply(s, team, target)
    if 0 <= target < 20 and CARDS[card].effect not in NON_PIECE and 0 <= s.pos[target] < PORTAL:
        s.touched = (*s.touched, s.pos[target])
    _ = (team_of, TILE_OF)


NON_PIECE = frozenset(("frattura", "collapse", "dimensional_shift"))
CARD_EFFECT = {key: EFFECTS[card.effect] for key, card in CARDS.items()}
