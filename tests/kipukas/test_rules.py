"""Kipukas rule scenarios, each citing its rulebook section (``../shared/rules/kipukas.md``)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

import soulforge
from soulforge.core import GameRandom, IllegalAction
from soulforge.games.kipukas import combat, cycle
from soulforge.games.kipukas.actions import (
    Attack,
    CallInitiative,
    CallReserves,
    EndActions,
    FinalBlow,
    HandToBottom,
    Hold,
    Keal,
    KeepPeace,
    LetGo,
    Move,
    PickUp,
    Play,
    Press,
    Refill,
    Reinforce,
    Retreat,
    RetreatGroup,
    Reveal,
    Stop,
    Target,
    Transfer,
)
from soulforge.games.kipukas.data import CARDS, load_matchups
from soulforge.games.kipukas.encoding import CHALLENGE, DAY, KEAL, NIGHT, PRESS, RESPOND, TARGET
from soulforge.games.kipukas.movement import enemies_at, is_downed, reach
from soulforge.games.kipukas.state import KipukasState
from tests.kipukas.scenario import act, fresh, give, put

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""


class Rigged(GameRandom):
    """The game's generator with chosen ``randint`` results first, then its seeded dice. A
    subclass, not a ``randint`` set on the state's own generator: compiled rules draw a plain
    ``GameRandom``'s dice straight (``soulforge.core.draws``), a subclass's through its methods."""

    queue: Iterator[int]

    def randint(self, a: int, b: int) -> int:
        return next(self.queue, None) or super().randint(a, b)


def rig(state: KipukasState, *values: int) -> None:
    """The next dice show ``values`` in order (then the seeded dice go on)."""
    rng = state.rng
    if not isinstance(rng, Rigged):  # the same generator, at the same draw, made a Rigged one
        rigged = Rigged.__new__(Rigged)
        rigged.setstate(rng.getstate())
        rigged.draws = rng.draws
        state.rng = rng = rigged
    rng.queue = iter(values)


def end_turn(state: KipukasState) -> None:
    """Both seats stop acting: the first calls initiative, the other ends its actions."""
    state.apply(CallInitiative())
    state.apply(EndActions())


# -- the brawl and the arithmetic -------------------------------------------------------------
BRAWL_TABLE = [("Aa9-", "ZAAA"), ("Zz0_", "aAAA"), ("Aa9-", "AzAA"), ("Zz0_", "Z9AA"),
               ("Aa9-", "Aa0A"), ("Aa0_", "Aa-A"), ("Aa9-", "Aa9_")]


@pytest.mark.parametrize(("winning", "losing"), BRAWL_TABLE)
def test_every_row_of_the_brawl_table(winning: str, losing: str) -> None:
    """#brawl: capitals A..Z beat lowercase a..z beat digits 9..0 beat the dash beats the underscore."""
    assert combat.brawl_winner(winning, losing) == 0
    assert combat.brawl_winner(losing, winning) == 1


def test_hilbert_outbrawls_the_raven() -> None:
    """#ce_victory: HMPU against ZrrD, 'Hilbert triumphs with a capital H over a capital Z'."""
    hilbert, raven = CARDS["hilbert_king_of_avian_frogs"], CARDS["myrthvither_raven"]
    assert combat.brawl_winner(hilbert.brawl_sequence or "", raven.brawl_sequence or "") == 0


def test_habitat_effects_and_the_nomads_that_cancel_them() -> None:
    """#habitat_effects and #ce_setup: forest +2 for forest dwellers, plains +3, mountains and
    forests -2 to plains dwellers, and no habitat effect in a battle with a nomad."""
    assert combat.habitat_modifier("Forest", "Forest", "Mountain") == 2
    assert combat.habitat_modifier("Plains", "Plains", "Forest") == 3
    assert combat.habitat_modifier("Mountain", "Plains", "Forest") == -2
    assert combat.habitat_modifier("Forest", "Forest", "Nomad") == 0


def test_the_downed_movement_table() -> None:
    """#moving_downed_souls: 0, 1, 2, 3, 4, 5 become 0, 1 (with escort), 1, 1, 2, 2."""
    assert [combat.downed_movement(m) for m in range(6)] == [0, 1, 1, 1, 2, 2]


