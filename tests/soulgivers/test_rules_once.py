"""Each rule stated once (issue 31): the Population Ability's conditions and the Essence cost
are named checks that the rules' listings, their refusals, the fast listings and the Anomaly
window all read; flow.py's rules live in the ``rules/`` package."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from soulforge.core import IllegalAction
from soulforge.core.flow import Check, Rule
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers import flow, rules
from soulforge.games.soulgivers.actions import Attack, Collect, Decline, DrawAnomaly, Drop, Pass, Population
from soulforge.games.soulgivers.rules import common, inline, special

from .helpers import activate, blank, piece


def test_the_flow_is_built_in_the_rules_package_one_module_per_family() -> None:
    assert flow.FLOW is rules.FLOW
    modules = {type(rule).__module__ for rule in rules.FLOW.rules}
    assert modules == {f"soulforge.games.soulgivers.rules.{name}"
                       for name in ("setup", "movement", "tribute", "special", "end")}
    for module in (flow, common):
        own = [c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == module.__name__]
        expected = [common.SoulgiversRule] if module is common else []
        assert [c for c in own if issubclass(c, Rule)] == expected


@pytest.fixture
def forbidden() -> Iterator[None]:
    """One more term of the Population Ability, refusing it: every place that asks must see it
    (the hot paths compiled from the checks at import are compiled again, as an import would)."""
    special.POPULATION_CHECKS += (Check("test", lambda s, team: False, "the test forbids it"),)
    inline.recompile()
    yield
    special.POPULATION_CHECKS = special.POPULATION_CHECKS[:-1]
    inline.recompile()



def test_the_population_ability_is_stated_once(forbidden: None) -> None:
    """The main listing, the rule's own listing and the Anomaly window all read
    ``POPULATION_CHECKS``: a term added there closes all three."""
    s = blank(population=True)
    a = piece(s, 0, "architect", "A1")
    piece(s, 1, "architect", "J10")
    activate(s, a)
    assert s.phase == en.MAIN, "the window does not open for a Population Ability the terms forbid"
    assert Population() not in s.legal_actions()
    assert Population() not in rules.FLOW.plain_legal(s)
    with pytest.raises(IllegalAction, match="the test forbids it"):
        s.apply(Population())


def test_a_population_refusal_names_its_failing_term() -> None:
    s = blank(turn=2, population=True)
    a = piece(s, 0, "architect", "A1")
    piece(s, 1, "architect", "J10")
    with pytest.raises(IllegalAction, match="before turn 3") as refused:
        s.apply(Population())
    assert refused.value.rule == "4.2 population ability"
    s.turn = 3
    s._legal = None
    with pytest.raises(IllegalAction, match="after an activation"):
        s.apply(Population())
    activate(s, a)
    assert s.phase == en.RESPONSE  # seat 1 may answer with its own
    s.apply(Decline())
    s.apply(Population())
    assert s.pop_used[0] and not s.pop_used[1]


@pytest.mark.parametrize("action", [Collect(), Pass(2), Drop(), Attack(2), DrawAnomaly()])
def test_the_essence_cost_is_one_check_in_each_tribute_rule(action: object) -> None:
    rule = rules.FLOW.rule_for(action)  # type: ignore[arg-type]
    assert common.ESSENCE in rule.checks  # type: ignore[attr-defined]
    s = blank()
    a = piece(s, 0, "architect", "A1")
    activate(s, a)
    s.essences = 0
    s._legal = None
    with pytest.raises(IllegalAction, match="no Tribute Essence left") as refused:
        s.apply(action)  # type: ignore[arg-type]
    assert refused.value.rule == "4.2 tribute actions"
