"""One scenario per card the Kipukas engine plays (fireplace style): the table is laid out as
a rulebook example would (``scenario.py``), the game is driven through its actions, and each
test says what the card does by the state, the log and the views afterwards.

Each docstring names the card (``data/cards.json``) and the rulebook sections it rests on
(``/work/shared/rules/kipukas.md``). Dice are chosen with :class:`Loaded`: the game's own
seeded generator, giving chosen results first (each checked to be a face of the die thrown).
"""

from __future__ import annotations

from collections import Counter

import pytest

from soulforge.core.data import package_dir
from soulforge.core.rng import GameRandom
from soulforge.games.kipukas import cards, cycle, fight
from soulforge.games.kipukas.actions import (
    Attack,
    Burn,
    CallInitiative,
    Carry,
    Challenge,
    ChangeForm,
    Craft,
    Dig,
    Donate,
    EndActions,
    Equip,
    Exchange,
    FinalBlow,
    Hold,
    Imprison,
    Keal,
    KeepDiel,
    Move,
    PickUp,
    Play,
    Purchase,
    Refill,
    Reroll,
    Retreat,
    Sabotage,
    Sacrifice,
    Stop,
    Suspend,
    TakeHoney,
    Target,
    TurnDiel,
    Unequip,
)
from soulforge.games.kipukas.data import CARDS, Dice, starter_decks
from soulforge.games.kipukas.movement import enemies_at, reach
from soulforge.games.kipukas.state import KipukasState

from .scenario import act, fresh, give, put

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

NOTES = (package_dir("soulforge.games.kipukas") / "NOTES.md").read_text(encoding="utf-8")
"""(Found by package: compiled, ``cards.__file__`` is relative to the build directory.)"""


class Loaded(GameRandom):
    """The game's generator with chosen results first: each ``randint`` gives the next of
    ``rolls`` (which must be a face of the die asked for), each ``randrange`` the next of
    ``picks``; once they run out, seeded draws as usual."""

    def __init__(self, *rolls: int, picks: tuple[int, ...] = ()) -> None:
        super().__init__(0)
        self.rolls, self.picks = list(rolls), list(picks)

    def randint(self, a: int, b: int) -> int:
        if not self.rolls:
            return super().randint(a, b)
        value = self.rolls.pop(0)
        assert a <= value <= b, f"a roll of {value} asked of a die {a}..{b}"
        self.draws += 1
        return value

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        if not self.picks:
            return super().randrange(*args)
        value = self.picks.pop(0)
        assert value in range(*args), f"a pick of {value} asked in range{args}"
        self.draws += 1
        return value


def name(card_id: str) -> str:
    return CARDS[card_id].name


def said(state: KipukasState, text: str) -> bool:
    """Whether a public log line contains ``text``."""
    return any(text in line for line in state.log(None))


def seen(state: KipukasState, piece: int) -> dict[str, object]:
    """The piece as a spectator's view shows it."""
    found = [p for p in state.view(None)["pieces"] if p["piece"] == piece]
    assert found, f"piece {piece} is not on the map"
    out: dict[str, object] = found[0]
    return out


def territory(state: KipukasState, number: int) -> dict[str, object]:
    out: dict[str, object] = state.view(None)["map"]["territories"][number - 1]
    return out


def next_turn(state: KipukasState) -> None:
    """Both seats end their actions (#day 3, #night: calling initiative, then ending)."""
    start = state.cycle
    while state.cycle == start and not state.is_over:
        legal = state.legal_actions()
        end = next((a for a in legal if isinstance(a, CallInitiative | EndActions)), None)
        assert end is not None, f"cannot end the turn: {legal}"
        state.apply(end)


def moves_of(state: KipukasState, piece: int) -> set[str]:
    return {a.stand for a in state.legal_actions() if isinstance(a, Move) and a.piece == piece}


def attack_on_t6(state: KipukasState, attacker: int, target: int, *, means: tuple[int, int] = (0, 0)) -> None:
    """Seat 0's ``attacker`` (on m6) moves onto territory 6's camp stand and fights ``target``
    there: the target chosen, then both KEAL means (#movement, #contention, #ce_setup)."""
    act(state, 0)
    state.apply(Move(attacker, "T6"))
    state.apply(Target(target))
    state.apply(Keal(means[0]))
    state.apply(Keal(means[1]))


def summon(s: KipukasState, card: str, roll: int) -> int:
    """Seat 0 plays ``card`` revealed on its camp of territory 2, the D20 of its call showing
    ``roll`` (#day 3); the new piece's number."""
    act(s, 0)
    give(s, 0, card)
    s.rng = Loaded(roll)
    s.apply(Play(0, "T2", True))
    return len(s.card) - 1


# -- healers ------------------------------------------------------------------------------
def test_liliel_heals_a_friend_in_her_territory_every_other_diel_cycle() -> None:
    """Liliel: Healing Fairy, "treats 1 KEAL means damage every other diel cycle" (#keal_means_DHT:
    healers heal in their territory within a number of diel cycles; #diel_cycle)."""
    s = fresh()
    liliel = put(s, 0, "liliel_healing_fairy", "T2")
    wolf = put(s, 0, "gray_wolf_harbinger_of_night", "T2")
    s.injuries[wolf] = [1]
    next_turn(s)  # day 1 -> night 2: the first cycle passes
    assert s.cycle == 2 and s.injuries[wolf] == [1]
    next_turn(s)  # night 2 -> day 3: the second
    assert s.injuries[wolf] == [0]
    healer, friend = name("liliel_healing_fairy"), name("gray_wolf_harbinger_of_night")
    assert said(s, f"seat 0's {healer} heals seat 0's {friend}")
    assert s.on_map[liliel]


def test_tejas_repairs_machines_only_in_an_uncontended_territory() -> None:
    """Tejas Curious Mech heals one KEAL means per turn of each Mechanical, Algorithmic or
    Entropic friend in his territory, while no enemy soul is there (#keal_means_DHT, #contention)."""
    s = fresh()
    put(s, 0, "tejas_curious_mech", "T2")
    tira = put(s, 0, "tira_marvelous_myriad", "T2")
    wolf = put(s, 0, "gray_wolf_harbinger_of_night", "T2")  # Astral: not a machine
    s.injuries[tira], s.injuries[wolf] = [1, 0], [1]
    cards.on_cycle_start(s)
    assert s.injuries[tira] == [0, 0] and s.injuries[wolf] == [1]
    assert said(s, f"repairs seat 0's {name('tira_marvelous_myriad')}")
    s.injuries[tira] = [1, 0]
    put(s, 1, "hilbert_king_of_avian_frogs", "m2")  # an enemy in territory 2
    cards.on_cycle_start(s)
    assert s.injuries[tira] == [1, 0]


def test_self_care_heals_its_forest_movement_stand_on_a_day() -> None:
    """Self Care heals 1 KEAL means of every soul on its forest movement stand on a day roll,
    and is constantly downed (#diel_cycle, #day, #keal_means_DHT, #geography: territory 2 is forest)."""
    s = fresh()
    care = put(s, 0, "self_care", "m2")
    wolf = put(s, 0, "gray_wolf_harbinger_of_night", "m2")
    s.injuries[wolf] = [1]
    assert seen(s, care)["downed"] is True
    next_turn(s)  # night 2: no healing at night
    assert s.diel == "night" and s.injuries[wolf] == [1]
    next_turn(s)  # day 3
    assert s.diel == "day" and s.injuries[wolf] == [0]
    assert said(s, f"seat 0's {name('self_care')} heals seat 0's {name('gray_wolf_harbinger_of_night')}")


# -- summons ------------------------------------------------------------------------------
@pytest.mark.parametrize(("roll", "called"), [(9, False), (10, True), (20, True)])
def test_knightsoul_of_binding_time_is_called_by_a_d20_of_10_or_more(roll: int, called: bool) -> None:
    """Knightsoul of Binding Time: "Roll a D20 and obtain 10 or above to call to the field"
    (#day 3: a soul played on your camp; a failed call discards it, #discarding_runout)."""
    s = fresh()
    act(s, 0)
    give(s, 0, "knightsoul_of_binding_time")
    s.rng = Loaded(roll)
    s.apply(Play(0, "T2", True))
    assert said(s, f"seat 0 rolls a D20 to call {name('knightsoul_of_binding_time')}: {roll}")
    knight = len(s.card) - 1
    assert s.on_map[knight] is called
    assert ("knightsoul_of_binding_time" in s.discard[0]) is not called
    if called:
        assert seen(s, knight)["stand"] == "T2"
    else:
        assert said(s, f"the call fails: {name('knightsoul_of_binding_time')} is discarded")


@pytest.mark.parametrize("hand_full", [False, True])
def test_knightsoul_of_binding_time_is_recalled_after_two_diel_cycles(hand_full: bool) -> None:
    """Knightsoul of Binding Time "stays on the field for 2 diel cycles then gets recalled to
    the hand. If your hand already has three cards [it] becomes wasted" (#diel_cycle, #game_setup 8)."""
    s = fresh()
    knight = summon(s, "knightsoul_of_binding_time", 15)
    if hand_full:
        give(s, 0, "honey", "sticks", "cloth")
    next_turn(s)
    assert s.on_map[knight], "still on the field after one cycle"
    next_turn(s)
    assert not s.on_map[knight]
    view = s.view(0)["players"][0]
    if hand_full:
        assert "knightsoul_of_binding_time" in view["discard"] and len(view["hand"]) == 3
        assert said(s, "is recalled to a full hand and is wasted")
    else:
        assert view["hand"] == ["knightsoul_of_binding_time"]
        assert said(s, "is recalled to seat 0's hand")


@pytest.mark.parametrize(("roll", "called"), [(1, True), (10, True), (11, True), (2, False), (12, False)])
def test_sboi_is_called_on_a_d20_of_1_10_or_11_else_goes_rogue(roll: int, called: bool) -> None:
    """Sboi: Threat++ comes to the field on a D20 of 1, 10 or 11; "A failed summon results in
    Sboi becoming rouge" (#rouge, #day 3)."""
    s = fresh()
    sboi = summon(s, "sboi_threat_plus_plus", roll)
    assert s.on_map[sboi]
    assert said(s, f"rolls a D20 to call {name('sboi_threat_plus_plus')}: {roll}")
    assert (sboi in s.rogues) is not called
    seen = {piece["piece"]: piece for piece in s.view(1)["pieces"]}
    assert seen[sboi]["rogue"] is not called and (seen[sboi]["owner"] is None) is not called


