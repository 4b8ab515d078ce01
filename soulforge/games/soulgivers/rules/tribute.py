"""What the Active Soulgiver does where it stands (rulebook 4.2, 5.1): Soul acquisition (free)
and the Tribute actions, each once an activation and each costing a Tribute Essence
(``common.ESSENCE``, stated once): collecting, passing and dropping the Fragment, Attack:
Destruction, the Abilities (one Essence pays for all of an activation's). What the Soulgiver
reaches (Souls, the pass receiver, attack targets) is worked out in ``activation.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers import words
from soulforge.games.soulgivers.actions import (
    ABSORBS,
    ATTACKS,
    COLLECT,
    DROP,
    PASSES,
    Absorb,
    Attack,
    Collect,
    Drop,
    Pass,
    UseAbility,
)
from soulforge.games.soulgivers.activation import absorbable, attack_hits, pass_receiver, slots
from soulforge.games.soulgivers.board import DIR_NAMES, DIRECTIONS, NEIGH, TILE_OF
from soulforge.games.soulgivers.cards import ability_of
from soulforge.games.soulgivers.consequences import add_decay, barrier_at, destroy, label
from soulforge.games.soulgivers.data import SHORT_NAMES
from soulforge.games.soulgivers.encoding import (
    ABIL_SOUL,
    ABSORBED,
    ATTACKED,
    BIT,
    COLLECTED,
    DROPPED,
    NONE,
    PASSED,
    Piece,
    kind_of,
)
from soulforge.games.soulgivers.rules.common import DECLARED, ESSENCE, MAY_STOP, essence_left
from soulforge.games.soulgivers.rules.inline import inline
from soulforge.games.soulgivers.rules.movement import ActiveRule

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

TRIBUTE = (MAY_STOP, DECLARED, ESSENCE)
"""The checks of every Tribute action, in refusal order."""


class AbsorbRule(ActiveRule[Absorb]):
    """Absorb an allied Soul on the Active Soulgiver's tile: its Decay starts again at 1."""

    action = Absorb
    section = "4.2 soul acquisition"

    def options(self, state: SoulgiversState, piece: Piece) -> list[Absorb]:
        if state.done & ABSORBED or state.soul[piece] >= 0:
            return []
        return [ABSORBS[soul] for soul in absorbable(state, piece)]

    def apply(self, state: SoulgiversState, action: Absorb) -> None:
        piece = state.active
        del state.souls[action.soul]
        state.soul[piece] = action.soul
        state.decay[piece] = state.game.rules["decay_start"]
        state.done |= ABSORBED
        if state.abil_paid:  # 5.1: no Ability of a Soul absorbed after paying for Abilities this turn
            state.done |= ABIL_SOUL
        # the log names the character in full ("the The Runner"): the golden games fix its words
        state.add_log(f"{label(piece)} absorbs the Soul of the {SHORT_NAMES[kind_of(action.soul)]}")

    def path(self, action: Absorb) -> ClickPath:
        return (f"soul:{action.soul}",)


class CollectRule(ActiveRule[Collect]):
    """Collect the Fragment lying on the Active Soulgiver's tile, once the Barrier is down."""

    action = Collect
    section = "4.2 fragment collection"
    checks = TRIBUTE

    def options(self, state: SoulgiversState, piece: Piece) -> list[Collect]:
        if state.done & COLLECTED or state.carrier >= 0 or state.barrier:
            return []
        return [COLLECT] if state.frag_tile == TILE_OF[state.pos[piece]] else []

    def apply(self, state: SoulgiversState, action: Collect) -> None:
        state.pay(state.active)
        state.carrier, state.frag_tile = state.active, -1
        state.done |= COLLECTED
        state.add_log(f"{label(state.active)} collects the Fragment")

    def path(self, action: Collect) -> ClickPath:
        return ("fragment",)


class PassRule(ActiveRule[Pass]):
    """Pass the Fragment to the ally exactly 3 linear cells away, the line of sight clear."""

    action = Pass
    section = "4.2 passing the fragment (3 exact linear cells, clear line of sight)"
    checks = TRIBUTE

    def options(self, state: SoulgiversState, piece: Piece) -> list[Pass]:
        if state.carrier != piece or state.done & PASSED:
            return []
        return [PASSES[d] for d in DIRECTIONS if pass_receiver(state, piece, d) >= 0]

    def apply(self, state: SoulgiversState, action: Pass) -> None:
        state.pay(state.active)
        state.carrier = pass_receiver(state, state.active, action.dir)
        state.done |= PASSED
        state.add_log(f"{label(state.active)} passes the Fragment to {label(state.carrier)}")

    def path(self, action: Pass) -> ClickPath:
        return (f"pass:{DIR_NAMES[action.dir]}",)


