"""Kipukas' state as a native class: what is its own (the index); the checks every native
state passes are ``tests/core/test_native_states.py``'s."""

from __future__ import annotations

from soulforge.games.kipukas.state import KipukasState
from tests.native import Native

NATIVE = Native(shared=frozenset({"board", "tables", "_index"}),
                native_fields=frozenset({"card", "owner", "_index"}), depth=(400, 15), moves=60,
                restores=("pickle", "bytes", "copy", "deepcopy"))
"""The index shared, but for the grounds a listing caches in it, which hold for every state
of the same position; deep-copied too."""


def test_a_bare_state_has_no_index_and_no_game() -> None:
    bare = KipukasState()
    assert bare._index is None and not hasattr(bare, "game")
