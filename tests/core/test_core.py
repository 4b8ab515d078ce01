"""The engine core on a toy game (DESIGN.md, "The core contract")."""

from __future__ import annotations

import json
import random

import pytest

from soulforge import IllegalAction, Record
from soulforge.core import Action, ActionCodec, OptionError
from soulforge.core.rng import GameRandom
from soulforge.games import REGISTRY
from tests.toy import Choose, Draw, Pass, Play, Tricks


def test_options_are_validated_by_name() -> None:
    with pytest.raises(OptionError, match="'hand' must be at most 6"):
        Tricks(hand=9)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        Tricks(colour="red")
    assert Tricks(hand="2").options == {"hand": 2, "open": False}


def test_refusal_order_game_over_then_seat_then_step_then_rule() -> None:
    state = Tricks(hand=1).new_game(seed=1)
    with pytest.raises(IllegalAction, match="turn order"):
        state.apply(state.legal_actions()[0], player=1)
    with pytest.raises(IllegalAction, match=r"Turn order: play .* seat 0 is to choose the prize"):
        state.apply(Play(state.hands[0][0]))
    with pytest.raises(IllegalAction, match=r"Leading: choose the prize 2: the prizes left are \[1\]"):
        state.apply(Choose(2))
    state.apply(Choose(1))
    not_in_hand = next(Play(v) for v in range(1, 8) if Play(v) not in state.legal_actions())
    with pytest.raises(IllegalAction, match=r"Playing: .*you can only play a card of your hand"):
        state.apply(not_in_hand)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="game over"):
        state.apply(Play(1), player=1)


def test_codec_refuses_malformed_json() -> None:
    codec = ActionCodec([Play])
    assert codec.decode({"type": "play", "card": 3}) == Play(3)
    for bad in ({"type": "play", "card": "3"}, {"type": "play", "card": True}, {"type": "x"}, [1]):
        with pytest.raises(IllegalAction, match="action format"):
            codec.decode(bad)


def test_log_lines_are_filtered_by_seat() -> None:
    state = Tricks().new_game(seed=2)
    state.add_log("secret for seat 1", visible_to=1)
    state.add_log("public")
    assert state.log(0) == ["public"]
    assert state.log(1) == ["secret for seat 1", "public"]
    assert state.log(None) == ["public"]
    with pytest.raises(ValueError, match="no seat 5"):
        state.log(5)


def test_chance_and_reveals_set_the_undo_floor() -> None:
    state = Tricks(hand=3).new_game(seed=3)
    state.apply(Choose(1))
    assert state.undo_floor == 0, "choosing a prize reveals nothing and draws nothing"
    state.apply(Draw())
    assert state.undo_floor == 2, "a draw is chance"
    state.apply(Pass())
    assert state.undo_floor == 2
    state.apply(Play(state.hands[1][0]))
    assert state.undo_floor == 4, "a played card is revealed"


def test_determinize_drops_history_and_reseeds() -> None:
    state = Tricks().new_game(seed=4)
    state.apply(state.legal_actions()[0])
    world = state.determinize(1, random.Random(1))
    assert world.history == [] and world.determinized
    assert world.view(1) == state.view(1)
    assert world.rng.getstate() != state.rng.getstate()
    with pytest.raises(ValueError, match="no record"):
        world.record()


def test_a_carried_listing_passes_to_the_next_position_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that calls ``carry_listing`` during its move hands this position's listing to the
    next one; the move after that lists anew, and determinizations list on their own."""
    state = Tricks(hand=3).new_game(seed=6)
    plain = state._apply

    def carrying(action: Action) -> None:
        plain(action)
        state.carry_listing()

    monkeypatch.setattr(state, "_apply", carrying)
    listed = state.legal_actions() and state._legal
    state.apply(Choose(1))
    assert state._legal is listed and state._carried is None, "carried to the next position"
    monkeypatch.undo()  # the plain move again: a clone copies no patched-in function
    assert state.determinize(0, random.Random(1))._legal is None
    state._legal = None  # the toy's Choose changes the listing: list the real position
    state.apply(state.legal_actions()[0])
    assert state._legal is None and state._carried is None, "the next move lists anew"


@pytest.fixture
def registered_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "tricks", "tests.toy:Tricks")


@pytest.mark.usefixtures("registered_toy")
def test_record_round_trip_and_refused_replay() -> None:
    state = Tricks().new_game(seed=5)
    state.apply(state.legal_actions()[1])
    state.apply(Draw())
    record = Record("tricks", {}, 1, 2, [{"type": "nonsense"}])
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


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 40, 41, 100])
def test_game_random_shuffles_as_random_does(size: int) -> None:
    """Its own shuffle makes Python's permutation and counts one draw per bits drawn, as the
    inherited shuffle through the counting ``getrandbits`` did."""
    for seed in range(50):
        ours, plain = GameRandom(seed), random.Random(seed)
        mine, theirs = list(range(size)), list(range(size))
        ours.shuffle(mine)
        plain.shuffle(theirs)
        assert mine == theirs
        assert ours.random() == plain.random()
        counted = GameRandom(seed)
        random.Random.shuffle(counted, list(range(size)))  # the inherited one, draw by draw
        assert ours.draws == counted.draws + 1


def test_action_index_round_trip() -> None:
    game = Tricks()
    assert game.num_distinct_actions == 6 + 27 + 2
    assert game.action_at(game.action_index(Play(4))) == Play(4)
    with pytest.raises(IllegalAction):
        game.action_at(35)