def test_final_blow_modifiers_of_the_worked_example() -> None:
    """#ce_victory: same genes do not shift the roll; neither motive beats the other; the
    Support soul adds 3 to its attack; a Self soul in the blow makes it best 2 of 3."""
    chart = load_matchups()
    assert combat.final_blow_modifiers(chart, "Avian", "Passion", "Avian", "Satisfaction", 10) == (3, 0)
    assert combat.best_of_three(chart, "Passion", "Satisfaction")
    assert combat.final_blow_modifiers(chart, "Avian", "Spirit", "Avian", "Possessor", 10)[0] == 10


# -- setup and the diel cycle ------------------------------------------------------------------
def test_setup_runs_in_the_rulebook_order() -> None:
    """#game_setup: affinities, the D6 roll-off (higher places the first capital, lower takes
    the first initiative), capitals then base camps until each holds 3, a card set aside, 3 drawn."""
    state = fresh(seed=4)
    log = state.log(None)
    first = next(line for line in log if "places the first capital" in line)
    placer = int(first.split()[1])
    capital_lines = [line for line in log if "places its capital" in line]
    assert capital_lines[0].startswith(f"seat {placer}")
    assert state.initiative == 1 - placer == state.first_player
    assert [sum(1 for h in state.holder if h == seat) for seat in range(2)] == [3, 3]
    assert all(len(hand) == 3 for hand in state.hand) and all(state.aside)
    assert all(len(deck) == 26 for deck in state.deck)
    assert state.affinity == ["Avian", "Decrepit"]
    assert (state.phase, state.diel, state.cycle, state.current_player) == (DAY, "day", 1, state.initiative)


def test_the_first_three_turns_are_day_night_day_then_rolled() -> None:
    """#game_setup 9, #diel_cycle: day, night, day, then the diel die."""
    state = fresh(seed=2)
    seen = [state.diel]
    while state.cycle < 8:
        end_turn(state)
        seen.append(state.diel)
    assert seen[:3] == ["day", "night", "day"]
    assert any("is rolled" in line for line in state.log(0))
    assert set(seen[3:]) <= {"day", "night"}  # storms strike at once and the die rolls again


def test_calling_initiative_ends_ones_actions_and_takes_the_next_turn() -> None:
    """#day 3-5: the caller acts no more; the other acts until it ends; the caller starts next."""
    state = fresh(seed=1)
    first = state.current_player
    assert first is not None
    state.apply(CallInitiative())
    assert state.current_player == 1 - first and state.done[first]
    with pytest.raises(IllegalAction, match="already called initiative"):
        state.apply(CallInitiative())
    state.apply(EndActions())
    assert (state.diel, state.current_player) == ("night", first)


# -- hands, plays and night actions ------------------------------------------------------------
def test_at_most_three_cards_are_played_per_diel_roll() -> None:
    """#game_setup 8: 'you cannot play more than 3 cards from your hand within a diel roll'."""
    state = fresh(seed=0)
    state.cycle = 7  # the card set aside by the default effect may be played (#personal_effects)
    seat = state.current_player
    assert seat is not None
    give(state, seat, "brox_the_defiant", "hilbert_king_of_avian_frogs", "tears_for_oly")
    state.aside[seat] = "tira_marvelous_myriad"
    camp = f"T{state.capital[seat][0]}"
    for _ in range(3):
        act(state, seat)
        state.apply(Play(0, camp, True))
    act(state, seat)
    with pytest.raises(IllegalAction, match="played 3 cards") as refused:
        state.apply(Play(3, camp, True))
    assert refused.value.rule == "game_setup"


def test_night_refills_to_three_and_each_action_once() -> None:
    """#night: hand to the deck's bottom, refill to 3, each once per night."""
    state = fresh(seed=0)
    end_turn(state)
    assert state.phase == NIGHT
    seat = state.current_player
    assert seat is not None
    hand = list(state.hand[seat])
    state.apply(HandToBottom())
    assert state.hand[seat] == [] and state.deck[seat][:3] == hand
    act(state, seat)
    assert HandToBottom() not in state.legal_actions()
    state.apply(Refill())
    assert len(state.hand[seat]) == 3
    act(state, seat)
    assert Refill() not in state.legal_actions()


