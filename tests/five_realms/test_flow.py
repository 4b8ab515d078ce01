"""The turn flow of Five Realms: one rule per action kind, refusals that name their rule,
click paths that tell every legal action apart (five_realms.txt, TURN SEQUENCE)."""

from __future__ import annotations

import soulforge
from soulforge.core import IllegalAction
from soulforge.core.flow import CheckedRule
from soulforge.games.five_realms.actions import Destroy, Steal
from soulforge.games.five_realms.flow import FLOW
from soulforge.games.five_realms.state import FiveRealmsState
from tests import playouts

GAME = soulforge.load("five_realms")


def positions(seeds: range, limit: int = 400) -> list[FiveRealmsState]:
    """Every position of seeded random games."""
    found: list[FiveRealmsState] = playouts.positions("five_realms", seeds, limit)
    return found


def test_every_action_kind_has_exactly_one_rule() -> None:
    kinds = {rule.action for rule in FLOW.rules}
    assert kinds == set(GAME.action_types)


def test_every_listed_action_belongs_to_a_rule_open_at_its_step() -> None:
    for state in positions(range(6)):
        step = FLOW.step(state)
        for action in state.legal_actions():
            assert FLOW.rule_for(action) in step.rules, (state.phase, action)


def test_every_refusal_names_a_rule() -> None:
    """Each action of the index that is not legal at a position is refused naming a rule."""
    for state in positions(range(2), limit=120)[::7]:
        legal = set(state.legal_actions())
        for action in GAME._action_table:
            if action not in legal:
                refusal = state.why_illegal(action)
                assert isinstance(refusal, IllegalAction) and refusal.rule, action


def test_click_paths_tell_the_legal_actions_apart() -> None:
    """The web table narrows by the clicked handles: two legal actions never share a path,
    and only the actions with no place on the board (recruit, influence, decline, steal) are
    buttons."""
    buttons = {"recruit", "influence", "decline", "steal"}
    for state in positions(range(4)):
        paths = [state.click_path(a) for a in state.legal_actions()]
        board = [p for p in paths if p]
        assert len(set(board)) == len(board)
        assert all(bool(p) or a.kind in buttons for p, a in zip(paths, state.legal_actions(), strict=True))


def test_each_rule_is_stated_once_as_its_checks() -> None:
    """Issue 31: every rule is a CheckedRule; at every position of seeded games an action of
    an open rule is listed exactly when its checks pass, and a refused one is refused with
    its first failing check's reason (no prose restating the condition)."""
    assert all(isinstance(rule, CheckedRule) for rule in FLOW.rules)
    compared = 0
    for state in positions(range(3), limit=200)[::3]:
        legal = set(state.legal_actions())
        for rule in FLOW.step(state).rules:
            assert isinstance(rule, CheckedRule)
            for action in GAME._action_table:
                if not isinstance(action, rule.action):
                    continue
                reason = rule.reason(state, action)
                if action in legal:
                    assert reason is None, (state.phase, action)
                else:
                    refusal = state.why_illegal(action)
                    assert reason is None or str(refusal) == str(reason), (state.phase, action)
                    compared += reason is not None
    assert compared > 100


def test_the_warrior_says_what_the_opponent_lacks() -> None:
    """WARRIOR: a steal needs a castle, a destroy an opposing card of that name (the refusals
    name what is missing)."""
    state = next(s for s in positions(range(40), limit=400) if s.phase == "steal or destroy"
                 and any(a.kind == "destroy" for a in s.legal_actions()))
    named = {a.character for a in state.legal_actions() if isinstance(a, Destroy)}
    absent = next(name for name in state.table.type_of if name not in named)
    refusal = state.why_illegal(Destroy(absent))
    assert refusal.rule == "warrior" and str(refusal).endswith(f"the opponent has no {absent}")
    if state.castles[state.opponent(state.active)] == 0:
        assert str(state.why_illegal(Steal())).endswith("the opponent has no castle to steal")
