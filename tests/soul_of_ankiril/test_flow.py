"""The turn flow of Soul of Ankiril: one rule per action kind, the fast listing of the
Strategy and Combat phase proven equal to the rules' own (rulebook, "Turn Structure")."""

from __future__ import annotations

import soulforge
from soulforge.core import IllegalAction
from soulforge.games.soul_of_ankiril.flow import FLOW
from soulforge.games.soul_of_ankiril.model import PLAY
from soulforge.games.soul_of_ankiril.state import AnkirilState
from tests import playouts

GAME = soulforge.load("soul_of_ankiril")


def positions(seeds: range, limit: int = 300) -> list[AnkirilState]:
    """Every position of seeded random games."""
    found: list[AnkirilState] = playouts.positions("soul_of_ankiril", seeds, limit)
    return found


def test_every_action_kind_has_exactly_one_rule() -> None:
    assert {rule.action for rule in FLOW.rules} == set(GAME.action_types)


def test_the_fast_listing_equals_the_rules_own() -> None:
    """The one-pass listing (listing.play_listing) lists exactly the rules' legal actions,
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
