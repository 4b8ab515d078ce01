"""Each rule stated once (issue 31): May Move in ``conditions.py``; Guard's bonus read from
``rules.toml``; the order of play as typed frames; the rules in the ``rules`` package."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

import soulforge
from soulforge import IllegalAction
from soulforge.core.clone import SHARED
from soulforge.core.data import overriding
from soulforge.core.flow import Rule
from soulforge.games.soulshards import conditions, flow, frames, listing, rules
from soulforge.games.soulshards.actions import Attack, Move, Mulligan, Play, Stockpile
from soulforge.games.soulshards.state import ShardsState
from tests.soulshards.helpers import act, give, hand, labels, put, run, table
from tests.soulshards.test_attacks import _words, attack, block


def _at_deploy(s: ShardsState) -> None:
    """Seat 0 at its Deploy phase (the Engage frame of ``table()`` replaced)."""
    s.stack[-1:] = [frames.SeatTask("deploy", 0)]
    run(s)
    assert s.step == "deploy"


# -- May Move ---------------------------------------------------------------------------------
def test_a_pinned_card_may_not_move_anywhere_the_rule_is_used() -> None:
    """May Move, one statement: a pinned card is left out of the Deploy rule's listing, its fast
    listing and its skip test, refused with the check's reason, and the move effect fails."""
    s = table()
    free = put(s, 0, "b", "Militia Spearman")
    pinned = put(s, 0, "b", "Gate Archer")
    pinned.pinned = True
    _at_deploy(s)
    rule_moves = [str(a) for a in rules.phases.MoveRule().legal(s)]
    fast_moves = [str(a) for a in listing.deploy_listing(s) if isinstance(a, Move)]
    assert rule_moves == fast_moves == [str(Move(s.spot_of(free)))]
    with pytest.raises(IllegalAction, match="a pinned card cannot Move") as refused:
        s.apply(Move(s.spot_of(pinned)))
    assert refused.value.rule == "Deploy"
    assert conditions.deploy_places(s, 0) == [(0, 0)]
    assert not conditions.may_move(s, pinned) and conditions.may_move(s, free)


def test_a_full_zone_stops_moves_into_it_in_every_listing() -> None:
    """May Move: no room in the other Zone, no Move (the zone limit), in both listings."""
    with overriding({"soulshards.rules.numbers.zone_limit": 2}):
        s = _small_table()
    a = put(s, 0, "k", "Militia Spearman")
    put(s, 0, "b", "Gate Archer")
    put(s, 0, "b", "Spire Acolyte")
    _at_deploy(s)
    # The Battlefield is full: the Keep's card stays; the Battlefield's may go to the Keep.
    assert labels(s) == ["move seat 0's Battlefield #1", "move seat 0's Battlefield #2", "end Deploy"]
    assert not conditions.may_move(s, a)
    with pytest.raises(IllegalAction, match="other Zone is full"):
        s.apply(Move(s.spot_of(a)))


def _small_table() -> ShardsState:
    s = table()
    assert s.game.zone_limit == 2
    return s


# -- Guard reads its bonus from the data ------------------------------------------------------------
def test_guard_bonus_is_read_from_the_rules_data_in_the_fight_log_and_prompt() -> None:
    """Guard's Elude bonus is ``guard_elude`` of rules.toml everywhere (it printed "+2")."""
    with overriding({"soulshards.rules.numbers.guard_elude": 3}):
        s = table()
    assert s.game.rules.numbers["guard_elude"] == 3
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    g = put(s, 1, "b", "Shieldwall Sergeant")
    hand(s, 0, "Shade Stalker")
    hand(s, 1, "Militia Spearman")
    attack(s, a)
    block(s, d, a)
    assert s.step == "guard"
    assert "+3 Elude" in s.prompt()
    act(s, f"{_words(s, g)} guards")
    assert any("guards: +3 Elude" in line for line in s.log(None))
    assert s.view(None)["fight"]["guard"] == 3


