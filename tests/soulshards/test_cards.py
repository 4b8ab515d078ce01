"""Card abilities, DL effects, Cast, triggers, Gear effects, City effects and the empty Arsenal
(rulebook: "Spells", "Gear", "DL", "TRIGGER EFFECTS", "Acting: Cast / Effect", "Arsenal")."""

from __future__ import annotations

import pytest

from soulforge.games.soulshards import sequence
from tests.soulshards.helpers import act, give, hand, labels, put, run, table
from tests.soulshards.test_attacks import _words, attack, block


def test_dl_effect_fails_below_the_dl_and_the_spell_goes_home() -> None:
    """DL: reach or exceed the listed DL; on failure the effect does not occur, costs are lost."""
    s = table()
    t = put(s, 1, "b", "Grave Knight")
    hand(s, 0, "Arc Bolt", "Archmage Ilsen")  # Trait 3 < DL 4
    give(s, 0, sorcery=2)
    act(s, f"play Arc Bolt on {_words(s, t)}")
    assert s.step == "support" and s.casting == ["Arc Bolt"]
    act(s, "support with Archmage Ilsen from hand")
    assert t.fatigue == 0 and "Arc Bolt" in s.home[0] and s.pool[0] == [0, 0, 0, 0]


def test_edge_lowers_a_dl() -> None:
    """TACTICS EFFECTS 2: modify a DL by +1 or -1; Edge is spent before Support."""
    s = table()
    t = put(s, 1, "b", "Grave Knight")  # Endure 2
    hand(s, 0, "Arc Bolt", "Archmage Ilsen")
    give(s, 0, sorcery=2)
    s.edge[0] = 1
    act(s, f"play Arc Bolt on {_words(s, t)}")
    assert s.step == "tactics"
    act(s, "spend 1 Edge: -1")
    act(s, "support with Archmage Ilsen from hand")
    assert t.fatigue == 1  # 3 damage, Endure 2


def test_character_effect_benefits_from_its_martial() -> None:
    """DL: an effect from a Character may benefit from Martial (Gate Archer)."""
    s = table()
    archer = put(s, 0, "b", "Gate Archer")  # Martial 2
    t = put(s, 1, "b", "Spire Acolyte")  # Endure 1
    hand(s, 0, "Captain Varra")  # Trait 2: 2 + 2 >= 4
    give(s, 0, finesse=1)
    act(s, f"use the effect of {_words(s, archer)} on {_words(s, t)}")
    assert archer.fatigue == 1
    act(s, "support with Captain Varra from hand")
    assert t.fatigue == 2


def test_archmage_ilsen_benefits_from_elude() -> None:
    """Archmage Ilsen: Fatigue: DL 5 benefiting from Elude: target enemy gains 2 Fatigue."""
    s = table()
    ilsen = put(s, 0, "k", "Archmage Ilsen")  # Elude 3
    t = put(s, 1, "b", "Militia Spearman")
    hand(s, 0, "Foresight")  # Trait 2
    act(s, f"use the effect of {_words(s, ilsen)} on {_words(s, t)}")
    act(s, "support with Foresight from hand")
    assert s.step == "trigger"  # Foresight's Exhausted effect first
    act(s, "do not use the Exhausted effect of Foresight")
    assert t.fatigue == 2


def test_cast_from_the_keep_attaches_the_spell_to_the_caster() -> None:
    """Cast: 1 Fatigue, a Spell from Home as if from hand; success attaches it to the caster."""
    s = table()
    c = put(s, 0, "k", "Spire Acolyte")
    s.home[0] = ["Battle Cry"]
    give(s, 0, might=1)
    assert not any(label.startswith("seat 0's Battlefield") and "casts" in label for label in labels(s))
    act(s, f"{_words(s, c)} casts Battle Cry on {_words(s, c)}")
    assert c.fatigue == 1 and c.attached == ["Battle Cry"] and s.stat(c, 0) == 3
    assert s.home[0] == []


def test_ward_of_bones_attaches_and_equips_endure() -> None:
    """Equip: while Attached to a Character, they gain the listed effect."""
    s = table()
    u = put(s, 0, "b", "Spire Acolyte")
    hand(s, 0, "Ward of Bones")
    give(s, 0, sorcery=1)
    act(s, f"play Ward of Bones on {_words(s, u)}")
    assert u.attached == ["Ward of Bones"] and s.stat(u, 2) == 3


def test_attached_cards_go_home_with_their_character() -> None:
    """Attach: if the Character is discarded, the Attached cards are also."""
    s = table()
    u = put(s, 0, "b", "Spire Acolyte")
    u.attached = ["Ward of Bones", "War Banner"]
    s.discard_unit(u)
    assert s.home[0] == ["Spire Acolyte", "Ward of Bones", "War Banner"]


