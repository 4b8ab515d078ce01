"""State as data (issue 36): every registered game's state saves and restores exactly.

``pickle`` and ``State.to_bytes()`` / ``Game.state_from_bytes()`` both carry the whole
position, the rng included: a state restored at any point of a seeded playout lists the same
actions, shows every seat the same view and log, and plays on to the same end as the original.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

import soulforge
from soulforge import State
from soulforge.core import data, snapshot
from soulforge.core.snapshot import Memo
from soulforge.games.five_realms import FiveRealms
from tests.registered import GAMES
from tests.toy import Tricks

EVERY = 23
"""A playout is saved and restored at every EVERY-th position."""


def seen(state: State) -> str:
    """Every seat's (and a spectator's) view and log, and the returns, as one text."""
    seats = [*range(state.num_players), None]
    return json.dumps([[state.view(p), state.log(p)] for p in seats] + [state.returns()], sort_keys=True)


def play_on_together(original: State, restored: State, seed: int) -> None:
    """Play both states to the end with the same choices, checking they never part."""
    rng = random.Random(seed)
    while not original.is_over:
        legal = original.legal_actions()
        assert restored.legal_actions() == legal
        assert restored.current_player == original.current_player
        pick = rng.randrange(len(legal))
        original.apply(legal[pick])
        restored.apply(restored.legal_actions()[pick])
    assert restored.is_over
    assert seen(restored) == seen(original)
    assert restored.rng.getstate() == original.rng.getstate()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("how", ["pickle", "to_bytes"])
def test_a_state_restored_anywhere_in_a_playout_plays_on_identically(game_id: str, how: str) -> None:
    game = soulforge.load(game_id)
    state = game.new_game(seed=4)
    rng, restored_at = random.Random(4), 0
    while not state.is_over:
        if state.move_number % EVERY == 0:
            blob = pickle.dumps(state) if how == "pickle" else state.to_bytes()
            restored = pickle.loads(blob) if how == "pickle" else game.state_from_bytes(blob)
            assert type(restored) is type(state) and restored is not state
            assert seen(restored) == seen(state)
            assert restored.history == state.history and restored.rng.draws == state.rng.draws
            play_on_together(state.clone(), restored, seed=state.move_number)
            restored_at += 1
        state.apply(rng.choice(state.legal_actions()))
    finished = pickle.loads(pickle.dumps(state))
    assert seen(finished) == seen(state) and finished.is_over
    assert restored_at >= 2


def _attributes(obj: object) -> dict[str, object]:
    """``obj``'s attributes: its ``__dict__`` and, compiled, a native class's fields."""
    found = {name: getattr(obj, name) for klass in type(obj).__mro__
             for name in vars(klass).get("__mypyc_attrs__", ())
             if name not in ("__dict__", "__weakref__") and hasattr(obj, name)}
    return {**found, **getattr(obj, "__dict__", {})}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_restored_state_shares_the_rules_data_of_its_game(game_id: str) -> None:
    game = soulforge.load(game_id)
    state = game.new_game(seed=1)
    again = game.state_from_bytes(state.to_bytes())
    assert again.game is game
    held = {id(value): name for name, value in _attributes(game).items()}
    shared = {name: held[id(value)] for name, value in state.field_values().items()
              if name != "game" and id(value) in held}
    assert game_id != "five_realms" or {"rules", "table"} <= set(shared)
    for name, of_game in shared.items():  # e.g. the card table: the game's object, not a copy
        assert getattr(again, name) is getattr(game, of_game)


def test_states_pickled_together_share_one_game() -> None:
    game = soulforge.load("soul_of_ankiril")
    first, second = game.new_game(seed=1), game.new_game(seed=2)
    a, b = pickle.loads(pickle.dumps([first, second]))
    assert a.game is b.game and a.game.options == game.options
    assert seen(a) == seen(first) and seen(b) == seen(second)


def test_a_game_pickles_by_class_and_options() -> None:
    game = soulforge.load("kipukas", map="grand")
    blob = pickle.dumps(game)
    assert len(blob) < 500, "the game's tables are rebuilt on load, never written"
    again = pickle.loads(blob)
    assert type(again) is type(game) and again.options == game.options


def test_a_game_built_under_data_overrides_is_rebuilt_under_them() -> None:
    with data.overriding({"five_realms.cards.setup.starting_castles": 7}):
        game = FiveRealms()
        state = game.new_game(seed=2)
    assert FiveRealms().rules.starting_castles != 7
    again = pickle.loads(pickle.dumps(state))
    assert again.game.rules.starting_castles == 7
    assert seen(again) == seen(state)


def test_bytes_restore_only_into_the_game_they_came_from() -> None:
    blob = FiveRealms(copies=1).new_game(seed=3).to_bytes()
    with pytest.raises(ValueError, match="cannot be restored into"):
        FiveRealms(copies=2).state_from_bytes(blob)
    with pytest.raises(ValueError, match="not a saved state"):
        FiveRealms(copies=1).state_from_bytes(pickle.dumps("something else"))


def test_the_toy_game_and_a_determinized_state_pickle_too() -> None:
    state = Tricks(hand=2).new_game(seed=5)
    state.apply(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    play_on_together(state.clone(), again, seed=1)
    hidden = soulforge.load("five_realms").new_game(seed=1).determinize(0, random.Random(2))
    restored = pickle.loads(pickle.dumps(hidden))
    assert restored.determinized and seen(restored) == seen(hidden)


def test_the_rng_pickles_with_its_draw_count() -> None:
    from soulforge.core.rng import GameRandom

    rng = GameRandom(9)
    rng.shuffle(list(range(10)))
    again = pickle.loads(pickle.dumps(rng))
    assert type(again) is GameRandom and again.draws == rng.draws
    assert [again.randrange(100) for _ in range(5)] == [rng.randrange(100) for _ in range(5)]


def test_what_a_game_gained_after_it_was_built_is_written_as_a_value() -> None:
    """A cache a game fills during play is not in a rebuilt game: an object of it that a state
    holds is written as itself, never as a path that a rebuilt game could not follow."""
    game = Tricks(hand=3)
    state = game.new_game(seed=2)
    game.memo = {"late": [4, 5]}  # type: ignore[attr-defined]  # a cache filled during play
    state.late = game.memo["late"]  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(state))
    assert again.late == [4, 5] and not hasattr(again.game, "memo")
    assert seen(again) == seen(state)


def test_bytes_naming_other_code_are_refused_not_run() -> None:
    class Sneaky:
        def __reduce__(self) -> tuple[object, ...]:
            return (print, ("never printed",))

    game = FiveRealms()
    blob = pickle.dumps(("soulforge-state/1", Sneaky()))
    with pytest.raises(ValueError, match=r"builtins\.print is not allowed"):
        game.state_from_bytes(blob)


def test_what_a_shared_memo_holds_is_written_as_a_value_not_named_by_its_place() -> None:
    """Rules data a process shares between games (a map and its caches) is shared by the
    pristine model the snapshot walks too: a cache in it filled during play must be a
    ``Memo``, whose values are never named by their place (another process fills it in
    another order), while a plain dict's would be."""
    game = Tricks(hand=3)
    pristine = snapshot._pristine(*snapshot.game_key(game))
    memo: Memo[str, list[int]] = Memo({"a": [1], "b": [2]})
    plain = {"a": [3], "b": [4]}
    holders: tuple[Any, ...] = (game, pristine)
    for holder in holders:
        holder.memo, holder.plain = memo, plain
    try:
        state = game.new_game(seed=2)
        state.late = memo["b"]  # type: ignore[attr-defined]
        snapshot._REFS.pop(game, None)
        found = snapshot.references(game)
        assert id(memo["b"]) not in found and id(plain["b"]) in found
        again = Tricks(hand=3).state_from_bytes(state.to_bytes())
        assert again.late == [2]  # type: ignore[attr-defined]
    finally:
        for holder in holders:
            del holder.memo, holder.plain
        snapshot._REFS.pop(game, None)
