"""One scenario per glossary keyword (rulebook, "Glossary"), played with the cards that carry it."""

from __future__ import annotations

import pytest

from soulforge.core.errors import IllegalAction
from soulforge.games.soul_of_ankiril.actions import Activate, Attack, Cast, EndTurn, Move, Summon
from soulforge.games.soul_of_ankiril.model import replaced

from .helpers import arena, put


def test_ambush() -> None:
    """Glossary, "Ambush": the attacker suffers damage only if the opponent's Creature survives."""
    state = arena()
    irsang = put(state, "Irsang", 0, 21)
    put(state, "Kintur", 1, 15).hp = 2
    state.apply(Attack(21, 15))
    assert irsang.hp == 2 and state.occ[15] == -1
    state = arena()
    irsang = put(state, "Irsang", 0, 21)
    put(state, "Urom", 1, 15)  # 1/5: survives
    state.apply(Attack(21, 15))
    assert irsang.hp == 1


def test_attack_trajectory_and_raised_terrain() -> None:
    """Glossary, "Attack Trajectory"; Play Area: Raised terrains shield the trajectory."""
    state = arena()
    put(state, "Murduna", 0, 22)
    for cell in (8, 1, 24, 16):
        put(state, "Urom", 1, cell)
    throws = {a.target for a in state.legal_actions() if isinstance(a, Activate)}
    # 8 (Raised, Range 2) is hit; 1 lies behind it; 24 is in a straight line at Range 2;
    # 16 is adjacent (Range 1 is no Throw).
    assert throws == {8, 24}


def test_attack_trajectory_is_a_straight_line() -> None:
    """Glossary, "Attack Trajectory": only terrains in a straight line from a side of the hex."""
    state = arena()
    put(state, "Murduna", 0, 27)
    put(state, "Urom", 1, 29)  # straight line, Range 2
    put(state, "Urom", 1, 16)  # Range 3 but off every line
    assert {a.target for a in state.legal_actions() if isinstance(a, Activate)} == {29}


def test_breach() -> None:
    """Glossary, "Breach": excess damage hits the opponent's Creature at Range 2 behind."""
    state = arena()
    put(state, "Ardug", 0, 21)
    victim, behind = put(state, "Murduna", 1, 22), put(state, "Murduna", 1, 23)
    victim.hp = 1
    state.apply(Attack(21, 22))
    assert state.occ[22] == -1 and behind.hp == 1


def test_breach_is_shielded_by_raised_terrain() -> None:
    """Glossary, "Breach" along the "Attack Trajectory": a Raised terrain in between shields."""
    state = arena(player=1)
    put(state, "Ardug", 1, 29)
    victim, behind = put(state, "Shekun", 0, 36), put(state, "Shekun", 0, 43)
    victim.hp = 1
    state.apply(Attack(29, 36))
    assert state.occ[36] == -1 and behind.hp == 3


def test_challenge() -> None:
    """Glossary, "Challenge": a Challenged marker on both; the Challenger takes 1 less damage."""
    state = arena()
    urom = put(state, "Urom", 0, 21)
    shekun = put(state, "Shekun", 1, 15)
    put(state, "Damsha", 0, 14)
    state.apply(Activate(21, 15, 0))
    assert shekun.challenged_by == urom.uid and urom.challenging
    state.apply(EndTurn())
    legal = state.legal_actions()
    mine = [a for a in legal if getattr(a, "src", None) == 15]
    assert mine == [Attack(15, 21)]
    state.apply(Attack(15, 21))
    assert urom.hp == 4 and shekun.hp == 2  # 2 damage minus 1; Urom hits back for 1


def test_challenged_attacks_at_end_of_turn() -> None:
    """Glossary, "Challenged": if it has not acted by the end of the turn it attacks anyway."""
    state = arena()
    urom = put(state, "Urom", 0, 21)
    shekun = put(state, "Shekun", 1, 15)
    state.apply(Activate(21, 15, 0))
    state.apply(EndTurn())
    with pytest.raises(IllegalAction, match="Challenged"):
        state.apply(Move(15, 16))
    state.apply(EndTurn())
    # 2 damage minus 1 (Challenge), then 1 more from Shekun's Poison in Urom's Upkeep.
    assert urom.hp == 3 and shekun.hp == 2
    assert shekun.challenged_by == -1 and not urom.challenging


def test_draw_keyword() -> None:
    """Glossary, "Draw": the player draws the number of cards indicated (Kashiri: Draw 1)."""
    state = arena()
    put(state, "Kashiri", 0, 21)
    state.apply(Activate(21, -1, 1))
    assert len(state.hands[0]) == 1


