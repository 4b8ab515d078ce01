"""Attacks and fights (rulebook: "Acting", "Attack" steps 1-5, "FIGHT", "UNBLOCKED",
"Fatigue", "TACTICS EFFECTS", "Support")."""

from __future__ import annotations

from soulforge.games.soulshards.conditions import set_fatigue
from soulforge.games.soulshards.state import ShardsState, Unit
from tests.soulshards.helpers import act, hand, labels, put, table


def attack(s: ShardsState, *attackers: Unit) -> None:
    act(s, f"attack with {_words(s, attackers[0])}")
    for u in attackers[1:]:
        act(s, f"{_words(s, u)} joins the attack")
    act(s, "attackers chosen")


def _words(s: ShardsState, u: Unit) -> str:
    zone = "Battlefield" if s.zone_of(u) == 0 else "Keep"
    return f"seat {u.owner}'s {zone} #{s.zones[u.owner][s.zone_of(u)].index(u.uid) + 1}"


def block(s: ShardsState, b: Unit, a: Unit) -> None:
    act(s, f"{_words(s, b)} blocks {_words(s, a)}")


def test_attack_only_from_the_battlefield_and_attackers_gain_fatigue() -> None:
    """Attack: only in the Battlefield; step 1: each attacker gains 1 Fatigue."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    put(s, 0, "k", "Gate Archer")
    assert [x for x in labels(s) if x.startswith("attack")] == ["attack with seat 0's Battlefield #1"]
    attack(s, a)
    assert a.fatigue == 1


def test_fourth_fatigue_from_attacking_discards_after_the_attack() -> None:
    """Step 1: if an attacker gains their fourth Fatigue, they are discarded after the attack."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman", fatigue=3)
    attack(s, a)
    assert s.step == "unblocked" and a.uid in s.units
    act(s, "sabotage")
    act(s, "support with the top card of the Arsenal")
    while s.step != "engage":
        s.apply(s.legal_actions()[0])
    assert a.uid not in s.units and "Militia Spearman" in s.home[0]


def test_block_costs_one_fatigue_one_blocker_per_attacker() -> None:
    """Step 2: for each attacker, 1 Character may block them at the cost of 1 Fatigue."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    b1 = put(s, 1, "b", "Spire Acolyte")
    put(s, 1, "b", "Bone Thrall")
    attack(s, a)
    assert s.step == "block" and s.decider == 1
    block(s, b1, a)
    assert b1.fatigue == 1
    assert s.step != "block"  # the only attacker is blocked


def test_fight_attacker_wins_with_martial_plus_support() -> None:
    """FIGHT: Martial + Support Trait >= Elude + Support Trait wins; damage = Martial."""
    s = table()
    a = put(s, 0, "b", "Pit Berserker")  # Martial 4
    d = put(s, 1, "b", "Grave Knight")  # Elude 2, Endure 2
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Spire Acolyte")
    attack(s, a)
    block(s, d, a)
    assert s.step == "support" and s.decider == 1  # the opponent chooses first
    act(s, "support with Spire Acolyte from hand")
    act(s, "support with Militia Spearman from hand")
    # 4 + 0 >= 2 + 1: 4 damage against Endure 2 = 2 Fatigue (1 from blocking: 3)
    assert d.fatigue == 3
    assert s.fight is not None and "wins and deals 4 damage" in s.fight["result"]


def test_fight_blocker_wins_and_attacker_gains_fatigue() -> None:
    """FIGHT: otherwise the blocker wins and causes 1 Fatigue to the attacker."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")  # Martial 2
    d = put(s, 1, "b", "Shade Stalker")  # Elude 3
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Archmage Ilsen")  # Trait 3
    attack(s, a)
    block(s, d, a)
    act(s, "support with Archmage Ilsen from hand")
    act(s, "support with Militia Spearman from hand")
    assert a.fatigue == 2 and d.fatigue == 1


