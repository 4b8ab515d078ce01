"""Soulgivers' state as a native class (``make native``): every field declared and cloned, the
same behaviour compiled and pure (``docs/native.md``)."""

from __future__ import annotations

import os

import pytest

import soulforge
from soulforge.games.soulgivers.state import SoulgiversState
from tests import playouts
from tests.native import (
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_every_field_declared_and_set,
    assert_restored_plays_on,
    played,
)

GAME = soulforge.load("soulgivers")
COMPILED = hasattr(SoulgiversState, "__mypyc_attrs__")
SHARED = frozenset({"game", "_log_read", "_legal", "_log_shared"})
"""Fields a clone shares: never changed in place (the log's read and chunks and the listing are
replaced, never changed). Every other list or dict is the clone's own."""


def _positions() -> list[SoulgiversState]:
    found = playouts.positions("soulgivers", range(3), limit=300)[::12]
    assert found and all(isinstance(s, SoulgiversState) for s in found)
    return [s for s in found if isinstance(s, SoulgiversState)]


def test_every_field_is_declared_so_a_native_class_can_hold_it() -> None:
    for state in _positions():
        assert_every_field_declared_and_set(state)


def test_clone_copies_every_field_apart_and_shares_none_that_changes() -> None:
    for state in _positions():
        state.legal_actions()
        twin = state.clone()
        assert_clone_apart(state, twin, SHARED)
        assert twin.legal_actions() == state.legal_actions()


def test_a_clone_played_on_leaves_its_original_as_it_was() -> None:
    state, rng = played(GAME, 11, 60)
    assert_a_clone_played_on_leaves_the_original(state, rng, 300)


@pytest.mark.parametrize("how", ["pickle", "bytes", "copy", "deepcopy"])
def test_a_state_restored_or_copied_plays_on_as_the_original(how: str) -> None:
    state, rng = played(GAME, 5, 50)
    assert_restored_plays_on(state, how, rng, 200)


def test_a_determinization_keeps_the_seats_view() -> None:
    assert_determinized_keeps_the_view(played(GAME, 8, 50)[0])


def test_a_bare_state_has_no_game() -> None:
    assert not hasattr(SoulgiversState(), "game")


@pytest.mark.skipif(not COMPILED, reason="the pure package (no native build, or SOULFORGE_PURE)")
def test_compiled_the_state_is_a_native_class() -> None:
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert {"pos", "occ", "phase", "hand"} <= set(SoulgiversState.__dict__["__mypyc_attrs__"])
    state = GAME.new_game(seed=1)
    state.apply(state.legal_actions()[0])
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
