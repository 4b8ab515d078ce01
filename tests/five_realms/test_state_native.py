"""Five Realms' state as a native class (``make native``): every field declared and cloned,
the same behaviour compiled and pure (``docs/native.md``)."""

from __future__ import annotations

import inspect
import os

import pytest

import soulforge
from soulforge.core.state import State
from soulforge.games.five_realms.state import FiveRealmsState
from tests import playouts
from tests.native import (
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_restored_plays_on,
    played,
)

GAME = soulforge.load("five_realms")
COMPILED = hasattr(FiveRealmsState, "__mypyc_attrs__")
SHARED = frozenset({"game", "rules", "table", "_log_read", "_legal", "_log_shared"})
"""Fields a clone shares: never changed in place."""


def test_every_field_is_declared_so_a_native_class_can_hold_it() -> None:
    # Compiled, an undeclared field cannot be set at all; pure, this is the test that says so.
    declared = set(inspect.get_annotations(FiveRealmsState)) | set(inspect.get_annotations(State))
    state = GAME.new_game(seed=3)
    state.apply(state.legal_actions()[0])
    undeclared = set(state.field_values()) - declared - {
        "_log_shared", "_lines", "_log_read", "_legal", "_carried", "_revealed"}  # State.__init__'s
    if not COMPILED:
        assert undeclared == set()


def test_clone_copies_every_field_apart_and_shares_none_that_changes() -> None:
    for state in playouts.positions("five_realms", range(3), limit=150)[::10]:
        assert_clone_apart(state, state.clone(), SHARED)


def test_a_clone_played_on_leaves_its_original_as_it_was() -> None:
    state, rng = played(GAME, 11, 25)
    assert_a_clone_played_on_leaves_the_original(state, rng, None)


@pytest.mark.parametrize("how", ["pickle", "bytes", "copy"])
def test_a_state_restored_or_copied_plays_on_as_the_original(how: str) -> None:
    state, rng = played(GAME, 5, 30)
    assert_restored_plays_on(state, how, rng, None)


def test_a_determinization_keeps_the_seats_view() -> None:
    assert_determinized_keeps_the_view(played(GAME, 8, 20)[0])


@pytest.mark.skipif(not COMPILED, reason="the pure package (no native build, or SOULFORGE_PURE)")
def test_compiled_the_state_and_the_core_state_are_native_classes() -> None:
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert "game" in State.__dict__["__mypyc_attrs__"]
    assert "card_type" in FiveRealmsState.__dict__["__mypyc_attrs__"]
    state = GAME.new_game(seed=1)
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
