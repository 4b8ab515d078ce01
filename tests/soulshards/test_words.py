"""Lines logged later (``log_later`` with ``words``) read the same in a copy as in the original."""

from __future__ import annotations

import pickle
import random

import soulforge


def test_log_made_later_reads_the_same_after_pickle_and_clone() -> None:
    game = soulforge.load("soulshards")
    state = game.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(150):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    pickled = pickle.loads(pickle.dumps(state))
    twin = state.clone()
    for seat in (None, 0, 1):
        lines = state.log(seat)
        assert pickled.log(seat) == lines
        assert twin.log(seat) == lines
    assert any(line.startswith("turn ") for line in state.log(None))
    assert any(line.startswith("you draw ") for line in state.log(0))
    assert not any(line.startswith("you draw ") for line in state.log(None))
