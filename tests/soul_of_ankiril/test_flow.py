"""The turn flow of Soul of Ankiril: one rule per action kind, the fast listing of the
Strategy and Combat phase proven equal to the rules' own (rulebook, "Turn Structure")."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.core import IllegalAction
from soulforge.core.flow import CheckedRule
from soulforge.games.soul_of_ankiril import flow
from soulforge.games.soul_of_ankiril.actions import Activate, Attack, DrawCard, EndTurn, Move
from soulforge.games.soul_of_ankiril.flow import FLOW, ActivateRule, DrawRule, MoveRule
from soulforge.games.soul_of_ankiril.model import PLAY, replaced
from soulforge.games.soul_of_ankiril.state import AnkirilState
from tests import playouts
from tests.native import compiled

from .helpers import arena, put

GAME = soulforge.load("soul_of_ankiril")


def positions(seeds: range, limit: int = 300) -> list[AnkirilState]:
    """Every position of seeded random games."""
    found: list[AnkirilState] = playouts.positions("soul_of_ankiril", seeds, limit)
    return found


def test_every_action_kind_has_exactly_one_rule() -> None:
    assert {rule.action for rule in FLOW.rules} == set(GAME.action_types)


def test_the_fast_listing_equals_the_rules_own() -> None:
    """The one-pass listing (flow.play_listing) lists exactly the rules' legal actions,
    each once: Guardian, Challenged, Overfly, Intuition and Mimicry included."""
    checked = 0
    for state in positions(range(10)):
        fast = state.legal_actions()
        plain = FLOW.plain_legal(state)
        assert len(fast) == len(set(fast)), state.move_number
        assert set(fast) == set(plain), (state.move_number, set(fast) ^ set(plain))
        checked += state.stage == PLAY
    assert checked > 1000


def test_every_refusal_names_a_rule() -> None:
    for state in positions(range(2), limit=80)[::5]:
        legal = set(state.legal_actions())
        for action in GAME._action_table[::13]:
            if action not in legal:
                refusal = state.why_illegal(action)
                assert isinstance(refusal, IllegalAction) and refusal.rule, action


def test_click_paths_tell_the_legal_actions_apart() -> None:
    """Only the end of the turn, drawing and recharging are buttons; every other action is
    made by clicking, and no two legal actions share a path."""
    buttons = {"end_turn", "draw", "recharge"}
    for state in positions(range(3)):
        actions = state.legal_actions()
        paths = [state.click_path(a) for a in actions]
        assert len(set(p for p in paths if p)) == len([p for p in paths if p])
        assert all(bool(p) or a.kind in buttons for p, a in zip(paths, actions, strict=True))


# -- each rule stated once (issue 31) --------------------------------------------------------------
def test_the_hand_limit_is_stated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw a Card: the limit lives in one check (``flow.hand_has_room``); the fast listing,
    the rules' own listing and the refusal all follow it when it changes."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Shekun",) * 6)
    state.decks = replaced(state.decks, 0, ("Nirush",) * 5)
    state._legal = None
    assert DrawCard() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="you already hold six cards") as refused:
        state.apply(DrawCard())
    assert refused.value.rule == "Draw a Card"
    monkeypatch.setattr(flow, "HAND_LIMIT", 7)  # the one statement, changed: everything follows
    state._legal = None
    assert DrawCard() in state.legal_actions() and DrawCard() in FLOW.plain_legal(state)
    state.apply(DrawCard())
    assert len(state.hands[0]) == 7
    assert DrawCard() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="you already hold six cards"):
        state.apply(DrawCard())


def test_challenged_cannot_move_is_stated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Glossary, "Challenged": one function (``flow.challenger_cell``) says whom a Creature
    must attack; the Move, Attack and Ability rules and the fast listing all ask it."""
    state = arena()
    put(state, "Urom", 0, 21)
    put(state, "Shekun", 1, 15)
    state.apply(Activate(21, 15, 0))
    state.apply(EndTurn())
    assert [a for a in state.legal_actions() if getattr(a, "src", None) == 15] == [Attack(15, 21)]
    with pytest.raises(IllegalAction, match="cannot move before attacking its Challenger") as refused:
        state.apply(Move(15, 16))
    assert refused.value.rule == "Challenged"
    if compiled(flow):
        pytest.skip("compiled, a native call does not see a module attribute patched: "
                    "the pure pass removes the rule in its one place")
    monkeypatch.setattr(flow, "challenger_cell", lambda st, c: -1)  # the rule, removed in one place
    state._legal = None
    fast = [a for a in state.legal_actions() if getattr(a, "src", None) == 15]
    assert Move(15, 16) in fast and set(fast) == {a for a in FLOW.plain_legal(state)
                                                  if getattr(a, "src", None) == 15}
    state.apply(Move(15, 16))


def test_the_play_rules_are_stated_as_checks() -> None:
    """Every rule a player can be refused by in play is a CheckedRule: its refusal is its first
    failing check, naming the rulebook section; the Challenged checks share one test."""
    plain = {DrawRule: "hand limit", MoveRule: "not Challenged", ActivateRule: "not Challenged"}
    for kind, name in plain.items():
        rule = next(r for r in FLOW.rules if isinstance(r, kind))
        assert isinstance(rule, CheckedRule) and name in [check.name for check in rule.checks]
    tests = {check.test for rule in FLOW.rules if isinstance(rule, CheckedRule)
             for check in rule.checks if check.name == "not Challenged"}
    assert len(tests) == 1
