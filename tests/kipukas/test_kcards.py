"""Scenario tests for the cards and rules played last: What Do You See in the Breach
(#sabotage, #capital), Enchantress of Cats' fish (#sabotage), playing a species untamed
(#tameability, #rouge) and the tunnel collapse (#geography, #habitat_effects)."""

from __future__ import annotations

import pytest

from soulforge.games.kipukas import breach, cards
from soulforge.games.kipukas.actions import (
    Ante,
    CallBS,
    CallInitiative,
    EndActions,
    EnoughWaste,
    Equip,
    Ferry,
    KeepDiel,
    LayWaste,
    LetItStand,
    Move,
    Play,
    PlayUntamed,
    Release,
    Sabotage,
    StandBy,
    TakeNoMore,
    TakeOver,
    Withdraw,
)
from soulforge.games.kipukas.state import KipukasState
from soulforge.sim.runner import SimConfig, check_config

from .scenario import act, fresh, give, put
from .test_cards import Loaded, said
from .test_render import assert_board_draws_click_paths

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""


def _end_cycle(s: KipukasState) -> None:
    """Every seat ends its actions until the next diel cycle begins (#day 3, #night)."""
    start = s.cycle
    while s.cycle == start and not s.is_over:
        legal = s.legal_actions()
        end = next((a for a in legal if isinstance(a, CallInitiative | EndActions | KeepDiel)), None)
        assert end is not None, f"cannot end the turn: {legal}"
        s.apply(end)


def _breach_at_night(s: KipukasState) -> None:
    """Night 2: seat 0 plays the Breach against seat 1's capital, territory 5 (#sabotage)."""
    _end_cycle(s)
    assert s.diel == "night"
    act(s, 0)
    give(s, 0, "what_do_you_see_in_the_breach")
    assert Sabotage(0, 5) in s.legal_actions()
    assert Sabotage(0, 6) not in s.legal_actions(), "the virus infects a capital only"
    s.apply(Sabotage(0, 5))


def test_breach_capital_is_taken_before_the_other_territories_capital() -> None:
    """What Do You See in the Breach, success (#sabotage, #capital): the infected capital is
    taken before the rest; the player holds two capitals, the opponent none, and the game goes on."""
    s = fresh()
    _breach_at_night(s)
    _end_cycle(s)  # day 3
    raider = put(s, 0, "hilbert_king_of_avian_frogs", "m5")
    act(s, 0)
    s.apply(Move(raider, "T5"))
    assert s.holder[4] == 0 and s.capital == [[1, 5], []]
    assert not s.is_over and said(s, "the breach succeeds")
    players = s.view(None)["players"]
    assert players[0]["capitals"] == [1, 5] and players[1]["capital"] is None
    assert s.view(None)["map"]["territories"][4]["capital_of"] == 0


def test_breach_victim_must_take_every_other_territory_before_either_capital_capital() -> None:
    """What Do You See in the Breach, success: "They must take all other territories before
    attacking either capital" (#capital)."""
    s = fresh()
    _breach_at_night(s)
    _end_cycle(s)
    raider = put(s, 0, "hilbert_king_of_avian_frogs", "m5")
    act(s, 0)
    s.apply(Move(raider, "T5"))
    avenger = put(s, 1, "oshliath_and_osileth", "m8")
    act(s, 1)
    s.apply(Move(avenger, "T1"))
    assert s.holder[0] == 0, "seat 1 holds 3 and 6 only: capital 1 cannot be taken"


def test_breach_without_the_virus_a_capital_waits_for_the_rest_capital() -> None:
    """#capital: without the virus, the same raid does not take the capital."""
    s = fresh()
    _end_cycle(s)
    _end_cycle(s)
    raider = put(s, 0, "hilbert_king_of_avian_frogs", "m5")
    act(s, 0)
    s.apply(Move(raider, "T5"))
    assert s.holder[4] == 1 and s.capital == [[1], [5]]


