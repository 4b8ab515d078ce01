"""Ready stated once and read from rules.toml's ``max_fatigue``; Cast, a card's effect, Block
and Ambush refused by their first failing named check; the mulligan's label takes its cost
from the rules data (issue 31)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import soulforge
from soulforge import IllegalAction
from soulforge.core.data import overriding
from soulforge.core.flow import CheckedRule, Rule, passes
from soulforge.games.soulshards import conditions, listing, rules
from soulforge.games.soulshards.actions import (
    Ambush,
    Attack,
    Block,
    Cast,
    Mount,
    Mulligan,
    Tactics,
    UseEffect,
)
from soulforge.games.soulshards.rules import FLOW
from soulforge.games.soulshards.state import ShardsState, Unit
from tests.soulshards.helpers import give, put, table
from tests.soulshards.test_attacks import attack

MAX_FATIGUE = "soulshards.rules.numbers.max_fatigue"


def _engage_kinds(s: ShardsState, unit_spot: str) -> dict[str, set[str]]:
    """What the fast and the rules' Engage listings offer ``unit_spot``, by action kind."""
    out: dict[str, set[str]] = {"fast": set(), "rules": set()}
    for name, actions in (("fast", listing.engage_listing(s)), ("rules", FLOW.plain_legal(s))):
        for a in actions:
            if unit_spot in (getattr(a, "spot", ""), getattr(a, "caster", "")):
                out[name].add(a.kind)
    return out


def test_max_fatigue_from_the_data_changes_listings_and_refusals_together() -> None:
    """A Character with 4 Fatigue is worn out under the rulebook's 4 (no Attack, Tactics, Cast,
    refused with "fewer than 4"), and Ready when the data says 5: both listings offer it,
    the refusal names 5, and its fourth Fatigue no longer marks it for discard."""
    s = table()
    tired = put(s, 0, "b", "Militia Spearman", fatigue=4)
    assert not conditions.ready(s, tired) and conditions.worn_out(s, tired)
    assert _engage_kinds(s, s.spot_of(tired)) == {"fast": set(), "rules": set()}
    with pytest.raises(IllegalAction, match="fewer than 4 Fatigue"):
        s.apply(Attack(s.spot_of(tired)))

    with overriding({MAX_FATIGUE: 5}):
        s = table()
    assert s.game.max_fatigue == 5
    tired = put(s, 0, "b", "Militia Spearman", fatigue=4)
    worn = put(s, 0, "b", "Gate Archer", fatigue=5)
    assert conditions.ready(s, tired) and not conditions.ready(s, worn)
    kinds = _engage_kinds(s, s.spot_of(tired))
    assert kinds["fast"] == kinds["rules"] == {"attack", "tactics"}
    assert _engage_kinds(s, s.spot_of(worn)) == {"fast": set(), "rules": set()}
    with pytest.raises(IllegalAction, match="fewer than 5 Fatigue"):
        s.apply(Attack(s.spot_of(worn)))
    fresh = put(s, 0, "b", "Spire Acolyte", fatigue=3)
    s.apply(Tactics(s.spot_of(fresh)))  # its fourth Fatigue: still Ready under 5
    assert fresh.fatigue == 4 and fresh.uid in s.units and not fresh.doomed


def test_max_fatigue_from_the_data_reaches_blocks_and_the_order_of_play() -> None:
    """Under ``max_fatigue`` 5 a defender with 4 Fatigue may still block (the Block listing and
    its skip test read the same ``may_block``)."""
    with overriding({MAX_FATIGUE: 5}):
        s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte", fatigue=4)
    attack(s, a)
    assert s.step == "block"
    assert [str(x) for x in s.legal_actions() if isinstance(x, Block)] == [
        str(Block(s.spot_of(d), s.spot_of(a)))]


