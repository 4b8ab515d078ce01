"""Direct attacks (rulebook, "Combat/Ability") with Ambush, Breach, Pack, Press and Persist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.model import Creature
from soulforge.games.soul_of_ankiril.pieces import Ctx, mimicry_blocks, run_refs, settle

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState


def pack_bonus(st: AnkirilState, a: Creature) -> None:
    """Glossary, "Pack": +1/+1 until end of turn if an ally of its Class is at Range 1."""
    if a.klass is None or not a.has("Pack"):
        return
    occ, units = st.occ, st.units  # read only: no copy of the allies (``AnkirilState.unit``)
    for cell in st.board.adjacent[a.cell]:
        uid = occ[cell]
        other = units[uid] if uid >= 0 else None
        if other is not None and other.owner == a.owner and other.klass == a.klass:
            consequences.temp_buff(a, 1, 1)
            return


def attack(st: AnkirilState, a: Creature, cell: int) -> None:
    """``a`` (``st.unit``: this state's own) attacks the Creature or Emanation on ``cell``;
    damage is simultaneous."""
    a.acted = True
    a.active = not a.moved
    pack_bonus(st, a)
    target = st.occ[cell]
    if target <= -2:
        consequences.hit_emanation(st, -2 - target, consequences.attack_of(st, a))
        return
    d = st.unit(target)
    if a.challenged_by == d.uid:
        a.challenged_by = -1
    to_d, to_a = consequences.attack_of(st, a), consequences.attack_of(st, d)
    health = d.hp
    taken = consequences.damage(st, d, to_d, a, "attack")
    if not (a.has("Ambush") and d.hp <= 0):
        consequences.damage(st, a, to_a, d, "attack")
    if d.hp <= 0 and a.has("Breach") and taken > health:
        breach(st, a, d, taken - health)
    settle(st)
    if st.over:
        return
    if a.has("Press") and d.hp <= 0 and a.hp > 0 and st.empty(cell):
        consequences.relocate(st, a, cell)
    for c in (a, d):
        if c.hp > 0 and c.card.persist and c.uid in st.units:
            run_refs(st, c.card.persist, Ctx(c.owner, c, -1, ()))
    settle(st)


def breach(st: AnkirilState, a: Creature, d: Creature, excess: int) -> None:
    """Glossary, "Breach": excess damage to the opponent's Creature at Range 2 on the trajectory."""
    if st.board.raised(d.cell):
        return
    for ray in st.board.rays[a.cell]:
        if len(ray) > 1 and ray[0] == d.cell:
            behind = consequences.creature_at(st, ray[1])
            if behind is None or behind.owner == a.owner or mimicry_blocks(st, behind, (a,), a.owner):
                return
            consequences.damage(st, behind, excess, a, "ability")
            return