class DropRule(ActiveRule[Drop]):
    """Drop the carried Fragment at the centre of the carrier's tile."""

    action = Drop
    section = "4.2 dropping the fragment"
    checks = TRIBUTE

    def options(self, state: SoulgiversState, piece: Piece) -> list[Drop]:
        return [DROP] if state.carrier == piece and not state.done & DROPPED else []

    def apply(self, state: SoulgiversState, action: Drop) -> None:
        state.pay(state.active)
        state.carrier, state.frag_tile = NONE, TILE_OF[state.pos[state.active]]
        state.done |= DROPPED
        state.add_log(f"{label(state.active)} drops the Fragment")


class AttackRule(ActiveRule[Attack]):
    """Attack: Destruction of the opposing Soulgiver (or the Barrier) perpendicular next to it.
    A shield facing the attack, or Sacred Ground, stops it: such an attack is not offered."""

    action = Attack
    section = "4.2 attack: destruction"
    checks = TRIBUTE

    def options(self, state: SoulgiversState, piece: Piece) -> list[Attack]:
        if state.done & ATTACKED or not state.game.char_of[piece].attack:
            return []
        out = []
        for d in DIRECTIONS:  # a loop, not a comprehension: no frame of its own (hot)
            if attack_hits(state, piece, d):
                out.append(ATTACKS[d])
        return out

    def apply(self, state: SoulgiversState, action: Attack) -> None:
        state.pay(state.active)
        state.done |= ATTACKED
        cell = NEIGH[state.pos[state.active]][action.dir]
        state.touched = (*state.touched, cell)
        if barrier_at(state, cell):
            state.barrier = False
            state.add_log("the Barrier is destroyed")
            return
        destroy(state, state.occ[cell], attack=True)

    def path(self, action: Attack) -> ClickPath:
        return (f"attack:{DIR_NAMES[action.dir]}",)


def ability_options(s: SoulgiversState, piece: Piece) -> list[UseAbility]:
    """Each Ability not used this activation, if it can be paid (the activation's Essence
    already paid, one left, or a Decay cost), with its options (an Ability the character and
    its Soul share is offered once); none while hushed or silenced."""
    if s.hushed or s.silenced & BIT[piece]:
        return []
    out: list[UseAbility] = []
    seen: set[str] = set()
    done = s.done
    can_pay = s.abil_paid or essence_left(s)
    for flag, name, ability, table in slots(s, piece):
        if done & flag or name in seen:
            continue
        if not can_pay and not ability.decay_cost:
            continue
        seen.add(name)
        options = ability.options(s, piece)
        if options:
            out += map(table.__getitem__, options)
    return out


inline(ability_options)  # the Essence check compiled in (inline.py): asked on every listing on the board


def use_ability(s: SoulgiversState, piece: Piece, action: UseAbility) -> None:
    """One Tribute Essence pays for every Ability of the activation; a Decay cost is paid after."""
    ability = ability_of(action.name)
    flag = next(f for f, name, _, _ in slots(s, piece) if name == action.name and not s.done & f)
    s.done |= flag
    if not ability.decay_cost and not s.abil_paid:
        s.pay(piece)
        s.abil_paid = True
    s.log_later(words.uses_ability, piece, action)
    ability.apply(s, piece, action.x, action.y)
    if ability.decay_cost and s.pos[piece] >= 0:
        add_decay(s, piece, ability.decay_cost)


class AbilityRule(ActiveRule[UseAbility]):
    """A Soulgiver's Abilities, each once an activation: one Tribute Essence pays for all it
    uses (its own and, in Double Soul, its Soul's); a Decay cost is paid in Decay."""

    action = UseAbility
    section = "4.2 soulgivers' abilities"

    def options(self, state: SoulgiversState, piece: Piece) -> list[UseAbility]:
        return ability_options(state, piece)

    def apply(self, state: SoulgiversState, action: UseAbility) -> None:
        use_ability(state, state.active, action)

    def path(self, action: UseAbility) -> ClickPath:
        return ability_of(action.name).path(action.x, action.y)


ABSORB, COLLECT_RULE, PASS_RULE, DROP_RULE = AbsorbRule(), CollectRule(), PassRule(), DropRule()
ATTACK, ABILITY = AttackRule(), AbilityRule()