def _breach_failed_on_seat_0(s: KipukasState, cards_: tuple[str, ...]) -> tuple[int, list[int]]:
    """Seat 1 plays the Breach against seat 0's capital, territory 1 (plains: no volcanic
    ground to waste the souls), and puts ``cards_`` there: the cycle played and the souls."""
    _end_cycle(s)
    act(s, 1)
    give(s, 1, "what_do_you_see_in_the_breach")
    s.apply(Sabotage(0, 1))
    return s.cycle, [put(s, 1, card, "T1") for card in cards_]


def _until_the_deal(s: KipukasState, played: int) -> None:
    """The cycles pass until the holder deals with the prisoners (#prison)."""
    while s.cycle < played + breach.WINDOW + 1 + breach.RELEASE:
        _end_cycle(s)


THREE = ("hilbert_king_of_avian_frogs", "tears_for_oly", "liliel_healing_fairy")


def test_breach_failure_imprisons_then_the_victim_takes_two_and_releases_one_prison() -> None:
    """What Do You See in the Breach, failure (#sabotage, #prison): souls still in the capital
    when the window closes are imprisoned (not before: they do not loiter while the virus is
    open); 10 diel cycles later the opponent takes 2 under its control and releases 1."""
    s = fresh()
    played, souls = _breach_failed_on_seat_0(s, THREE)
    while s.cycle <= played + breach.WINDOW:
        assert not any(s.prisoner[p] for p in souls), "no loitering while the virus is open"
        _end_cycle(s)
    assert all(s.prisoner[p] for p in souls) and said(s, "the breach fails")
    _until_the_deal(s, played)
    assert s.phase == "breach_deal" and s.current_player == 0, "the holder deals with them"
    assert set(s.legal_actions()) == {*(TakeOver(p) for p in souls), TakeNoMore()}
    assert_board_draws_click_paths(s)
    assert all(seen["card"] for seen in s.view(0)["pieces"] if seen["piece"] in souls), "revealed"
    s.apply(TakeOver(souls[2]))
    s.apply(TakeOver(souls[0]))  # the one left is released: no choice to make
    assert [s.owner[p] for p in souls] == [0, 1, 0] and said(s, "is released")
    assert not any(s.prisoner[p] for p in souls) and all(s.on_map[p] for p in souls)
    assert s.tamed[souls[0]] == 1, "a taken soul's card goes back to its first owner's discard"
    assert not s.breach and s.phase == s.diel, "the cycle goes on"


def test_breach_deal_closed_on_a_storm_cycle_the_die_is_rolled_again_storm() -> None:
    """#storm: when the prisoners are dealt with on a storm cycle, the storm strikes and the
    die is rolled again; the deal is over (it once stayed open with nothing to deal: seed 118
    of the golden playouts)."""
    s = fresh()
    played, souls = _breach_failed_on_seat_0(s, THREE[:2])
    _until_the_deal(s, played)
    assert s.phase == "breach_deal"
    s.diel, dealt_on = "storm", s.cycle
    s.apply(TakeOver(souls[0]))
    s.apply(TakeOver(souls[1]))
    assert s.phase != "breach_deal" and not s.dealing and s.cycle > dealt_on
    assert s.legal_actions(), "the next cycle's turn goes on"


def test_breach_holder_takes_one_releases_one_wastes_the_rest_prison() -> None:
    """What Do You See in the Breach, failure (#prison): the holder takes "up to 2" (here 1),
    releases 1 of the rest, and wastes the others."""
    s = fresh()
    played, souls = _breach_failed_on_seat_0(s, THREE)
    _until_the_deal(s, played)
    s.apply(TakeOver(souls[1]))
    s.apply(TakeNoMore())
    assert set(s.legal_actions()) == {Release(souls[0]), Release(souls[2])}
    assert_board_draws_click_paths(s)
    s.apply(Release(souls[2]))
    assert s.owner[souls[1]] == 0 and s.owner[souls[2]] == 1 and not s.on_map[souls[0]]
    assert "hilbert_king_of_avian_frogs" in s.discard[1]