def test_a_rogue_moves_by_the_d6_and_attacks_every_soul_it_meets() -> None:
    """#rouge: 'Each day, before either player's turn, you must roll for the rouge species'
    movement ... it must attack all souls (for both players) in the territory until it loses
    once'; a rogue that empties a territory removes its claim; either player may attack it and
    a wasted rogue goes to the discard of the player who played it."""
    from soulforge.games.kipukas import rogue

    s = fresh()
    sboi = put(s, 0, "sboi_threat_plus_plus", "m2")
    rogue.make_rogue(s, sboi)
    victim = put(s, 1, "tears_for_oly", "T3")  # one KEAL means: one won bout downs it
    ways = [there for there, _ in s.board.exits["m2"]]
    s.rng = Loaded(ways.index("T3") + 1, 20, 6, 1, 20, 6, 1, 20, 6, 1)
    next_turn(s)  # the night
    next_turn(s)  # day 3: the rogue moves first
    assert s.stand[sboi] == "T3" and not s.on_map[victim]
    assert said(s, "the rogue Sboi: Threat++ attacks seat 1's Tears for Oly")
    assert s.holder[3 - 1] == -1 and said(s, "its claim token is removed")
    brox = put(s, 0, "brox_the_defiant", "m3")  # the one who played it may fight it too
    act(s, 0)
    assert any(isinstance(a, Move) and a.piece == brox and a.stand == "T3" for a in s.legal_actions())
    rogue_discard = cards.keeper(s, sboi)
    assert rogue_discard == 0


def test_a_rogue_that_defeats_a_player_must_be_defeated_or_both_lose() -> None:
    """#rouge: 'If a rouge manages to defeat a player by defeating all souls in their capital
    while they control no base camps, the other player must defeat or tame the rouge soul.
    Failure to do so will result in a dual defeat.'"""
    from soulforge.games.kipukas import rogue

    s = fresh()
    s.holder[6 - 1] = s.holder[3 - 1] = -1  # seat 1 holds its capital (5) alone
    sboi = put(s, 0, "sboi_threat_plus_plus", "T5")
    rogue.make_rogue(s, sboi)
    put(s, 1, "tears_for_oly", "T5")  # one KEAL means: one won bout downs it
    s.rng = Loaded(20, 6, 1, 20, 6, 1, 20, 6, 1)
    rogue.rampage(s, sboi)
    assert s.beaten_by == [-1, sboi] and s.capital[1] == []
    assert said(s, "seat 1 is defeated by the rogue") and s.view(0)["players"][1]["defeated_by_rogue"]
    unavenged = s.clone()
    cycle.keep_the_peace(unavenged, "a test")  # seat 0 leads on territories, but the rogue lives
    assert unavenged.is_over and unavenged.returns() == [-1.0, -1.0]
    assert "dual defeat" in unavenged.outcome()
    cards.waste(s, sboi)
    cycle.end_action(s, 0)
    assert s.is_over and s.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("roll", "stand"), [(2, "T2"), (6, "T6"), (3, None), (15, None)])
def test_pyrostegia_dragon_lands_on_the_forest_its_d20_names(roll: int, stand: str | None) -> None:
    """Pyrostegia Dragon is placed on the territory whose number the D20 shows, if it is a
    forest (2 and 6 on the duel map), else discarded; it cannot move (#geography, #movement)."""
    s = fresh()
    dragon = summon(s, "pyrostegia_dragon", roll)
    assert said(s, f"rolls a D20 for the Pyrostegia Dragon: {roll}")
    if stand is None:
        assert not s.on_map[dragon] and "pyrostegia_dragon" in s.discard[0]
        return
    assert seen(s, dragon)["stand"] == stand
    s.played_cycle[dragon] = 0
    act(s, 0)
    assert moves_of(s, dragon) == set()


def test_plane_table_joker_mixes_both_hands_and_keeps_their_counts() -> None:
    """Plane Table Joker: once introduced, both hands are combined, shuffled and taken back to
    the counts held (#day 3; #stealing: cards change hands)."""
    s = fresh()
    act(s, 0)
    give(s, 0, "plane_table_joker", "honey", "sticks")
    give(s, 1, "cloth", "string", "feathers")
    s.apply(Play(0, "T2", True))
    assert said(s, "the Plane Table Joker mixes both hands")
    hands = [s.view(seat)["players"][seat]["hand"] for seat in (0, 1)]
    assert (len(hands[0]), len(hands[1])) == (2, 3)
    assert sorted(hands[0] + hands[1]) == ["cloth", "feathers", "honey", "sticks", "string"]
    assert s.view(1)["players"][0]["hand"] == [None, None], "still hidden from the other seat"


