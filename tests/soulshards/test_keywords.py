"""Every Character keyword (rulebook, "CHARACTER KEYWORDS")."""

from __future__ import annotations

from tests.soulshards.helpers import act, give, hand, labels, put, table
from tests.soulshards.test_attacks import _words, attack, block


def test_airborne_is_blocked_only_by_airborne_or_ranged() -> None:
    """Airborne: can only be blocked if the blocker has Airborne or Ranged."""
    s = table()
    a = put(s, 0, "b", "Skyhawk Rider")
    walker = put(s, 1, "b", "Spire Acolyte")
    drake = put(s, 1, "b", "Storm Drake")
    archer = put(s, 1, "b", "Gate Archer")  # Ranged
    attack(s, a)
    blockers = {label.split(" blocks")[0] for label in labels(s) if "blocks" in label}
    assert blockers == {_words(s, drake), _words(s, archer)}
    assert _words(s, walker) not in blockers


def test_guard_gives_plus_two_elude_for_one_fatigue() -> None:
    """Guard: another Character in the Zone begins a fight: 1 Fatigue for +2 Elude, before Tactics."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")  # Martial 2
    d = put(s, 1, "b", "Spire Acolyte")  # Elude 2
    g = put(s, 1, "b", "Shieldwall Sergeant")
    hand(s, 0, "Shade Stalker")  # Trait 1
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    assert s.step == "guard" and s.decider == 1
    act(s, f"{_words(s, g)} guards")
    assert g.fatigue == 1
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Shade Stalker from hand")
    # 2 + 1 against 2 + 2 (Guard) + 0: the blocker wins
    assert a.fatigue == 2


def test_hero_allows_one_copy_in_a_deck() -> None:
    """Hero: you can have only 1 copy of the Character in your deck."""
    game = table().game
    text = 'city = "Ironhold"\n[cards]\n"Captain Varra" = 2\n"Militia Spearman" = 3\n'
    problems = game.validate_deck(text)
    assert any("at most 1 copies of the Hero Captain Varra" in p for p in problems)


def test_mountable_moves_both_for_one_fatigue_each() -> None:
    """Mountable: a Character at least 1 Trait lower in the Zone; each gains 1 Fatigue and Moves."""
    s = table()
    m = put(s, 0, "k", "Ironhold Charger")  # Trait 1
    r = put(s, 0, "k", "Militia Spearman")  # Trait 0
    same = put(s, 0, "k", "Gate Archer")  # Trait 1: not lower
    assert f"{_words(s, same)} rides {_words(s, m)}" not in labels(s)
    act(s, f"{_words(s, r)} rides {_words(s, m)}")
    assert m.fatigue == r.fatigue == 1 and s.zone_of(m) == s.zone_of(r) == 0


def test_overrun_sends_the_discarded_card_to_the_arsenal_bottom_without_trigger() -> None:
    """Overrun: the card goes to the bottom of the opponent's Arsenal; no Trigger Effect."""
    s = table()
    a = put(s, 0, "b", "Pit Berserker")  # Martial 4, Overrun
    d = put(s, 1, "b", "Bone Thrall", fatigue=2)  # Endure 1, has an Exhausted effect
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Militia Spearman from hand")
    assert d.uid not in s.units and s.arsenal[1][0] == "Bone Thrall"
    assert s.triggers == [] and "Bone Thrall" not in s.home[1]
    assert s.view(0)["players"][1]["arsenal_bottom"] == ["Bone Thrall"]


def test_provoke_makes_the_target_block_the_provoker() -> None:
    """Provoke: target Character in the opponent's Battlefield becomes the Provoker's blocker."""
    s = table()
    a = put(s, 0, "b", "Warhound Pack")
    other = put(s, 0, "b", "Militia Spearman")
    t = put(s, 1, "b", "Spire Acolyte")
    attack(s, a, other)
    assert s.step == "provoke"
    act(s, f"provoke {_words(s, t)}")
    assert t.provoked
    # the provoked Character cannot block another attacker: no block is left
    assert s.step != "block"


def test_stealthy_adds_one_damage_on_ambush() -> None:
    """Stealthy: +1 damage while using Ambush (and +1 Elude on Sabotage, test_attacks)."""
    s = table()
    a = put(s, 0, "b", "Shade Stalker")  # Martial 2, Stealthy
    t = put(s, 1, "b", "Grave Knight", fatigue=1)  # Elude 2, Endure 2
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    act(s, "no more blockers")
    act(s, f"ambush {_words(s, t)}")
    act(s, "support with Militia Spearman from hand")
    act(s, "support with Militia Spearman from hand")
    # 2 + 0 >= 2 + 0 in the Battlefield: 3 damage (Stealthy) against Endure 2: 1 Fatigue
    assert t.fatigue == 2 and s.fight is not None and "deals 3 damage" in s.fight["result"]


def test_undead_recovers_one_more_fatigue() -> None:
    """Undead: during your Recover phase, remove 1 additional Fatigue."""
    s = table()
    u = put(s, 1, "b", "Bone Thrall", fatigue=3)
    v = put(s, 1, "b", "Spire Acolyte", fatigue=3)
    act(s, "end the turn")
    assert u.fatigue == 1 and v.fatigue == 2


def test_zealous_may_move_after_being_played() -> None:
    """Zealous: after being played, you may have this Character Move."""
    s = table()
    hand(s, 0, "Pit Berserker")
    give(s, 0, might=2)
    act(s, "play Pit Berserker")
    assert s.step == "zealous"
    act(s, "move the Zealous Character")
    assert len(s.zones[0][0]) == 1 and s.step == "engage"
