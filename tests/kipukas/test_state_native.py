"""Kipukas' state as a native class: what is its own (the index); the checks every native
state passes are ``tests/core/test_native_states.py``'s."""

from __future__ import annotations

from soulforge.games.kipukas.state import KipukasState


def test_a_bare_state_has_no_index_and_no_game() -> None:
    bare = KipukasState()
    assert bare._index is None and not hasattr(bare, "game")
