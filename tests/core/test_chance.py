"""Explicit chance (issue 36): every draw of every game as a chance node with its outcomes.

The decisive check: explicit chance is the seeded game with its draws laid open. A seeded
game played with an rng that notes each uniform draw it makes, and a :class:`ChanceState`
given the same actions and, at its chance nodes, the same draws, reach the same position.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import MutableSequence
from typing import Any

import pytest

import soulforge
from soulforge import IllegalAction, State
from soulforge.core.chance import (
    CHANCE,
    ChanceRecord,
    ChanceState,
    ContinuousChance,
    NeedChance,
    ScriptedRandom,
)
from soulforge.core.errors import RecordError
from soulforge.core.rng import GameRandom
from soulforge.core.state import making_rng
from tests.registered import GAMES
from tests.toy import Tricks


class NotingRandom(GameRandom):
    """A seeded rng that notes the outcome of each uniform integer draw (shuffles included:
    the same Fisher-Yates as ``GameRandom.shuffle``, so the same cards fall the same way)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.noted: list[int] = []

    def _randbelow(self, n: int) -> int:
        outcome: int = self._randbelow_with_getrandbits(n)  # type: ignore[attr-defined]
        self.noted.append(outcome)
        return outcome

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]


def seen(state: State) -> str:
    seats = [*range(state.num_players), None]
    return json.dumps([[state.view(p), state.log(p)] for p in seats], sort_keys=True)


def noted_playout(game_id: str, seed: int, moves: int) -> tuple[State, list[Any]]:
    """A seeded random playout (``moves`` at most) and its steps: actions and draws in order."""
    made: list[NotingRandom] = []

    def noting(s: int) -> NotingRandom:
        made.append(NotingRandom(s))
        return made[-1]

    with making_rng(noting):
        state = soulforge.load(game_id).new_game(seed=seed)
    rng = made[0]
    steps: list[Any] = [("chance", k) for k in rng.noted]
    choose = random.Random(seed)
    while not state.is_over and state.move_number < moves:
        action = choose.choice(state.legal_actions())
        before = len(rng.noted)
        state.apply(action)
        steps.append(("action", action))
        steps.extend(("chance", k) for k in rng.noted[before:])
    return state, steps


@pytest.mark.parametrize("game_id", GAMES)
def test_explicit_chance_is_the_seeded_game_with_its_draws_laid_open(game_id: str) -> None:
    seeded, steps = noted_playout(game_id, seed=3, moves=150)
    plain = soulforge.load(game_id).new_game(seed=3)
    for kind, step in steps:  # the noting rng draws exactly as the seeded one does
        if kind == "action":
            plain.apply(step)
    assert seen(plain) == seen(seeded)

    explicit = ChanceState(soulforge.load(game_id))
    chance_nodes = 0
    for kind, step in steps:
        if kind == "chance":
            assert explicit.current_player == CHANCE and explicit.is_chance_node
            outcomes = explicit.chance_outcomes()
            assert [k for k, _ in outcomes] == list(range(len(outcomes)))
            assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            assert explicit.legal_actions() == []
            explicit.apply_chance(step)
            chance_nodes += 1
        else:
            assert not explicit.is_chance_node
            assert explicit.state is not None and explicit.legal_actions() == explicit.state.legal_actions()
            explicit.apply(step)
    assert not explicit.is_chance_node and explicit.state is not None
    assert chance_nodes > 0, "every game draws (a deal, a shuffle or dice)"
    assert seen(explicit.state) == seen(seeded)
    assert explicit.is_over == seeded.is_over


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_of_actions_and_chance_outcomes_replays(game_id: str) -> None:
    state, rng = ChanceState(soulforge.load(game_id)), random.Random(5)
    while not state.is_over and len(state.events) < 200:
        if state.is_chance_node:
            state.apply_chance(rng.randrange(state.outcomes))
        else:
            state.apply(rng.choice(state.legal_actions()))
    record = ChanceRecord.from_json(json.loads(json.dumps(state.record().to_json())))
    again = record.replay()
    assert again.events == state.events and again.outcomes == state.outcomes
    assert again.state is not None and state.state is not None
    assert seen(again.state) == seen(state.state)


def test_a_chance_state_pickles_in_the_middle_of_a_draw() -> None:
    state, rng = ChanceState(soulforge.load("soulshards")), random.Random(1)
    while not (state.is_chance_node and state.pending is not None):  # a draw during a move
        if state.is_chance_node:
            state.apply_chance(rng.randrange(state.outcomes))
        else:
            state.apply(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.script == state.script and again.pending == state.pending
    for _ in range(60):
        if state.is_over:
            break
        if state.is_chance_node:
            k = rng.randrange(state.outcomes)
            state.apply_chance(k)
            again.apply_chance(k)
        else:
            pick = rng.randrange(len(state.legal_actions()))
            state.apply(state.legal_actions()[pick])
            again.apply(again.legal_actions()[pick])
    assert state.state is not None and again.state is not None
    assert seen(again.state) == seen(state.state)


def test_refusals_at_and_away_from_chance_nodes() -> None:
    state = ChanceState(Tricks(hand=2))
    assert state.is_chance_node, "the deal is drawn first"
    with pytest.raises(IllegalAction, match="chance decides now"):
        state.apply(Tricks(hand=2).action_at(0))
    with pytest.raises(IllegalAction, match="is not below"):
        state.apply_chance(state.outcomes)
    while state.is_chance_node:
        state.apply_chance(0)
    with pytest.raises(IllegalAction, match="no chance node"):
        state.apply_chance(0)
    with pytest.raises(RecordError):
        ChanceRecord.from_json({"format": "soulforge-chance-record/1", "game": "x", "players": 2,
                                "events": [{"move": 1}]})


def test_a_state_with_explicit_chance_has_no_seeded_record() -> None:
    state = ChanceState(soulforge.load("five_realms"))
    while state.is_chance_node:
        state.apply_chance(0)
    assert state.state is not None
    with pytest.raises(ValueError, match="explicit chance has no seeded record"):
        state.state.record()


def test_the_scripted_rng_reads_its_script_and_stops_past_it() -> None:
    rng = ScriptedRandom([1, 0, 2])
    cards = ["a", "b", "c"]
    rng.shuffle(cards)  # places 2 then 1: draws below 3, then below 2
    assert cards == ["c", "a", "b"] and rng.draws == 2
    assert rng.randrange(3) == 2
    with pytest.raises(NeedChance) as need:
        rng.randint(1, 6)
    assert need.value.outcomes == 6
    with pytest.raises(ContinuousChance):
        rng.random()
    twin = pickle.loads(pickle.dumps(rng))
    assert (twin.script, twin.read, twin.draws) == (rng.script, rng.read, rng.draws)