def test_gear_fatigue_cost_is_paid_by_a_character_in_its_zone() -> None:
    """Gear: effects that cost Fatigue can be used by Characters in the same Zone."""
    s = table()
    wagon = put(s, 0, "k", "Supply Wagon")
    c = put(s, 0, "k", "Spire Acolyte")
    put(s, 0, "b", "Militia Spearman")
    give(s, 0, might=1)
    options = [label for label in labels(s) if label.startswith("use the effect")]
    assert options == [f"use the effect of {_words(s, wagon)} (Fatigue paid by {_words(s, c)})"]
    act(s, options[0])
    assert c.fatigue == 1 and len(s.hand[0]) == 1


def test_trigger_cost_can_be_reduced_by_edge() -> None:
    """TACTICS EFFECTS 3: reduce your cost of a Trigger Effect; if the cost is not paid, no effect."""
    s = table()
    wagon = put(s, 0, "k", "Supply Wagon")  # Exhausted: pay 1 Might: gain 1 Resolve
    s.edge[0] = 1
    s.discard_unit(wagon)
    run(s)
    assert s.step == "trigger"
    assert labels(s) == ["use the Exhausted effect of Supply Wagon, 1 Edge off its cost",
                         "do not use the Exhausted effect of Supply Wagon"]
    act(s, "use the Exhausted effect of Supply Wagon, 1 Edge off its cost")
    assert s.resolve[0] == 17 and s.edge[0] == 0


def test_active_players_triggers_first_and_the_owner_orders_theirs() -> None:
    """TRIGGER EFFECTS: the active player's first; you choose the order of yours."""
    s = table()
    s.triggers = [(1, "Warhound Pack"), (0, "Rally the Guard"), (0, "Warhound Pack")]
    run(s)
    assert s.step == "trigger" and s.decider == 0
    mine = {"use the Exhausted effect of Rally the Guard", "use the Exhausted effect of Warhound Pack"}
    assert mine <= set(labels(s))
    act(s, "use the Exhausted effect of Warhound Pack")
    act(s, "do not use the Exhausted effect of Rally the Guard")
    assert s.decider == 1
    act(s, "use the Exhausted effect of Warhound Pack")
    assert s.pool == [[1, 0, 0, 0], [1, 0, 0, 0]] and s.step == "engage"


def test_target_gone_before_the_effect_completes_makes_it_fail() -> None:
    """CHOOSING TARGETS: if the effect cannot apply to the target, the effect fails."""
    s = table()
    t = put(s, 1, "b", "Grave Knight")
    hand(s, 0, "Arc Bolt", "Captain Varra")
    give(s, 0, sorcery=2)
    s.edge[0] = 2
    act(s, f"play Arc Bolt on {_words(s, t)}")
    s.discard_unit(t)
    act(s, "spend 1 Edge: -1")
    act(s, "spend 1 Edge: -1")
    act(s, "support with Captain Varra from hand")
    assert "Arc Bolt" in s.home[0] and any("the target is gone" in line for line in s.log(0))


def test_empty_arsenal_costs_three_resolve_and_shuffles_home_in() -> None:
    """Arsenal: with no cards, lose 3 Resolve, shuffle Home in, except a Spell being cast."""
    s = table()
    s.arsenal[0] = ["Militia Spearman"]
    s.home[0] = ["Shatter", "Battle Cry"]
    hand(s, 0, "Rally the Guard")
    give(s, 0, might=3)
    act(s, "play Rally the Guard")
    assert s.resolve[0] == 13
    assert "Rally the Guard" in s.home[0] and "Rally the Guard" not in s.arsenal[0]
    assert sorted(s.hand[0]) == sorted(["Militia Spearman", *[c for c in ["Shatter", "Battle Cry"]
                                                                 if c not in s.arsenal[0]]])


@pytest.mark.parametrize(("card", "target", "check"), [
    ("Battle Cry", "own", lambda s, me, foe: s.stat(me, 0) == me.card.martial + 2),
    ("Shatter", "gear", lambda s, me, foe: not any(not u.is_char for u in s.units.values())),
    ("Caltrops", "foe", lambda s, me, foe: foe.pinned and foe.fatigue == 1),
    ("Healing Draught", "own", lambda s, me, foe: me.fatigue == 0),
    ("Mind Fog", "foe", lambda s, me, foe: s.zone_of(foe) == 1 and foe.pinned),
    ("Foresight", "", lambda s, me, foe: s.edge[0] == 1 and len(s.hand[0]) == 1),
    ("Rally the Guard", "", lambda s, me, foe: len(s.hand[0]) == 2),
])
def test_spell_effects(card: str, target: str, check: object) -> None:
    """Spells: the effect applies, then the Spell goes Home unless Attached."""
    s = table()
    me = put(s, 0, "b", "Militia Spearman", fatigue=2)
    foe = put(s, 1, "b", "Spire Acolyte")
    gear = put(s, 1, "k", "Spell Lectern")
    hand(s, 0, card)
    give(s, 0, 3, 3, 3, 3)
    where = {"own": me, "foe": foe, "gear": gear}.get(target)
    act(s, f"play {card}" + (f" on {_words(s, where)}" if where else ""))
    assert callable(check) and check(s, me, foe)
    assert card in s.home[0]


