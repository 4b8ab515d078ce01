"""Soulshards' cached observation is the observation built from scratch.

``Observer.write`` copies each unit in play and the per-card fields from blocks it made
earlier for equal data (``soulforge.games.soulshards.observation``); ``write(cached=False)``
writes every unit and count anew. One observer, its caches warm from whatever it saw before
(the live playout, clones played on another way, determinizations, states restored from
bytes, the other seat), must give exactly the bytes a from-scratch build gives at every
position of seeded playouts, for both seats.
"""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

import soulforge
from soulforge.core import State, blocks
from soulforge.games.soulshards import observation
from soulforge.games.soulshards.game import Soulshards
from soulforge.games.soulshards.observation import Observer
from soulforge.interop.observation import ObservationEncoder
from tests.native import compiled

GAME = cast(Soulshards, soulforge.load("soulshards"))


def written(observer: Observer, state: State, seat: int, cached: bool) -> tuple[bytes, list[int], list[int]]:
    """The observer's fields of ``seat`` (bytes) and the indices it gives back."""
    out = np.zeros(observer.at["winner"] + 3, dtype=np.float32)
    ones, counts = observer.write(state, seat, out, cached=cached)  # type: ignore[arg-type]
    return out.tobytes(), ones, counts


def assert_cached_is_fresh(observer: Observer, state: State, where: str) -> None:
    for seat in (0, 1):
        cached = written(observer, state, seat, cached=True)
        fresh = written(Observer(GAME), state, seat, cached=False)
        assert cached == fresh, f"{where}, seat {seat}"


def others(state: State, rng: random.Random, move: int) -> list[tuple[str, State]]:
    """States whose observations interleave with the playout's: a clone played on another way,
    a determinization for each seat, and the state restored from its bytes."""
    branch = state.clone()
    for _ in range(3):
        if branch.is_over:
            break
        branch.apply(rng.choice(branch.legal_actions()))
    found: list[tuple[str, State]] = [(f"move {move}: a clone played on", branch)]
    if not state.is_over:
        found += [(f"move {move}: determinized for {seat}", state.determinize(seat, random.Random(move)))
                  for seat in (0, 1)]
    found.append((f"move {move}: restored", GAME.state_from_bytes(state.to_bytes())))
    return found


@pytest.mark.parametrize("seed", [0, 1])
def test_the_cached_observation_is_built_from_scratch_at_every_position(seed: int) -> None:
    observer, rng = Observer(GAME), random.Random(seed)
    state, move = GAME.new_game(seed=seed), 0
    while True:
        assert_cached_is_fresh(observer, state, f"move {move}")
        if move % 5 == 0:
            for where, other in others(state, rng, move):
                assert_cached_is_fresh(observer, other, where)
                # the playout's own state again, after the caches saw another one
                assert_cached_is_fresh(observer, state, f"{where}, then the playout")
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        move += 1
    assert move > 50


def test_a_write_of_the_plain_statement_leaves_the_caches_working() -> None:
    """``cached=False`` between cached writes changes nothing either gives."""
    observer, rng = Observer(GAME), random.Random(2)
    state = GAME.new_game(seed=2)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        first = written(observer, state, seat, cached=True)
        assert written(observer, state, seat, cached=False) == first
        assert written(observer, state, seat, cached=True) == first
        state.apply(rng.choice(state.legal_actions()))


def test_the_encoder_gives_the_fresh_observation_to_each_of_many_states() -> None:
    """One encoder observing states of several games in turn (its observer's caches shared)
    gives what a new encoder gives for each."""
    encoder, rng = ObservationEncoder(GAME), random.Random(3)
    states = [GAME.new_game(seed=seed) for seed in (3, 4, 5)]
    for _ in range(120):
        for state in states:
            if state.is_over:
                continue
            fresh = ObservationEncoder(GAME)
            for seat in (0, 1):
                assert encoder.observe(state, seat).tobytes() == fresh.observe(state, seat).tobytes()
            state.apply(rng.choice(state.legal_actions()))


def test_the_unit_caches_are_bounded_by_remember(monkeypatch: pytest.MonkeyPatch) -> None:
    """Soulshards' unit caches go through ``blocks.remember`` with their own bound (``BLOCKS``):
    never more than it, and a full cache emptied and refilled gives the observation a fresh
    observer gives."""
    if compiled(observation):
        pytest.skip("compiled, a native call does not see a patched module attribute: "
                    "make test's pure pass runs this test")
    monkeypatch.setattr(observation, "BLOCKS", 3)
    calls: list[int | None] = []
    real = blocks.remember

    def counted(cache: dict[Any, Any], key: Any, value: Any, limit: int | None = None) -> Any:
        calls.append(limit)
        return real(cache, key, value, limit)

    monkeypatch.setattr(observation, "remember", counted)
    warm, rng = Observer(GAME), random.Random(3)
    s = GAME.new_game(seed=3)
    for _ in range(120):
        if s.is_over:
            break
        for seat in (0, 1):
            a = np.zeros(warm.at["winner"] + 3, dtype=np.float32)
            b = np.zeros(warm.at["winner"] + 3, dtype=np.float32)
            assert warm.write(s, seat, a) == Observer(GAME).write(s, seat, b, cached=False)
            assert a.tobytes() == b.tobytes()
            assert len(warm._unit_blocks) <= 3 and len(warm._seen) <= 3
        s.apply(rng.choice(s.legal_actions()))
    assert calls and set(calls) == {3}