def test_overwhelm_discards_costs_resolve_and_ends_attacks() -> None:
    """Calculate Damage: at 4 Fatigue the blocker is discarded, its owner loses the remaining
    damage as Resolve, and the attack action cannot be chosen again this turn."""
    s = table()
    a = put(s, 0, "b", "Siege Ogre")  # Martial 5
    d = put(s, 1, "b", "Spire Acolyte", fatigue=2)  # Endure 1; 3 after blocking
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Militia Spearman from hand")
    assert d.uid not in s.units and s.resolve[1] == 12 - 4
    assert s.no_attack and not any(x.startswith("attack") for x in labels(s))


def test_multiple_attackers_and_the_attacker_orders_the_fights() -> None:
    """Step 1: other Characters attack at the same time; step 3: you choose the fights' order."""
    s = table()
    a1 = put(s, 0, "b", "Militia Spearman")
    a2 = put(s, 0, "b", "Gate Archer")
    b1, b2 = put(s, 1, "b", "Spire Acolyte"), put(s, 1, "b", "Bone Thrall")
    attack(s, a1, a2)
    assert a1.fatigue == a2.fatigue == 1
    block(s, b1, a1)
    block(s, b2, a2)
    assert s.step == "order" and s.decider == 0
    act(s, f"fight next with {_words(s, a2)}")
    assert s.fight is not None and s.fight["attacker"] == "Gate Archer"


def test_demoralize_costs_one_plus_trait_and_ends_attacks() -> None:
    """UNBLOCKED, Demoralize: the opponent loses 1 + Trait; no attack action again this turn."""
    s = table()
    a = put(s, 0, "b", "Captain Varra")  # Trait 2
    attack(s, a)
    act(s, "demoralize")
    assert s.resolve[1] == 12 - 3 and s.no_attack


def test_ambush_needs_a_fatigued_target_and_loses_ties_against_the_keep() -> None:
    """UNBLOCKED, Ambush: fight a Character with at least 1 Fatigue; in the Keep, a tie loses."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")  # Martial 2
    fresh = put(s, 1, "k", "Spire Acolyte")
    tired = put(s, 1, "k", "Spire Tactician", fatigue=1)  # Elude 2
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    assert f"ambush {_words(s, fresh)}" not in labels(s)
    act(s, f"ambush {_words(s, tired)}")
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Militia Spearman from hand")
    # 2 + 0 against 2 + 0 in the Keep: the attacker loses the tie
    assert a.fatigue == 2 and tired.fatigue == 1


def test_sabotage_with_elude_dl_4_discards_gear_and_costs_one_resolve() -> None:
    """UNBLOCKED, Sabotage: Elude, DL 4; on success discard target Gear; the opponent loses 1."""
    s = table()
    a = put(s, 0, "b", "Skyhawk Rider")  # Elude 3, Stealthy +1
    gear = put(s, 1, "k", "Spell Lectern")
    hand(s, 0, "Militia Spearman")  # Trait 0: 3 + 1 + 0 = 4
    attack(s, a)
    act(s, "sabotage")
    act(s, "support with Militia Spearman from hand")
    assert s.step == "sabotage"
    assert "sabotage: discard arsenal card" in labels(s)  # authored option
    act(s, f"sabotage: discard gear card on {_words(s, gear)}")
    assert gear.uid not in s.units and s.resolve[1] == 11


def test_sabotage_fails_below_the_dl() -> None:
    """Sabotage: you must reach or exceed the DL."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")  # Elude 1
    put(s, 1, "k", "Spell Lectern")
    hand(s, 0, "Militia Spearman")
    attack(s, a)
    act(s, "sabotage")
    act(s, "support with Militia Spearman from hand")
    assert s.step == "engage" and s.resolve[1] == 12