def test_generate() -> None:
    """Glossary, "Generate": a 1/1 Offspring of the same Element and Class at Range 1."""
    state = arena()
    put(state, "Ganuri", 0, 21)
    state.apply(Activate(21, 22, 0))
    offspring = state.units[state.occ[22]]
    assert (offspring.card.name, offspring.atk, offspring.hp) == ("Offspring", 1, 1)
    assert (offspring.element, offspring.klass, offspring.active) == ("water", "Insect", False)
    assert state.offspring[0] == 2


def test_generate_needs_an_offspring_token() -> None:
    """Components: 3 Offspring tokens; with none left Generate has no target."""
    state = arena()
    put(state, "Ganuri", 0, 21)
    state.offspring = replaced(state.offspring, 0, 0)
    assert not [a for a in state.legal_actions() if isinstance(a, Activate)]


def test_guardian() -> None:
    """Glossary, "Guardian": it cannot attack Emanations."""
    state = arena()
    put(state, "Mullub", 0, 13)
    assert Attack(13, 7) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Guardian"):
        state.apply(Attack(13, 7))


def test_intuition() -> None:
    """Glossary, "Intuition": one of the two Abilities, or both for 1 Energy."""
    state = arena()
    put(state, "Kashiri", 0, 21)
    ally = put(state, "Shekun", 0, 22)
    modes = {a.mode for a in state.legal_actions() if isinstance(a, Activate)}
    assert modes == {0, 1, 2}
    state.apply(Activate(21, 22, 2))
    assert ally.reinforced == 2 and len(state.hands[0]) == 1 and state.energy[0] == 2
    state = arena(energy=0)
    put(state, "Kashiri", 0, 21)
    assert {a.mode for a in state.legal_actions() if isinstance(a, Activate)} == {0, 1}


def test_legacy() -> None:
    """Glossary, "Legacy": the Ability activates when the Creature leaves the battlefield."""
    state = arena(player=1)
    mullub = put(state, "Mullub", 0, 15)
    mullub.hp = 1
    put(state, "Damsha", 1, 21)
    state.apply(Attack(21, 15))
    assert state.occ[15] == -1 and len(state.hands[0]) == 1


def test_meditate() -> None:
    """Glossary, "Meditate": the Creature gains +1/+1."""
    state = arena()
    suresad = put(state, "Suresad", 0, 21)
    before = (suresad.atk, suresad.hp, suresad.max_hp)
    state.apply(Activate(21, -1, 0))
    assert (suresad.atk, suresad.hp, suresad.max_hp) == (before[0] + 1, before[1] + 1, before[2] + 1)


def test_mimicry() -> None:
    """Glossary, "Mimicry": not hit by opponents' Spells and Abilities from Range above 1."""
    state = arena()
    put(state, "Murduna", 0, 21)
    put(state, "Nirush", 1, 23)
    assert not [a for a in state.legal_actions() if isinstance(a, Activate)]
    state.hands = replaced(state.hands, 0, ("Biting blaze",))
    assert not [a for a in state.legal_actions() if isinstance(a, Cast)]
    put(state, "Damsha", 0, 24)  # a Fire Channeler at Range 1 of Nirush
    assert Cast("Biting blaze", -1, 23) in state.legal_actions()


def test_overfly() -> None:
    """Glossary, "Overfly": up to two terrains, ignoring every obstacle."""
    state = arena()
    put(state, "Suresad", 0, 21)
    for cell in (15, 16 - 2, 20, 22, 27, 28):
        put(state, "Urom", 1, cell)
    moves = {a.dst for a in state.legal_actions() if isinstance(a, Move)}
    assert moves and all(state.board.distance[21][d] == 2 for d in moves)
    state.apply(Move(21, 23))
    assert state.occ[23] >= 0


def test_pack() -> None:
    """Glossary, "Pack": attacking beside an ally of its Class gives +1/+1 until end of turn."""
    state = arena()
    damsha = put(state, "Damsha", 0, 20)
    put(state, "Ighirish", 0, 26)
    put(state, "Murduna", 1, 14)
    state.apply(Attack(20, 14))
    assert state.occ[14] == -1 and (damsha.hp, damsha.max_hp) == (3, 4)
    state.apply(EndTurn())
    assert (damsha.atk + damsha.tmp_atk, damsha.hp, damsha.max_hp) == (2, 3, 3)


