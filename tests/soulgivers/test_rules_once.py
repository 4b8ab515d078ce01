"""Each rule stated once (issue 31): the Population Ability's conditions and the Essence cost
are named checks that the rules' listings, their refusals, the fast listings and the Anomaly
window all read; flow.py's rules live in the ``rules/`` package."""

from __future__ import annotations

import ast
import inspect
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import soulforge
from soulforge.core import IllegalAction
from soulforge.core.flow import Check, Rule
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers import flow, rules
from soulforge.games.soulgivers.actions import Attack, Collect, Decline, DrawAnomaly, Drop, Pass, Population
from soulforge.games.soulgivers.rules import common, inline, listing, special, tribute

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


HOT = {
    listing.main_listing: ("moving_on", "essence_left", "movement_not_ended", "can_draw",
                           "population_allowed"),
    listing.response_listing: ("may_answer", "population_allowed"),
    special.open_window: ("population_allowed", "anomaly_allowed"),
    special.play_anomaly: ("population_allowed",),
    tribute.ability_options: ("essence_left", "slots"),
}
"""The hot paths and the check functions their source calls (inlined when compiled)."""


def native(fn: Callable[..., object]) -> bool:
    """Compiled by mypyc (``make install``, docs/native.md): a native function, no bytecode."""
    return isinstance(fn, types.BuiltinFunctionType)


def source_of(fn: Callable[..., object]) -> str:
    """``fn``'s source, read from its module's ``.py`` (a native function has no code object
    for ``inspect`` to find it by)."""
    path = Path(soulforge.__file__).parent.parent / (fn.__module__.replace(".", "/") + ".py")
    text = path.read_text(encoding="utf-8")
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == fn.__name__)
    return ast.get_source_segment(text, node) or ""


@pytest.mark.parametrize("fn", list(HOT), ids=lambda fn: fn.__name__)
def test_the_hot_paths_call_the_checks_compiled_in(fn: Callable[..., object]) -> None:
    """The source calls the checks (no condition restated); the code run has their expressions
    in place of the calls (``rules/inline.py``), as the old hand-written fast listing had.
    Compiled by mypyc, the calls are native calls and ``inline`` leaves the function as it is
    (``make test`` runs this file pure too)."""
    source = source_of(fn)
    for check in HOT[fn]:
        assert f"{check}(" in source
    if native(fn):
        assert inline.inline(fn) is fn and not inline.compiled(fn)
        return
    assert inline.compiled(fn)
    for check in HOT[fn]:
        assert check not in fn.__code__.co_names


def test_a_call_that_is_not_one_expression_stays_a_call() -> None:
    """``declarable`` is a statement block: the compiled listing still calls it."""
    if native(listing.main_listing):
        pytest.skip("compiled by mypyc: no bytecode inlined (make test runs this file pure too)")
    assert any(name.endswith("declarable") for name in listing.main_listing.__code__.co_names)


def test_a_native_method_is_left_as_it_is() -> None:
    """Compiled by mypyc, an Ability's ``options`` is a method descriptor of a native class,
    not a function: ``inline`` leaves it (a compiled Soulgivers failed at import when it did not).
    A builtin's method stands in for it in the pure package."""
    assert inline.inline(str.upper) is str.upper and not inline.compiled(str.upper)
