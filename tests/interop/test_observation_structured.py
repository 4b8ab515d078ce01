"""Structured observations, information states, factored actions and the environment
options built on them (issue 36)."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import soulforge
from soulforge.interop.actions import factored_actions
from soulforge.interop.gymnasium import SoulforgeEnv, env_id
from soulforge.interop.observation import (
    HEADER,
    HISTORY,
    InformationStateEncoder,
    ObservationEncoder,
    action_mask,
)
from soulforge.interop.pettingzoo import env as aec_env
from tests.interop.helpers import GAME_IDS, midgame_states


@pytest.fixture(autouse=True)
def quiet() -> None:
    """The libraries warn about unbounded Box spaces and dict observations."""
    warnings.filterwarnings("ignore", category=UserWarning)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_fields_tile_the_tensor_and_each_is_documented(game_id: str) -> None:
    layout = ObservationEncoder(soulforge.load(game_id)).layout
    offset = 0
    for field in layout.fields:
        assert field.offset == offset and field.size > 0 and field.meaning
        offset += field.size
    assert offset == layout.size
    assert [field.name for field in layout.fields[:HEADER]] == ["decides", "over", "progress", "result"]
    assert len({field.name for field in layout.fields}) == len(layout.fields)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_most_fields_are_used_in_a_game(game_id: str) -> None:
    encoder = ObservationEncoder(soulforge.load(game_id))
    used = np.zeros(encoder.size, dtype=bool)
    for seed in (3, 4):
        for state in midgame_states(game_id, seed):
            for seat in range(state.num_players):
                used |= encoder.observe(state, seat) != 0
    empty = [field.name for field in encoder.layout.fields
             if not used[field.offset:field.offset + field.size].any()]
    assert len(empty) <= len(encoder.layout.fields) // 3, empty


def test_four_kipukas_seats_observe_without_leaks() -> None:
    game = soulforge.load("kipukas", map="grand")
    encoder = ObservationEncoder(game)
    state, rng = game.new_game(seed=2, players=game.max_players), random.Random(2)
    for move in range(80):
        if state.is_over:
            break
        if move % 20 == 19:
            for seat in range(state.num_players):
                mine = encoder.observe(state, seat)
                assert mine.shape == (encoder.size,)
                twin = state.determinize(seat, random.Random(move))
                np.testing.assert_array_equal(encoder.observe(twin, seat), mine)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_information_state_adds_the_seats_own_actions_newest_first(game_id: str) -> None:
    game = soulforge.load(game_id)
    encoder = InformationStateEncoder(game)
    state = midgame_states(game_id)[2]
    observation = encoder.observation.observe(state, 0)
    empty = encoder.encode(state, 0, [])
    assert empty.shape == (encoder.size,) == (encoder.observation.size + HISTORY * encoder.entry,)
    np.testing.assert_array_equal(empty[:observation.size], observation)
    assert not empty[observation.size:].any()
    own = list(range(HISTORY + 3))
    history = encoder.encode(state, 0, own)[observation.size:].reshape(HISTORY, encoder.entry)
    assert history[:, 0].all()
    kinds = int(encoder.actions.nvec[0])
    assert int(history[0, 1:1 + kinds].argmax()) == encoder.actions.parts[own[-1], 0]
    assert int(history[-1, 1:1 + kinds].argmax()) == encoder.actions.parts[own[-HISTORY], 0]
    twin = state.determinize(0, random.Random(1))
    np.testing.assert_array_equal(encoder.encode(twin, 0, own), encoder.encode(state, 0, own))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_factored_actions_name_every_flat_index_once(game_id: str) -> None:
    game = soulforge.load(game_id)
    factored = factored_actions(game)
    assert factored.parts.shape == (game.num_distinct_actions, factored.num_parts)
    assert (factored.parts >= 0).all() and (factored.parts < factored.nvec).all()
    assert len({tuple(row) for row in factored.parts.tolist()}) == game.num_distinct_actions
    size = game.num_distinct_actions
    for index in random.Random(0).sample(range(size), min(200, size)):
        assert factored.index_of(factored.parts[index]) == index
        assert type(game.action_at(index)) is factored.kinds[factored.parts[index, 0]]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_part_masks_cover_the_legal_actions_and_condition_exactly(game_id: str) -> None:
    game = soulforge.load(game_id)
    factored = factored_actions(game)
    assert factored.nvec.sum() < game.num_distinct_actions  # Kipukas: 326 logits, not 146,451
    for state in midgame_states(game_id)[:-1]:
        legal = np.flatnonzero(action_mask(state)).tolist()
        masks = factored.masks(legal)
        for index in legal:
            assert all(masks[part][value] for part, value in enumerate(factored.parts[index]))
        np.testing.assert_array_equal(factored.flat_masks(legal), np.concatenate(masks))
        # walking the conditional masks always ends on a legal action
        rng = random.Random(len(legal))
        for _ in range(5):
            prefix: list[int] = []
            while len(prefix) < factored.num_parts:
                prefix.append(rng.choice(np.flatnonzero(factored.mask_given(legal, prefix)).tolist()))
            assert factored.index_of(prefix) in legal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_factored_gymnasium_env_passes_check_env_and_plays(game_id: str) -> None:
    env = SoulforgeEnv(game_id, action_type="factored", information_state=True)
    check_env(env)
    assert isinstance(env.action_space, gymnasium.spaces.MultiDiscrete)
    _, info = env.reset(seed=3)
    rng, terminated, steps = random.Random(3), False, 0
    space = env.action_space
    assert isinstance(space, gymnasium.spaces.MultiDiscrete)
    while not terminated and steps < 60:
        prefix: list[int] = []
        while len(prefix) < len(space.nvec):
            prefix.append(rng.choice(np.flatnonzero(env.part_mask(prefix)).tolist()))
        observation, _, terminated, _, info = env.step(np.array(prefix))
        assert "illegal_action" not in info
        assert observation.shape == env.observation_space.shape
        steps += 1
    assert steps == 60 or terminated


def test_a_factored_vector_names_no_action_is_refused() -> None:
    env = SoulforgeEnv("soulshards", action_type="factored")
    env.reset(seed=0)
    space = env.action_space
    assert isinstance(space, gymnasium.spaces.MultiDiscrete)
    nonsense = np.array(space.nvec) - 1
    _, reward, terminated, _, info = env.step(nonsense)
    assert info["illegal_action"] and (reward, terminated) == (0.0, False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_self_play_policy_holds_the_other_seats(game_id: str) -> None:
    asked: list[tuple[int, int]] = []

    def policy(observation: np.typing.NDArray[np.float32], mask: np.typing.NDArray[np.int8]) -> int:
        asked.append((observation.size, int(mask.sum())))
        return int(np.flatnonzero(mask)[-1])

    env = SoulforgeEnv(game_id, opponent=policy)
    _, info = env.reset(seed=1)
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert "illegal_action" not in info
    assert asked and all((size,) == env.observation_space.shape and legal > 0 for size, legal in asked)
    assert reward == env.state.returns()[env.seat]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_vector_envs_never_give_an_all_zero_mask(game_id: str) -> None:
    envs = gymnasium.make_vec(env_id(game_id), num_envs=2, vectorization_mode="sync")
    _, info = envs.reset(seed=0)
    rng, ended = np.random.default_rng(0), 0
    while ended < 2:
        masks = info["action_mask"]
        assert (masks.sum(axis=1) > 0).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        _, _, terminated, _, info = envs.step(actions)
        ended += int(terminated.sum())
    for _ in range(2):  # the autoreset steps after the ends
        assert (info["action_mask"].sum(axis=1) > 0).all()
        _, _, _, _, info = envs.step(np.array([np.flatnonzero(row)[0] for row in info["action_mask"]]))
    envs.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_pettingzoo_options_pass_api_test(game_id: str) -> None:
    api_test(aec_env(game_id, information_state=True, factored=True), num_cycles=20)


def test_pettingzoo_steps_take_a_parts_vector() -> None:
    table = aec_env("soulshards", factored=True)
    table.reset(seed=2)
    factored = factored_actions(table.game)
    for _ in range(20):
        observation = table.observe(table.agent_selection)
        index = int(np.flatnonzero(observation["action_mask"])[0])
        np.testing.assert_array_equal(observation["part_masks"], factored.flat_masks(
            list(np.flatnonzero(observation["action_mask"]))))
        before = table.state.move_number
        table.step(factored.parts[index])
        assert table.state.move_number == before + 1
        assert table.state.history[-1] == table.game.action_at(index)


def test_the_gymnasium_information_state_holds_the_seats_own_last_action() -> None:
    env = SoulforgeEnv("soulgivers", information_state=True)
    _, info = env.reset(seed=2)
    encoder = env.info_encoder
    assert encoder is not None
    index = int(np.flatnonzero(info["action_mask"])[0])
    observation, *_ = env.step(index)
    start = encoder.observation.size
    newest = observation[start:start + encoder.entry]
    assert env.own[env.seat][-1] == index
    alone = encoder.encode(env.state, env.seat, [index])
    np.testing.assert_array_equal(newest, alone[start:start + encoder.entry])
    assert newest[1 + encoder.actions.parts[index, 0]] == 1.0
