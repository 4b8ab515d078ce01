"""Every game's state as a native class (``make native``): every field declared and cloned,
the same behaviour compiled and pure (``docs/native.md``).

One table of what differs between the games (the fields a clone shares, how deep the
positions are), one set of tests. What is one game's own (Soulshards' units, Kipukas' index)
is tested in that game's ``test_state_native.py``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import soulforge
from soulforge.core.state import State
from tests import playouts
from tests.native import (
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_every_field_declared_and_set,
    assert_restored_plays_on,
    played,
)

CORE_SHARED = frozenset({"game", "_log_read", "_legal", "_log_shared"})
"""Fields every clone shares: the game, and the log's read, its chunks and the listing, which
are replaced, never changed in place."""


Markers = Callable[[Any], object]
"""A field's value as what a clone must equal (a ``uid -> piece`` field's pieces by their slots)."""


def slot_markers(slots: Callable[[], tuple[str, ...]]) -> Markers:
    """The pieces of a ``uid -> piece`` field by their slots (a piece has no equality of its
    own), for :func:`assert_clone_apart`'s ``keys``."""
    def markers(pieces: dict[int, Any]) -> dict[int, tuple[object, ...]]:
        return {uid: tuple(getattr(piece, name) for name in slots()) for uid, piece in pieces.items()}
    return markers


def _soulshards_units() -> tuple[str, ...]:
    from soulforge.games.soulshards.state import unit_slots
    return unit_slots()


def _ankiril_creatures() -> tuple[str, ...]:
    from soulforge.games.soul_of_ankiril.model import creature_slots
    return creature_slots()


def _no_key(value: object) -> object:
    """An ownership mark (Soul of Ankiril's ``mark``): each state's own object, compared by nothing."""
    return None


@dataclass(frozen=True)
class Native:
    """What one game's native state tests need."""

    shared: frozenset[str]
    """The game's fields a clone shares (rules data, or values replaced, never changed)."""
    native_fields: frozenset[str]
    """Some fields the compiled class holds in the object (``__mypyc_attrs__``)."""
    depth: tuple[int, int]
    """The positions looked at: every ``depth[1]``-th of three seeded games' first ``depth[0]``."""
    moves: int
    """Moves played before a position is cloned, restored or determinized."""
    played_on: int | None = 300
    """Moves a clone or a restored state plays on (None: to the end)."""
    pieces: dict[str, Markers] = field(default_factory=dict)
    """Fields of ``uid -> piece`` compared by the pieces' slots, each piece a copy of its own."""
    restores: tuple[str, ...] = ("pickle", "bytes", "copy")
    copy_on_write: bool = False
    """Its pieces shared by clones, each copied by the first change (Soul of Ankiril's
    Creatures: ``tests/soul_of_ankiril/test_state_native.py``), not copied by the clone."""


NATIVE: dict[str, Native] = {
    "five_realms": Native(frozenset({"rules", "table"}), frozenset({"card_type"}), (150, 10), 25, None),
    "kipukas": Native(frozenset({"board", "tables", "_index"}), frozenset({"card", "owner", "_index"}),
                      (400, 15), 60, restores=("pickle", "bytes", "copy", "deepcopy")),
    "soul_of_ankiril": Native(frozenset({"board", "cards", "decklists", "last", "last_line"}),
                              frozenset({"units", "occ", "stage", "last_line"}), (300, 12), 50,
                              pieces={"units": slot_markers(_ankiril_creatures), "mark": _no_key},
                              copy_on_write=True),
    "soulshards": Native(frozenset({"cards", "cities"}), frozenset({"units", "zones", "step", "stack"}),
                         (300, 12), 50, pieces={"units": slot_markers(_soulshards_units)}),
}
"""The games whose state is a native class, and what differs between them. Kipukas' index is
shared but for the grounds a listing caches in it, which hold for every state of the same
position; a card's definition holds a mappingproxy, which deepcopy refuses, so only Kipukas
is deep-copied."""


def _positions(game_id: str) -> list[State]:
    limit, step = NATIVE[game_id].depth
    found = playouts.positions(game_id, range(3), limit=limit)[::step]
    assert found
    return found


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_every_field_is_declared_so_a_native_class_can_hold_it(game_id: str) -> None:
    for state in _positions(game_id):
        assert_every_field_declared_and_set(state)


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_clone_copies_every_field_apart_and_shares_none_that_changes(game_id: str) -> None:
    native = NATIVE[game_id]
    for state in _positions(game_id):
        state.legal_actions()  # (Kipukas: the index built, the grounds cached in it)
        twin = state.clone()
        assert_clone_apart(state, twin, CORE_SHARED | native.shared, keys=native.pieces)
        assert twin.legal_actions() == state.legal_actions()
        if not native.copy_on_write:
            for name in native.pieces:  # each piece copied, none shared
                mine, theirs = getattr(state, name), getattr(twin, name)
                assert all(theirs[uid] is not piece for uid, piece in mine.items())


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_a_clone_played_on_leaves_its_original_as_it_was(game_id: str) -> None:
    native = NATIVE[game_id]
    state, rng = played(soulforge.load(game_id), 11, native.moves)
    assert_a_clone_played_on_leaves_the_original(state, rng, native.played_on)


@pytest.mark.parametrize(("game_id", "how"), [(g, how) for g in sorted(NATIVE) for how in NATIVE[g].restores])
def test_a_state_restored_or_copied_plays_on_as_the_original(game_id: str, how: str) -> None:
    native = NATIVE[game_id]
    state, rng = played(soulforge.load(game_id), 5, native.moves)
    assert_restored_plays_on(state, how, rng, native.played_on)


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_a_determinization_keeps_the_seats_view(game_id: str) -> None:
    assert_determinized_keeps_the_view(played(soulforge.load(game_id), 8, NATIVE[game_id].moves)[0])


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_a_bare_state_has_no_game(game_id: str) -> None:
    # The core's _bare_copy calls the class with no game: a native class's __new__ runs __init__.
    state_class = type(soulforge.load(game_id).new_game(seed=1))
    assert not hasattr(state_class(), "game")


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_compiled_the_state_is_a_native_class(game_id: str) -> None:
    state = soulforge.load(game_id).new_game(seed=1)
    state_class = type(state)
    if not hasattr(state_class, "__mypyc_attrs__"):
        pytest.skip("the pure package (no native build, or SOULFORGE_PURE)")
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert "game" in State.__dict__["__mypyc_attrs__"]
    assert NATIVE[game_id].native_fields <= set(state_class.__dict__["__mypyc_attrs__"])
    state.apply(state.legal_actions()[0])
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
