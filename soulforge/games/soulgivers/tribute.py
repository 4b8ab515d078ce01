"""The Active Soulgiver's actions besides movement: Soul acquisition (free) and the Tribute
actions, each once per activation (rulebook 4.2): Fragment collection, passing, dropping,
Abilities (one per character, both for one Essence in Double Soul) and Attack: Destruction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soulgivers.abilities import ABILITIES
from soulforge.games.soulgivers.actions import Absorb, Attack, Collect, Drop, Pass, UseAbility
from soulforge.games.soulgivers.board import NEIGH, TILE_OF
from soulforge.games.soulgivers.effects import add_decay, barrier_at, blocks_sight, destroy, label
from soulforge.games.soulgivers.movement import legal_moves
from soulforge.games.soulgivers.state import (
    ABIL_OWN,
    ABIL_SOUL,
    ABSORBED,
    ATTACKED,
    CHARS,
    COLLECTED,
    DROPPED,
    PASSED,
    PORTAL,
    RULES,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

COLLECT, DROP = Collect(), Drop()
PASSES = tuple(Pass(d) for d in range(4))
ATTACKS = tuple(Attack(d) for d in range(4))
ABSORBS = tuple(Absorb(p) for p in range(20))


def active_actions(s: SoulgiversState) -> list[Action]:
    piece = s.active
    out = legal_moves(s, piece)
    if s.must_continue or s.pos[piece] >= PORTAL:
        return out
    done = s.done
    if not done & ABSORBED and s.soul[piece] < 0:
        out += [ABSORBS[soul] for soul in absorbable(s, piece)]
    if s.essences > 0:
        if not done & COLLECTED and can_collect(s, piece):
            out.append(COLLECT)
        if s.carrier == piece:
            if not done & PASSED:
                out += [PASSES[d] for d in range(4) if pass_target(s, piece, d) >= 0]
            if not done & DROPPED:
                out.append(DROP)
        if not done & ATTACKED and CHARS[piece % 10].attack:
            out += [ATTACKS[d] for d in range(4) if attack_ok(s, piece, d)]
    out += ability_actions(s, piece)
    return out


# -- Soul acquisition -------------------------------------------------------------------------
def absorbable(s: SoulgiversState, piece: int) -> list[int]:
    """Allied Souls on the Active Soulgiver's tile (it need not stand on the Soul's cell)."""
    tile = TILE_OF[s.pos[piece]]
    team = team_of(piece)
    return sorted(soul for soul, c in s.souls.items() if team_of(soul) == team and TILE_OF[c] == tile)


def apply_absorb(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Absorb)
    piece = s.active
    del s.souls[a.soul]
    s.soul[piece] = a.soul
    s.decay[piece] = RULES["decay_start"]
    s.done |= ABSORBED
    if s.abil_paid:  # 5.1: no Ability of a Soul absorbed after paying for Abilities this turn
        s.done |= ABIL_SOUL
    s.add_log(f"{label(piece)} absorbs the Soul of the {CHARS[a.soul % 10].name}")


# -- the Fragment -------------------------------------------------------------------------------
def can_collect(s: SoulgiversState, piece: int) -> bool:
    return s.carrier < 0 and s.frag_tile == TILE_OF[s.pos[piece]] and not s.barrier


def apply_collect(s: SoulgiversState, a: Action) -> None:
    s.pay(s.active)
    s.carrier, s.frag_tile = s.active, -1
    s.done |= COLLECTED
    s.add_log(f"{label(s.active)} collects the Fragment")


def pass_target(s: SoulgiversState, piece: int, d: int) -> int:
    """The ally exactly 3 linear cells away with a clear line of sight, or -1."""
    cell = s.pos[piece]
    team = team_of(piece)
    for _ in range(RULES["pass_distance"] - 1):
        cell = NEIGH[cell][d]
        if cell < 0 or blocks_sight(s, cell, team):
            return -1
    cell = NEIGH[cell][d]
    if cell < 0:
        return -1
    q = s.occ[cell]
    return q if q >= 0 and team_of(q) == team and s.pos[q] == cell else -1


def apply_pass(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Pass)
    s.pay(s.active)
    s.carrier = pass_target(s, s.active, a.dir)
    s.done |= PASSED
    s.add_log(f"{label(s.active)} passes the Fragment to the {label(s.carrier)}")


def apply_drop(s: SoulgiversState, a: Action) -> None:
    s.pay(s.active)
    s.carrier, s.frag_tile = -1, TILE_OF[s.pos[s.active]]
    s.done |= DROPPED
    s.add_log(f"{label(s.active)} drops the Fragment")


# -- Attack: Destruction ---------------------------------------------------------------------
def protected(s: SoulgiversState, target: int) -> bool:
    """Sacred Ground: an allied Protector (not the target) on the target's tile."""
    tile = TILE_OF[s.pos[target]]
    return any(q != target and s.caps(q).sacred_ground and TILE_OF[s.pos[q]] == tile
               for q in s.board_pieces(team_of(target)))


