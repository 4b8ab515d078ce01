"""Helpers of the tests of compiled modules and native states (``make install``'s native build,
docs/native.md)."""

from __future__ import annotations

import copy
import inspect
import pickle
import random
import sysconfig
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from soulforge.core.clone import native_fields
from soulforge.core.game import Game
from soulforge.core.state import State


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a native extension (mypyc), not its source: a test
    that patches one of its attributes or subclasses one of its classes then runs only in
    ``make test``'s pure pass (``PURE_AGAIN`` in the Makefile)."""
    return str(module.__file__).endswith(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def mutables(value: object) -> list[object]:
    """Every list, dict and set inside ``value`` (itself included), outermost first."""
    if isinstance(value, list | tuple):
        found: list[object] = [value] if isinstance(value, list) else []
        for item in value:
            found += mutables(item)
        return found
    if isinstance(value, dict):
        found = [value]
        for item in value.values():
            found += mutables(item)
        return found
    return [value] if isinstance(value, set) else []


def _same(value: object) -> object:
    return value


def assert_clone_apart(state: State, twin: State, shared: frozenset[str],
                       keys: Mapping[str, Callable[[Any], object]] | None = None) -> None:
    """``twin`` (``state.clone()``) holds every field of ``state``, equal, and every mutable one
    (each list, dict and set inside it) its own, but the ``shared`` fields: a native state's
    written-out clone forgets or shares no field (``tests/*/test_state_native.py``). ``keys``:
    fields compared through a key, whose objects have no equality of their own."""
    fields, copied = state.field_values(), twin.field_values()
    assert copied.keys() == fields.keys()  # no field forgotten (compiled: a NULL slot)
    for name, value in fields.items():
        if name in ("_lines", "_log_shared"):
            continue  # the log: shared in chunks (State._shared_log), read below
        if name == "rng":
            assert copied[name] is not value and copied[name].getstate() == value.getstate()
            continue
        key = (keys or {}).get(name, _same)
        assert key(copied[name]) == key(value), name
        if name not in shared:
            assert not {id(inner) for inner in mutables(value)} & {
                id(inner) for inner in mutables(copied[name])}, name
    assert twin.log(None) == state.log(None)
    assert twin.view(0) == state.view(0) and twin.view(1) == state.view(1)


def restored_or_copied(state: State, how: str) -> State:
    """``state`` through ``how``: ``pickle``, ``bytes`` (the game's own save), ``deepcopy`` (its
    game kept) or ``copy`` (shallow)."""
    game = state.game
    if how == "pickle":
        twin: State = pickle.loads(pickle.dumps(state))
        return twin
    if how == "bytes":
        saved: State = game.state_from_bytes(state.to_bytes())
        return saved
    if how == "deepcopy":
        deep: State = copy.deepcopy(state, {id(game): game})
        return deep
    return copy.copy(state)


def assert_plays_on_alike(state: State, twin: State, rng: random.Random,
                          moves: int | None = None) -> None:
    """``twin`` shows every seat what ``state`` shows, and plays on alike: the same seeded moves,
    ``moves`` of them or to the end (None), the same view after each and the same returns."""
    for seat in (None, 0, 1):
        assert twin.view(seat) == state.view(seat) and twin.log(seat) == state.log(seat)
    played = 0
    while not state.is_over and (moves is None or played < moves):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
        assert twin.view(0) == state.view(0)
        played += 1
    assert twin.returns() == state.returns()


def played(game: Game, seed: int, moves: int) -> tuple[State, random.Random]:
    """A new game of ``game`` after ``moves`` seeded random moves, and the rng that chose them
    (to play on with)."""
    state, rng = game.new_game(seed=seed), random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def assert_a_clone_played_on_leaves_the_original(state: State, rng: random.Random,
                                                 moves: int | None = None) -> None:
    """A clone of ``state`` played on (``moves`` seeded moves, or to the end) leaves the
    original's views, log and listing as they were: a clone shares nothing it changes."""
    before = (state.view(None), state.view(0), state.log(0), state.legal_actions())
    twin = state.clone()
    played_on = 0
    while not twin.is_over and (moves is None or played_on < moves):
        twin.apply(rng.choice(twin.legal_actions()))
        played_on += 1
    assert (state.view(None), state.view(0), state.log(0), state.legal_actions()) == before


def assert_restored_plays_on(state: State, how: str, rng: random.Random,
                             moves: int | None = None) -> None:
    """``state`` through ``how`` (``restored_or_copied``) is a state of the same class with
    the same fields, and (but for a shallow copy, which holds the same objects) plays on as
    the original does (``assert_plays_on_alike``)."""
    twin = restored_or_copied(state, how)
    assert type(twin) is type(state)
    assert twin.field_values().keys() == state.field_values().keys()
    if how != "copy":
        assert_plays_on_alike(state, twin, rng, moves)


def assert_determinized_keeps_the_view(state: State) -> None:
    """Seat 0's determinization of ``state`` shows seat 0 what ``state`` shows it."""
    twin = state.determinize(0, random.Random(1))
    assert twin.view(0) == state.view(0)
    assert type(twin) is type(state) and twin.determinized


LAZY_RNG = frozenset({"_rng", "_rng_from", "_rng_draws"})
"""The core's generator, made at first use (``State.rng``): three attributes of the object,
one field, ``rng``, to ``field_values``."""
CORE_UNDECLARED = frozenset({"_log_shared", "_lines", "_log_read", "_legal", "_carried", "_revealed"})
"""The core's fields ``State.__init__`` sets without a class annotation."""


def declared_fields(cls: type[State]) -> set[str]:
    """The fields ``cls`` and the core's ``State`` declare: compiled, the native slots."""
    if hasattr(cls, "__mypyc_attrs__"):
        names = set(native_fields(cls))
    else:
        names = set(inspect.get_annotations(cls)) | set(inspect.get_annotations(State))
    return names - LAZY_RNG | {"rng"}  # as field_values names them (LAZY_RNG)


def assert_every_field_declared_and_set(state: State) -> None:
    """Each field of ``state`` (its listing made) is declared on its class, and each declared
    one is set: compiled, an undeclared field would sit in a ``__dict__`` the written-out clone
    never copies, an unset one is a NULL slot; pure, this is the test that says so."""
    declared = declared_fields(type(state)) - {"flow"}
    state.legal_actions()
    assert set(state.field_values()) - declared - CORE_UNDECLARED == set()
    assert declared - set(state.field_values()) == set()


Markers = Callable[[Any], object]
"""A field's value as what a clone must equal (a ``uid -> piece`` field's pieces by their slots)."""


def slot_markers(slots: Callable[[], tuple[str, ...]]) -> Markers:
    """The pieces of a ``uid -> piece`` field by their slots (a piece has no equality of its
    own), for :func:`assert_clone_apart`'s ``keys``."""
    def markers(pieces: dict[int, Any]) -> dict[int, tuple[object, ...]]:
        return {uid: tuple(getattr(piece, name) for name in slots()) for uid, piece in pieces.items()}
    return markers


def no_key(value: object) -> object:
    """An ownership mark (Soul of Ankiril's ``mark``): each state's own object, compared by nothing."""
    return None


@dataclass(frozen=True)
class Native:
    """What differs between the games in ``tests/core/test_native_states.py``'s checks: each
    game's ``tests/<game>/test_state_native.py`` declares its own as ``NATIVE`` (a game with
    none is checked with these defaults)."""

    shared: frozenset[str] = frozenset()
    """The game's fields a clone shares (rules data, or values replaced, never changed)."""
    native_fields: frozenset[str] = frozenset()
    """Some fields the compiled class holds in the object (``__mypyc_attrs__``)."""
    depth: tuple[int, int] = (300, 12)
    """The positions looked at: every ``depth[1]``-th of three seeded games' first ``depth[0]``."""
    moves: int = 50
    """Moves played before a position is cloned, restored or determinized."""
    played_on: int | None = 300
    """Moves a clone or a restored state plays on (None: to the end)."""
    pieces: dict[str, Markers] = field(default_factory=dict)
    """Fields of ``uid -> piece`` compared by the pieces' slots, each piece a copy of its own."""
    restores: tuple[str, ...] = ("pickle", "bytes", "copy")
    copy_on_write: bool = False
    """Its pieces shared by clones, each copied by the first change (Soul of Ankiril's
    Creatures: ``tests/soul_of_ankiril/test_state_native.py``), not copied by the clone."""