@pytest.mark.parametrize(("dice", "said_text", "days"), [
    ((2, 3, 1, 1), "for 3 days (fish: a day more)", 3),  # the fish: a day more
    ((6, 6, 2, 3), "for 2 days", 2),  # other doubles are no fish
])
def test_enchantress_of_cats_fish_add_a_day_sabotage(dice: tuple[int, ...], said_text: str,
                                                     days: int) -> None:
    """Enchantress of Cats: "Add a day if you rolled fish" (#sabotage): the fish are the
    authored doubles of 1s (``rules.play.cats_fish``): 3 days out of action; other doubles
    keep the souls out for 2."""
    s = fresh()
    osh = put(s, 1, "oshliath_and_osileth", "T6")
    _end_cycle(s)
    act(s, 0)
    give(s, 0, "enchantress_of_cats")
    s.rng = Loaded(*dice)
    s.apply(Sabotage(0, 6))
    assert said(s, said_text) and s.tired_cycle[osh] == s.cycle + days


def test_a_species_played_untamed_goes_rogue_tameability() -> None:
    """#tameability: "If the player chooses to play the creature untamed ... [it] becomes ...
    rouge": a species whose tameability exceeds the seat's control may be played untamed; it
    enters revealed as a rogue (#rouge) and moves by the dice the next day."""
    s = fresh()
    act(s, 0)
    give(s, 0, "gray_wolf_harbinger_of_night", "frost_tipped_arctic_otter", "hilbert_king_of_avian_frogs")
    assert_board_draws_click_paths(s)
    untamed = {a for a in s.legal_actions() if isinstance(a, PlayUntamed)}
    assert {a.slot for a in untamed} == {0, 1}, "species only (the otter's 1 exceeds control 0)"
    assert PlayUntamed(0, "T2") in untamed
    s.apply(PlayUntamed(0, "T2"))
    wolf = len(s.card) - 1
    assert wolf in s.rogues and s.rogues[wolf] == 0 and s.known[wolf] & (1 << 8)
    assert s.view(1)["pieces"][-1]["card"] == "gray_wolf_harbinger_of_night"
    assert s.played[0] == 1 and said(s, "plays Gray Wolf") and said(s, "goes rogue")


def test_a_species_within_control_cannot_be_played_untamed_tameability() -> None:
    """#tameability: a species the seat's control tames (tameability 1, affinity matching its
    gene: control 1) is tame; it is not offered untamed."""
    s = fresh(affinities=("Endothermic", "Decrepit"))
    act(s, 0)
    give(s, 0, "frost_tipped_arctic_otter")
    assert not [a for a in s.legal_actions() if isinstance(a, PlayUntamed)]
    assert Play(0, "T2", True) in s.legal_actions()


def test_a_boat_ferries_souls_from_its_dock_over_the_water_geography() -> None:
    """#geography: "Boats can ferry a specified number of souls a given distance over a day.
    Once launched they can make land and be embarked from the last spot they landed." The duel
    map's authored boat waits at dock m3 (territory 3): seat 1's souls there cross to m4b."""
    s = fresh()
    souls = [put(s, 1, "oshliath_and_osileth", "m3"), put(s, 1, "tears_for_oly", "m3")]
    act(s, 1)
    assert_board_draws_click_paths(s)
    ferries = {a for a in s.legal_actions() if isinstance(a, Ferry)}
    assert ferries == {Ferry(0, "m4a"), Ferry(0, "m4b")}
    s.apply(Ferry(0, "m4b"))
    assert [s.stand[p] for p in souls] == ["m4b", "m4b"] and s.boat_at == ["m4b"]
    assert s.view(None)["map"]["boats"][0]["stand"] == "m4b"
    act(s, 1)
    assert not [a for a in s.legal_actions() if isinstance(a, Ferry)], "once a day"
    assert not [a for a in s.legal_actions() if isinstance(a, Move) and a.piece in souls], "their day's move"


def test_either_player_may_use_a_boat_landed_uncontended_geography() -> None:
    """#geography: "Either player may use a boat landed in an uncontended spot": seat 0 takes
    the boat seat 1 left at m4b, but not while a revealed enemy stands there."""
    s = fresh()
    s.boat_at = ["m4b"]
    rider = put(s, 0, "hilbert_king_of_avian_frogs", "m4b")
    act(s, 0)
    assert Ferry(0, "m3") in s.legal_actions()
    guard = put(s, 1, "oshliath_and_osileth", "m4b")
    act(s, 0)
    assert not [a for a in s.legal_actions() if isinstance(a, Ferry)]
    s.on_map[guard] = False
    s.moved()
    act(s, 0)
    s.apply(Ferry(0, "m3"))
    assert s.stand[rider] == "m3" and said(s, "boat ferries")


