"""Turn structure, creatures' status, defeat and the end of the game (rulebook sections named)."""

from __future__ import annotations

import pytest

from soulforge.core.errors import IllegalAction
from soulforge.games.soul_of_ankiril.actions import (
    Attack,
    Cast,
    DrawCard,
    EndTurn,
    Move,
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.model import replaced

from .helpers import arena, put


def test_upkeep_restores_energy_to_three() -> None:
    """Phase 2, Energy Restoration: Energy goes up to 3 at the start of the turn."""
    state = arena(player=1, energy=0)
    state.apply(EndTurn())
    assert state.player == 0 and state.energy[0] == 3


def test_bonus_energy_for_lost_emanations() -> None:
    """Phase 2 and "Deactivation of an Emanation": +1 Energy per Emanation lost last turn."""
    state = arena(player=1)
    put(state, "Damsha", 1, 26)
    state.ema_hp = replaced(state.ema_hp, 0, 2)  # seat 0's Emanation on 33
    state.apply(Attack(26, 33))
    assert state.ema_hp[0] == 0 and state.occ[33] == -1
    state.apply(EndTurn())
    assert state.energy[0] == 4


def test_upkeep_activates_creatures() -> None:
    """Phase 2, Creatures Activation: all Inactive Creatures of the active player become Active."""
    state = arena(player=1)
    c = put(state, "Shekun", 0, 27, active=False)
    c.acted = c.moved = True
    state.apply(EndTurn())
    assert c.active and not c.acted and not c.moved


def test_passive_ability_resolves_in_upkeep() -> None:
    """Phase 2, Resolving Passive Abilities: Kashiri recovers 1 Health in its upkeep."""
    state = arena(player=1)
    leader = put(state, "Kashiri", 0, 41)
    leader.hp = 3
    state.apply(EndTurn())
    assert leader.hp == 4


def test_summon_an_ally() -> None:
    """Phase 3, Summon Allies: 1 Energy, next to an allied Emanation or the Leader."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Shekun",))
    cells = {a.cell for a in state.legal_actions() if isinstance(a, Summon)}
    assert cells == {26, 27, 28, 29, 30, 31, 32, 34, 36, 38, 39, 40, 41, 42, 43, 44}
    state.apply(Summon("Shekun", 27))
    assert state.energy[0] == 2 and state.hands[0] == ()
    assert state.units[state.occ[27]].card.name == "Shekun"


def test_summon_next_to_the_leader() -> None:
    """Phase 3, Summon Allies: a Terrain adjacent to the player's Leader is allowed too."""
    state = arena()
    put(state, "Kashiri", 0, 22)
    state.hands = replaced(state.hands, 0, ("Shekun",))
    cells = {a.cell for a in state.legal_actions() if isinstance(a, Summon)}
    assert {15, 16, 21, 23} <= cells


def test_summon_far_away_is_refused() -> None:
    """Phase 3, Summon Allies: not on a terrain away from Emanations and Leader."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Shekun",))
    with pytest.raises(IllegalAction, match="Summon Allies"):
        state.apply(Summon("Shekun", 14))


def test_synchronization_fatigue() -> None:
    """Creatures' Status, Inactive: a newly summoned Creature is inactive for that turn."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Shekun",))
    state.apply(Summon("Shekun", 27))
    assert not state.units[state.occ[27]].active
    with pytest.raises(IllegalAction, match="Inactive"):
        state.apply(Move(27, 21))


def test_summoning_needs_energy() -> None:
    """Phase 3, Summon Allies: each summoned Ally costs 1 Energy."""
    state = arena(energy=0)
    state.hands = replaced(state.hands, 0, ("Shekun",))
    with pytest.raises(IllegalAction, match="Energy"):
        state.apply(Summon("Shekun", 27))


def test_leader_defeat_and_arrow() -> None:
    """Defeating and Recharging a Leader: at 0 Health the token leaves, the arrow is on 4."""
    state = arena()
    put(state, "Damsha", 0, 21)
    leader = put(state, "Barush", 1, 22)
    leader.hp = 2
    state.apply(Attack(21, 22))
    assert state.leader(1) is None and state.arrow[1] == 4 and state.occ[22] == -1
    assert "Barush" not in state.discard[1]


def test_leader_recharges_each_turn_and_is_resummoned() -> None:
    """Phase 1 and "Recharge or Resummon the Leader": the arrow moves one each turn; pay X."""
    state = arena(player=1)
    state.arrow = replaced(state.arrow, 0, 4)
    state.apply(EndTurn())
    assert state.arrow[0] == 3 and state.energy[0] == 3
    resummons = [a for a in state.legal_actions() if isinstance(a, Resummon)]
    assert {a.cell for a in resummons} == {41, 42}
    state.apply(Resummon(42))
    leader = state.leader(0)
    assert leader is not None and leader.cell == 42 and not leader.active
    assert state.energy[0] == 0 and state.arrow[0] == -1


def test_recharge_the_leader_for_one_energy() -> None:
    """Recharge or Resummon the Leader: 1 Energy rotates the indicator one position."""
    state = arena()
    state.arrow = replaced(state.arrow, 0, 3)
    state.apply(Recharge())
    assert state.arrow[0] == 2 and state.energy[0] == 2
    state.apply(Resummon(41))
    assert state.energy[0] == 0


def test_ally_defeat_goes_to_discard() -> None:
    """Defeat of the Allies: at 0 Health the token leaves and the card goes to the Discard Pile."""
    state = arena()
    put(state, "Ardug", 0, 21)
    put(state, "Shekun", 1, 22)
    state.apply(Attack(21, 22))
    assert state.occ[22] == -1 and state.discard[1] == ("Shekun",)


def test_direct_attack_damage_is_simultaneous() -> None:
    """Combat/Ability: both Creatures deal their Attack at the same time."""
    state = arena()
    a = put(state, "Damsha", 0, 27)  # 2/3 on a Water terrain
    d = put(state, "Murduna", 1, 21)  # 1/3
    state.apply(Attack(27, 21))
    assert (a.hp, d.hp) == (2, 1)


def test_attack_an_emanation() -> None:
    """Combat/Ability: a Creature can attack an Emanation on an adjacent terrain; no damage back."""
    state = arena()
    a = put(state, "Damsha", 0, 13)
    state.apply(Attack(13, 7))
    assert state.ema_hp[3] == 3 and a.hp == 3


def test_emanations_only_fall_to_direct_attacks() -> None:
    """Deactivation of an Emanation: only direct attacks; Spells cannot target Emanations."""
    state = arena()
    put(state, "Barush", 0, 13)
    state.hands = replaced(state.hands, 0, ("Biting blaze",))
    assert not [a for a in state.legal_actions() if isinstance(a, Cast)]


def test_move_once_to_an_adjacent_empty_terrain() -> None:
    """Movement: onto an empty adjacent terrain, once per turn."""
    state = arena()
    put(state, "Shekun", 0, 27)
    moves = {a.dst for a in state.legal_actions() if isinstance(a, Move)}
    assert moves == {20, 21, 26, 28, 34}
    state.apply(Move(27, 21))
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply(Move(21, 22))


def test_move_and_attack_in_either_order() -> None:
    """Make Creatures Take Action: move and attack one at a time, in the preferred order."""
    state = arena()
    c = put(state, "Damsha", 0, 21)
    put(state, "Murduna", 1, 15)
    state.apply(Attack(21, 15))
    assert c.active
    state.apply(Move(21, 20))
    assert not c.active


def test_draw_for_one_energy_up_to_six() -> None:
    """Draw a Card: 1 Energy per card, only while holding fewer than six."""
    state = arena()
    state.apply(DrawCard())
    assert len(state.hands[0]) == 1 and state.energy[0] == 2
    state.hands = replaced(state.hands, 0, ("Sprint",) * 6)
    with pytest.raises(IllegalAction, match="six"):
        state.apply(DrawCard())


def test_draw_phase_and_energy_depletion() -> None:
    """Phases 4 and 5: draw up to two cards to hold six, then Energy goes to 0."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Sprint",) * 5)
    state.apply(EndTurn())
    assert len(state.hands[0]) == 6 and state.energy[0] == 0
    state = arena()
    state.apply(EndTurn())
    assert len(state.hands[0]) == 2


def test_anomaly_damage_at_end_of_turn() -> None:
    """Play Area, Anomaly Terrain: a Creature there at the end of the turn takes 1 damage."""
    state = arena()
    mine, theirs = put(state, "Mullub", 0, 22), put(state, "Urom", 1, 15)
    state.apply(EndTurn())
    assert mine.hp == 4 and theirs.hp == 5


def test_running_out_of_cards() -> None:
    """End of the Game: using up the deck does not end it; the player simply cannot draw."""
    state = arena()
    state.decks = replaced(state.decks, 0, ())
    assert DrawCard() not in state.legal_actions()
    state.apply(EndTurn())
    assert not state.is_over and state.hands[0] == ()


def test_third_emanation_ends_the_game_at_once() -> None:
    """End of the Game: deactivating the opponent's third Emanation immediately ends it."""
    state = arena()
    put(state, "Damsha", 0, 13)
    state.ema_hp = (*state.ema_hp[:3], 1, 0, 0)
    state.apply(Attack(13, 7))
    assert state.is_over and state.returns() == [1.0, -1.0] and state.current_player is None


def test_turn_limit_ends_the_game() -> None:
    """Authored bound (max_game_length): at the turn limit more Emanations left wins."""
    state = arena(turn_limit=2)
    state.ema_hp = replaced(state.ema_hp, 3, 0)
    state.apply(EndTurn())
    assert state.is_over and state.winner == 0 and "turn limit" in state.end_reason


def test_the_outcome_puts_the_winners_emanations_first() -> None:
    """End of the Game, issue 30: the score is read winner first ("(11 to 16)" was in seat order)."""
    state = arena(turn_limit=2)
    state.ema_hp = replaced(state.ema_hp, 0, 0)
    state.apply(EndTurn())
    assert state.winner == 1
    assert state.outcome() == "Seat 1 wins: turn limit 2 reached (Emanations left: 3 to 2)."


def test_card_text_overrides_the_rulebook() -> None:
    """Basic Concepts, Golden Rule: Sprint overrides synchronization fatigue."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Ighirish",))
    state.apply(Summon("Ighirish", 27))
    assert state.units[state.occ[27]].active
    state.apply(Move(27, 21))


def test_leader_arrow_turns_at_every_turn() -> None:
    """Phase 1: all players whose Leader is defeated rotate its arrow, each turn from the second."""
    state = arena(player=0)
    state.arrow = replaced(state.arrow, 0, 4)
    state.apply(EndTurn())
    assert state.player == 1 and state.arrow[0] == 3
    state.apply(EndTurn())
    assert state.arrow[0] == 2


def test_resummon_costs_the_arrow_value() -> None:
    """Recharge or Resummon the Leader: "X" Energy, X shown by the arrow indicator."""
    state = arena(energy=2)
    state.arrow = replaced(state.arrow, 0, 3)
    assert not [a for a in state.legal_actions() if isinstance(a, Resummon)]
    with pytest.raises(IllegalAction, match="resummoning costs 3 Energy"):
        state.apply(Resummon(41))
