"""Every game's state as a native class (``make native``): every field declared and cloned,
the same behaviour compiled and pure (``docs/native.md``).

One set of checks for every registered game. What differs between the games (the fields a
clone shares, how deep the positions are) each game's ``tests/<game>/test_state_native.py``
declares as ``NATIVE`` (``tests.native.Native``), beside the checks that are its own
(Soulshards' units, Kipukas' index); a game registered later is checked with the defaults.
"""

from __future__ import annotations

import importlib
import os

import pytest

import soulforge
from soulforge.core.state import State
from tests import playouts
from tests.native import (
    Native,
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_every_field_declared_and_set,
    assert_restored_plays_on,
    played,
)
from tests.registered import GAMES

CORE_SHARED = frozenset({"game", "_log_read", "_legal", "_log_shared"})
"""Fields every clone shares: the game, and the log's read, its chunks and the listing, which
are replaced, never changed in place."""


def native(game_id: str) -> Native:
    """The game's ``NATIVE`` (its ``tests/<game>/test_state_native.py``), or the defaults."""
    try:
        module = importlib.import_module(f"tests.{game_id}.test_state_native")
    except ModuleNotFoundError:
        return Native()
    found: Native = getattr(module, "NATIVE", Native())
    return found


def _positions(game_id: str) -> list[State]:
    limit, step = native(game_id).depth
    found = playouts.positions(game_id, range(3), limit=limit)[::step]
    assert found
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_is_declared_so_a_native_class_can_hold_it(game_id: str) -> None:
    for state in _positions(game_id):
        assert_every_field_declared_and_set(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_copies_every_field_apart_and_shares_none_that_changes(game_id: str) -> None:
    case = native(game_id)
    for state in _positions(game_id):
        state.legal_actions()  # (Kipukas: the index built, the grounds cached in it)
        twin = state.clone()
        assert_clone_apart(state, twin, CORE_SHARED | case.shared, keys=case.pieces)
        assert twin.legal_actions() == state.legal_actions()
        if not case.copy_on_write:
            for name in case.pieces:  # each piece copied, none shared
                mine, theirs = getattr(state, name), getattr(twin, name)
                assert all(theirs[uid] is not piece for uid, piece in mine.items())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_played_on_leaves_its_original_as_it_was(game_id: str) -> None:
    case = native(game_id)
    state, rng = played(soulforge.load(game_id), 11, case.moves)
    assert_a_clone_played_on_leaves_the_original(state, rng, case.played_on)


@pytest.mark.parametrize(("game_id", "how"), [(g, how) for g in GAMES for how in native(g).restores])
def test_a_state_restored_or_copied_plays_on_as_the_original(game_id: str, how: str) -> None:
    case = native(game_id)
    state, rng = played(soulforge.load(game_id), 5, case.moves)
    assert_restored_plays_on(state, how, rng, case.played_on)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_keeps_the_seats_view(game_id: str) -> None:
    assert_determinized_keeps_the_view(played(soulforge.load(game_id), 8, native(game_id).moves)[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bare_state_has_no_game(game_id: str) -> None:
    # The core's _bare_copy calls the class with no game: a native class's __new__ runs __init__.
    state_class = type(soulforge.load(game_id).new_game(seed=1))
    assert not hasattr(state_class(), "game")


@pytest.mark.parametrize("game_id", GAMES)
def test_compiled_the_state_is_a_native_class(game_id: str) -> None:
    state = soulforge.load(game_id).new_game(seed=1)
    state_class = type(state)
    if not hasattr(state_class, "__mypyc_attrs__"):
        pytest.skip("the pure package (no native build, or SOULFORGE_PURE)")
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert "game" in State.__dict__["__mypyc_attrs__"]
    assert native(game_id).native_fields <= set(state_class.__dict__["__mypyc_attrs__"])
    state.apply(state.legal_actions()[0])
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