def _tunnel_then_waste(roll: int) -> tuple[KipukasState, int]:
    """Illia and Dorsay's tunnel from territory 2 to 7 (dug in play), then Illia is wasted
    with the D6 of the collapse showing ``roll`` (#habitat_effects, underground)."""
    s = fresh()
    illia = put(s, 0, "illia_and_dorsay_the_buck_skull", "T2")
    s.tunnels, s.tunnel_diggers = [("T2", "T7")], [illia]
    s.moved()
    s.rng = Loaded(roll)
    cards.waste(s, illia)
    return s, illia


def test_a_tunnel_collapses_on_a_low_d6_when_its_digger_is_wasted_geography() -> None:
    """Illia and Dorsay: a tunnel "Might be closed by collapse" (#geography, underground
    tunnels): read as a D6 of 1-3 (authored) when the soul that dug it is wasted."""
    s, _ = _tunnel_then_waste(3)
    assert s.tunnels == [] and s.tunnel_diggers == [] and said(s, "collapses")
    assert ["T2", "T7", True] not in s.view(None)["map"]["paths"]


def test_a_tunnel_holds_on_a_high_d6_and_is_not_rolled_again_geography() -> None:
    """Illia and Dorsay's tunnel survives a D6 of 4-6 and then stays (#geography)."""
    s, _ = _tunnel_then_waste(4)
    assert s.tunnels == [("T2", "T7")] and s.tunnel_diggers == [-1] and said(s, "holds")


def _ante(s: KipukasState, piece: int, *rolls: int) -> None:
    """Night 2: seat 0 plays the Hidden Portal anteing ``piece``, the dice showing ``rolls``."""
    _end_cycle(s)
    assert s.diel == "night"
    act(s, 0)
    give(s, 0, "hidden_portal_of_lower_dreadmont_cave")
    s.rng = Loaded(*rolls)
    s.apply(Ante(0, piece))