# -- movement and claims ---------------------------------------------------------------------------
def test_no_passing_an_enemy_on_a_movement_stand() -> None:
    """#movement: 'you cannot move past an enemy waiting on a movement slot'; moving onto it attacks."""
    state = fresh(seed=0)
    hilbert = put(state, 0, "hilbert_king_of_avian_frogs", "T2")
    put(state, 1, "brox_the_defiant", "m2")
    act(state, 0)
    ways = reach(state, hilbert)
    assert "m2" in ways and "T3" not in ways
    state.apply(Move(hilbert, "m2"))
    assert state.phase == TARGET
    with pytest.raises(IllegalAction) as refused:
        state.apply(Stop())
    assert refused.value.rule == "movement"


def test_at_most_three_souls_per_player_in_a_territory() -> None:
    """#maps: 'Each territory can host a max of 3 souls' per player."""
    state = fresh(seed=0)
    for _ in range(3):
        put(state, 0, "allele_sect_explorer", "T2")
    mover = put(state, 0, "brox_the_defiant", "m1")
    act(state, 0)
    assert not [stand for stand in reach(state, mover) if stand in ("T2", "m2")]


def test_a_soul_played_unrevealed_waits_a_day_one_played_revealed_moves() -> None:
    """#summoning_sickness and #movement: unrevealed it is liminal; revealed it may move at once."""
    state = fresh(seed=0)
    seat = state.current_player
    assert seat is not None
    give(state, seat, "brox_the_defiant", "hilbert_king_of_avian_frogs")
    camp = f"T{state.capital[seat][0]}"
    state.apply(Play(0, camp, False))
    act(state, seat)
    hidden_piece = len(state.card) - 1
    assert not any(isinstance(a, Move) and a.piece == hidden_piece for a in state.legal_actions())
    state.apply(Play(0, camp, True))
    act(state, seat)
    shown = len(state.card) - 1
    assert any(isinstance(a, Move) and a.piece == shown for a in state.legal_actions())


def test_moving_reveals_and_claims_a_free_camp() -> None:
    """#movement 'In order to move, you must reveal the soul'; #claiming_territories."""
    state = fresh(seed=0)
    brox = put(state, 0, "brox_the_defiant", "m2", revealed=False)
    act(state, 0)
    state.apply(Move(brox, "T3"))
    assert state.revealed[brox] and state.holder[2] == 0
    assert "seat 0 claims territory 3 with a base camp" in state.log(1)


def test_a_capital_falls_only_after_every_other_territory() -> None:
    """#movement: capitals 'cannot be taken until all other base camps are taken'; #win."""
    state = fresh(seed=0)
    brox = put(state, 0, "brox_the_defiant", "m5")
    act(state, 0)
    state.apply(Move(brox, "T5"))
    assert state.holder[4] == 1 and not state.is_over
    state.holder = [0, 0, 0, -1, 1, 0, 0, 0]
    cycle.place(state, brox, "m5")
    state.steps_used[brox] = 0
    act(state, 0)
    state.apply(Move(brox, "T5"))
    assert state.is_over and state.returns() == [1.0, -1.0]
    assert state.outcome() == "Seat 0 wins: it holds every base camp and capital of the kipuka."


# -- fights ------------------------------------------------------------------------------------------
def fight_on_t3(seed: int = 0) -> tuple[KipukasState, int, int]:
    state = fresh(seed=seed)
    brox = put(state, 0, "brox_the_defiant", "m2")
    hilbert = put(state, 1, "hilbert_king_of_avian_frogs", "T3")
    act(state, 0)
    state.apply(Move(brox, "T3"))
    state.apply(Target(hilbert))
    return state, brox, hilbert


def test_keal_means_are_chosen_in_secret_and_shown_together() -> None:
    """#ce_setup: 'each player chooses a KEAL means and writes it on their grease board ... players
    reveal their choice to one another at the same time'."""
    state, _brox, _hilbert = fight_on_t3()
    assert (state.phase, state.current_player) == (KEAL, 0)
    state.apply(Keal(1))
    means = CARDS["brox_the_defiant"].keal_means[1].name
    assert state.current_player == 1
    assert state.view(1)["fight"]["means"][0] is None and state.view(0)["fight"]["means"][0] == 1
    assert not any(means in line for line in state.log(1)) and f"you chose {means}" in state.log(0)
    world = state.determinize(1, random.Random(3))
    assert world.view(1) == state.view(1)
    state.apply(Keal(0))
    assert any(f"revealed together: {means} attacks" in line for line in state.log(1))
    assert state.view(1)["exchange"][0].endswith("attacks seat 1's Hilbert: King of Avian Frogs")