# -- typed frames -------------------------------------------------------------------------------
def test_the_order_of_play_is_typed_frames_never_changed_and_shared_by_clones() -> None:
    """Every frame on the stack is a slotted dataclass of ``frames.py`` (no dict with one-letter
    keys), marked shared for clones; a clone shares the frames, and playing it on changes its own
    stack only: no frame is ever changed in place (each field of each frame is the same after)."""
    game = soulforge.load("soulshards")
    kinds: set[str] = set()
    for seed in range(3):
        s = game.new_game(seed=seed)
        chooser = random.Random(seed)
        while not s.is_over:
            for frame in s.stack:
                assert dataclasses.is_dataclass(type(frame)) and type(frame) in SHARED
                assert not hasattr(frame, "__dict__")  # slotted: no field added by accident
                kinds.add(frame.kind)
            twin = s.clone()
            assert twin.stack == s.stack and twin.stack is not s.stack
            assert all(a is b for a, b in zip(twin.stack, s.stack, strict=True))
            before = s.view(None)["order_of_play"]
            fields_before = [dataclasses.astuple(frame) for frame in s.stack]
            if not twin.is_over:
                twin.apply(chooser.choice(twin.legal_actions()))
            assert s.view(None)["order_of_play"] == before
            assert [dataclasses.astuple(frame) for frame in s.stack] == fields_before
            s.apply(chooser.choice(s.legal_actions()))
    assert {"turn", "engage", "attack", "fight", "support", "reveal"} <= kinds


# -- the rules in one place -------------------------------------------------------------------
def test_every_rule_lives_in_the_rules_package_and_flow_re_exports() -> None:
    """``rules/__init__.py`` builds FLOW from rule modules of the ``rules`` package; flow.py only
    re-exports it."""
    assert flow.FLOW is rules.FLOW
    for step in rules.FLOW.steps.values():
        for rule in step.rules:
            assert isinstance(rule, Rule)
            assert type(rule).__module__.startswith("soulforge.games.soulshards.rules."), type(rule)
    defined = [value for value in vars(flow).values() if inspect.isclass(value) and issubclass(value, Rule)]
    assert not defined


def test_attack_once_a_turn_is_one_check_in_the_rule_and_the_fast_listing() -> None:
    """May attack: after the attack action, neither listing offers another; the refusal is the
    check's reason, and a Character too tired to attack is refused by the next check."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    tired = put(s, 0, "b", "Gate Archer", fatigue=4)
    with pytest.raises(IllegalAction, match="fewer than 4 Fatigue") as refused:
        s.apply(Attack(s.spot_of(tired)))
    assert refused.value.rule == "Attack"
    s.no_attack = True
    s.forget_listing()
    assert not conditions.may_attack(s)
    assert not [x for x in listing.engage_listing(s) if isinstance(x, Attack)]
    assert rules.attack.AttackRule().legal(s) == []
    with pytest.raises(IllegalAction, match="attack action again this turn"):
        s.apply(Attack(s.spot_of(a)))


def test_mulligan_cost_and_blocker_fatigue_are_read_from_the_rules_data() -> None:
    """Numbers of rules.toml once: the mulligan's cost in its prompt and log, a blocker's
    Fatigue in the block prompt and the block (each printed or applied as 1 before)."""
    numbers = {"soulshards.rules.numbers.mulligan_cost": 2, "soulshards.rules.numbers.blocker_fatigue": 2}
    with overriding(numbers):
        game = soulforge.load("soulshards")
        s = table()
    first = game.new_game(seed=0)
    while first.step != "mulligan":
        first.apply(first.legal_actions()[-1])  # keep the deck
    assert "pay 2 Resolve" in first.prompt()
    seat = first.decider
    assert seat is not None
    before = first.resolve[seat]
    first.apply(Mulligan())
    assert first.resolve[seat] == before - 2
    assert any("pays 2 Resolve to mulligan" in line for line in first.log(None))
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    attack(s, a)
    assert "2 Fatigue each" in s.prompt()
    block(s, d, a)
    assert d.fatigue == 2


def test_play_and_stockpile_refusals_are_their_first_failing_check() -> None:
    """Play and Stockpile refuse with the named check that fails first, naming the section."""
    s = table()
    hand(s, 0, "Militia Spearman", "Shatter")
    with pytest.raises(IllegalAction, match="Militia Spearman costs 1 Might") as refused:
        s.apply(Play("Militia Spearman", ""))
    assert refused.value.rule == "Engage"
    with pytest.raises(IllegalAction, match="Gate Archer is not in your hand"):
        s.apply(Play("Gate Archer", ""))
    give(s, 0, might=3, finesse=3, sorcery=3, strategy=3)
    with pytest.raises(IllegalAction, match="choose a target the Spell can apply to"):
        s.apply(Play("Shatter", ""))
    names = [check.name for check in rules.engage.PLAY_CHECKS]
    assert names == ["in hand", "cost", "target", "room in the Keep"]
    s.stack[-1:] = [frames.SeatTask("stockpile", 0)]
    run(s)
    with pytest.raises(IllegalAction, match="produces only an Attribute of its cost") as refused:
        s.apply(Stockpile("Militia Spearman", 3))
    assert refused.value.rule == "Stockpile"