# -- fights -------------------------------------------------------------------------------
def test_myrthvither_raven_is_found_only_on_a_detection_roll() -> None:
    """Myrthvither Raven: the opponent rolls standard detection (D20: 1-4) before a KEAL means
    bout; not found, the attack fails (#traps: standard detection; #combat_lifecycle). The
    raven is constantly downed yet fights (#keal_means_DHT)."""
    s = fresh()
    raven = put(s, 1, "myrthvither_raven", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    assert seen(s, raven)["downed"] is True and s.injuries[raven] == [0, 0]
    act(s, 0)
    s.rng = Loaded(12)
    s.apply(Move(hilbert, "T6"))
    s.apply(Target(raven))
    assert said(s, f"detection roll to engage seat 1's {name('myrthvither_raven')}: 12, not found")
    assert s.spent_cycle[hilbert] == s.cycle and s.on_map[raven]
    assert s.phase == "respond" and s.current_player == 1
    assert Attack(raven, hilbert) in s.legal_actions(), "downed, the raven still counterattacks"


def test_myrthvither_raven_found_and_beaten_is_wasted() -> None:
    """Myrthvither Raven is wasted when it loses a KEAL means bout (its card), once found by a
    D20 of 1-4 (#traps: standard detection; #keal_means_DHT)."""
    s = fresh()
    raven = put(s, 1, "myrthvither_raven", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(3, 6, 6)  # detection 3; Hilbert's 2 D6 against the raven's fixed 3
    attack_on_t6(s, hilbert, raven)
    assert said(s, f"detection roll to engage seat 1's {name('myrthvither_raven')}: 3, found")
    assert not s.on_map[raven] and "myrthvither_raven" in s.discard[1]
    assert said(s, f"seat 1's {name('myrthvither_raven')} loses a bout and is wasted (its card says so)")


def test_parched_traveler_is_wasted_when_it_loses_a_defence() -> None:
    """Parched Traveler is constantly downed, still defends with its KEAL means, and is wasted
    when it loses a bout while defending (#keal_means_DHT, #defense, #combat_lifecycle)."""
    s = fresh()
    traveler = put(s, 1, "parched_traveler", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    assert seen(s, traveler)["downed"] is True
    s.rng = Loaded(6, 6, 1, 1)
    attack_on_t6(s, hilbert, traveler)
    assert not s.on_map[traveler] and "parched_traveler" in s.discard[1]
    assert said(s, "loses a bout and is wasted (its card says so)")


def test_parched_traveler_survives_losing_its_own_attack() -> None:
    """Parched Traveler is wasted only by a lost defence: losing its own attack, it attacks no
    more this cycle (#combat_lifecycle)."""
    s = fresh()
    hilbert = put(s, 1, "hilbert_king_of_avian_frogs", "T6")
    traveler = put(s, 0, "parched_traveler", "m6")
    s.rng = Loaded(1, 1, 6, 6)
    attack_on_t6(s, traveler, hilbert)
    assert s.on_map[traveler] and s.spent_cycle[traveler] == s.cycle
    assert not said(s, "is wasted (its card says so)")


def test_mihela_wastes_a_downed_soul_she_engages() -> None:
    """Mihela, Cleanser of Fields, wastes souls she engages if they are downed, at once, with no
    Final Blow roll (#final_blow: downed souls; #discarding_runout); the fight is then over and
    she claims the camp (#claiming_territories)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    s.injuries[osh] = [1, 1]
    mihela = put(s, 0, "mihela_cleanser_of_fields", "m6")
    act(s, 0)
    s.apply(Move(mihela, "T6"))
    draws = s.rng.draws
    s.apply(Target(osh))
    assert s.rng.draws == draws, "no dice thrown"
    assert not s.on_map[osh] and "oshliath_and_osileth" in s.discard[1]
    assert s.view(None)["players"][1]["discard"] == ["oshliath_and_osileth"]
    assert said(s, f"{name('mihela_cleanser_of_fields')} wastes the downed seat 1's")
    assert FinalBlow() not in s.legal_actions()
    assert s.phase == "day" and s.holder[6 - 1] == 0


def test_tears_for_oly_leaves_the_loser_unable_to_act_next_turn() -> None:
    """Tears for Oly: the soul that loses a KEAL means bout to Oly is immobile next turn
    (#diel_cycle: a turn is a diel roll; #movement; #combat_lifecycle)."""
    s = fresh()
    next_turn(s)
    next_turn(s)  # day 3: the opening days and night are over
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    oly = put(s, 0, "tears_for_oly", "m6")
    s.rng = Loaded(6, 1, 1, picks=(0,))  # Oly's D6; Oshliath's D20 and D6; the diel die: day
    attack_on_t6(s, oly, osh)
    assert said(s, "is overwhelmed by Oly's potion until the next turn ends")
    s.apply(Stop())
    s.apply(Hold())  # seat 1 holds the camp stand
    next_turn(s)
    assert (s.cycle, s.diel) == (4, "day")
    act(s, 1)
    legal = s.legal_actions()
    assert not [a for a in legal if isinstance(a, Move | Attack) and a.piece == osh]
    assert not cycle.retreat_stands(s, osh)  # a retreat is a move too


def test_tears_for_oly_leaves_the_loser_unable_to_retreat_next_turn() -> None:
    """Tears for Oly: the loser is "immobile ... next turn": a retreat is a move too
    (#retreat: to a stand within the soul's movement range; #movement)."""
    s = fresh()
    next_turn(s)
    next_turn(s)
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    oly = put(s, 0, "tears_for_oly", "m6")
    s.rng = Loaded(6, 1, 1, picks=(0,))
    attack_on_t6(s, oly, osh)
    s.apply(Stop())
    s.apply(Hold())
    next_turn(s)
    assert s.diel == "day"
    act(s, 1)
    assert not [a for a in s.legal_actions() if isinstance(a, Retreat) and a.piece == osh]


def test_frost_tipped_arctic_otter_is_wasted_by_a_cenozoic_winner() -> None:
    """Frost Tipped Arctic Otter "will be wasted if it loses a KEAL means bout to a soul with
    the Cenozoic archetypal gene" (#archetypal_gene, #keal_means_DHT)."""
    s = fresh()
    otter = put(s, 1, "frost_tipped_arctic_otter", "T6")
    joker = put(s, 0, "plane_table_joker", "m6")  # Cenozoic
    s.rng = Loaded(6, 1)
    attack_on_t6(s, joker, otter)
    assert not s.on_map[otter] and "frost_tipped_arctic_otter" in s.discard[1]
    otter_name, joker_name = name("frost_tipped_arctic_otter"), name("plane_table_joker")
    assert said(s, f"seat 1's {otter_name} loses to seat 0's {joker_name} and is wasted (its card says so)")


def test_frost_tipped_arctic_otter_beaten_by_another_gene_is_only_injured() -> None:
    """Frost Tipped Arctic Otter loses a bout to Hilbert (Avian): injured and downed, not wasted
    (#keal_means_DHT, #final_blow)."""
    s = fresh()
    otter = put(s, 1, "frost_tipped_arctic_otter", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(6, 6, 1)
    attack_on_t6(s, hilbert, otter)
    assert s.on_map[otter] and seen(s, otter)["downed"] is True
    assert FinalBlow() in s.legal_actions()


def test_orbs_trail_guides_a_wasted_soul_to_the_bottom_of_the_deck() -> None:
    """Orb's Trail: when it is defeated (the Final Blow wastes it), it guides a wasted soul of
    its owner's discard to the bottom of the deck (#final_blow, #discarding_runout)."""
    s = fresh()
    orbs = put(s, 1, "orbs_trail", "T6")
    s.injuries[orbs] = [1]  # downed: open to the Final Blow
    s.discard[1] = ["gray_wolf_harbinger_of_night", "honey"]
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    act(s, 0)
    s.apply(Move(hilbert, "T6"))
    s.apply(Target(orbs))
    assert s.phase == "press"
    s.rng = Loaded(6, 6)  # Hilbert's Final Blow; the Orb's Trail throws a fixed 3
    s.apply(FinalBlow())
    assert not s.on_map[orbs]
    assert s.discard[1] == ["honey", "orbs_trail"]
    assert s.deck[1][0] == "gray_wolf_harbinger_of_night", "the bottom of the deck (the top is last)"
    guide, guided = name("orbs_trail"), name("gray_wolf_harbinger_of_night")
    assert said(s, f"{guide} guides {guided} to the bottom of the deck")


def test_branwen_must_be_attacked_first() -> None:
    """Branwen, Mantillusion Practitioner: "Other cards must attack Branwen first" (#contention:
    one or all, one at a time, of the enemies on the stand)."""
    s = fresh()
    branwen = put(s, 1, "branwen_mantillusion_practitioner", "T6")
    put(s, 1, "hilbert_king_of_avian_frogs", "T6")
    mihela = put(s, 0, "mihela_cleanser_of_fields", "m6")
    act(s, 0)
    s.apply(Move(mihela, "T6"))
    assert s.phase == "target" and s.legal_actions() == [Target(branwen)]


def test_rooster_cannot_attack() -> None:
    """Rooster: Calling of Light has no attack: it cannot move onto an enemy's stand (moving
    there, you must attack: #movement) nor attack one it shares (#ADRH)."""
    s = fresh()
    put(s, 1, "hilbert_king_of_avian_frogs", "T6")
    walker = put(s, 0, "rooster_calling_of_light", "m6")
    sitter = put(s, 0, "rooster_calling_of_light", "T6")
    act(s, 0)
    assert "T6" not in moves_of(s, walker) and "T7" in moves_of(s, walker)
    assert not [a for a in s.legal_actions() if isinstance(a, Attack) and a.piece in (walker, sitter)]


def test_balanced_inline_processing_colony_cannot_move_attack_or_claim() -> None:
    """Balanced Inline Processing Colony (movement 0, no attack) stays where it is played and
    never takes a base camp (#movement, #moving_downed_souls: 0 cannot be moved,
    #claiming_territories)."""
    s = fresh()
    colony = put(s, 0, "balanced_inline_processing_colony", "T7")  # territory 7 is free
    put(s, 1, "hilbert_king_of_avian_frogs", "T7")
    act(s, 0)
    assert moves_of(s, colony) == set()
    assert not [a for a in s.legal_actions() if isinstance(a, Attack) and a.piece == colony]
    cycle.claim(s, colony)
    assert territory(s, 7)["holder"] is None


def test_tira_rerolls_her_defence() -> None:
    """Tira Marvelous Myriad, "D6-D6 (Option to Re-roll)": 2 D6; her owner, having seen her
    throw of 3, re-rolls: the second throw (8) counts (#defense: dice based)."""
    s = fresh()
    tira = put(s, 1, "tira_marvelous_myriad", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(1, 1, 2, 1, 5, 3)  # Hilbert's 2 D6; Tira's 2 D6: 3, then re-rolled: 8
    attack_on_t6(s, hilbert, tira)
    assert s.current_player == 1 and Reroll() in s.legal_actions()
    s.apply(Reroll())
    assert isinstance(s.rng, Loaded) and s.rng.rolls == [], "six D6: Hilbert's two, Tira's two twice"
    assert said(s, f"{name('tira_marvelous_myriad')} (Mechanized Swiftness): 8 thrown")


def test_allele_sect_explorer_attacks_with_a_d6() -> None:
    """Allele Sect Explorer: the slaps mini-game, read as a D6 roll when a player does not
    consent (#attack: mini-games; #defense)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    explorer = put(s, 0, "allele_sect_explorer", "m6")
    s.rng = Loaded(4, 20, 6)  # the explorer's D6; Oshliath's D20 and D6
    attack_on_t6(s, explorer, osh)
    assert said(s, f"{name('allele_sect_explorer')} (Conformed Blind): 4 thrown")
    assert said(s, "the defence wins")


def test_little_charm_defends_with_a_d6_plus_6_and_stays_off_land() -> None:
    """Little Charm (Water) rolls a D6 + 6 and moves only in water: on land it cannot move
    (#defense, #geography, #movement)."""
    s = fresh()
    charm = put(s, 1, "little_charm", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    act(s, 1)
    assert moves_of(s, charm) == set()
    s.rng = Loaded(1, 1, 3)
    attack_on_t6(s, hilbert, charm)
    assert said(s, f"{name('little_charm')} (Dark Hope Maw): 9 thrown")


def test_sprite_of_wilds_spirit_plays_without_bear() -> None:
    """Sprite of Wild's Spirit plays in its default form, without bear: movement 2 and only
    its "without bear" KEAL means (#keal_means, #movement)."""
    s = fresh()
    sprite = put(s, 1, "sprite_of_wilds_spirit", "T6")
    act(s, 1)
    assert moves_of(s, sprite) == {"m5", "m6", "T5", "T7"}, "2 spaces"
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    act(s, 0)
    s.apply(Move(hilbert, "T6"))
    s.apply(Target(sprite))
    s.apply(Keal(0))
    assert s.current_player == 1 and s.legal_actions() == [Keal(1)]


@pytest.mark.parametrize(
    ("soul", "claims"),
    [
        ("neural_network_synapse_virus", False),
        ("unburdened_central", False),
        ("hilbert_king_of_avian_frogs", True),
    ],
)
def test_some_souls_cannot_claim_a_base_camp(soul: str, claims: bool) -> None:
    """Neural Network Synapse Virus and Unburdened Central cannot take a base camp they move
    onto; any other soul does (#claiming_territories)."""
    s = fresh()
    piece = put(s, 0, soul, "m2")
    act(s, 0)
    s.apply(Move(piece, "T3"))  # seat 1's camp, empty
    assert seen(s, piece)["stand"] == "T3"
    assert territory(s, 3)["holder"] == (0 if claims else 1)


# -- terrain features ---------------------------------------------------------------------
def test_palace_of_the_allele_sect_strengthens_nomads() -> None:
    """Palace of the Allele Sect: nomads get +3 to their rolls on its territory and can take an
    additional injury (#terrain_features, #roll_modifiers, #keal_means_DHT)."""
    s = fresh()
    put(s, 1, "palace_of_the_allele_sect", "T6")
    tejas = put(s, 1, "tejas_curious_mech", "T6")  # a nomad
    s.injuries[tejas] = [1, 1]
    assert seen(s, tejas)["downed"] is False, "one injury more per means"
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")  # a forest dweller
    s.rng = Loaded(6, 6, 1, 1)
    attack_on_t6(s, hilbert, tejas)
    assert said(s, f"{name('tejas_curious_mech')} (Hydraulic Punch): 2 thrown, +3 effects")
    assert f"{name('hilbert_king_of_avian_frogs')} (King's Mojo): 12 thrown, +1 affinity" in s.log(None), (
        "no bonus for the forest dweller (and no habitat bonus against a nomad: #habitat_effects)"
    )


def test_shards_desert_crushes_every_soul_in_its_territory_each_turn() -> None:
    """Shard's Desert: 1 KEAL means damage per turn, at the start of the turn, to all souls in
    the territory (#terrain_features, #diel_cycle)."""
    s = fresh()
    put(s, 1, "shards_desert", "T6")
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    next_turn(s)
    assert sum(s.injuries[osh]) == 1 and s.injuries[hilbert] == [1]
    assert said(s, f"the Shards Desert crushes seat 0's {name('hilbert_king_of_avian_frogs')}")


def test_meteor_shower_lays_waste_to_a_random_territory() -> None:
    """Meteor Shower is played revealed; after a D6 of turns it lays waste to a random
    territory: its cards discarded, its camp removed, its geography a wasteland
    (#terrain_features, #random_territory)."""
    s = fresh()
    act(s, 0)
    give(s, 0, "meteor_shower")
    assert Play(0, "T2", False) not in s.legal_actions(), "immediately revealed"
    s.apply(Play(0, "T2", True))
    meteor = len(s.card) - 1
    otter = put(s, 1, "frost_tipped_arctic_otter", "T3")
    s.rng = Loaded(1, 3)  # a D6 of 1 turn; territory 3
    next_turn(s)
    assert said(s, "the meteor shower strikes territory 3") and said(s, "territory 3 is laid waste")
    land = territory(s, 3)
    assert land["geography"] == "Wasteland" and land["holder"] is None
    assert not s.on_map[otter] and not s.on_map[meteor]
    assert "frost_tipped_arctic_otter" in s.discard[1] and "meteor_shower" in s.discard[0]


@pytest.mark.parametrize(
    ("feature", "far"), [(None, None), ("passage_among_maples", "T3"), ("losetany_steppes", "m3")]
)
def test_movement_features_extend_the_range_of_souls_starting_there(
    feature: str | None, far: str | None
) -> None:
    """Passage Among Maples (+1) and Losetany Steppes (+2) extend the movement range of souls
    that start in their territory (#terrain_features, #movement)."""
    s = fresh()
    if feature:
        put(s, 0, feature, "T2")
    mihela = put(s, 0, "mihela_cleanser_of_fields", "T2")  # movement 1
    act(s, 0)
    reach = moves_of(s, mihela)
    assert {"m1", "m2"} <= reach
    if far is None:
        assert reach == {"m1", "m2"}
    else:
        assert far in reach


def test_a_new_terrain_feature_replaces_the_one_in_play() -> None:
    """Only one terrain feature per territory: a new one played replaces the one in play
    (#terrain_features)."""
    s = fresh()
    shards = put(s, 0, "shards_desert", "T2")
    act(s, 0)
    give(s, 0, "palace_of_the_allele_sect")
    s.apply(Play(0, "T2", True))
    assert not s.on_map[shards] and "shards_desert" in s.discard[0]
    assert said(s, f"{name('shards_desert')} is replaced")
    features = [p for p in s.view(None)["pieces"] if p["territory"] == 2 and p["kind"] == "terrain_feature"]
    assert [p["card"] for p in features] == ["palace_of_the_allele_sect"]


# -- traps --------------------------------------------------------------------------------
def _enter_territory_6(s: KipukasState, roll: int, trap: str) -> tuple[int, int]:
    """Seat 1's ``trap`` lies unrevealed in territory 6; seat 0's Hilbert walks in from the
    free territory 7, and the D20 for traps shows ``roll`` (#card_activation 1)."""
    laid = put(s, 1, trap, "T6", revealed=False)
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "T7")
    act(s, 0)
    s.rng = Loaded(roll)
    s.apply(Move(hilbert, "m6"))
    assert said(s, f"enters territory 6: the D20 for traps shows {roll}")
    return laid, hilbert


@pytest.mark.parametrize("roll", [3, 6])
def test_freezing_of_the_heart_places_an_endothermic_soul(roll: int) -> None:
    """Freezing of the Heart springs on a D20 of 3-6: its owner places an Endothermic soul from
    hand in the trap's territory, out of turn (#traps, #card_activation)."""
    s = fresh()
    give(s, 1, "arctechnic_wonderer", "honey")
    trap, _ = _enter_territory_6(s, roll, "freezing_of_the_heart")
    assert said(s, f"a trap springs: {name('freezing_of_the_heart')}")
    assert not s.on_map[trap] and "freezing_of_the_heart" in s.discard[1]
    placed = [p for p in s.view(None)["pieces"] if p["card"] == "arctechnic_wonderer"]
    assert [(p["owner"], p["stand"]) for p in placed] == [(1, "T6")]
    assert s.hand[1] == ["honey"]


@pytest.mark.parametrize(
    ("trap", "roll"), [("freezing_of_the_heart", 7), ("ushered_through_sabina_emporium", 2)]
)
def test_a_detected_trap_is_removed(trap: str, roll: int) -> None:
    """A trap not sprung is detected on its detection numbers (here "Std. D20: 1, 2, 7, 8") and
    removed from play (#traps)."""
    s = fresh()
    laid, hilbert = _enter_territory_6(s, roll, trap)
    assert not s.on_map[laid] and trap in s.discard[1]
    assert said(s, f"detects a trap, {name(trap)}, and removes it")
    assert s.on_map[hilbert] and not s.prisoner[hilbert]


def test_a_trap_neither_sprung_nor_detected_stays_hidden() -> None:
    """A D20 outside both lists leaves the trap in play, unrevealed (#traps)."""
    s = fresh()
    laid, _ = _enter_territory_6(s, 12, "freezing_of_the_heart")
    assert s.on_map[laid] and seen(s, laid)["card"] is None and seen(s, laid)["revealed"] is False


@pytest.mark.parametrize("roll", [2, 11, 19])
def test_to_catch_a_spirit_bottles_the_soul(roll: int) -> None:
    """To Catch a Spirit springs on 2, 5, 7, 11, 17, 19: the soul is bottled, read as a
    prisoner in the territory (#traps, #prison)."""
    s = fresh()
    trap, hilbert = _enter_territory_6(s, roll, "to_catch_a_spirit")
    assert s.prisoner[hilbert] and seen(s, hilbert)["prisoner"] is True
    assert said(s, f"seat 0's {name('hilbert_king_of_avian_frogs')} is bottled")
    assert s.on_map[trap] and seen(s, trap)["revealed"], "kept in play once activated"
    act(s, 0)
    assert moves_of(s, hilbert) == set()


@pytest.mark.parametrize("roll", [10, 20])
def test_ushered_through_sabina_emporium_steals_a_card(roll: int) -> None:
    """Ushered Through Sabina Emporium springs on 10 through 20: its owner steals a card from
    the intruder's hand, keeping 3 or fewer (#traps, #stealing)."""
    s = fresh()
    give(s, 1, "honey")
    give(s, 0, "sticks")
    _enter_territory_6(s, roll, "ushered_through_sabina_emporium")
    assert said(s, "seat 1 steals a card from seat 0")
    assert s.view(1)["players"][1]["hand"] == ["honey", "sticks"]
    assert s.view(0)["players"][0]["hand"] == []


def test_feeding_the_piffions_springs_when_its_territory_is_entered() -> None:
    """Feeding the Piffions, read with the activation sequence: entering its territory, the
    owner's soul there slips one stand away before the attack (#traps, #card_activation)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    _enter_territory_6(s, 15, "feeding_the_piffions")
    assert said(s, "slips away before the attack")
    assert s.stand[osh] != "T6"


# -- sabotage -----------------------------------------------------------------------------
def _night_sabotage(
    s: KipukasState, card: str, territory: int, *rolls: int, picks: tuple[int, ...] = ()
) -> None:
    """Night 2: seat 0 plays ``card`` against ``territory`` with the dice ``rolls`` (#night, #sabotage)."""
    next_turn(s)
    assert s.diel == "night"
    act(s, 0)
    give(s, 0, card)
    s.rng = Loaded(*rolls, picks=picks)
    s.apply(Sabotage(0, territory))
    assert said(s, f"seat 0 plays {name(card)} against territory {territory}")
    assert card in s.discard[0]


@pytest.mark.parametrize(("dice", "protected"), [((3, 4), [1, 2, 8]), ((2, 2), [1, 2, 8]), ((1, 2), [3, 5])])
def test_spectral_lands_protect_territories(dice: tuple[int, int], protected: list[int]) -> None:
    """Spectral Land's Decree and Hearing: 2 D6 of doubles or opposites (summing 7) succeed,
    three of your territories cannot be taken for 3 turns; else two of the opponent's for 2
    (#sabotage, #claiming_territories)."""
    s = fresh()
    _night_sabotage(s, "spectral_lands_decree_and_hearing", 6, *dice)
    shown = [t["number"] for t in s.view(None)["map"]["territories"] if t["protected"]]
    assert shown == protected
    turns = 3 if protected == [1, 2, 8] else 2
    assert all(s.protected[t - 1] == s.cycle + turns for t in protected)


def test_spectral_lands_success_keeps_a_camp_from_being_claimed() -> None:
    """Spectral Land's Decree and Hearing: a protected territory cannot be taken
    (#claiming_territories)."""
    s = fresh()
    _night_sabotage(s, "spectral_lands_decree_and_hearing", 6, 1, 6)
    next_turn(s)  # day 3
    raider = put(s, 1, "hilbert_king_of_avian_frogs", "m2")
    act(s, 1)
    s.apply(Move(raider, "T2"))
    assert territory(s, 2)["holder"] == 0


def test_enchantress_of_cats_success_keeps_the_camp_souls_out_of_action() -> None:
    """Enchantress of Cats: doubles in 2 tries kick the souls of an opponent's base camp out
    of action for 2 days (#sabotage)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    _night_sabotage(s, "enchantress_of_cats", 6, 1, 2, 4, 4)
    assert said(s, "success") and said(s, "kicked out of action for 2 days")
    assert s.tired_cycle[osh] == s.cycle + 2


def test_enchantress_of_cats_success_holds_the_souls_the_next_day() -> None:
    """Enchantress of Cats: the souls kicked out "for 2 days" cannot move the very next day
    (#sabotage: effects apply to the next day roll)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    _night_sabotage(s, "enchantress_of_cats", 6, 3, 3, 1, 2)
    next_turn(s)
    assert s.diel == "day"
    act(s, 1)
    assert moves_of(s, osh) == set()


def test_enchantress_of_cats_failure_injures_your_own_camp() -> None:
    """Enchantress of Cats, failure: the angry cats attack all the souls in one of your base
    camps chosen at random; each loses a KEAL means (#sabotage)."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    _night_sabotage(s, "enchantress_of_cats", 6, 1, 2, 3, 4, picks=(1,))  # camps 1, 2, 8: the second
    assert said(s, "failure") and said(s, "the angry cats attack the souls of territory 2")
    assert sum(s.injuries[osh]) == 1


@pytest.mark.parametrize(("roll", "tired"), [(4, True), (6, True), (3, False)])
def test_mutant_hide_and_seek_tires_a_random_camp_on_4_or_more(roll: int, tired: bool) -> None:
    """Mutant Hide and Seek: 'Each night throw a D6': 4 or more, a randomly selected opponent's
    base camp's souls are too tired to move the next day (#sabotage)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    next_turn(s)
    act(s, 0)
    give(s, 0, "mutant_hide_and_seek")
    s.rng = Loaded(roll, picks=(1,))  # seat 1's base camps are territories 3 and 6: the second
    s.apply(Sabotage(0, 6))
    assert said(s, f"the mutant's D6 shows {roll}") and s.mutants == [[0, 0 if tired else 1, 6]]
    assert "mutant_hide_and_seek" not in s.discard[0]  # it stays in play
    next_turn(s)
    assert s.diel == "day"
    act(s, 1)
    assert (moves_of(s, osh) == set()) is tired


def test_mutant_hide_and_seek_is_led_away_after_two_failures() -> None:
    """Mutant Hide and Seek: 'Two failures and the creature is lead away' (#sabotage)."""
    s = fresh()
    next_turn(s)
    act(s, 0)
    give(s, 0, "mutant_hide_and_seek")
    s.rng = Loaded(2)
    s.apply(Sabotage(0, 6))
    s.rng = Loaded(1)
    s.diel = "night"
    cards.on_cycle_start(s)
    assert said(s, "the creature is led away") and "mutant_hide_and_seek" in s.discard[0]


def test_the_otter_donates_two_keal_means_for_one_of_its_own() -> None:
    """Frost Tipped Arctic Otter: "Can donate 2 keal means at the cost of 1 keal means to itself"."""
    s = fresh()
    otter = put(s, 0, "frost_tipped_arctic_otter", "T2")
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    s.injuries[osh] = [1, 1]
    act(s, 0)
    s.apply(Donate(otter, osh))
    assert s.injuries[osh] == [0, 0] and sum(s.injuries[otter]) == 1


def test_unburdened_central_lodges_in_an_enemy_capital() -> None:
    """Unburdened Central: "Once in the capital, she cannot move in or out of the capital, and
    cannot be engaged in battle. All cards played in the capital must now be played revealed.
    At any time you may choose to waste unburdened central to waste an opponent's Glitch,
    Mechanical, Algorithmic, or Energetic souls played in the capital."
    """
    s = fresh()
    central = put(s, 0, "unburdened_central", "m5")
    act(s, 0)
    s.apply(Move(central, "T5"))
    act(s, 0)
    assert not [a for a in s.legal_actions() if isinstance(a, Move) and a.piece == central]
    act(s, 1)
    give(s, 1, "tejas_curious_mech")  # Mechanical
    assert {a.revealed for a in s.legal_actions() if isinstance(a, Play) and a.stand == "T5"} == {True}
    s.apply(Play(0, "T5", True))
    tejas = len(s.card) - 1
    assert central not in enemies_at(s, "T5", 1)
    act(s, 0)
    s.apply(Sacrifice(central))
    assert not s.on_map[central] and not s.on_map[tejas]


# -- items --------------------------------------------------------------------------------
def test_sticks_add_one_to_the_wielders_roll() -> None:
    """Sticks: "Add one to attack roll", equipped during the day (#equiping, #items,
    #roll_modifiers)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    act(s, 0)
    give(s, 0, "sticks")
    s.apply(Equip(0, hilbert))
    assert seen(s, hilbert)["items"] == ["sticks"]
    s.apply(CallInitiative())  # seat 1 ends its actions; seat 0 acts on
    s.rng = Loaded(3, 3, 1, 1)
    s.apply(Move(hilbert, "T6"))
    s.apply(Target(osh))
    s.apply(Keal(0))
    s.apply(Keal(0))
    hilbert_name = name("hilbert_king_of_avian_frogs")
    assert said(s, f"{hilbert_name} (King's Mojo): 6 thrown, +2 habitat, +1 affinity, +1 effects")


@pytest.mark.parametrize(("item", "escapes"), [("cloth", True), (None, False)])
def test_cloth_adds_one_to_the_escape_roll(item: str | None, escapes: bool) -> None:
    """Cloth: "Add 1 to escape roll": 2 D6 of 6 and the cloth beat a D20 of 6 (#retreat:
    the escapee must beat the challenger's D20; #items)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    if item:
        give(s, 1, item)
        act(s, 1)
        s.apply(Equip(0, osh))
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(6, 6, 1, 1, 3, 3, 6)  # the bout; then the escape's 2 D6 and the D20
    attack_on_t6(s, hilbert, osh, means=(0, 1))  # Oshliath's Flame: Osileth is not hurt
    s.apply(Stop())
    s.apply(Retreat(osh, "m5"))
    s.apply(Challenge())
    assert said(s, f"2 D6 give {7 if item else 6} against a D20 of 6")
    assert (s.stand[osh] == "m5") is escapes


def test_honey_heals_after_four_diel_cycles() -> None:
    """Honey played alone: recover one KEAL means after 4 diel cycles (recipes.json) (#items,
    #keal_means_DHT)."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    s.injuries[osh] = [1, 0]
    act(s, 0)
    give(s, 0, "honey")
    s.apply(Equip(0, osh))
    for _ in range(3):
        cards.on_cycle_start(s)
    assert s.injuries[osh] == [1, 0]
    cards.on_cycle_start(s)
    assert s.injuries[osh] == [0, 0]
    assert said(s, f"seat 0's {name('oshliath_and_osileth')} eats honey and heals a KEAL means")


def test_honey_does_not_hasten_the_plains_rest() -> None:
    """Honey heals after 4 diel cycles; resting on uncontested plains heals one KEAL means per
    2 turns (#habitat_effects, plains): after one cycle on territory 1 (plains), no healing yet."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T1")
    s.injuries[osh] = [1, 1]
    act(s, 0)
    give(s, 0, "honey")
    s.apply(Equip(0, osh))
    cards.on_cycle_start(s)
    assert s.injuries[osh] == [1, 1]


def test_a_crafted_tunic_keeps_its_wearer_from_storm_damage() -> None:
    """Tunic (Cloth + String), crafted at night and equipped: no damage is taken due to storm
    (#crafting, #recipes, #equiping, #storm)."""
    s = fresh()
    worn = put(s, 0, "oshliath_and_osileth", "m2")  # a movement stand: exposed to storms
    bare = put(s, 0, "brox_the_defiant", "m2")
    next_turn(s)
    act(s, 0)
    give(s, 0, "cloth", "string")
    tunic = next(n for n, recipe in enumerate(cards.RECIPES) if recipe.name == "Tunic")
    assert Craft(tunic, worn) in s.legal_actions()
    s.apply(Craft(tunic, worn))
    assert said(s, f"seat 0 crafts Tunic for seat 0's {name('oshliath_and_osileth')}")
    assert s.hand[0] == [] and seen(s, worn)["items"] == ["cloth", "string", f"recipe:{tunic}"]
    cycle.storm(s)
    assert s.injuries[worn] == [0, 0] and sum(s.injuries[bare]) == 1


def test_a_tunic_is_wasted_once_it_has_kept_a_storm_off() -> None:
    """Tunic: "No damage is taken due to storm. Once effect activates, the items are wasted"
    (#recipes, #storm, #discarding_runout)."""
    s = fresh()
    worn = put(s, 0, "oshliath_and_osileth", "m2")
    next_turn(s)
    act(s, 0)
    give(s, 0, "cloth", "string")
    tunic = next(n for n, recipe in enumerate(cards.RECIPES) if recipe.name == "Tunic")
    s.apply(Craft(tunic, worn))
    cycle.storm(s)
    assert s.injuries[worn] == [0, 0]
    assert s.items[worn] == [] and {"cloth", "string"} <= set(s.discard[0])


def test_arctechnic_wonderer_takes_no_damage_from_its_first_storm() -> None:
    """Arctechnic Wonderer takes no damage from its first storm; the next one injures it as
    any soul caught outside a camp (#storm, #keal_means_DHT)."""
    s = fresh()
    wonderer = put(s, 1, "arctechnic_wonderer", "m6")
    cycle.storm(s)
    assert s.injuries[wonderer] == [0, 0]
    cycle.storm(s)
    assert sum(s.injuries[wonderer]) == 1
    assert said(s, f"the storm injures seat 1's {name('arctechnic_wonderer')}")


# -- every card ---------------------------------------------------------------------------
@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_every_card_has_an_ability_and_says_what_is_not_played(card_id: str) -> None:
    """Every card of the Founder's Deck has its ability (``cards.ABILITIES``); what its text
    asks that is not played is stated in ``missing`` or NOTES.md (#card_variations)."""
    found = cards.ability(card_id)
    assert isinstance(found, cards.Ability)
    assert isinstance(found.reading, str) and isinstance(found.missing, str)
    if found.missing:
        assert found.missing.strip() or CARDS[card_id].name in NOTES


def test_rooster_turns_a_night_roll_to_day_every_other_turn() -> None:
    """Rooster, Calling of Light: "every other turn you may turn a night dial roll to day before
    any actions are taken in the turn" (#diel_cycle, #night). The opening's night 2 is not a
    roll (#game_setup 9): the first rolled night, cycle 4, is hers (test_diel_opening.py)."""
    s = fresh()
    give(s, 0)
    give(s, 1)
    rooster = put(s, 0, "rooster_calling_of_light", "T2")
    next_turn(s)  # day 1 ends: the opening's night 2 is not a roll, and is not turned
    assert (s.phase, s.diel) == ("night", "night")
    next_turn(s)  # day 3, the opening's last
    s.rng = Loaded(picks=(3,))  # the diel die's fourth face: night
    next_turn(s)
    assert (s.phase, s.current_player, s.diel) == ("turning", 0, "night")
    s.apply(TurnDiel(rooster, -1))
    assert s.diel == "day" and s.phase == "day"
    assert said(s, "seat 0 turns the roll to day with Rooster: Calling of Light")
    s.rng = Loaded(picks=(3,))
    next_turn(s)  # she turned the last turn: this night stays night
    assert (s.phase, s.diel) == ("night", "night")


def test_cartesian_sea_turns_the_roll_from_the_hand_and_is_discarded() -> None:
    """Cartesian Sea: "Play after the diel die roll, but before either player performs actions
    for their turn ... turn night to day, or day to night. It cannot affect a storm roll."
    The opening's three cycles are not rolls (#game_setup 9): cycle 4 is the first."""
    s = fresh()
    give(s, 0)
    give(s, 1, "cartesian_sea")
    next_turn(s)
    next_turn(s)
    assert s.phase == "day" and s.hand[1] == ["cartesian_sea"]
    s.rng = Loaded(picks=(3,))  # cycle 4's roll: night
    next_turn(s)
    assert (s.phase, s.current_player) == ("turning", 1)
    s.apply(KeepDiel())
    assert s.phase == "night" and s.hand[1] == ["cartesian_sea"]
    s.rng = Loaded(picks=(3,))
    next_turn(s)
    s.apply(TurnDiel(-1, 0))
    assert s.diel == "day" and "cartesian_sea" in s.discard[1] and s.hand[1] == []


def test_oshliath_must_retreat_when_osileth_is_hurt() -> None:
    """Oshliath and Osileth: "Must retreat if osileth takes damage (keal means bout is lost while
    having chosen Osileth's Scale)" (#retreat)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(6, 6, 1, 1)
    attack_on_t6(s, hilbert, osh, means=(0, 0))
    assert s.stand[osh] != "T6" and said(s, "must retreat: Osileth is hurt")
    assert s.injuries[osh] == [1, 0]


def test_the_causal_sophist_makes_cenozoic_souls_on_her_stand_magic() -> None:
    """The Causal Sophist "turns cenozoic and astral souls occupying the same space into magic
    souls" (#archetypal_gene: the gene of the Final Blow; #affinity)."""
    s = fresh()
    joker = put(s, 0, "plane_table_joker", "m6")  # Cenozoic
    assert cards.gene(s, joker) == "Cenozoic"
    put(s, 1, "the_causal_sophist", "m6")
    assert cards.gene(s, joker) == "Magic"


def test_the_raven_reveals_the_cards_of_a_territory_it_enters() -> None:
    """Myrthvither Raven "reveals cards in a territory as it moves into the territory"."""
    s = fresh()
    hidden = put(s, 1, "brox_the_defiant", "T6", revealed=False)
    raven = put(s, 0, "myrthvither_raven", "m5")
    act(s, 0)
    s.apply(Move(raven, "m6"))
    seen = {piece["piece"]: piece["card"] for piece in s.view(0)["pieces"]}
    assert seen[hidden] == "brox_the_defiant"


SUSPENDER_DECK = """personal_effect = "suspended_animation"
[cards]
""" + "\n".join(f"{card} = {n}" for card, n in sorted(Counter(starter_decks()["ember"].cards).items()))


def test_suspended_animation_stops_all_actions_in_a_territory_for_a_turn() -> None:
    """Suspended Animation (#personal_effects): 'Every 5 diel cycles you can suspend all actions
    in a territory for the turn ... neither player can move in or out of the territory.'"""
    s = fresh(deck0=SUSPENDER_DECK)
    assert s.personal == ["suspended_animation", ""] and s.aside[0] == ""
    assert said(s, "seat 0 plays Suspended Animation as its personal effect")
    brox = put(s, 0, "brox_the_defiant", "m2")
    next_turn(s)  # day 1 ends; the night's roll: seat 0 may suspend at once
    while s.phase == "turning" and s.current_player != 0:
        s.apply(KeepDiel())
    assert s.phase == "turning" and Suspend(3) in s.legal_actions()
    s.apply(Suspend(3))
    assert s.suspended == 3 and said(s, "suspends all actions in territory 3")
    next_turn(s)  # the night ends; day 3 begins: the suspension was for one turn only
    assert s.suspended == 0
    assert s.cycle - s.personal_used[0] < 5 and not cards.may_suspend(s, 0)
    act(s, 0)
    s.suspended = 3
    s.moved()
    assert "T3" not in reach(s, brox)


APOTHECARY_DECK = SUSPENDER_DECK.replace("suspended_animation", "location_of_the_deep_apothecary_shop")


def test_the_deep_apothecary_shop_sells_an_item_from_the_deck() -> None:
    """Location of the Deep Apothecary Shop: 'Purchase, from your deck, any item while you
    control an uncontested base camp in a forest habitat territory ... pull the item ... then put
    two cards from your hand into the deck' (read as a night action)."""
    s = fresh(deck0=APOTHECARY_DECK)  # seat 0 holds territory 2, a forest base camp
    next_turn(s)
    act(s, 0)
    give(s, 0, "brox_the_defiant", "tears_for_oly", "hilbert_king_of_avian_frogs")
    item = next(cid for cid in s.deck[0] if CARDS[cid].card_type == "item")
    deck_size = len(s.deck[0])
    s.apply(Purchase(item, 0, 1))
    assert s.hand[0] == ["hilbert_king_of_avian_frogs", item]
    assert len(s.deck[0]) == deck_size + 1 and {"brox_the_defiant", "tears_for_oly"} <= set(s.deck[0])
    act(s, 0)
    assert not [a for a in s.legal_actions() if isinstance(a, Purchase)]  # once a night


def test_branwen_turns_the_first_attack_against_her() -> None:
    """Branwen: "Other cards must attack Branwen first then Branwen attacks and the attacker
    becomes the defender for the first attack between the cards" (#ADRH)."""
    s = fresh()
    branwen = put(s, 1, "branwen_mantillusion_practitioner", "T6")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    act(s, 0)
    s.apply(Move(hilbert, "T6"))
    s.apply(Target(branwen))
    assert (s.attacker, s.defender) == (branwen, hilbert) and s.current_player == 1
    assert said(s, "turns the attack: she attacks first")


def test_pyrostegia_leaps_to_a_forest_in_conflict_and_may_sacrifice_itself() -> None:
    """Pyrostegia Dragon: "it can move to any forest area instantly as long as there is conflict
    in the space. It cannot move normally. May sacrifice itself to waste all souls in the space.\""""
    s = fresh()
    dragon = put(s, 0, "pyrostegia_dragon", "T2")
    put(s, 0, "brox_the_defiant", "m6")
    enemy = put(s, 1, "tears_for_oly", "m6")
    act(s, 0)
    leaps = {a.stand for a in s.legal_actions() if isinstance(a, Move) and a.piece == dragon}
    assert leaps == {"T6", "m6"}  # territory 6, a forest, is in conflict; nothing nearer
    s.apply(Sacrifice(dragon))
    assert not s.on_map[dragon] and s.on_map[enemy] and said(s, "sacrifices itself")


def test_passage_among_maples_gives_a_honey_instead_of_a_refill() -> None:
    """Passage Among Maples: at night its territory's holder may take a honey card from either
    player's discard or its deck instead of refilling, then reshuffles (#night)."""
    s = fresh()
    put(s, 0, "passage_among_maples", "T2")
    next_turn(s)
    act(s, 0)
    give(s, 0)
    s.discard[1].append("honey")
    s.apply(TakeHoney(1))
    assert s.hand[0] == ["honey"] and "honey" not in s.discard[1]
    act(s, 0)
    assert Refill() not in s.legal_actions()  # the honey took the night's refresh


def test_an_underground_dweller_digs_a_tunnel_in_three_days() -> None:
    """Illia and Dorsay "Can take 3 turns to make a tunnel from her current territory to any other
    territory, unless blocked by water. Can be traversed by other underground dwellers"
    (#habitat_effects, underground: 'Undergroud dwellers can make underground tunnels')."""
    s = fresh(seed=3)
    illia = put(s, 0, "illia_and_dorsay_the_buck_skull", "T2")
    for day in range(3):
        while s.diel != "day" or s.phase != "day":
            next_turn(s)
        act(s, 0)
        s.apply(Dig(illia, 7))
        assert said(s, f"(day {day + 1} of 3)") or day == 2
        next_turn(s)
    assert s.tunnels == [("T2", "T7")] and said(s, "opens a tunnel between territories 2 and 7")
    while s.diel != "day" or s.phase != "day":
        next_turn(s)
    act(s, 0)
    assert "T7" in reach(s, illia)
    assert ["T2", "T7", True] in s.view(1)["map"]["paths"]


def test_onironauta_walks_the_losers_out_of_the_camp() -> None:
    """Onironauta: a telekinetic one space outside the base camp fights a KEAL means bout with
    each soul in it: "Move each soul that loses 1 space away from the base camp. The next day
    they are dazed and can't move from the space"; the failure harms the telekinetic (#sabotage)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    dreamer = put(s, 0, "self_care", "m6")  # Telekinetic
    next_turn(s)
    act(s, 0)
    give(s, 0, "onironauta")
    assert Sabotage(0, 6) in s.legal_actions() and Sabotage(0, 3) not in s.legal_actions()
    s.rng = Loaded(6, 1, 1)  # Self Care's D6 against Oshliath's D20 and D6
    s.means = [2, 2]  # left over from an earlier fight: an automatic bout must not read it
    s.apply(Sabotage(0, 6))
    assert s.stand[osh] != "T6" and s.tired_cycle[osh] == s.cycle + 1
    assert said(s, "sleepwalks out of the camp") and s.on_map[dreamer]


def test_the_avian_keepers_den_takes_a_non_avian_prisoner() -> None:
    """Avian Keeper's Den: "Acts as a prison for non-avian creatures ... they must have only 1
    injury before defeat and be in a territory touching the territory this feature is within ...
    engage the enemy soul in a keal means bout with a card whose archetypal gene is avian"
    (#prison)."""
    s = fresh()
    put(s, 0, "avian_keepers_den", "T2")
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m3")  # Avian; territory 3 touches 2
    osh = put(s, 1, "oshliath_and_osileth", "m3")
    act(s, 0)
    assert not [a for a in s.legal_actions() if isinstance(a, Imprison)]  # not yet one from downed
    s.injuries[osh] = [1, 0]
    act(s, 0)
    s.rng = Loaded(6, 6, 1, 1)
    s.apply(Imprison(hilbert, osh))
    assert s.prisoner[osh] and s.stand[osh] == "T2" and said(s, "taken to the Avian Keeper's Den")


# -- card texts played since (NOTES.md "Card texts") ------------------------------------------
@pytest.mark.parametrize(
    ("soul", "hunted"), [("gray_wolf_harbinger_of_night", True), ("tejas_curious_mech", False)]
)
def test_little_charm_moves_to_a_hunted_soul_in_water_and_halves_its_throw(soul: str, hunted: bool) -> None:
    """Little Charm: "Any spirit, possessor, and conscience motive souls that touch water while
    this card is in play must battle Little Charm. Little Charm moves instantly moves to their
    space and their rolls are cut in half" (#geography: swimming, #movement, #attack). The Gray
    Wolf (Spirit) is hunted; Tejas (Passion) is not."""
    s = fresh()
    charm = put(s, 1, "little_charm", "m4b")
    mover = put(s, 0, soul, "m3")
    act(s, 0)
    s.rng = Loaded(2, 2)  # the swim: 2 D6 of 4
    s.apply(Move(mover, "m4a"))
    assert (s.stand[charm] == "m4a") is hunted
    if not hunted:
        return
    assert said(s, f"{name('little_charm')} moves to seat 0's {name(soul)} in the water: they must battle")
    assert s.legal_actions() == [Target(charm)]
    s.rng = Loaded(6, 1)  # the wolf's D6, Little Charm's D6 (+6)
    s.apply(Target(charm))
    s.apply(Keal(0))
    s.apply(Keal(0))
    assert said(s, f"{name(soul)} (Haunted Howl Coordination): 6 thrown, halved to 3")


def test_balanced_inline_processing_colony_travels_aboard_a_carrier() -> None:
    """Balanced Inline Processing Colony: "Requires being equipped to a carrier card to move ...
    If this card is removed by force from its carrier it becomes wasted. It can only survive
    without a carrier in your capital" (#equiping). It boards a soul on its stand, is set down
    when unequipped in the capital, and is wasted when dropped anywhere else."""
    s = fresh()
    colony = put(s, 0, "balanced_inline_processing_colony", "T2", revealed=False)
    carrier = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    act(s, 0)
    s.apply(Carry(colony, carrier))
    assert said(s, f"takes seat 0's {name('balanced_inline_processing_colony')} aboard"), "revealed"
    assert not s.on_map[colony] and s.items[carrier] == ["balanced_inline_processing_colony"]
    act(s, 0)
    s.apply(Move(carrier, "T1"))  # seat 0's capital
    next_turn(s)
    next_turn(s)  # day 3
    act(s, 0)
    s.apply(Unequip(carrier))
    landed = len(s.card) - 1
    assert s.card[landed] == "balanced_inline_processing_colony" and s.stand[landed] == "T1"
    assert said(s, "is set down in its capital") and s.items[carrier] == []
    assert fight.available_means(s, landed) == [0], "Security Hacking in the capital"
    other = put(s, 0, "tira_marvelous_myriad", "T2")
    s.items[other] = ["balanced_inline_processing_colony"]
    cards.waste(s, other)
    assert s.discard[0].count("balanced_inline_processing_colony") == 1
    assert said(s, "is torn from its carrier and wasted")


def test_balanced_inline_processing_colony_dies_outside_the_capital_without_a_carrier() -> None:
    """Balanced Inline Processing Colony: "It can only survive without a carrier in your
    capital" (read: a cycle starting with it on the map elsewhere wastes it; #card_variations)."""
    s = fresh()
    home = put(s, 0, "balanced_inline_processing_colony", "T1")
    away = put(s, 0, "balanced_inline_processing_colony", "T2")
    cards.on_cycle_start(s)
    assert s.on_map[home] and not s.on_map[away]


@pytest.mark.parametrize(("carried", "dice", "success"), [(True, (1, 2), True), (False, (1, 2), False)])
def test_a_carried_colony_adds_1_and_2_to_the_sabotage_roll(
    carried: bool, dice: tuple[int, int], success: bool
) -> None:
    """Balanced Inline Processing Colony: "Any territory Balanced Inline Processing Colony is in
    adds 1 and 2 to the successful sabotage die roll for sabotage targeting that territory"
    (read: its seat's sabotage there also succeeds on a 1-2; #sabotage). Spectral Lands fails
    on a 1-2 without it."""
    s = fresh()
    carrier = put(s, 0, "hilbert_king_of_avian_frogs", "m6")  # territory 6, seat 1's
    if carried:
        s.items[carrier] = ["balanced_inline_processing_colony"]
    _night_sabotage(s, "spectral_lands_decree_and_hearing", 6, *dice)
    assert said(s, "success") is success
    assert (s.protected[0] == s.cycle + 3) is success


def test_neural_network_synapse_virus_moves_instantly_to_a_neighbouring_camp() -> None:
    """Neural Network Synapse Virus: "Moves instantly to any basecamp or capital in immediate
    contact with the current territory" (#movement, #maps: touching territories)."""
    s = fresh()
    virus = put(s, 0, "neural_network_synapse_virus", "T2")
    act(s, 0)
    assert moves_of(s, virus) == {"T1", "T3", "T6"}
    s.apply(Move(virus, "T6"))
    assert s.stand[virus] == "T6" and holder_of(s, 6) == 1, "it cannot take the camp"
    act(s, 0)
    assert moves_of(s, virus) == set(), "one move a day"


def holder_of(s: KipukasState, number: int) -> int:
    return s.holder[number - 1]


def test_neural_network_synapse_virus_infects_by_a_margin_of_three() -> None:
    """Neural Network Synapse Virus: "If it enters a keal means bout and rolls 3 less than or
    more than its opponents roll, its opponent becomes infected. Equip the synapse virus to the
    opponent. For every roll they make subtract the roll of a D6. Once the opponent is wasted,
    so is this card" (#attack, #equiping, #combat_lifecycle)."""
    s = fresh()
    tejas = put(s, 1, "tejas_curious_mech", "T6")  # Mechanical: in contention with the virus
    virus = put(s, 0, "neural_network_synapse_virus", "T2")
    act(s, 0)
    s.rng = Loaded(6, 1, 1)  # the virus's D6; Tejas's 2 D6
    s.apply(Move(virus, "T6"))
    s.apply(Target(tejas))
    s.apply(Keal(0))
    s.apply(Keal(0))
    virus_name, tejas_name = name("neural_network_synapse_virus"), name("tejas_curious_mech")
    assert said(s, f"seat 0's {virus_name} infects seat 1's {tejas_name}")
    assert not s.on_map[virus] and s.items[tejas] == ["neural_network_synapse_virus"]
    assert s.current_player == 1 and s.phase == "respond", "the virus is gone: no pressing on"
    s.apply(Hold())
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    s.rng = Loaded(1, 1, 6, 6, 4)  # Hilbert's 2 D6; Tejas's 2 D6 and the virus's D6
    attack_on_t6(s, hilbert, tejas, means=(0, 1))
    assert said(s, f"{name('tejas_curious_mech')} (Pneumatic Impact Ratchet): 12 thrown, -4 effects")
    s.injuries[tejas] = [1, 1]
    cards.waste(s, tejas)
    assert "neural_network_synapse_virus" in s.discard[0] and said(s, "is wasted with its host")


@pytest.mark.parametrize(("stand", "roll", "captured"), [("T6", 3, True), ("T6", 4, False), ("T3", 4, True)])
def test_sprite_of_wilds_spirit_captures_a_bear(stand: str, roll: int, captured: bool) -> None:
    """Sprite of Wilds' Spirit, with bear: "May only change to this form by capturing a bear ...
    Forest: roll 1, 2, or 3 with D6; Mountain or Plains: roll 1 or 2 with D6. Add the number 4
    ... if a stream, river, or creek touches the territory. If this card changes forms, it
    cannot move the in the same turn": a D20, movement 1, Crushing Bite (#keal_means,
    #movement). Territory 6 is a forest; 3 a mountain by the water of 4."""
    s = fresh()
    sprite = put(s, 1, "sprite_of_wilds_spirit", stand)
    act(s, 1)
    s.rng = Loaded(roll)
    s.apply(ChangeForm(sprite))
    assert said(s, "captured" if captured else "it gets away")
    act(s, 1)
    assert ChangeForm(sprite) not in s.legal_actions(), "one try a day"
    assert (moves_of(s, sprite) == set()) is captured
    if not captured:
        return
    assert fight.available_means(s, sprite) == [0], "Crushing Bite"
    assert cards.dice_of(s, sprite, attacking=True) == Dice(("D20",), 0)
    next_turn(s)
    next_turn(s)  # day 3
    act(s, 1)
    assert max(len(reach(s, sprite)[st]) for st in moves_of(s, sprite)) == 1, "movement 1"
    s.apply(ChangeForm(sprite))
    assert said(s, "returns to its default form") and fight.available_means(s, sprite) == [1]


def test_tejas_breaks_himself_after_an_idle_day_and_then_fixes_himself() -> None:
    """Tejas Curious Mech: "If Tejas does not perform any actions this turn he becomes bored and
    breaks himself. When broken Tajas, must fix himself before moving or fixing other souls.
    Tajas breaks or fixes himself at the start of the cycle" (#diel_cycle, #keal_means_DHT)."""
    s = fresh()
    tejas = put(s, 0, "tejas_curious_mech", "T2")
    tira = put(s, 0, "tira_marvelous_myriad", "T2")
    cards.on_cycle_start(s)  # day 1 begins: Tejas is seen on T2
    s.cycle += 1  # day 1 passes with nothing done
    s.injuries[tira] = [1, 0]
    cards.on_cycle_start(s)
    assert said(s, "bored, he breaks himself") and s.injuries[tira] == [1, 0]
    act(s, 0)
    assert moves_of(s, tejas) == set()
    s.cycle += 1
    cards.on_cycle_start(s)
    assert said(s, f"seat 0's {name('tejas_curious_mech')} fixes himself") and s.injuries[tira] == [1, 0]
    act(s, 0)
    assert moves_of(s, tejas)
    s.apply(Move(tejas, "m2"))
    s.cycle += 1
    cards.on_cycle_start(s)
    assert s.timers[tejas]["broken"] == 0


@pytest.mark.parametrize("all_else_held", [True, False])
def test_unburdened_central_takes_the_capital_once_all_else_is_claimed(all_else_held: bool) -> None:
    """Unburdened Central: "She cannot take the capital, unless all other territories are already
    claimed" (#movement: a capital is taken by one holding every other territory; #win). Once
    her seat holds the rest, she takes the capital she is lodged in at the next cycle's start."""
    s = fresh()
    central = put(s, 0, "unburdened_central", "m5")
    act(s, 0)
    s.apply(Move(central, "T5"))
    assert holder_of(s, 5) == 1 and not s.is_over
    if all_else_held:
        for t in s.board.holdable:
            if t != 5:
                s.holder[t - 1] = 0
    s.cycle += 1
    cards.on_cycle_start(s)
    assert (holder_of(s, 5) == 0) is all_else_held
    assert s.is_over is all_else_held
    if all_else_held:
        assert s.winner == 0 and said(s, "seat 0 takes seat 1's capital, territory 5")


def test_shards_desert_hides_its_holders_dropped_items() -> None:
    """Shard's Desert: "Territory holder is able to hide objects that can never be found by the
    opposing player as long as this card is still in play. Souls can retrieve the hidden objects
    by being in the same territory as this card. Should this card be removed from the space,
    those objects become normally hidden" (#terrain_features, #items, #equiping)."""
    s = fresh()
    desert = put(s, 0, "shards_desert", "T2")
    mine = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    s.items[mine] = ["sticks"]
    act(s, 0)
    s.apply(Unequip(mine))
    thief = put(s, 1, "tira_marvelous_myriad", "m2")
    act(s, 1)
    assert PickUp(thief) not in s.legal_actions(), "hidden from the opponent"
    assert territory(s, 2)["dropped"] == [] and s.view(0)["map"]["territories"][1]["dropped"] == [["sticks"]]
    cards.grab(s, 2)
    assert s.dropped[1] and not s.items[thief]
    act(s, 0)
    assert PickUp(mine) in s.legal_actions(), "the holder's souls retrieve them"
    cards.waste(s, desert)
    act(s, 1)
    s.apply(PickUp(thief))
    assert s.items[thief] == ["sticks"]


@pytest.mark.parametrize(("bottled", "rolls", "freed"), [
    ("hilbert_king_of_avian_frogs", (), True),
    ("knightsoul_of_binding_time", (12,), True),
    ("knightsoul_of_binding_time", (3,), False),
])
def test_to_catch_a_spirit_frees_the_bottled_soul_for_another(
    bottled: str, rolls: tuple[int, ...], freed: bool
) -> None:
    """To Catch a Spirit: "when player decides to exchange the soul who entered the territory to
    free bottle card soul. Once exchanged, the freed card must be played by the conditions listed
    on the card this turn, else, the exchange fails and both cards are wasted" (#traps,
    #placement). The Knightsoul is played on a D20 of 10 or more."""
    s = fresh()
    trap = put(s, 1, "to_catch_a_spirit", "T6", revealed=False)
    caught = put(s, 0, bottled, "T7")
    act(s, 0)
    s.rng = Loaded(2)  # the D20 for traps
    s.apply(Move(caught, "m6"))
    assert s.prisoner[caught] and s.on_map[trap]
    rescuer = put(s, 0, "tira_marvelous_myriad", "m6")
    act(s, 0)
    assert Exchange(rescuer, caught) in s.legal_actions()
    s.rng = Loaded(*rolls)
    s.apply(Exchange(rescuer, caught))
    if freed:
        assert s.stand[caught] == "T1", "played on the capital's camp"
        assert not s.prisoner[caught] and seen(s, caught)["revealed"]
        assert s.prisoner[rescuer] and s.timers[rescuer][cards.BOTTLED] == 1
    else:
        assert not s.on_map[caught] and not s.on_map[rescuer]
        assert said(s, "the exchange fails: both souls are wasted")


def _craft(s: KipukasState, recipe: str, piece: int, *items: str) -> int:
    """Night 2: seat 0 crafts ``recipe`` from ``items`` for ``piece`` (#crafting); its number."""
    next_turn(s)
    act(s, 0)
    give(s, 0, *items)
    number = next(n for n, found in enumerate(cards.RECIPES) if found.name == recipe)
    assert Craft(number, piece) in s.legal_actions()
    s.apply(Craft(number, piece))
    return number


def test_a_bee_bomb_bursts_in_its_territory_after_three_diel_cycles() -> None:
    """Bee Bomb! (Cloth + Honey): "After 3 diel cycles, all souls in the territory lose a keal
    means" (#crafting, #recipes; damage to a downed soul wastes it, #combat_lifecycle)."""
    s = fresh()
    wielder = put(s, 0, "oshliath_and_osileth", "T2")
    enemy = put(s, 1, "hilbert_king_of_avian_frogs", "m2")
    downed = put(s, 1, "tira_marvelous_myriad", "m2")
    _craft(s, "Bee Bomb!", wielder, "cloth", "honey")
    s.injuries[downed] = [1, 1]
    for _ in range(2):
        s.cycle += 1
        cards.on_cycle_start(s)
    assert s.injuries[enemy] == [0] and s.items[wielder]
    s.cycle += 1
    cards.on_cycle_start(s)
    assert said(s, "the Bee Bomb bursts in territory 2")
    assert sum(s.injuries[wielder]) == 1 and s.injuries[enemy] == [1] and not s.on_map[downed]
    assert s.items[wielder] == [] and {"cloth", "honey"} <= set(s.discard[0])


def test_sticky_stick_fingers_take_an_item_card_from_the_opponents_deck() -> None:
    """Sticky stick fingers? (Honey + Sticks): "Take 1 item card from your opponents deck via
    random draw and place it in your deck" (#crafting, #recipes, #stealing)."""
    s = fresh()
    wielder = put(s, 0, "oshliath_and_osileth", "T2")
    _craft(s, "Sticky stick fingers?", wielder, "honey", "sticks")
    s.deck[1] = ["hilbert_king_of_avian_frogs", "feathers", "tira_marvelous_myriad"]
    before = len(s.deck[0])
    s.cycle += 1
    cards.on_cycle_start(s)
    assert s.deck[1] == ["hilbert_king_of_avian_frogs", "tira_marvelous_myriad"]
    assert len(s.deck[0]) == before + 1 and "feathers" in s.deck[0]
    assert said(s, "sticky fingers: seat 0 takes an item from seat 1's deck") and s.items[wielder] == []


@pytest.mark.parametrize(
    ("recipe", "items", "rolls", "burnt"),
    [
        ("Fire Starter?", ("feathers", "string"), (5, 4), True),
        ("Fire Starter?", ("feathers", "string"), (5, 5), False),
        ('"Advanced" fire starter?', ("feathers", "honey", "string"), (1, 1, 1, 4, 1, 2), True),
    ],
)
def test_a_fire_starter_may_burn_a_terrain_feature(
    recipe: str, items: tuple[str, ...], rolls: tuple[int, ...], burnt: bool
) -> None:
    """Fire Starter? (Feathers + String): "Chance to destroy terrain feature. Win with a D6 vs
    D20." "Advanced" fire starter?: "Win with D6 against D6-D6 with a retry" (#crafting,
    #recipes, #terrain_features). A failed try waits for the next day (#items)."""
    s = fresh()
    palace = put(s, 1, "palace_of_the_allele_sect", "T6")
    wielder = put(s, 0, "oshliath_and_osileth", "m6")
    _craft(s, recipe, wielder, *items)
    next_turn(s)  # day 3
    act(s, 0)
    s.rng = Loaded(*rolls)
    s.apply(Burn(wielder))
    assert s.on_map[palace] is not burnt
    assert said(s, f"{name('palace_of_the_allele_sect')} burns down") is burnt
    act(s, 0)
    assert Burn(wielder) not in s.legal_actions(), "once a day"


@pytest.mark.parametrize("carried", [True, False])
def test_a_carried_colony_makes_the_mutants_1_and_2_succeed(carried: bool) -> None:
    """Balanced Inline Processing Colony, "adds 1 and 2 to the successful sabotage die roll",
    with Mutant Hide and Seek played against its territory: a 1 tires a camp too (#sabotage)."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    carrier = put(s, 0, "hilbert_king_of_avian_frogs", "m6")
    if carried:
        s.items[carrier] = ["balanced_inline_processing_colony"]
    next_turn(s)
    act(s, 0)
    give(s, 0, "mutant_hide_and_seek")
    s.rng = Loaded(1, picks=(1,))
    s.apply(Sabotage(0, 6))
    assert (s.tired_cycle[osh] == s.cycle + 1) is carried
    assert s.mutants == [[0, 0 if carried else 1, 6]]


@pytest.mark.parametrize(("roll", "bottled"), [(5, True), (6, False)])
def test_to_catch_a_spirit_stays_and_bottles_any_later_entrant(roll: int, bottled: bool) -> None:
    """To Catch a Spirit: "The bottle card attempts to activate when a soul on steps into the
    same territory ... Once activated, this card is kept in play until removed by the effect of
    another card. Neither player controls this card" (#traps): its owner's souls too."""
    s = fresh()
    trap, _ = _enter_territory_6(s, 2, "to_catch_a_spirit")
    own = put(s, 1, "tira_marvelous_myriad", "m5")
    act(s, 1)
    s.rng = Loaded(roll)
    s.apply(Move(own, "T6"))
    assert said(s, f"enters territory 6: the D20 for traps shows {roll}")
    assert s.prisoner[own] is bottled and s.on_map[trap]
    assert said(s, f"{name('to_catch_a_spirit')} springs again") is bottled


def test_timebattle_moves_the_takers_capital_and_curses_it() -> None:
    """Timebattle: activation "You lose the territory this trap is laid in": "This card is
    placed as a terrain feature ... Your opponent's capital moves to this location and becomes
    cursed with the following effect: All cards within the territory can only be used every
    other turn" (#traps, #terrain_features, #win)."""
    s = fresh()
    trap = put(s, 0, "timebattle", "T2", revealed=False)
    taker = put(s, 1, "hilbert_king_of_avian_frogs", "T2")
    cards.on_cycle_start(s)
    assert s.capital[1] == [5] and not seen(s, trap)["revealed"], "territory 2 is still seat 0's"
    s.holder[1] = 1  # seat 1 took territory 2
    cards.on_cycle_start(s)
    assert s.capital[1] == [2] and seen(s, trap)["revealed"]
    assert said(s, "Timebattle: seat 1's capital moves to territory 2, cursed")
    assert territory(s, 2)["capital_of"] == 1
    act(s, 1)
    assert moves_of(s, taker), "usable the turn it activates"
    s.cycle += 1
    cards.on_cycle_start(s)
    act(s, 1)
    assert moves_of(s, taker) == set() and said(s, "cannot be used this turn")
    s.cycle += 1
    cards.on_cycle_start(s)
    act(s, 1)
    assert moves_of(s, taker)


def test_a_failed_swim_spends_only_the_steps_walked() -> None:
    """#geography (swimming): a failed swim stops the soul at the water's edge; the steps it did
    not walk are not spent, so what it may still do does not depend on the way it meant to go
    (which no other seat sees; the conformance contract checks it). It may not swim again."""
    s = fresh()
    wolf = put(s, 0, "gray_wolf_harbinger_of_night", "m3")
    act(s, 0)
    s.rng = Loaded(1, 1)  # the swim: 2 D6 of 2
    s.apply(Move(wolf, "m4a"))
    assert s.stand[wolf] == "m3" and s.steps_used[wolf] == 0 and said(s, "it stays ashore")
    act(s, 0)
    reach = {a.stand for a in s.legal_actions() if isinstance(a, Move) and a.piece == wolf}
    assert "T3" in reach and "m4a" not in reach
