"""The engine core on a toy game (DESIGN.md, "The core contract")."""

from __future__ import annotations

import json
import random

import pytest

from soulforge import IllegalAction, Record
from soulforge.core import ActionCodec, OptionError
from soulforge.core.rng import GameRandom
from soulforge.games import REGISTRY
from tests.core.toy import HighCard, Play


def test_options_are_validated_by_name() -> None:
    with pytest.raises(OptionError, match="'hand' must be at most 4"):
        HighCard(hand=9)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        HighCard(colour="red")
    assert HighCard(hand="2").options == {"hand": 2}


def test_refusal_order_game_over_then_seat_then_rule() -> None:
    state = HighCard(hand=1).new_game(seed=1)
    with pytest.raises(IllegalAction, match="turn order"):
        state.apply(state.legal_actions()[0], player=1)
    not_in_hand = next(Play(v) for v in range(1, 10) if Play(v) not in state.legal_actions())
    with pytest.raises(IllegalAction, match="hand: "):
        state.apply(not_in_hand)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="game over"):
        state.apply(Play(1), player=1)


def test_codec_refuses_malformed_json() -> None:
    codec = ActionCodec([Play])
    assert codec.decode({"type": "play", "value": 3}) == Play(3)
    for bad in ({"type": "play", "value": "3"}, {"type": "play", "value": True}, {"type": "x"}, [1]):
        with pytest.raises(IllegalAction, match="action format"):
            codec.decode(bad)


def test_log_lines_are_filtered_by_seat() -> None:
    state = HighCard().new_game(seed=2)
    state.add_log("secret for seat 1", visible_to=1)
    state.add_log("public")
    assert state.log(0) == ["public"]
    assert state.log(1) == ["secret for seat 1", "public"]
    assert state.log(None) == ["public"]
    with pytest.raises(ValueError, match="no seat 5"):
        state.log(5)


def test_chance_and_reveals_set_the_undo_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    state = HighCard(hand=3).new_game(seed=3)
    state.apply(state.legal_actions()[0])
    assert state.undo_floor == 0
    rules = type(state)._apply
    monkeypatch.setattr(type(state), "_apply", lambda self, a: (self.rng.random(), rules(self, a)))
    state.apply(state.legal_actions()[0])
    assert state.undo_floor == 2
    monkeypatch.setattr(type(state), "_apply", lambda self, a: (self.mark_revealed(), rules(self, a)))
    state.apply(state.legal_actions()[0])
    assert state.undo_floor == 3


def test_determinize_drops_history_and_reseeds() -> None:
    state = HighCard().new_game(seed=4)
    state.apply(state.legal_actions()[0])
    world = state.determinize(1, random.Random(1))
    assert world.history == [] and world.determinized
    assert world.view(1) == state.view(1)
    assert world.rng.getstate() != state.rng.getstate()
    with pytest.raises(ValueError, match="no record"):
        world.record()


@pytest.fixture
def registered_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "high_card", "tests.core.toy:HighCard")


@pytest.mark.usefixtures("registered_toy")
def test_record_round_trip_and_refused_replay() -> None:
    state = HighCard().new_game(seed=5)
    state.apply(state.legal_actions()[1])
    record = Record("high_card", {}, 1, 2, [{"type": "nonsense"}])
    with pytest.raises(IllegalAction, match="record action 0"):
        record.replay()
    data = json.loads(json.dumps(state.record().to_json()))
    again = Record.from_json(data).replay()
    assert again.view(0) == state.view(0) and again.log(1) == state.log(1)


def test_game_random_counts_draws_and_copies() -> None:
    import copy

    rng = GameRandom(1)
    rng.shuffle([1, 2, 3])
    twin = copy.deepcopy(rng)
    assert twin.draws == rng.draws > 0
    assert twin.random() == rng.random()


def test_action_index_round_trip() -> None:
    game = HighCard()
    assert game.num_distinct_actions == 9
    assert game.action_at(game.action_index(Play(4))) == Play(4)
    with pytest.raises(IllegalAction):
        game.action_at(9)
