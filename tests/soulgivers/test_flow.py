"""The turn flow (``flow.py``): one rule per action kind, the fast listings proven equal to the
rules' own, click paths, refusals naming the rulebook section."""

from __future__ import annotations

import json

import pytest

from soulforge.core import Action, IllegalAction
from soulforge.games.soulgivers.actions import ACTION_TYPES, Collect, Keep, Step
from soulforge.games.soulgivers.flow import FLOW

from .helpers import GAME, activate, blank, piece, positions


def as_json(actions: list[Action]) -> list[str]:
    return sorted(json.dumps(a.to_json(), sort_keys=True) for a in actions)


def test_every_action_kind_has_one_rule_naming_its_section() -> None:
    rules = {rule.action: rule for rule in FLOW.rules}
    assert set(rules) == set(ACTION_TYPES)
    assert all(rule.section for rule in rules.values())


def test_fast_listings_equal_the_rules_own() -> None:
    """The main phase and the Anomaly window list through tables (``Step.fast_legal``): over
    seeded random games they give the rules' actions exactly, with no duplicate."""
    checked = 0
    for s in positions(range(40)):
        fast = s.legal_actions()
        assert len(set(fast)) == len(fast)
        assert as_json(fast) == as_json(FLOW.plain_legal(s))
        checked += FLOW.step(s).fast_legal is not None
    assert checked > 3000


def test_click_paths_tell_the_legal_actions_apart() -> None:
    """What a player clicks makes one action: the paths of the legal actions at a position are
    distinct (an empty path is a button, labelled by its action)."""
    for s in positions(range(8)):
        paths = [s.click_path(a) for a in s.legal_actions()]
        clicked = [p for p in paths if p]
        assert len(set(clicked)) == len(clicked), s.legal_actions()
        assert all(isinstance(handle, str) and handle for p in clicked for handle in p)


def test_a_kind_not_open_now_is_refused_with_what_is_being_decided() -> None:
    """Out of its phase an action is refused naming its rule and the decision asked for."""
    s = GAME.new_game(seed=1)
    with pytest.raises(IllegalAction, match="not possible now: setup step 12") as refused:
        s.apply(Keep(0))
    assert refused.value.rule == "destruction step 4 (draw 2, keep 1)"


def test_the_soulgiver_that_must_keep_moving_may_only_step() -> None:
    """4.2 (a cell it may pass but not stop on: here the Ghost through a Soulgiver)."""
    s = blank()
    ghost = piece(s, 0, "ghost", "A1")
    piece(s, 1, "blower", "A2", shields=15)
    activate(s, ghost)
    s.apply(Step(2))
    assert s.must_continue and {a.kind for a in s.legal_actions()} == {"step"}
    with pytest.raises(IllegalAction, match="must keep moving") as refused:
        s.apply(Collect())
    assert refused.value.rule == "4.2 fragment collection"