def test_the_typing_chart_of_the_worked_example_in_a_bout() -> None:
    """#ce_defense_action: the Raven's Symbiont Barrage against King's Mojo gives -6."""
    state = fresh(seed=0)
    raven = put(state, 0, "myrthvither_raven", "m2")
    hilbert = put(state, 1, "hilbert_king_of_avian_frogs", "T3")
    act(state, 0)
    state.apply(Move(raven, "T3"))
    state.apply(Target(hilbert))
    state.apply(Keal(1))
    state.apply(Keal(0))
    assert any("Symbiont Barrage against King's Mojo gives -6 to the attack" in line for line in state.log(0))


def test_a_won_bout_injures_and_the_downed_soul_faces_the_final_blow() -> None:
    """#keal_means_DHT, #final_blow: injuries one at a time; once downed only the Final Blow."""
    state, _brox, hilbert = fight_on_t3()
    state.apply(Keal(0))
    rig(state, 20, 1, 1)
    state.apply(Keal(0))
    assert state.injuries[hilbert] == [1] and is_downed(state, hilbert)
    assert state.phase == PRESS and set(state.legal_actions()) == {FinalBlow(), Stop()}
    with pytest.raises(IllegalAction) as refused:
        state.apply(Press())
    assert refused.value.rule == "final_blow"
    rig(state, 20, 1, 1, 20, 1, 1, 20, 1, 1)  # each round: the D20 attack, the 2 D6 defence
    state.apply(FinalBlow())
    assert not state.on_map[hilbert] and "hilbert_king_of_avian_frogs" in state.discard[1]
    assert state.holder[2] == 0  # the camp stand is free: Brox claims it (#claiming_territories)


def test_a_lost_attack_ends_the_attackers_attacks_for_the_cycle() -> None:
    """#combat_lifecycle: 'After an unsuccessful blow, the player loses their ability to attack
    with that card for this diel cycle'; the defender then answers (#contention)."""
    state, brox, _hilbert = fight_on_t3()
    state.apply(Keal(0))
    rig(state, 1, 6, 6)
    state.apply(Keal(0))
    assert state.spent_cycle[brox] == state.cycle
    assert (state.phase, state.current_player) == (RESPOND, 1)


def test_a_retreat_may_be_challenged_or_let_go() -> None:
    """#retreat: the opponent lets the escape go or challenges it (2 D6 against a D20)."""
    state, _brox, hilbert = fight_on_t3()
    state.apply(Keal(0))
    rig(state, 1, 6, 6)
    state.apply(Keal(0))
    retreats = [a for a in state.legal_actions() if isinstance(a, Retreat)]
    assert retreats and all(state.holder[int(a.stand[1:]) - 1] == 1 for a in retreats if a.stand[0] == "T")
    state.apply(retreats[0])
    assert (state.phase, state.current_player) == (CHALLENGE, 0)
    state.apply(LetGo())
    assert state.stand[hilbert] == retreats[0].stand


# -- storms, prisoners, the peace -----------------------------------------------------------------
def test_a_storm_injures_exposed_souls_and_wastes_downed_ones() -> None:
    """#storm: 'any card caught in it (not within a capital or base camp) will take KEAL means
    damage and any downed cards will be wasted'."""
    state = fresh(seed=0)
    exposed = put(state, 0, "brox_the_defiant", "m2")
    downed = put(state, 0, "hilbert_king_of_avian_frogs", "m1")
    state.injuries[downed] = [1]
    sheltered = put(state, 0, "tears_for_oly", "T2")
    cycle.storm(state)
    assert sum(state.injuries[exposed]) == 1 and not state.on_map[downed]
    assert state.injuries[sheltered] == [0]


def test_loitering_in_an_enemy_capital_makes_a_prisoner() -> None:
    """#movement, #prison: a soul left in the capital is taken prisoner the next time."""
    state = fresh(seed=0)
    brox = put(state, 0, "brox_the_defiant", "T5")
    end_turn(state)  # day 1 ends: Brox stays
    assert not state.prisoner[brox]
    end_turn(state)  # night
    end_turn(state)  # day 3 ends: still there
    assert state.prisoner[brox]