def test_cast_refusals_are_its_named_checks() -> None:
    """Cast: a Character of your Keep, Ready, a Spell of your Home, its cost, its target."""
    s = table()
    bf = put(s, 0, "b", "Militia Spearman")
    worn = put(s, 0, "k", "Gate Archer", fatigue=4)
    caster = put(s, 0, "k", "Spire Acolyte")
    s.home[0] = ["Healing Draught"]
    target = s.spot_of(caster)

    def refusal(a: Cast) -> str:
        with pytest.raises(IllegalAction) as refused:
            s.apply(a)
        assert refused.value.rule == "Acting: Cast"
        return str(refused.value)

    assert "only a Character in your Keep can Cast" in refusal(Cast(s.spot_of(bf), "Healing Draught", target))
    assert "only a Ready Character (fewer than 4 Fatigue) can Cast" in refusal(
        Cast(s.spot_of(worn), "Healing Draught", target))
    assert "Shatter is not a Spell in your Home" in refusal(Cast(target, "Shatter", ""))
    assert "Healing Draught costs 1 Finesse" in refusal(Cast(target, "Healing Draught", target))
    give(s, 0, finesse=1)
    assert "choose a target the Spell can apply to" in refusal(Cast(target, "Healing Draught", ""))
    names = [check.name for check in rules.engage.CAST_CHECKS]
    assert names == ["Character in the Keep", "Ready", "Spell in Home", "cost", "target"]
    s.apply(Cast(target, "Healing Draught", target))  # every check passes: it is legal


def test_effect_refusals_are_its_named_checks() -> None:
    """A card's effect: yours with an effect, its cost, its Fatigue paid by a Ready Character
    (a Gear's by one in its Zone), its target."""
    s = table()
    banner = put(s, 0, "b", "War Banner")
    worn = put(s, 0, "b", "Gate Archer", fatigue=4)
    keeper = put(s, 0, "k", "Spire Acolyte")
    ready = put(s, 0, "b", "Militia Spearman")
    plain = put(s, 0, "b", "Iron Shield")
    spot = s.spot_of(banner)

    def refusal(a: UseEffect) -> str:
        with pytest.raises(IllegalAction) as refused:
            s.apply(a)
        assert refused.value.rule == "Acting: Effect"
        return str(refused.value)

    assert "choose a card of yours with an effect" in refusal(UseEffect(s.spot_of(plain), "", ""))
    for payer in (s.spot_of(worn), s.spot_of(keeper), ""):
        assert "paid by a Ready Character (fewer than 4 Fatigue)" in refusal(UseEffect(spot, payer, ""))
    assert [check.name for check in rules.engage.USE_CHECKS] == ["effect", "cost", "Fatigue", "target"]
    s.apply(UseEffect(spot, s.spot_of(ready), ""))
    assert ready.fatigue == 1


def test_block_and_ambush_refusals_are_their_named_checks() -> None:
    """Block: a Battlefield card of yours that may block, an attacker left, reach (Airborne);
    Ambush: an opponent's Character with Fatigue."""
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    tired = put(s, 1, "b", "Spire Acolyte", fatigue=4)
    keep = put(s, 1, "k", "Gate Archer")
    d = put(s, 1, "b", "Shieldwall Sergeant")
    attack(s, a)
    assert s.step == "block"
    for blocker, words in ((keep, "a card of your Battlefield blocks"),
                           (tired, "a Ready Character (fewer than 4 Fatigue)"),
                           (d, "each attacker is blocked by one")):
        attacker = a if blocker is not d else d
        with pytest.raises(IllegalAction, match=re.escape(words)) as refused:
            s.apply(Block(s.spot_of(blocker), s.spot_of(attacker)))
        assert refused.value.rule == "Attack, step 2"
    assert [c.name for c in rules.attack.BLOCK_CHECKS] == [
        "Battlefield Character", "may block", "attacker left", "reach"]
    assert [c.name for c in rules.attack.AMBUSH_CHECKS] == ["fatigued enemy Character"]
    assert isinstance(rules.attack.AmbushRule(), CheckedRule)
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    rested = put(s, 1, "k", "Gate Archer")
    attack(s, a)
    assert s.step == "unblocked"  # no blocker: the attacker is unblocked
    with pytest.raises(IllegalAction, match="a Character with at least 1 Fatigue") as refused:
        s.apply(Ambush(s.spot_of(rested)))
    assert refused.value.rule == "UNBLOCKED: Ambush"


def _checked(rule: Rule[Any, Any]) -> bool:
    return rule.action in (Cast, UseEffect, Block, Ambush)


