"""A game's state written in pure Python subclasses the core's ``State`` whether the core
runs compiled (a native class, ``make native``) or pure: its fields and the core's are
listed, copied, cloned and restored together."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import soulforge
from soulforge.core import Action, Game, JsonDict
from soulforge.core.clone import ClonePlan
from soulforge.core.state import State
from tests.native import LAZY_RNG
from tests.toy import Tricks


def _played(game_id: str, moves: int):  # type: ignore[no-untyped-def]
    # "tricks": the toy game of the tests (tests/toy.py), whose state is a pure class.
    game = Tricks() if game_id == "tricks" else soulforge.load(game_id)
    state = game.new_game(seed=2)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(state.legal_actions()[-1])
    return state


def test_field_values_holds_the_core_fields_and_the_games() -> None:
    state = _played("tricks", 6)  # the toy's state: pure, compiled or not (most games' are native)
    fields = state.field_values()
    assert {"game", "seed", "rng", "history", "move_number", "_lines"} <= fields.keys()
    assert fields["history"] == state.history and fields["move_number"] == 6
    assert as_fields(set(vars(state))) <= fields.keys()  # a pure state's own fields too


def as_fields(names: set[str]) -> set[str]:
    """Attribute names as ``field_values`` names them (the generator's: :data:`LAZY_RNG`)."""
    return names - LAZY_RNG | {"rng"} if names & LAZY_RNG else names


class Counter(State):
    """The least state: a count its seat raises (the core's default clone, a deep copy)."""

    def __init__(self, game: Game[Any], seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.counts = [0] * num_players

    @property
    def current_player(self) -> int | None:
        return None if sum(self.counts) >= 4 else self.move_number % self.num_players

    def _legal_actions(self) -> list[Action]:
        return []

    def returns(self) -> list[float]:
        return [0.0] * self.num_players

    def _view(self, player: int | None) -> JsonDict:
        return {"counts": list(self.counts)}

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        pass


def test_a_pure_state_copied_and_deep_copied_keeps_every_field() -> None:
    state = Counter(soulforge.load("soulshards"), 4, 2)
    state.counts[1] = 3
    state.add_log("hello")
    shallow, deep, clone = copy.copy(state), copy.deepcopy(state, {id(state.game): state.game}), state.clone()
    assert shallow.counts is state.counts and shallow.history is state.history
    for twin in (deep, clone):
        assert twin.field_values().keys() == state.field_values().keys()
        assert twin.counts == [0, 3] and twin.counts is not state.counts
        assert twin.game is state.game and twin.rng.getstate() == state.rng.getstate()
        assert twin.view(0) == state.view(0) and twin.log(0) == ["hello"]


def test_a_pure_state_clones_and_restores_with_the_core_fields() -> None:
    state = _played("tricks", 8)  # the toy's state: pure, compiled or not (every game's is native)
    for twin in (state.clone(), pickle.loads(pickle.dumps(state))):
        assert twin.move_number == state.move_number and twin.history == state.history
        assert twin.view(1) == state.view(1)
        twin.apply(twin.legal_actions()[0])
        assert state.move_number == 8  # the original untouched


def test_a_clone_plan_of_a_state_with_no_fields_of_its_own() -> None:
    # No field set on the bare copy: compiled, such a state has no __dict__ at all. (The toy's
    # state: a pure class, which Python may subclass; a game's native state is final.)
    from tests.toy import TricksState

    class Bare(TricksState):
        pass

    state = _played("tricks", 3)
    state.__class__ = Bare
    twin = ClonePlan(Bare).clone(state)
    assert type(twin) is Bare and twin.view(0) == state.view(0)


def test_native_fields_are_read_from_the_compiled_classes_alone() -> None:
    """``clone.native_fields``: the one reader of mypyc's ``__mypyc_attrs__`` (the fields a
    native class keeps in the object), for ``State.field_values`` and the snapshot's walk."""
    from soulforge.core.clone import native_fields

    assert native_fields(Counter) == native_fields(State)
    if hasattr(State, "__mypyc_attrs__"):  # compiled: the core's fields, no __dict__ slot
        assert {"game", "seed", "history", "_lines"} <= set(native_fields(State))
        assert "__dict__" not in native_fields(State)
    else:
        assert native_fields(State) == ()
    state = _played("tricks", 4)
    assert as_fields(set(native_fields(type(state))) | set(vars(state))) == set(state.field_values())