def attack_ok(s: SoulgiversState, piece: int, d: int) -> bool:
    cell = NEIGH[s.pos[piece]][d]
    if cell < 0:
        return False
    if barrier_at(s, cell):
        return True
    q = s.occ[cell]
    if q < 0 or team_of(q) == team_of(piece):
        return False
    return not s.shields_of(q) & (1 << ((d + 2) % 4)) and not protected(s, q)


def apply_attack(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Attack)
    s.pay(s.active)
    s.done |= ATTACKED
    cell = NEIGH[s.pos[s.active]][a.dir]
    s.touched = (*s.touched, cell)
    if barrier_at(s, cell):
        s.barrier = False
        s.add_log("the Barrier is destroyed")
        return
    destroy(s, s.occ[cell], attack=True)


# -- Abilities --------------------------------------------------------------------------------
def slots(s: SoulgiversState, piece: int) -> list[tuple[int, str]]:
    """(done flag, ability name) for the character and, in Double Soul, the absorbed Soul."""
    out = [(ABIL_OWN, name) for name in CHARS[piece % 10].abilities]
    if s.soul[piece] >= 0:
        out += [(ABIL_SOUL, name) for name in CHARS[s.soul[piece] % 10].abilities]
    return out


_ABILITY_ACTIONS: dict[tuple[str, int, int], UseAbility] = {}


def ability_action(name: str, x: int, y: int) -> UseAbility:
    """One shared action object per (ability, x, y): cheap legal-action lists."""
    key = (name, x, y)
    action = _ABILITY_ACTIONS.get(key)
    if action is None:
        action = _ABILITY_ACTIONS[key] = UseAbility(name, x, y)
    return action


ACTION_TABLE: dict[str, dict[tuple[int, int], UseAbility]] = {
    name: {(x, y): ability_action(name, x, y) for x, y in ability.domain()}
    for name, ability in ABILITIES.items()
}
"""Per ability, the shared action object of each option."""
OWN_SLOTS = tuple(tuple((ABIL_OWN, name, ABILITIES[name], ACTION_TABLE[name]) for name in c.abilities)
                  for c in CHARS)
SOUL_SLOTS = tuple(tuple((ABIL_SOUL, name, ABILITIES[name], ACTION_TABLE[name]) for name in c.abilities)
                   for c in CHARS)


def ability_actions(s: SoulgiversState, piece: int) -> list[Action]:
    if s.hushed or s.silenced & (1 << piece):
        return []
    out: list[Action] = []
    seen: set[str] = set()
    done = s.done
    can_pay = s.abil_paid or s.essences > 0
    soul = s.soul[piece]
    for flag, name, ability, table in OWN_SLOTS[piece % 10] + (SOUL_SLOTS[soul % 10] if soul >= 0 else ()):
        if done & flag or name in seen:
            continue
        if not can_pay and not ability.decay_cost:
            continue
        seen.add(name)
        options = ability.options(s, piece)
        if options:
            out += [table[o] for o in options]
    return out


def apply_ability(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, UseAbility)
    piece = s.active
    ability = ABILITIES[a.name]
    flag = next(f for f, name in slots(s, piece) if name == a.name and not s.done & f)
    s.done |= flag
    if not ability.decay_cost and not s.abil_paid:
        s.pay(piece)
        s.abil_paid = True
    s.add_log(f"{label(piece)}: {a}")
    ability.apply(s, piece, a.x, a.y)
    if ability.decay_cost and s.pos[piece] >= 0:
        add_decay(s, piece, ability.decay_cost)