def test_persist() -> None:
    """Glossary, "Persist": surviving combat activates the Ability (Diridal: Meditate)."""
    state = arena()
    diridal = put(state, "Diridal", 0, 21)
    put(state, "Urom", 1, 15)
    state.apply(Attack(21, 15))
    assert (diridal.atk, diridal.hp, diridal.max_hp) == (3, 3, 4)


def test_poison_and_poisoned() -> None:
    """Glossary, "Poison"/"Poisoned": marker on damage; Upkeep damage, then the marker drops 1."""
    state = arena()
    put(state, "Shekun", 0, 20)
    urom = put(state, "Urom", 1, 14)
    state.apply(Attack(20, 14))
    assert urom.poisoned == 1 and urom.hp == 3
    state.apply(EndTurn())
    assert urom.hp == 2 and urom.poisoned == 0


def test_press() -> None:
    """Glossary, "Press": defeating an opponent's Creature, it takes its place."""
    state = arena()
    aabak = put(state, "A'abak", 0, 21)
    put(state, "Kintur", 1, 15)
    state.apply(Attack(21, 15))
    assert aabak.cell == 15 and state.occ[21] == -1


def test_project() -> None:
    """Glossary, "Project": when summoned, the named card goes on top of the deck."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Kintur",))
    state.decks = replaced(state.decks, 0, ("Shekun", "Sciame inarrestabile", "Mullub", "Nirush"))
    state.apply(Summon("Kintur", 27))
    assert state.decks[0][-1] == "Sciame inarrestabile" and state.known_top[0] == 1
    assert state.view(1)["players"][0]["deck_top_known"] == ["Sciame inarrestabile"]
    state.apply(EndTurn())
    assert "Sciame inarrestabile" in state.hands[0] and state.known_top[0] == 0


def test_reinforce_and_reinforced() -> None:
    """Glossary, "Reinforce"/"Reinforced": markers absorb damage until the owner's next turn."""
    state = arena()
    put(state, "Mullub", 0, 22)
    ally = put(state, "Shekun", 0, 23)
    state.apply(Activate(22, 23, 0))
    assert ally.reinforced == 2
    state.apply(EndTurn())
    put(state, "Ardug", 1, 16)
    state.apply(Attack(16, 23))
    assert ally.hp == 2 and ally.reinforced == 0
    ally.reinforced = 1
    state.apply(EndTurn())
    assert ally.reinforced == 0


def test_sprint() -> None:
    """Glossary, "Sprint": when summoned it can move, attack and activate its Ability."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Ighirish",))
    put(state, "Murduna", 1, 20)
    state.apply(Summon("Ighirish", 27))
    assert Attack(27, 20) in state.legal_actions()
    state.apply(Attack(27, 20))


def test_swap() -> None:
    """Glossary, "Swap": exchange places with an allied Creature within the Range."""
    state = arena()
    urghira = put(state, "Urghira", 0, 21)
    far, near = put(state, "Mullub", 0, 44), put(state, "Shekun", 0, 23)
    targets = {a.target for a in state.legal_actions() if isinstance(a, Activate) and a.src == 21}
    assert targets == {23}
    state.apply(Activate(21, 23, 0))
    assert (urghira.cell, near.cell, far.cell) == (23, 21, 44)


def test_throw() -> None:
    """Glossary, "Throw": damage to an opponent's Creature at a Range greater than 1."""
    state = arena()
    put(state, "Murduna", 0, 21)
    target = put(state, "Urom", 1, 23)
    state.apply(Activate(21, 23, 0))
    assert target.hp == 3


def test_defeated_offspring_token_returns() -> None:
    """Components: an Offspring token that leaves the battlefield can be Generated again."""
    state = arena(player=1)
    offspring = put(state, "Offspring", 0, 22)
    state.offspring = replaced(state.offspring, 0, 2)
    put(state, "Damsha", 1, 23)
    state.apply(Attack(23, 22))
    assert state.occ[22] == -1 and offspring.hp <= 0 and state.offspring[0] == 3
    assert state.discard[0] == ()


def test_challenger_takes_less_damage_from_spells() -> None:
    """Glossary, "Challenge": 1 less damage from any attack or Spell in the opponent's turn."""
    state = arena()
    urom = put(state, "Urom", 0, 21)
    put(state, "Shekun", 1, 15)
    state.apply(Activate(21, 15, 0))
    state.apply(EndTurn())
    state.hands = replaced(state.hands, 1, ("Drain energy",))
    state.apply(Cast("Drain energy", -1, 21))
    assert urom.hp == 5
