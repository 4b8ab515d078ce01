"""Every scenario position a rule's action is applied at doubles as a check of that rule
(issue 31): a rule written as named checks lists exactly the candidates its checks let
through. The seeded playouts of ``test_listing.py`` reach the common rules; the scenario
tests reach the rare ones (a Bag on stick, a bottled soul, the Breach's prisoners...)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from soulforge.core import Action
from soulforge.core.flow import CheckedRule
from soulforge.games.kipukas.rules import FLOW
from soulforge.games.kipukas.state import KipukasState


def assert_rule_lists_its_checks(state: KipukasState, action: Action) -> None:
    """The rule of ``action``, if open at ``state``'s step, lists what its checks let through."""
    rule = next((r for r in FLOW.step(state).rules if r.action is type(action)), None)
    if isinstance(rule, CheckedRule) and not state.is_over:
        listed = set(rule.legal(state))
        passing = {a for a in rule.candidates(state) if rule.reason(state, a) is None}
        assert listed == passing, (type(rule).__name__, listed ^ passing)


@pytest.fixture
def checked_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each action applied first checks its rule at that position (the scenario modules use it:
    ``pytestmark = pytest.mark.usefixtures("checked_rules")``)."""
    applying = KipukasState.apply

    def apply(self: KipukasState, action: Action, player: Any = None) -> None:
        assert_rule_lists_its_checks(self, action)
        applying(self, action, player)

    monkeypatch.setattr(KipukasState, "apply", apply)
    yield