def test_soul_drain_drains_two_on_success() -> None:
    """Soul Drain: DL 5: your opponent loses 2 Resolve."""
    s = table()
    hand(s, 0, "Soul Drain", "Archmage Ilsen")
    give(s, 0, sorcery=2)
    s.edge[0] = 2
    act(s, "play Soul Drain")
    act(s, "spend 1 Edge: -1")
    act(s, "spend 1 Edge: -1")
    act(s, "support with Archmage Ilsen from hand")
    assert s.resolve[1] == 10


@pytest.mark.parametrize(("card", "pool", "check"), [
    ("War Banner", (0, 0, 0, 0), lambda s: s.edge[0] == 1),
    ("Spell Lectern", (1, 0, 0, 0), lambda s: s.pool[0] == [0, 0, 1, 1]),
    ("Spire Tactician", (0, 0, 0, 1), lambda s: s.edge[0] == 1 and len(s.hand[0]) == 1),
])
def test_effects_with_costs(card: str, pool: tuple[int, int, int, int], check: object) -> None:
    """Acting, Effect: pay the listed cost to gain the effect."""
    s = table()
    u = put(s, 0, "k", card)
    payer = put(s, 0, "k", "Militia Spearman") if not u.is_char else u
    give(s, 0, *pool)
    by = f" (Fatigue paid by {_words(s, payer)})" if payer is not u else ""
    act(s, f"use the effect of {_words(s, u)}{by}")
    assert callable(check) and check(s) and payer.fatigue == 1


def test_runed_focus_effect_is_a_dl_3_check() -> None:
    """Runed Focus: Fatigue + 1 Sorcery: DL 3: deal 2 damage to target enemy Character."""
    s = table()
    focus = put(s, 0, "b", "Runed Focus")
    c = put(s, 0, "b", "Spire Acolyte")
    t = put(s, 1, "b", "Militia Spearman")
    hand(s, 0, "Archmage Ilsen")
    give(s, 0, sorcery=1)
    act(s, f"use the effect of {_words(s, focus)} (Fatigue paid by {_words(s, c)}) on {_words(s, t)}")
    act(s, "support with Archmage Ilsen from hand")
    assert t.fatigue == 2


def test_ironhold_city_gives_might_when_a_character_falls_in_the_battlefield() -> None:
    """City effect (authored): Ironhold."""
    s = table()
    u = put(s, 0, "b", "Militia Spearman")
    s.discard_unit(u)
    assert s.pool[0][0] == 1


def test_lorespire_city_gives_sorcery_for_a_spell_support() -> None:
    """City effect (authored): Lorespire."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Arc Bolt")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Arc Bolt from hand")
    act(s, "support with Militia Spearman from hand")
    assert s.pool[1][2] == 1


def test_thornwatch_city_gives_edge_when_a_blocker_wins() -> None:
    """City effect (authored): Thornwatch."""
    from tests.soulshards.helpers import new_game

    deck = 'city = "Thornwatch"\n[cards]\n' + "\n".join(
        f'"{n}" = 3' for n in ["Spire Acolyte", "Bone Thrall", "Grave Knight", "Spire Tactician",
                              "Wyvern Tamer", "Storm Drake", "Shade Stalker", "Arc Bolt", "Foresight",
                              "Ward of Bones", "Runed Focus", "Spell Lectern", "Wind Amulet"])
    deck += '\n"Archmage Ilsen" = 1\n'
    s = table(deck1=deck)
    assert s.cities[1].name == "Thornwatch" and new_game(0, deck1=deck).resolve[1] == 16
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Shade Stalker")  # Elude 3
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Militia Spearman from hand")
    assert s.edge[1] == 1


def test_generic_costs_are_paid_from_the_attributes_held_most() -> None:
    """Costs: a number requires that amount paid of any Attribute types (reading: NOTES.md)."""
    pool = [1, 3, 0, 2]
    cost = table().cards["Supply Wagon"].cost  # 2 any + 1 Finesse
    assert sequence.can_pay(pool, cost)
    sequence.pay(pool, cost)
    assert pool == [1, 1, 0, 1]