def test_tactics_prepares_gains_edge_and_edge_modifies_damage() -> None:
    """Tactics: 1 Fatigue, Prepared, 1 Edge; TACTICS EFFECTS 1: damage +1/-1."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")  # Martial 2
    t = put(s, 0, "k", "Spire Acolyte")
    d = put(s, 1, "b", "Grave Knight")  # Elude 2, Endure 2
    act(s, f"tactics with {_words(s, t)}")
    assert t.prepared and t.fatigue == 1 and s.edge[0] == 1
    hand(s, 0, "Captain Varra")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    assert s.step == "tactics" and s.decider == 0
    act(s, "spend 1 Edge: +1")
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Captain Varra from hand")
    # 3 damage against Endure 2: 1 Fatigue (+1 for blocking)
    assert d.fatigue == 2 and s.edge[0] == 0


def test_a_prepared_character_gaining_fatigue_stops_being_prepared_and_loses_edge() -> None:
    """Tactics: if a Prepared Character gains Fatigue, it stops being Prepared; lose 1 Edge."""
    s = table()
    t = put(s, 0, "b", "Militia Spearman")
    act(s, f"tactics with {_words(s, t)}")
    attack(s, t)
    assert not t.prepared and s.edge[0] == 0


def test_fatigue_beyond_four_discards_at_once_and_damage_per_endure() -> None:
    """Fatigue: 1 Fatigue per Endure of damage; at 4, more Fatigue discards immediately."""
    s = table()
    u = put(s, 1, "b", "Grave Knight")  # Endure 2
    assert s.take_damage(u, 5) == 1 and u.fatigue == 2
    set_fatigue(s, u, 4)
    s.gain_fatigue(u, 1)
    assert u.uid not in s.units


def test_support_cards_stay_concealed_until_both_are_chosen() -> None:
    """FIGHT, Provide Support: a card not from the Stockpile is concealed until both are chosen."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Archmage Ilsen", "Bone Thrall")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Archmage Ilsen from hand")
    assert not any("Archmage Ilsen" in line for line in s.log(0) + s.log(None))
    assert s.view(None)["players"][1]["support"] == {"source": "hand", "card": None}
    assert s.view(1)["players"][1]["support"] == {"source": "hand", "card": "Archmage Ilsen"}
    assert s.view(0)["players"][1]["support"] == {"source": "hand", "card": None}
    act(s, "support with Militia Spearman from hand")
    assert any("reveals Archmage Ilsen" in line for line in s.log(0))


def test_support_triggers_resolve_before_the_fight_completes() -> None:
    """Support: a discarded Support card's Trigger Effect occurs before the fight completes."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "Warhound Pack")  # Exhausted: gain 1 Might
    hand(s, 1, "Bone Thrall")  # Exhausted: 1 Sorcery, cause 1 Fatigue to target enemy
    s.pool[1][2] = 1
    attack(s, a)
    block(s, d, a)
    act(s, "support with Bone Thrall from hand")
    act(s, "support with Warhound Pack from hand")
    assert s.step == "trigger" and s.decider == 0  # the active player's triggers first
    assert s.fight is not None and s.fight["result"] == ""
    act(s, "use the Exhausted effect of Warhound Pack")
    assert s.step == "trigger" and s.decider == 1
    act(s, f"use the Exhausted effect of Bone Thrall on {_words(s, a)}")
    assert s.pool[0][0] == 1 and a.fatigue >= 2 and s.fight["result"]


def test_attach_support_card_attaches_to_the_fighter_and_equips_it() -> None:
    """Attach: discarded for Support for your Character, it Attaches; Equip applies."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "War Banner")  # Attach; Equip +1 Martial
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Militia Spearman from hand")
    act(s, "support with War Banner from hand")
    assert a.attached == ["War Banner"] and s.stat(a, 0) == 3
    assert "War Banner" not in s.home[0]


def test_support_from_the_stockpile_is_shown_and_from_the_arsenal_is_hidden() -> None:
    """Support: from hand, Stockpile or the top of the Arsenal; a Stockpile card is not concealed."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    s.stockpile[1] = [("Foresight", 3)]
    attack(s, a)
    block(s, d, a)
    assert set(labels(s)) == {"support with Stockpile card #1", "support with the top card of the Arsenal"}
    act(s, "support with Stockpile card #1")
    assert s.view(0)["players"][1]["support"]["card"] == "Foresight"
    top = s.arsenal[0][-1]
    act(s, "support with the top card of the Arsenal")
    assert s.fight is not None and s.fight["support"][0]["card"] == top