def test_the_peace_bound_gives_the_win_to_more_territories() -> None:
    """#discarding_runout, 'Keep the peace' (the bound is the authored option peace_after)."""
    state = fresh(seed=0, peace_after=3)
    state.holder[3 - 1] = 0
    while not state.is_over:
        end_turn(state)
    assert state.returns() == [1.0, -1.0]
    assert state.outcome() == "Seat 0 wins the peace (3 diel cycles played): 4 to 2 territories."


# -- hidden information --------------------------------------------------------------------------------
def test_hands_decks_and_unrevealed_cards_stay_hidden_from_other_seats() -> None:
    """Issue 18: hands, deck order, unrevealed cards and their identities never reach another
    seat's view, log or JSON payload."""
    state = fresh(seed=5)
    seat = state.current_player
    assert seat is not None
    other = 1 - seat
    give(state, seat, "branwen_mantillusion_practitioner", "the_causal_sophist")
    state.apply(Play(0, f"T{state.capital[seat][0]}", False))
    secret = CARDS["branwen_mantillusion_practitioner"]
    hand_secret = CARDS["the_causal_sophist"]
    for viewer in (other, None):
        payload = json.dumps([state.view(viewer), state.log(viewer)])
        for card in (secret, hand_secret):
            assert card.id not in payload and card.name not in payload
    assert secret.name in json.dumps(state.log(seat))
    assert state.view(seat)["players"][seat]["hand"] == ["the_causal_sophist"]


def test_a_random_game_never_shows_a_seat_what_it_may_not_see() -> None:
    """Every view of a seeded playout hides other seats' hands and unrevealed cards."""
    game = soulforge.load("kipukas")
    state = game.new_game(seed=11)
    rng = random.Random(11)
    while not state.is_over and state.move_number < 400:
        for viewer in range(2):
            view = state.view(viewer)
            for piece in view["pieces"]:
                if piece["owner"] != viewer and not piece["revealed"]:
                    assert piece["card"] is None and piece["injuries"] is None
            assert view["players"][1 - viewer]["hand"] == [None] * len(state.hand[1 - viewer])
        state.apply(rng.choice(state.legal_actions()))


def test_a_keal_means_choice_holds_for_the_day_between_the_same_souls() -> None:
    """#ce_defense_action: 'Each KEAL means is chosen by the card's owner, and lasts for all
    combat between these souls on this day.'"""
    state, brox, hilbert = fight_on_t3()
    state.apply(Keal(1))
    rig(state, 1, 6, 6)
    state.apply(Keal(0))  # Brox loses: Hilbert answers at once
    assert state.phase == RESPOND
    state.apply(Attack(hilbert, brox))
    assert state.phase != KEAL and "the KEAL means chosen earlier today hold" in state.log(0)


def test_a_nearby_soul_reinforces_the_fight_without_a_roll() -> None:
    """#retreat: reinforcing souls move in from nearby uncontended territory, no roll to enter."""
    state, brox, _hilbert = fight_on_t3()
    helper = put(state, 1, "tears_for_oly", "m2")
    state.apply(Keal(0))
    rig(state, 1, 6, 6)
    state.apply(Keal(0))
    assert Reinforce(helper) in state.legal_actions()
    state.apply(Reinforce(helper))
    assert state.stand[helper] == "T3" and state.phase == RESPOND
    assert Attack(helper, brox) in state.legal_actions()


def test_a_wasted_souls_items_drop_and_are_picked_up_from_an_uncontested_stand() -> None:
    """#items: 'Items and crafted items are generally not destroyed, but rather dropped when a
    soul equipped with them is wasted'; #equiping: a soul on an uncontested stand picks them up."""
    state = fresh(seed=0)
    holder = put(state, 1, "hilbert_king_of_avian_frogs", "m2")
    state.items[holder] = ["sticks"]
    cycle.storm(state)  # exposed and unhurt: injured, so downed (one KEAL means)
    cycle.storm(state)  # downed and exposed: wasted
    assert not state.on_map[holder] and state.dropped[1] == ["1|sticks"]
    assert state.view(0)["map"]["territories"][1]["dropped"] == [["sticks"]]
    finder = put(state, 0, "brox_the_defiant", "T2")
    act(state, 0)
    state.apply(PickUp(finder))
    assert state.items[finder] == ["sticks"] and state.dropped[1] == []