def test_every_listed_action_passes_its_rules_checks() -> None:
    """The listings of Cast, effects, Block and Ambush (fast or not) are made of the same
    predicates as the checks: every action listed passes every check of its rule."""
    game = soulforge.load("soulshards")
    checked = {rule.action: rule for rule in FLOW.rules if isinstance(rule, CheckedRule) and _checked(rule)}
    assert set(checked) == {Cast, UseEffect, Block, Ambush}
    seen: set[type] = set()
    for seed in range(3):
        s = game.new_game(seed=seed)
        chooser = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                rule = checked.get(type(a))
                if rule is not None:
                    seen.add(type(a))
                    assert passes(rule.checks, s, a), (seed, s.move_number, a)
            s.apply(chooser.choice(legal))
    assert seen == set(checked)


def test_the_mulligan_label_reads_its_cost_from_the_rules_data() -> None:
    """The mulligan's label said "(pay 1 Resolve)" whatever the data; the state's ``describe``
    now reads ``mulligan_cost``."""
    s = table()
    assert s.describe(Mulligan()) == "mulligan (pay 1 Resolve)"
    with overriding({"soulshards.rules.numbers.mulligan_cost": 2}):
        s = table()
    assert s.describe(Mulligan()) == "mulligan (pay 2 Resolve)"
    assert str(Mulligan()) == "mulligan"


def test_mount_is_may_mount_and_may_ride_in_the_rule_and_the_fast_listing() -> None:
    """Mount, one statement (``conditions.may_mount``/``may_ride``): a pinned or worn-out rider,
    or a pinned mount, is left out of both listings alike."""
    s = table()
    m = put(s, 0, "k", "Ironhold Charger")  # Trait 1, Mountable
    r = put(s, 0, "k", "Militia Spearman")  # Trait 0

    def mounts() -> tuple[list[str], list[str]]:
        s.forget_listing()
        fast = [str(a) for a in listing.engage_listing(s) if isinstance(a, Mount)]
        return fast, [str(a) for a in rules.engage.MountRule().legal(s)]

    ridden = [str(Mount(s.spot_of(m), s.spot_of(r)))]
    assert mounts() == (ridden, ridden)
    def change(unit: Unit, field: str, value: int) -> None:
        if field == "fatigue":  # Fatigue's one write keeps the Ready flag with it
            conditions.set_fatigue(s, unit, value)
        else:
            setattr(unit, field, value)

    for unit, field, value in ((r, "pinned", True), (m, "pinned", True), (r, "fatigue", 4)):
        change(unit, field, value)
        assert mounts() == ([], []), (unit.card.name, field)
        assert not conditions.may_ride(s, m, r) or not conditions.may_mount(s, m)
        change(unit, field, type(value)())
    assert mounts() == (ridden, ridden)


def test_the_ready_flag_is_kept_with_fatigue_through_one_setter() -> None:
    """Ready is stated once, in ``conditions.set_fatigue`` (the flag ``ready`` reads): no other
    line of the game writes a card's Fatigue or its flag, and at every position of seeded
    playouts, in the state and its clone, each card's flag says fewer than ``max_fatigue``."""
    package = Path(conditions.__file__).parent
    writes = re.compile(r"\.(fatigue|ready)\s*([-+]?=)(?!=)")
    found = [
        f"{path.name}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        for line in path.read_text().splitlines()
        if writes.search(line)
    ]
    # (and ``Unit.copy``, written out for the native build, copies both as they are)
    assert found == ["conditions.py: u.fatigue = fatigue",
                     "conditions.py: u.ready = fatigue < s.game.max_fatigue",
                     "state.py: self.fatigue = 0", "state.py: self.ready = True",
                     "state.py: twin.prepared, twin.provoked, twin.ready = "
                     "self.prepared, self.provoked, self.ready"]
    game = soulforge.load("soulshards")
    chooser, checked = random.Random(5), 0
    for seed in range(4):
        s = game.new_game(seed=seed)
        while not s.is_over:
            for state in (s, s.clone()):
                for u in state.units.values():
                    assert u.ready == (u.fatigue < state.game.max_fatigue) == conditions.ready(state, u)
                    checked += 1
            s.apply(chooser.choice(s.legal_actions()))
    assert checked > 1000
