"""Issue 31: a rule's refusal is its first failing named check, with that check's section.
A few of the rules once refused in one sentence restating every condition, now the one that
fails."""

from __future__ import annotations

from soulforge.games.kipukas.actions import Burn, Refill, Reinforce
from soulforge.games.kipukas.rules import card_moves, fight, night

from .scenario import fresh, give, put


def test_a_refill_refusal_names_the_condition_that_fails() -> None:
    s = fresh()
    rule = night.RefillRule()
    give(s, s.active, "cloth", "feathers", "string")
    full = rule.refusal(s, Refill())
    give(s, s.active)
    s.deck[s.active] = []
    empty = rule.refusal(s, Refill())
    assert (str(full), full.rule) == ("night: your hand is full", "night")
    assert str(empty) == "night: your deck is empty"


def test_a_reinforcement_refusal_names_the_condition_that_fails() -> None:
    s = fresh()
    enemy = put(s, 1 - s.active, "parched_traveler", "T6")
    mine = put(s, s.active, "parched_traveler", "T2")
    s.fight_stand = "T6"
    refused = fight.ReinforceRule().refusal(s, Reinforce(enemy))
    assert "must be a soul of yours on the map, off the fight's stand" in str(refused)
    assert refused.rule == "retreat"
    far = fight.ReinforceRule().refusal(s, Reinforce(mine))  # territory 2, the fight on T6
    assert str(far) == f"retreat: soul #{mine} cannot reinforce: the fight's stand must be within its range"


def test_a_burn_refusal_is_the_first_failing_check() -> None:
    s = fresh()
    soul = put(s, s.active, "parched_traveler", "T2")
    refused = card_moves.BurnRule().refusal(s, Burn(soul))
    assert str(refused) == f"items: soul #{soul} carries no fire starter"
    other = card_moves.BurnRule().refusal(s, Burn(len(s.card)))
    assert other.rule == "items" and "is not a soul of yours on the map" in str(other)
