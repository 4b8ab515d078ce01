"""Replays stepped from checkpoints (issue 30, item 10): every step equals the record replayed
from the start, a step replays at most one checkpoint's worth of moves, and the games kept are
bounded."""

from __future__ import annotations

import random
from typing import Any

import pytest

import soulforge
from soulforge.core import Record, State
from soulforge.server import replays
from soulforge.server.replays import Checkpoints, ReplayCache


def finished_record(game_id: str, seed: int = 3, cap: int = 400, players: int = 2, **options: Any) -> Record:
    """A seeded random game of ``game_id`` (at most ``cap`` moves: a replay need not be over)."""
    state = soulforge.load(game_id, **options).new_game(seed=seed, players=players)
    rng = random.Random(seed)
    while not state.is_over and state.move_number < cap:
        state.apply(rng.choice(state.legal_actions()))
    record: Record = state.record()
    return record


def long_tricks(cap: int) -> Record:
    """A game of the toy (the server's replays are tested, not a game's rules) at 4 seats with
    6 cards each: about 33 moves, so 3 checkpoints."""
    return finished_record("tricks", cap=cap, players=4, hand=6)


def seen(state: State) -> list[Any]:
    """Everything a replay step shows: every viewer's view and log."""
    viewers = [None, *range(state.num_players)]
    return [(state.view(v), state.log(v)) for v in viewers]


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_every_checkpointed_step_equals_the_record_replayed_from_the_start(game_id: str) -> None:
    record = finished_record(game_id, cap=120)
    kept = Checkpoints.of(record)
    for step in sorted({0, 1, 15, 16, 17, 33, len(record.actions) // 2, len(record.actions)}):
        if step <= len(record.actions):
            assert seen(kept.at(step)) == seen(record.replay(step)), step


def test_a_step_replays_at_most_one_checkpoints_worth_of_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    record = long_tricks(100)
    kept = Checkpoints.of(record)
    applied = []
    state_class = type(kept.states[0])
    original = state_class.apply_json

    def counting(self: State, data: Any) -> Any:
        applied.append(data)
        return original(self, data)

    monkeypatch.setattr(state_class, "apply_json", counting)
    for step in range(len(record.actions) + 1):
        applied.clear()
        kept.at(step)
        assert len(applied) < kept.every


def test_a_long_game_keeps_a_bounded_number_of_checkpoints() -> None:
    assert -(-10_000 // Checkpoints.spacing(10_000)) <= replays.MAX_CHECKPOINTS
    record = long_tricks(60)
    assert len(Checkpoints.of(record).states) == len(record.actions) // replays.CHECKPOINT + 1


def test_the_cache_keeps_the_most_recently_replayed_games_only() -> None:
    cache, record = ReplayCache(games=2), long_tricks(20)
    for table in ("a", "b", "a", "c"):
        cache.state(table, record, 5)
    assert list(cache._kept) == ["a", "c"]
