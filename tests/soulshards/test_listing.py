"""The fast listings (``listing.py``) against the rules' own listing (``flow.py``)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from soulforge.games.soulshards.cards import TARGETS
from soulforge.games.soulshards.listing import FAST_TARGETS, WALKS, affordable
from soulforge.games.soulshards.rules import FLOW
from soulforge.games.soulshards.sequence import can_pay, targets
from tests.soulshards.helpers import new_game

FAST_STEPS = {name for name, step in FLOW.steps.items() if step.fast_legal is not None}


def test_the_hot_steps_have_fast_listings() -> None:
    assert {"engage", "reserves", "deploy", "stockpile", "support", "trigger"} <= FAST_STEPS


@pytest.mark.parametrize("seed", range(12))
def test_every_fast_listing_is_the_rules_listing(seed: int) -> None:
    """Equal as lists (same actions, same order) at every position of seeded random playouts."""
    s = new_game(seed)
    chooser = random.Random(seed)
    checked = 0
    while not s.is_over:
        legal = s.legal_actions()
        if s.step in FAST_STEPS:
            assert legal == FLOW.plain_legal(s), (seed, s.move_number, s.step)
            checked += 1
        s.apply(chooser.choice(legal))
    assert checked > 50


@pytest.mark.parametrize("seed", range(8))
def test_a_carried_listing_is_the_rules_listing(seed: int) -> None:
    """An Engage listing carried over a Tactics or an effect ``listing_blind``
    (``State.carry_listing``), and a Deploy listing
    its skip test made (``ShardsState.list_next``), equal the rules' own listing of the new
    position, in the state and in its clone and determinizations made there (which list on
    their own)."""
    s = new_game(seed)
    chooser, worlds = random.Random(seed), random.Random(seed + 100)
    carried, over = Counter[str](), Counter[str]()
    while not s.is_over:
        legal = s.legal_actions()
        twin = s.clone()
        action = chooser.choice(legal)
        s.apply(action)
        twin.apply(action)
        # The clone made before the move carries (or not) the same listing, unshared state aside.
        assert (twin._legal is None) == (s._legal is None)
        if s._legal is not None:  # listed before anyone asked: the move carried the listing
            assert s.step in ("engage", "deploy"), (seed, s.move_number)
            carried[s.step] += 1
            over[action.kind] += 1
            world, other = s.determinize(s.decider, worlds), s.determinize(1 - s.decider, worlds)
            assert world._legal is None and other._legal is None
            for copy in (s.clone(), world, other):
                assert copy.legal_actions() == FLOW.plain_legal(copy), (seed, s.move_number)
        assert twin.legal_actions() == s.legal_actions() == FLOW.plain_legal(s), (seed, s.move_number)
    assert carried["engage"] > 5 and carried["deploy"] > 5
    CARRIED_OVER.update(over)


CARRIED_OVER = Counter[str]()
"""The kinds of the moves that carried a listing, over every seed (the next test reads it)."""


def test_effects_carry_the_engage_listing() -> None:
    """The seeded playouts above carried an Engage listing over an effect (``UseEffectRule``'s
    carry is tested there, not only written)."""
    if not CARRIED_OVER:  # run alone: play the seeds here
        for seed in range(8):
            test_a_carried_listing_is_the_rules_listing(seed)
    assert CARRIED_OVER["use_effect"] > 5 and CARRIED_OVER["tactics"] > 5, CARRIED_OVER


@pytest.mark.parametrize("seed", range(6))
def test_fast_targets_are_the_registrys(seed: int) -> None:
    """Each target kind's one-seat walk equals the registry's test of every unit, both seats."""
    assert set(FAST_TARGETS) <= TARGETS.names()
    s = new_game(seed)
    chooser = random.Random(seed)
    while not s.is_over:
        for kind in FAST_TARGETS:
            for seat in (0, 1):
                assert FAST_TARGETS[kind](s, seat) == targets(s, seat, kind), (seed, s.move_number, kind)
        s.apply(chooser.choice(s.legal_actions()))


def test_affordable_is_can_pay() -> None:
    """The table of what a pool pays for agrees with ``can_pay`` for every card, on pools
    below, at and above the cap where the table shares entries."""
    s = new_game(0)
    cap = s.game.pool_cap
    assert cap > 0
    for pool in itertools.product((0, 1, 2, cap - 1, cap, cap + 1, cap + 7), repeat=4):
        s.pool[0] = list(pool)
        afford = affordable(s, 0)
        for name, card in s.cards.items():
            assert (name in afford.plays) == can_pay(list(pool), card.cost)
            assert (name in afford.spells) == (card.spell is not None and can_pay(list(pool), card.cost))
            ability = card.ability
            assert (name in afford.abilities) == (ability is not None and can_pay(list(pool), ability.cost))


@pytest.mark.parametrize("seed", range(3))
def test_walks_list_each_kinds_targets(seed: int) -> None:
    """``WALKS`` (the Engage listing's walk of a target kind, one lookup each) lists what the
    registry's test does for every kind, those without a fast walk included."""
    s = new_game(seed)
    chooser = random.Random(seed)
    while not s.is_over:
        for kind in TARGETS.names():
            for seat in (0, 1):
                assert WALKS[kind](s, seat) == targets(s, seat, kind), (seed, s.move_number, kind)
        s.apply(chooser.choice(s.legal_actions()))
