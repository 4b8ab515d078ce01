"""The structured observations' fast paths give exactly what a build from scratch gives.

Soul of Ankiril, Soulgivers and Five Realms build their observations from cached blocks
(``soulforge.core.blocks``: a Creature's block by its markers, a hand's counts by its cards)
and from memos of the last board seen. One long-lived encoder, warmed by every position of
several seeded playouts, both seats, clones and states restored from bytes, must give at
each the very bytes of a fresh encoder (empty caches): a block can never be stale.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import soulforge
from soulforge.core import State, blocks
from soulforge.interop.observation import ObservationEncoder

FAST_GAMES = tuple(soulforge.GAMES)
"""Every game: those without cached blocks pass trivially, and a sixth game is covered."""


def playout(game_id: str, seed: int) -> list[State]:
    """Every position of one seeded random playout (copies), the last one over."""
    state = soulforge.load(game_id).new_game(seed=seed)
    rng, kept = random.Random(seed), [state.clone()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        kept.append(state.clone())
    return kept


def assert_fresh(warm: ObservationEncoder, state: State) -> None:
    """Each seat's observation by ``warm`` is byte for byte a fresh encoder's."""
    fresh = ObservationEncoder(state.game)
    for seat in range(state.num_players):
        fast, plain = warm.observe(state, seat), fresh.observe(state, seat)
        assert fast.dtype == plain.dtype == np.float32
        assert fast.tobytes() == plain.tobytes(), f"move {state.move_number}, seat {seat}"


@pytest.mark.parametrize("game_id", FAST_GAMES)
def test_a_warm_encoder_equals_a_fresh_one_at_every_position(game_id: str) -> None:
    game = soulforge.load(game_id)
    warm = ObservationEncoder(game)
    for seed in (11, 12):
        states = playout(game_id, seed)
        for state in states:
            assert_fresh(warm, state)
            assert_fresh(warm, state.clone())
            assert_fresh(warm, game.state_from_bytes(state.to_bytes()))
        # positions out of order: a memo of the last board seen must notice the change
        for state in random.Random(seed).sample(states, min(40, len(states))):
            assert_fresh(warm, state)


@pytest.mark.parametrize("game_id", FAST_GAMES)
def test_a_full_cache_is_emptied_and_refilled(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blocks, "LIMIT", 3)
    warm = ObservationEncoder(soulforge.load(game_id))
    for state in playout(game_id, 13)[::3]:
        assert_fresh(warm, state)


def test_a_changed_creature_gets_its_own_block() -> None:
    """Two positions that differ only in one Creature's markers: the second is not given the
    first's cached block."""
    game = soulforge.load("soul_of_ankiril")
    warm = ObservationEncoder(game)
    state = next(s for s in playout("soul_of_ankiril", 14) if len(s.units) >= 2)  # type: ignore[attr-defined]
    before = warm.observe(state, 0)
    creature = next(iter(state.units.values()))  # type: ignore[attr-defined]
    creature.hp += 1
    after = warm.observe(state, 0)
    assert not np.array_equal(before, after)
    assert after.tobytes() == ObservationEncoder(game).observe(state, 0).tobytes()


def test_tally_counts_each_index() -> None:
    counts = np.frombuffer(blocks.tally([2, 0, 2, 2], 4), dtype=np.float32)
    assert counts.tolist() == [1.0, 0.0, 3.0, 0.0]


def test_soulgivers_shows_the_last_actions_parameters_to_whom_the_view_does() -> None:
    """The last action's kind and parameters (issue 36: a public fact the layout left out):
    a Place's card and Portal to both seats, a Pick's card only to the seat that picked."""
    game = soulforge.load("soulgivers")
    encoder = ObservationEncoder(game)
    fields = {field.name: field for field in encoder.layout.fields}
    kinds = [kind.kind for kind in game.action_types]
    parameters = fields["last_parameters"]
    seen = set()
    for state in playout("soulgivers", 15):
        last = state.last  # type: ignore[attr-defined]
        if last is None or last[1].kind not in ("place", "pick"):
            continue
        actor, action, _ = last
        seen.add(action.kind)
        for seat in (0, 1):
            tensor = encoder.observe(state, seat)
            head = tensor[fields["last_action"].offset:][:fields["last_action"].size]
            assert head[(actor - seat) % 2] == 1 and head[2 + kinds.index(action.kind)] == 1
            shown = tensor[parameters.offset:parameters.offset + parameters.size]
            view = state.view(seat)["last"]["action"]
            if "card" in view:  # the view shows the parameters: so does the tensor
                assert shown[0] == action.card  # "card" is the first integer field by name
            else:
                assert not shown.any()
    assert seen == {"place", "pick"}
