"""Setup, the six phases, costs and victory (rulebook: "To begin the game", the phases,
"COSTS AND ATTRIBUTES", Resolve)."""

from __future__ import annotations

import random

import pytest

from soulforge import IllegalAction
from soulforge.games.soulshards.frames import SeatTask
from tests.soulshards.helpers import act, give, hand, labels, new_game, put, run, table


def test_setup_places_cities_and_starts_with_their_resolve() -> None:
    """Setup 1 and City: each player starts with the Resolve of their City (12-16)."""
    s = new_game(1)
    assert [c.name for c in s.cities] == ["Ironhold", "Lorespire"]
    assert s.resolve == [16, 12]
    assert s.step == "reserves" and s.decider == 0


def test_reserves_swap_exchanges_a_deck_card_and_stays_private() -> None:
    """Setup 2: swap any number of cards from your Reserves with cards in your Arsenal."""
    s = new_game(1)
    act(s, "swap Militia Spearman out for Siege Ogre")
    assert s.arsenal[0].count("Siege Ogre") == 1 and s.reserves[0].count("Militia Spearman") == 1
    assert len(s.arsenal[0]) == 40 and len(s.reserves[0]) == 12
    assert not any("Siege Ogre" in line for line in s.log(1))
    assert any("Siege Ogre" in line for line in s.log(0))


def test_opening_hand_of_six_and_mulligan_costs_one_resolve() -> None:
    """Setup 3-4: shuffle, draw 6; pay 1 Resolve to shuffle the hand back and draw again."""
    s = new_game(1)
    act(s, "done swapping Reserves")
    assert s.step == "mulligan" and len(s.hand[0]) == 6 and len(s.arsenal[0]) == 34
    act(s, "mulligan")
    assert s.resolve[0] == 15 and len(s.hand[0]) == 6 and len(s.arsenal[0]) == 34
    act(s, "mulligan")
    assert s.resolve[0] == 14 and s.step == "mulligan"
    act(s, "keep this hand")
    assert s.step == "reserves" and s.decider == 1


def test_random_first_player_and_the_second_player_gains_an_attribute() -> None:
    """Setup 5-6: a random first player; the other gains 1 Attribute of their choice."""
    starters = set()
    for seed in range(8):
        s = new_game(seed)
        for label in ("done swapping Reserves", "keep this hand") * 2:
            act(s, label)
        assert s.step == "attribute" and s.decider == 1 - s.starter
        act(s, "gain 1 Strategy")
        assert s.pool[1 - s.starter][3] == 1
        starters.add(s.starter)
    assert starters == {0, 1}


def test_long_game_option_adds_six_resolve() -> None:
    """Long game: each player starts with an extra 6 Resolve."""
    assert new_game(1, long_game=True).resolve == [22, 18]


def test_recover_removes_one_fatigue_and_all_edge() -> None:
    """Phase 1, Recover: remove 1 Fatigue from each card in Battlefield and Keep; lose all Edge."""
    s = table()
    a = put(s, 1, "b", "Grave Knight", fatigue=3)
    b = put(s, 1, "k", "Spire Acolyte", fatigue=2)
    s.edge[1] = 2
    act(s, "end the turn")
    assert s.active == 1 and s.edge[1] == 0
    assert b.fatigue == 1
    assert a.fatigue == 1  # Undead: 1 more


def test_deploy_moves_and_draw_two_when_no_character_moved_to_the_battlefield() -> None:
    """Phases 2-3: Deploy moves; draw 1, or 2 if no Character moved to the Battlefield."""
    s = table()
    put(s, 1, "k", "Spire Acolyte")
    act(s, "end the turn")
    assert s.step == "deploy"
    act(s, "end Deploy")
    assert len(s.hand[1]) == 2
    s = table()
    put(s, 1, "k", "Spire Acolyte")
    act(s, "end the turn")
    act(s, "move seat 1's Keep #1")
    assert s.zones[1][0] and s.step == "stockpile"  # each card Moves once: Deploy is over
    assert len(s.hand[1]) == 1


def test_production_from_the_city_and_each_stockpile_card() -> None:
    """Phase 4: the City's Attributes and 1 chosen Attribute per Stockpile card."""
    s = table()
    s.stockpile[1] = [("Arc Bolt", 2), ("Grave Knight", 3)]
    act(s, "end the turn")
    assert s.pool[1] == [0, 0, 2, 2]


def test_stockpile_one_card_for_an_attribute_of_its_cost() -> None:
    """Phase 5: place 1 card from hand into the Stockpile; it produces a type in its cost."""
    s = table()
    act(s, "end the turn")
    hand(s, 1, "Grave Knight")
    s.stack[-1:] = [SeatTask("stockpile", 1)]
    run(s)
    assert "stockpile Grave Knight for Sorcery" in labels(s)
    assert not any("Might" in label for label in labels(s))
    act(s, "stockpile Grave Knight for Strategy")
    assert s.stockpile[1] == [("Grave Knight", 3)] and s.step == "engage"


def test_playing_a_card_pays_its_cost_and_refusal_changes_nothing() -> None:
    """Costs: each Attribute shown paid with that Attribute, the number with any."""
    s = table()
    hand(s, 0, "Shieldwall Sergeant")
    give(s, 0, might=1)
    before = s.view(0)
    with pytest.raises(IllegalAction, match="costs 1 Might \\+ 1 any"):
        s.apply(s.game.action_from_json({"type": "play", "card": "Shieldwall Sergeant", "target": ""}))
    assert s.view(0) == before
    give(s, 0, might=1, sorcery=1)
    act(s, "play Shieldwall Sergeant")
    assert s.pool[0] == [0, 0, 0, 0] and s.units[s.zones[0][1][0]].card.name == "Shieldwall Sergeant"


def test_victory_when_a_player_has_no_resolve() -> None:
    """Resolve: when your opponent has no Resolve remaining, they lose and you win."""
    s = table()
    s.resolve[1] = 1
    s.lose_resolve(1, 2, "test")
    assert s.is_over and s.returns() == [1.0, -1.0]
    assert s.outcome() == f"Seat 0 wins: seat 1 has no Resolve left (Resolve {s.resolve[0]} to 0)."


def test_the_outcome_puts_the_winners_resolve_first() -> None:
    """Resolve, issue 30: seat 1 winning reads its Resolve first."""
    s = table()
    s.resolve[0], s.resolve[1] = 1, 7
    s.lose_resolve(0, 3, "test")
    assert s.outcome() == "Seat 1 wins: seat 0 has no Resolve left (Resolve 7 to 0)."


def test_turn_limit_gives_the_game_to_more_resolve() -> None:
    """Authored bound (NOTES.md): after the turn limit, more Resolve wins."""
    s = table(turn_limit=2)
    s.turn = 2
    s.resolve = [5, 9]
    act(s, "end the turn")
    assert s.is_over and s.winner == 1


def test_is_over_is_the_over_step_at_every_position_and_in_clones() -> None:
    """``is_over`` is a plain attribute set by ``finish`` (not a property of ``step``): at every
    position of seeded games it says what ``step`` says, and a clone says the same."""
    for seed in range(3):
        s = new_game(seed)
        chooser = random.Random(seed)
        while True:
            assert s.is_over == (s.step == "over") == (s.current_player is None)
            assert s.clone().is_over == s.is_over
            if s.is_over:
                break
            s.apply(chooser.choice(s.legal_actions()))
        assert s.legal_actions() == [] and s.outcome()
