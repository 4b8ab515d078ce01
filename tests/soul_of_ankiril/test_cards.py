"""One scenario per card ability and Spell of the base decks (rulebook, "Deck List", "Cast a Spell").

Keyword abilities are played in test_keywords.py with these cards: Shekun (Poison), Nirush
(Mimicry, Throw), Kintur (Project), Ganuri (Generate), Mullub (Guardian, Reinforce, Legacy),
Urghira (Swap), A'abak (Press), Suresad (Overfly, Meditate), Kashiri (Intuition, Draw),
Damsha and Ighirish (Pack, Sprint), Murduna (Throw), Ardug (Breach), Irsang (Ambush),
Diridal (Persist), Urom (Challenge). Here: the remaining abilities and every Spell.
"""

from __future__ import annotations

import pytest

from soulforge.core.errors import IllegalAction
from soulforge.games.soul_of_ankiril.actions import Activate, Attack, Cast, EndTurn, Move
from soulforge.games.soul_of_ankiril.model import replaced

from .helpers import arena, put


def test_affinity_shekun_on_water() -> None:
    """Shekun (authored Affinity): +1 Attack on a Water terrain (Play Area, Elemental Terrains)."""
    state = arena()
    shekun = put(state, "Shekun", 0, 27)
    assert state.view(0)["creatures"][0]["attack"] == 3
    shekun.cell = 20
    assert state.view(0)["creatures"][0]["attack"] == 2


def test_affinity_damsha_on_fire() -> None:
    """Damsha (authored Affinity): +1 Attack on a Fire terrain."""
    state = arena()
    put(state, "Damsha", 0, 14)
    target = put(state, "Urom", 1, 15)
    state.apply(Attack(14, 15))
    assert target.hp == 2


def test_barush_challenge() -> None:
    """Barush: Active - Challenge (glossary, "Challenge")."""
    state = arena()
    barush = put(state, "Barush", 0, 21)
    foe = put(state, "Mullub", 1, 22)
    state.apply(Activate(21, 22, 0))
    assert foe.challenged_by == barush.uid


def test_mushank_legacy_shockwave() -> None:
    """Mushank: Legacy - 1 damage to each adjacent opponent's Creature (glossary, "Legacy")."""
    state = arena(player=1)
    mushank = put(state, "Mushank", 0, 22)
    mushank.hp = 1
    attacker, bystander = put(state, "Urom", 1, 23), put(state, "Urom", 1, 16)
    state.apply(Attack(23, 22))
    assert state.occ[22] == -1 and bystander.hp == 4 and attacker.hp == 5 - 2 - 1


def test_spell_needs_a_channeler_of_its_element() -> None:
    """Cast a Spell: only through an allied Channeler of the Spell's Element; 1 Energy each."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("New springs",))
    put(state, "Damsha", 0, 21).hp = 1
    assert not [a for a in state.legal_actions() if isinstance(a, Cast)]
    with pytest.raises(IllegalAction, match="Channeler"):
        state.apply(Cast("New springs", -1, 21))
    put(state, "Offspring", 0, 22)  # a Water token can channel
    state.apply(Cast("New springs", -1, 21))
    assert state.energy[0] == 2 and state.discard[0] == ("New springs",)


def test_new_springs() -> None:
    """New springs: an allied Creature recovers 3 Health (not above its Health)."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("New springs",))
    mullub = put(state, "Mullub", 0, 21)
    mullub.hp = 1
    state.apply(Cast("New springs", -1, 21))
    assert mullub.hp == 4


def test_drain_energy() -> None:
    """Drain energy: 1 damage to an opponent's Creature, then Draw 1."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Drain energy",))
    put(state, "Shekun", 0, 21)
    foe = put(state, "Urom", 1, 22)
    state.apply(Cast("Drain energy", -1, 22))
    assert foe.hp == 4 and len(state.hands[0]) == 1


def test_sciame_inarrestabile() -> None:
    """Sciame inarrestabile: the Channeler Generates an Offspring at Range 1 (glossary, "Generate")."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Sciame inarrestabile",))
    put(state, "Kintur", 0, 21)
    state.apply(Cast("Sciame inarrestabile", 21, 22))
    assert state.units[state.occ[22]].klass == "Insect"


def test_venomous_touch() -> None:
    """Venomous touch: the target gains Poison 2 (glossary, "Poison")."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Venomous touch",))
    put(state, "Nirush", 0, 21)
    foe = put(state, "Urom", 1, 22)
    state.apply(Cast("Venomous touch", -1, 21))
    state.apply(Attack(21, 22))
    assert foe.poisoned == 2


def test_empathic_bond() -> None:
    """Empathic bond: the Channeler Swaps with any allied Creature (glossary, "Swap")."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Empathic bond",))
    channeler, other = put(state, "Shekun", 0, 21), put(state, "Barush", 0, 44)
    state.apply(Cast("Empathic bond", 21, 44))
    assert (channeler.cell, other.cell) == (44, 21)


def test_burning_claws() -> None:
    """Burning claws: an allied Creature gains +1/+0."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Burning claws",))
    damsha = put(state, "Damsha", 0, 20)
    state.apply(Cast("Burning claws", -1, 20))
    assert damsha.atk == 3


def test_biting_blaze() -> None:
    """Biting blaze: 2 damage to an opponent's Creature."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Biting blaze",))
    put(state, "Damsha", 0, 20)
    foe = put(state, "Urom", 1, 2)
    state.apply(Cast("Biting blaze", -1, 2))
    assert foe.hp == 3


def test_sprint_spell() -> None:
    """Sprint (Spell): an allied Creature becomes Active and may move and act again."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Sprint",))
    damsha = put(state, "Damsha", 0, 20)
    state.apply(Move(20, 21))
    state.apply(Cast("Sprint", -1, 21))
    state.apply(Move(21, 22))
    assert damsha.cell == 22


def test_ravenous_pack() -> None:
    """Ravenous pack: allies of the Channeler's Class get +1/+1 until the end of the turn."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Ravenous pack",))
    a, b = put(state, "Damsha", 0, 20), put(state, "Diridal", 0, 40)
    reptile = put(state, "Murduna", 0, 30)
    state.apply(Cast("Ravenous pack", 20, -1))
    assert (a.hp, b.hp, reptile.hp) == (4, 4, 3)
    state.apply(EndTurn())
    assert (a.hp, a.max_hp) == (3, 3)


def test_blazing_inferno() -> None:
    """Blazing inferno: 1 damage to an opponent's Creature and each opponent's Creature next to it."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Blazing inferno",))
    put(state, "Damsha", 0, 40)
    target, near, far = put(state, "Urom", 1, 15), put(state, "Urom", 1, 16), put(state, "Urom", 1, 17)
    state.apply(Cast("Blazing inferno", -1, 15))
    assert (target.hp, near.hp, far.hp) == (4, 4, 5)