def test_equipped_items_transfer_between_souls_on_one_stand() -> None:
    """#equiping: 'Equipped items may transfer between souls if they occupy the same
    territory/movement stand', as part of the giver's movement."""
    state = fresh(seed=0)
    giver = put(state, 0, "brox_the_defiant", "T2")
    taker = put(state, 0, "hilbert_king_of_avian_frogs", "T2")
    away = put(state, 0, "tears_for_oly", "m2")
    state.items[giver] = ["sticks"]
    act(state, 0)
    assert Transfer(giver, taker) in state.legal_actions()
    assert Transfer(giver, away) not in state.legal_actions()  # not on the giver's stand
    with pytest.raises(IllegalAction, match="one stand") as refused:
        state.apply(Transfer(giver, away))
    assert refused.value.rule == "equiping"
    steps = state.steps_used[giver]
    state.apply(Transfer(giver, taker))
    assert state.items[taker] == ["sticks"] and state.items[giver] == []
    assert state.steps_used[giver] == steps + 1


def test_items_dropped_in_a_contested_territory_are_grabbed_by_a_bout() -> None:
    """#items: 'each player chooses a suitable card to attempt to grab the item. A KEAL means
    bout will ensue where the victor equips the item and the loser takes KEAL means damage.'"""
    state = fresh(seed=0)
    holder = put(state, 1, "hilbert_king_of_avian_frogs", "T3")
    state.items[holder] = ["cloth"]
    brox = put(state, 0, "brox_the_defiant", "m3")
    oly = put(state, 1, "tears_for_oly", "m3")
    rig(state, 20, 1)  # Brox's D20 against Oly's D6
    from soulforge.games.kipukas.cards import waste

    waste(state, holder)
    assert state.items[brox] == ["cloth"] and sum(state.injuries[oly]) == 1


def test_a_face_down_terrain_feature_works_once_revealed() -> None:
    """#terrain_features: features are 'revealed at the discretion of the claim owner'; a face-down
    one gives nothing yet (its effect would tell what it is)."""
    state = fresh(seed=0)
    maples = put(state, 0, "passage_among_maples", "T2", revealed=False)
    brox = put(state, 0, "brox_the_defiant", "T2")
    act(state, 0)
    before = len(reach(state, brox))
    state.apply(Reveal(maples))
    act(state, 0)
    assert len(reach(state, brox)) > before


def test_volcanic_ground_burns_all_but_volcanic_dwellers() -> None:
    """#habitat_effects, volcanic: 'Souls take 1 KEAL means damage once per diel cycle';
    'Volcanic dwellers are immune to volcanic area damage'."""
    state = fresh(seed=0)
    brox = put(state, 1, "brox_the_defiant", "m5")
    traveler = put(state, 1, "arctechnic_wonderer", "T5")  # a volcanic dweller
    end_turn(state)
    assert sum(state.injuries[brox]) == 1 and sum(state.injuries[traveler]) == 0


def test_digital_clouds_take_no_space_and_hold_no_camp() -> None:
    """#habitat_effects, digital cloud: 'Occupy no space in territory'; 'Are unable to take or
    hold base camps or capitals'."""
    state = fresh(seed=0)
    for _ in range(3):
        put(state, 0, "brox_the_defiant", "T2")
    cloud = put(state, 0, "unburdened_central", "m1")
    act(state, 0)
    assert "T2" in reach(state, cloud)
    virus = put(state, 0, "neural_network_synapse_virus", "m2")
    act(state, 0)
    state.apply(Move(virus, "T3"))
    assert state.holder[2] == 1


def test_the_synapse_virus_contends_only_with_machines() -> None:
    """Neural Network Synapse Virus: 'Only comes into contention when a Mechanical or Algorithmic
    soul is present'."""
    state = fresh(seed=0)
    virus = put(state, 1, "neural_network_synapse_virus", "m2")
    hilbert = put(state, 0, "hilbert_king_of_avian_frogs", "T2")
    act(state, 0)
    assert "T3" in reach(state, hilbert)  # the virus on m2 does not bar the way
    assert enemies_at(state, "m2", 0) == []
    put(state, 0, "tejas_curious_mech", "m2")  # Mechanical: now the virus contends there
    assert enemies_at(state, "m2", 0) == [virus]


