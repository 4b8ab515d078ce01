"""The core contract for soulgivers (DESIGN.md, the core contract): playouts, refusals,
determinism, views, determinize, records, clone, action index."""

from __future__ import annotations

import json
import random

import pytest

import soulforge
from soulforge.core import IllegalAction
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import Pick
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import GAME, play_random

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_within_max_length(seed: int) -> None:
    s = play_random(seed)
    assert s.is_over and s.legal_actions() == []
    assert s.move_number <= GAME.max_game_length
    assert s.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0], [-1.0, -1.0])


def test_every_legal_action_is_in_the_index() -> None:
    rng = random.Random(5)
    for seed in range(4):
        s = GAME.new_game(seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                assert GAME.action_at(GAME.action_index(a)) == a
                assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) == a
            s.apply(rng.choice(legal))


def test_refused_action_leaves_state_unchanged() -> None:
    rng = random.Random(1)
    s = GAME.new_game(seed=2)
    for _ in range(200):
        if s.is_over:
            break
        legal = set(s.legal_actions())
        before = json.dumps(s.view(None), sort_keys=True)
        for a in GAME._action_table[:400]:
            if a not in legal:
                with pytest.raises(IllegalAction) as err:
                    s.apply(a)
                assert err.value.rule
                break
        assert json.dumps(s.view(None), sort_keys=True) == before
        s.apply(rng.choice(sorted(legal, key=GAME.action_index)))


def test_same_seed_same_game() -> None:
    a, b = play_random(7), play_random(7)
    assert a.history == b.history
    assert json.dumps(a.view(0)) == json.dumps(b.view(0))


def test_views_are_json_and_hide_the_other_hand() -> None:
    rng = random.Random(3)
    s = GAME.new_game(seed=3)
    while not s.is_over:
        for p in (0, 1, None):
            v = s.view(p)
            json.dumps(v)
            for t in (0, 1):
                if p != t:
                    team = v["teams"][t]
                    assert team["hand"] is None and team["deck"] is None and team["picks"] is None
                    assert team["drawn"] is None
        s.apply(rng.choice(s.legal_actions()))


def test_starting_choice_hidden_until_placed() -> None:
    """Setup step 13: each seat chooses three Soulgivers without showing them."""
    s = GAME.new_game(seed=4)
    assert isinstance(s, SoulgiversState)
    while s.phase == ph.SWAP:
        s.apply(s.legal_actions()[0])
    s.apply(Pick(3))
    v1 = s.view(1)
    assert v1["teams"][0]["picks"] is None and v1["teams"][0]["picks_count"] == 1
    assert v1["last"]["action"] == {"type": "pick"}
    assert "Volomancer" not in " ".join(s.log(1))
    assert s.view(0)["teams"][0]["picks"] == [3]


@pytest.mark.parametrize("seed", range(6))
def test_determinize_keeps_view_and_depends_only_on_it(seed: int) -> None:
    rng = random.Random(seed)
    s = GAME.new_game(seed=seed)
    steps = 0
    while not s.is_over:
        if steps % 7 == 0:
            for p in (0, 1):
                d1 = s.determinize(p, random.Random(11))
                assert json.dumps(d1.view(p), sort_keys=True) == json.dumps(s.view(p), sort_keys=True)
                twin = s.clone()
                assert isinstance(twin, SoulgiversState)
                twin.rng.seed(999)  # differs only in what p cannot see
                twin.hand[1 - p] = sorted(twin.hand[1 - p])
                d2 = twin.determinize(p, random.Random(11))
                assert json.dumps(d2.view(1 - p)) == json.dumps(d1.view(1 - p))
                for a in d1.legal_actions()[:3]:
                    d1.clone().apply(a)
        s.apply(rng.choice(s.legal_actions()))
        steps += 1


def test_determinize_resamples_the_opponent_hand() -> None:
    s = play_random(1, limit=60)
    hands = set()
    for i in range(20):
        d = s.determinize(0, random.Random(i))
        hands.add(tuple(d.hand[1]))  # type: ignore[attr-defined]
    assert len(hands) > 1 or not s.hand[1]


def test_record_replays() -> None:
    s = play_random(9)
    replay = soulforge.Record.from_json(json.loads(json.dumps(s.record().to_json()))).replay()
    assert json.dumps(replay.view(None)) == json.dumps(s.view(None))


def test_clone_is_independent() -> None:
    s = play_random(2, limit=40)
    before = json.dumps(s.view(0))
    twin = s.clone()
    rng = random.Random(0)
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert json.dumps(s.view(0)) == before
    assert twin.history[: len(s.history)] == s.history


def test_heuristic_in_range() -> None:
    rng = random.Random(4)
    s = GAME.new_game(seed=4)
    while not s.is_over:
        for p in (0, 1):
            assert -1.0 <= GAME.heuristic(s, p) <= 1.0
        s.apply(rng.choice(s.legal_actions()))
    assert GAME.heuristic(s, 0) == s.returns()[0]


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="turn_limit"):
        soulforge.load("soulgivers", turn_limit=1)
    assert soulforge.load("soulgivers", first_population="specters").new_game(seed=1).view(0)[
        "teams"][0]["population"] == "Specters"
