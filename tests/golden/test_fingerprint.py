"""The golden fingerprint's encoder writes the bytes of the whole structure at every move."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import soulforge
from tests.golden.golden import Seen, canonical, listed, seen_by_every_seat


@pytest.mark.parametrize("game_id", sorted(soulforge.GAMES))
def test_the_fingerprint_encodes_every_move_as_the_whole_view_and_log(game_id: str) -> None:
    """``Seen`` encodes each log line once; its bytes are those of every view and whole log,
    and a listing's those of its actions' JSON (each action's encoded once)."""
    state, chooser = soulforge.load(game_id).new_game(seed=3), random.Random(3)
    seen = Seen(state)
    for _ in range(40):
        assert seen.encode(state) == canonical(seen_by_every_seat(state))
        legal = state.legal_actions()
        assert listed(legal) == listed(legal) == canonical([a.to_json() for a in legal])
        if state.is_over:
            break
        state.apply(chooser.choice(legal))


FLOATS = st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: "e" not in repr(f))
"""Floats out of exponent form (``canonical``'s one difference from ``json``, documented)."""
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | FLOATS | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(JSON_VALUES)
def test_the_fast_encoding_writes_what_json_writes(data: object) -> None:
    written = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    assert canonical(data) == written.encode()