def forced_peace(seed: int = 0) -> KipukasState:
    """No card left to anyone and no soul on the kipuka, at the end of day 1."""
    state = fresh(seed=seed)
    for seat in range(2):
        state.deck[seat], state.hand[seat], state.aside[seat] = [], [], ""
    end_turn(state)
    return state


def test_a_forced_peace_asks_each_player_and_keeps_it_only_if_all_agree() -> None:
    """#discarding_runout: 'play until no characters or species ... are left on the kipuka. At
    this point, the players stop the battle under a forced peace and hold convention': each
    seat decides; the peace is kept if all agree (more territories wins, equal is a tie)."""
    state = forced_peace()
    assert state.phase == "peace" and state.current_player == state.initiative
    state.apply(KeepPeace())
    assert not state.is_over and state.current_player == 1 - state.initiative
    state.apply(KeepPeace())
    assert state.is_over and state.returns() == [0.0, 0.0]
    assert state.outcome() == "A tie under the peace (kept by every player): 3 to 3 territories."


def test_calling_the_reserves_deals_fresh_decks_and_play_goes_on() -> None:
    """#discarding_runout, 'Call the reserves': the players fight on with the deck they used."""
    state = forced_peace()
    state.apply(CallReserves())
    state.apply(KeepPeace())
    assert not state.is_over and state.phase in ("day", "night", "turning")
    assert all(len(hand) == 3 and len(deck) == 27 for hand, deck in zip(state.hand, state.deck, strict=True))
    assert "the reserves are called: every player fights on with a fresh deck" in state.log(0)


def test_a_stopped_attack_waits_for_the_next_day() -> None:
    """#contention: after an attack is stopped, 'on the following day, you have the option to
    continue the fight': the attacker attacks no more this cycle (an endless stop-and-attack
    between two AIs found this)."""
    state = fresh(seed=0)
    liliel = put(state, 1, "liliel_healing_fairy", "m2")
    colony = put(state, 0, "balanced_inline_processing_colony", "m2")  # no KEAL means to fight with
    act(state, 1)
    state.apply(Attack(liliel, colony))
    assert state.phase == PRESS
    state.apply(Stop())
    state.apply(Hold())
    act(state, 1)
    assert not [a for a in state.legal_actions() if isinstance(a, Attack)]


def test_a_group_retreats_together_at_its_slowest_range_escorting_the_downed() -> None:
    """#retreat: 'Players may retreat souls individually or as a group ... within the max Movement
    Range of the slowest card in the group'; 'Downed souls may only retreat under escort'."""
    state, _brox, hilbert = fight_on_t3()
    downed = put(state, 1, "tears_for_oly", "T3")
    state.injuries[downed] = [1]
    state.apply(Keal(0))
    rig(state, 1, 6, 6)
    state.apply(Keal(0))  # Brox loses: seat 1 answers
    groups = [a for a in state.legal_actions() if isinstance(a, RetreatGroup)]
    assert groups and all(a.origin == "T3" for a in groups)
    state.apply(groups[0])
    assert state.phase == CHALLENGE
    state.apply(LetGo())
    assert state.stand[hilbert] == state.stand[downed] == groups[0].stand != "T3"


def test_a_soul_retreats_into_another_conflict_once_a_day() -> None:
    """#retreat: 'you can retreat a soul or group from one conflict to another by executing a
    successful retreat roll'; a soul retreats once a day (a retreat is its move for the day)."""
    state = fresh(seed=0)
    hilbert = put(state, 1, "hilbert_king_of_avian_frogs", "T3")
    put(state, 0, "brox_the_defiant", "T3")
    put(state, 1, "tears_for_oly", "m2")
    put(state, 0, "oshliath_and_osileth", "m2")
    act(state, 1)
    assert Retreat(hilbert, "m2") in state.legal_actions()  # the other conflict, 1 space away
    state.apply(Retreat(hilbert, "m2"))
    state.apply(LetGo())
    assert state.stand[hilbert] == "m2"
    act(state, 1)
    assert not [a for a in state.legal_actions() if isinstance(a, Retreat) and a.piece == hilbert]