def test_hidden_portal_success_lays_waste_and_heals_the_soul_sabotage() -> None:
    """Hidden Portal of Lower Dreadmont Cave (#sabotage): the anted soul keeps one KEAL means,
    the cave falls on territory 2 where it stands uncontended, so it enters at once and wins
    step 3 (its D20+D6 against a D20), then step 4 a turn later (against a D20 and two D6):
    seat 1's territories are laid waste and the soul is healed."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    solo = put(s, 0, "tears_for_oly", "T8")
    _end_cycle(s)
    act(s, 0)
    give(s, 0, "hidden_portal_of_lower_dreadmont_cave")
    assert {a.piece for a in s.legal_actions() if isinstance(a, Ante)} == {osh}, "2+ KEAL means"
    assert_board_draws_click_paths(s)
    assert solo not in {a.piece for a in s.legal_actions() if isinstance(a, Ante)}
    s.rng = Loaded(2, 20, 6, 10, 20, 6, 1, 1, 1)
    s.apply(Ante(0, osh))
    assert said(s, "the cave is in territory 2") and said(s, "enters the cave")
    assert s.prisoner[osh] and sum(s.injuries[osh]) == 1, "one means kept, out of play in the cave"
    assert not [a for a in s.legal_actions() if isinstance(a, Sabotage | Ante)], "the night's sabotage"
    _end_cycle(s)
    assert said(s, "overcomes the cave's torments") and s.phase == "lay_waste" and s.current_player == 0
    assert EnoughWaste() in s.legal_actions() and len(s.legal_actions()) == 9, "8 territories or stop"
    assert_board_draws_click_paths(s)
    for territory in (5, 6):
        s.apply(LayWaste(territory))
    s.apply(EnoughWaste())
    assert [s.wasteland[t - 1] for t in (3, 5, 6)] == [False, True, True] and s.capital[1] == []
    assert s.injuries[osh] == [0, 0] and not s.prisoner[osh] and s.stand[osh] == "T2"
    assert s.holder[2] == 1 and not s.is_over and s.phase == s.diel, "the cycle goes on"


def test_hidden_portal_waste_of_every_other_territory_wins_win() -> None:
    """Hidden Portal, success (#sabotage, #win): a wasteland cannot be held, so laying waste to
    every territory the player does not hold leaves it holding all that can be held: it wins."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    _ante(s, osh, 2, 20, 6, 10, 20, 6, 1, 1, 1)
    _end_cycle(s)
    for territory in (3, 4, 5, 6):
        s.apply(LayWaste(territory))
    assert not s.is_over, "territory 7 is free still"
    s.apply(LayWaste(7))
    assert s.is_over and s.returns() == [1.0, -1.0]


def test_hidden_portal_lost_step_wastes_the_soul_sabotage() -> None:
    """Hidden Portal, failure (#sabotage): a lost step 3 wastes the anted soul."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    _ante(s, osh, 2, 1, 1, 20)
    assert not s.on_map[osh] and said(s, "step 3 is lost") and "oshliath_and_osileth" in s.discard[0]


def test_hidden_portal_soul_that_misses_the_window_is_wasted_sabotage() -> None:
    """Hidden Portal, failure (#sabotage): "you failed to make it to the cave in time": the soul
    stays away from the cave (territory 7) for 3 diel cycles and is wasted."""
    s = fresh()
    osh = put(s, 0, "oshliath_and_osileth", "T2")
    _ante(s, osh, 7)
    played = s.cycle
    while s.cycle <= played + 3:
        assert s.on_map[osh]
        _end_cycle(s)
    assert not s.on_map[osh] and said(s, "did not reach the cave in time")


def _bs_game() -> KipukasState:
    """A game with the optional "challenging BS" rule on (``rules.play.challenge_bs``, #BS);
    seat 0 equips sticks to Hilbert on day 1."""
    game = check_config(SimConfig("kipukas", ("random", "random"), 1,
                                  overrides={"kipukas.rules.play.challenge_bs": 1}))
    s = fresh(game=game)
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    act(s, 0)
    give(s, 0, "string", "sticks")
    s.apply(Equip(1, hilbert))
    return s


def test_bs_is_off_by_default_BS() -> None:
    """#BS is a convention: off by default, an equip passes the action on with no call."""
    s = fresh()
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    act(s, 0)
    give(s, 0, "sticks")
    s.apply(Equip(0, hilbert))
    assert s.phase == "day" and not [a for a in s.legal_actions() if isinstance(a, CallBS)]


def test_bs_called_and_conceded_takes_the_item_back_BS() -> None:
    """#BS (optional): "Call them out before the effect is used ... One player must concede":
    the opponent calls out the equip; the mover concedes: the item is back in its hand slot and
    the play is not counted."""
    s = _bs_game()
    assert s.phase == "call_bs" and s.current_player == 1
    assert set(s.legal_actions()) == {CallBS(), LetItStand()}
    s.apply(CallBS())
    assert s.phase == "answer_bs" and s.current_player == 0
    s.apply(Withdraw())
    hilbert = len(s.card) - 1
    assert s.hand[0] == ["string", "sticks"] and s.items[hilbert] == [] and s.played[0] == 0
    assert s.phase == "day" and s.current_player == 1 and said(s, "concedes")


def test_bs_mover_stands_and_the_challenger_concedes_BS() -> None:
    """#BS (optional): the mover stands by the equip; the challenger concedes, the item stays."""
    s = _bs_game()
    s.apply(CallBS())
    s.apply(StandBy())
    assert s.items[len(s.card) - 1] == ["sticks"] and s.played[0] == 1
    assert s.phase == "day" and said(s, "seat 1 concedes")


def test_bs_let_stand_goes_on_BS() -> None:
    """#BS (optional): let stand, the equip holds and play passes on."""
    s = _bs_game()
    s.apply(LetItStand())
    assert s.items[len(s.card) - 1] == ["sticks"] and s.phase == "day" and s.current_player == 1
