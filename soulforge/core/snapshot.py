"""A state as bytes: ``pickle`` and ``State.to_bytes()`` / ``Game.state_from_bytes()``.

A state refers to its game and, through fields the game shares with it, to the game's rules
data (card definitions, boards, rule tables): neither is part of the position, and some of it
cannot be pickled (read-only ``mappingproxy`` tables). So a state is written as

- its game, by class, options and the data overrides it was built under (rebuilt on load,
  once per process for equal games: :func:`rebuild_game`);
- its own fields, pickled with every object the game holds replaced by a *reference*: the
  path from the game to it (attribute, entry, item numbers). Loading follows the path in
  the rebuilt game, so a restored state shares the game's objects as the original did.

The rng is a field like any other (``GameRandom`` pickles its generator state and draw
count), so a restored state continues exactly as the original would.

Pickles run code on load: restore only bytes you made or trust. ``state_from_bytes`` and
the state's own fields load through :class:`_Restricted`, which imports nothing but
Soulforge's code, the game's package and plain data types (a guard, not a sandbox).
"""

from __future__ import annotations

import ast
import copyreg
import io
import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from types import BuiltinFunctionType, FunctionType, MappingProxyType, MethodType, ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from soulforge.core import data
from soulforge.core.clone import native_fields

if TYPE_CHECKING:
    from soulforge.core.game import Game
    from soulforge.core.state import State

FORMAT = "soulforge-state/1"
"""The first item of ``State.to_bytes()``'s tuple: what the bytes are."""

Path = tuple[tuple[str, int | str], ...]
"""Steps from a game to an object it holds: ``("a", name)`` an attribute, ``("v", n)`` the
n-th value of a mapping, ``("i", n)`` the n-th item of a list or tuple."""

SELF = "self"
"""The reference to the state being written."""
_PLAIN: frozenset[type] = frozenset({int, float, str, bool, bytes, type(None), complex, range})
"""Values written as themselves, never as references (also when the game holds an equal one)."""
_SKIPPED_GAME_FIELDS = frozenset({"_shared_index", "_codec", "_data_key"})
"""Game attributes that are not rules data (the action index is rebuilt on demand)."""
_OPAQUE = (type, ModuleType, FunctionType, BuiltinFunctionType, MethodType)
"""Objects referenced by path but not walked into."""

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A cache that rules data holds and fills during play (a map's worked-out reaches, what
    each pool value pays for), declared as one so that a saved state never names what is in it.

    The rules data a process builds is shared by every game of it, the pristine model of
    :func:`references` included, so a plain dict filled in play would be walked as rules data
    and its values named by their place in it: another process fills it in another order, and
    a restored state would get another object or fail. A ``Memo`` is never walked into: what
    a state holds from it is written as a value.

    >>> memo: Memo[str, list[int]] = Memo()
    >>> memo["camps"] = [4, 5]
    >>> _children(memo)
    []
    """


_REFS: weakref.WeakKeyDictionary[Game, dict[int, Path]] = weakref.WeakKeyDictionary()
_REFS_LOCK = threading.Lock()


def references(game: Game) -> dict[int, Path]:
    """``id(obj) -> path`` for every object ``game`` holds (found once per game object).

    The paths are those of a *pristine* game of the same key (built for this, never played
    with), walked side by side with ``game``: an object the game gained after it was built
    (a cache filled during play) has no path a rebuilt game would share, so it is written
    as a value, never as a reference that could name another object after loading. The
    objects stay alive as long as the game does, so their ids are stable.
    """
    with _REFS_LOCK:
        found = _REFS.get(game)
    if found is None:
        pristine = _pristine(*game_key(game))
        found = {id(game): ()}
        mine = dict(_children(game))
        for step, value in _children(pristine):
            if step[1] not in _SKIPPED_GAME_FIELDS and step in mine:
                _walk(value, mine[step], (step,), found)
        with _REFS_LOCK:
            _REFS[game] = found
    return found


def _walk(model: object, root: object, path: Path, found: dict[int, Path]) -> None:
    """Add ``root`` and what it holds to ``found``, following ``model`` (the same place in a
    pristine game) step by step; breadth-first, so each object gets its shortest path."""
    queue: list[tuple[object, object, Path]] = [(model, root, path)]
    for pristine, obj, where in queue:  # the list grows while it is read
        if type(obj) in _PLAIN or type(obj) is not type(pristine) or id(obj) in found:
            continue
        found[id(obj)] = where
        if isinstance(obj, _OPAQUE):
            continue
        mine = dict(_children(obj))
        queue.extend((child, mine[step], (*where, step)) for step, child in _children(pristine)
                     if step in mine)


def _children(obj: object) -> list[tuple[tuple[str, int | str], object]]:
    """The objects ``obj`` holds, each with the step that reaches it."""
    if isinstance(obj, Memo):
        return []  # filled in play, in an order no other process shares (see Memo)
    if isinstance(obj, Mapping | MappingProxyType):
        return [(("v", n), value) for n, value in enumerate(obj.values())]
    if isinstance(obj, list | tuple):
        return [(("i", n), value) for n, value in enumerate(obj)]
    if isinstance(obj, set | frozenset):
        return []  # no stable order to name a member by; members are written as values
    names: list[str] = list(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    children = [(("a", name), getattr(obj, name)) for name in names
                if name not in ("__dict__", "__weakref__") and hasattr(obj, name)]
    return children + _native_children(obj, set(names))


def _native_children(obj: object, done: set[str]) -> list[tuple[tuple[str, int | str], object]]:
    """The attributes of an instance of a class compiled by mypyc (``make native``): they live
    in the object, listed by its classes' ``__mypyc_attrs__``, not in its ``__dict__``.

    Only those that hand out the same object at every read: mypyc keeps an ``int``, a
    ``bool`` or a ``tuple[int, int]`` field unboxed and makes a new object at each read. Such
    an object dies at once, and a state's object could then reuse its id and be written as a
    reference to it (restoring something else, or crashing compiled code that trusts the
    field's type); an immutable value, it is written as itself instead.
    """
    children: list[tuple[tuple[str, int | str], object]] = []
    for name in native_fields(type(obj)):
        if name in done or not hasattr(obj, name):
            continue
        done.add(name)
        value = getattr(obj, name)
        if value is getattr(obj, name):
            children.append((("a", name), value))
    return children


def follow(game: Game, path: Path) -> object:
    """The object ``path`` leads to from ``game``."""
    obj: object = game
    for kind, step in path:
        if kind == "a":
            obj = getattr(obj, str(step))
        elif kind == "v":
            obj = list(obj.values())[int(step)]  # type: ignore[attr-defined]
        else:
            obj = obj[int(step)]  # type: ignore[index]
    return obj


SAFE_BUILTINS = frozenset({"set", "frozenset", "list", "dict", "tuple", "int", "float", "str", "bytes",
                           "bytearray", "bool", "complex", "range", "slice", "object"})
SAFE_GLOBALS = frozenset({("copyreg", "_reconstructor"), ("collections", "OrderedDict"),
                          ("collections", "deque"), ("collections", "defaultdict"),
                          ("collections", "Counter")})


class _Restricted(pickle.Unpickler):
    """An unpickler that imports only Soulforge's own code (and the game's package) and plain
    data types: bytes that name ``os.system`` are refused, not run. Not a sandbox (a
    Soulforge function could still be called with odd arguments): restore trusted bytes."""

    roots: frozenset[str] = frozenset({"soulforge"})

    def find_class(self, module: str, name: str) -> Any:
        top = module.partition(".")[0]
        if ((module == "builtins" and name in SAFE_BUILTINS) or (module, name) in SAFE_GLOBALS
                or top in self.roots):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a saved state")


def _roots(game: Game) -> frozenset[str]:
    """The packages a saved state of ``game`` may name: Soulforge's and the game's own."""
    return frozenset({"soulforge", type(game).__module__.partition(".")[0]})


class _FieldPickler(pickle.Pickler):
    """Pickles a state's fields with the game's objects as references."""

    def __init__(self, file: io.BytesIO, state: State) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.refs, self.state = references(state.game), state

    def persistent_id(self, obj: Any) -> Path | str | None:
        if type(obj) in _PLAIN:
            return None
        if obj is self.state:
            return SELF  # a field that points back at its state (a rule's frame, say)
        return self.refs.get(id(obj))

    def reducer_override(self, obj: Any) -> Any:
        return _native_frozen_reduce(obj)


def _native_frozen_reduce(obj: object) -> Any:
    """How to write an instance of a frozen dataclass compiled by mypyc (``make native``):
    its fields restored through :func:`_set_frozen_fields`. mypyc's own ``__setstate__``
    assigns them one by one, which the frozen class refuses (``FrozenInstanceError``).
    Anything else: ``NotImplemented``, pickle's usual way."""
    cls = type(obj)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not hasattr(cls, "__mypyc_attrs__"):
        return NotImplemented
    names = getattr(cls, "__dataclass_fields__", ())
    fields = {name: getattr(obj, name) for name in names if hasattr(obj, name)}
    return copyreg.__newobj__, (cls,), fields, None, None, _set_frozen_fields  # type: ignore[attr-defined]


def _set_frozen_fields(obj: object, fields: dict[str, object]) -> None:
    """The state setter of :func:`_native_frozen_reduce`: the frozen fields set as the
    dataclass's own ``__init__`` sets them (``object.__setattr__``)."""
    for name, value in fields.items():
        object.__setattr__(obj, name, value)


class _FieldUnpickler(_Restricted):
    """Loads fields written by :class:`_FieldPickler`, references resolved in ``game``."""

    def __init__(self, file: io.BytesIO, state: State) -> None:
        super().__init__(file)
        self.state = state
        self.roots = _roots(state.game)
        self.seen: dict[Path, object] = {}

    def persistent_load(self, pid: Any) -> object:
        if pid == SELF:
            return self.state
        path = tuple(tuple(step) for step in pid)
        found = self.seen.get(path)
        if found is None:
            found = self.seen[path] = follow(self.state.game, path)
        return found


UNSAVED = frozenset({"game", "_log_read"})
"""A state's fields not written: its game (written as its key) and its last log read (derived
from the log, which is written)."""


def dump_fields(state: State) -> bytes:
    """The state's fields (all but its game) as bytes, the game's objects as references."""
    buffer = io.BytesIO()
    fields = {name: value for name, value in state.field_values().items() if name not in UNSAVED}
    _FieldPickler(buffer, state).dump(fields)
    return buffer.getvalue()


def load_fields(game: Game, cls: type[State], blob: bytes) -> State:
    """A state of class ``cls`` of ``game`` with the fields :func:`dump_fields` wrote."""
    state = cls.__new__(cls)
    state.game, state._log_read = game, None
    state.set_field_values(_FieldUnpickler(io.BytesIO(blob), state).load())
    return state


# -- games by class, options and overrides ----------------------------------------------------
GameKey = tuple[type, tuple[tuple[str, Any], ...], tuple[tuple[str, str], ...]]

_GAMES: OrderedDict[tuple[type, str, tuple[tuple[str, str], ...]], Game] = OrderedDict()
_PRISTINE: OrderedDict[tuple[type, str, tuple[tuple[str, str], ...]], Game] = OrderedDict()
_GAMES_LOCK = threading.Lock()
GAME_CACHE_SIZE = 8
"""Rebuilt games a process keeps: many states of one game load against one game object."""


def game_key(game: Game) -> tuple[type, dict[str, Any], tuple[tuple[str, str], ...]]:
    """What rebuilds ``game``: its class, options and the data overrides it was built under."""
    return type(game), dict(game.options), game._data_key


def rebuild_game(cls: type[Game], options: dict[str, Any], overrides: tuple[tuple[str, str], ...]) -> Game:
    """The game ``cls(**options)`` built under ``overrides`` (one object per equal key)."""
    return _cached(_GAMES, cls, options, overrides)


def _pristine(cls: type[Game], options: dict[str, Any], overrides: tuple[tuple[str, str], ...]) -> Game:
    """A game as ``rebuild_game`` builds it, kept apart and never played with (the model of
    what a rebuilt game holds: :func:`references`)."""
    return _cached(_PRISTINE, cls, options, overrides)


def _cached(cache: OrderedDict[Any, Game], cls: type[Game], options: dict[str, Any],
            overrides: tuple[tuple[str, str], ...]) -> Game:
    key = (cls, repr(sorted(options.items())), tuple(overrides))
    with _GAMES_LOCK:
        game = cache.get(key)
        if game is not None:
            cache.move_to_end(key)
            return game
    values = {name: ast.literal_eval(text) for name, text in overrides}
    with data.overriding(values):
        game = cls(**options)
    with _GAMES_LOCK:
        game = cache.setdefault(key, game)
        while len(cache) > GAME_CACHE_SIZE:
            cache.popitem(last=False)
    return game


def restore_state(game: Game, cls: type[State], blob: bytes) -> State:
    """``pickle``'s constructor of a state (see ``State.__reduce__``)."""
    return load_fields(game, cls, blob)


def state_to_bytes(state: State) -> bytes:
    """``State.to_bytes()``: a self-describing pickle of the state."""
    cls, options, overrides = game_key(state.game)
    return pickle.dumps((FORMAT, cls, options, overrides, type(state), dump_fields(state)),
                        protocol=pickle.HIGHEST_PROTOCOL)


def state_from_bytes(game: Game, blob: bytes) -> State:
    """``Game.state_from_bytes()``: the state ``blob`` holds, bound to ``game``, which must
    be the game it was saved from (class, options, data overrides)."""
    reader = _Restricted(io.BytesIO(blob))
    reader.roots = _roots(game)
    try:
        loaded = reader.load()
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError) as err:
        raise ValueError(f"not a saved state ({FORMAT}): {err}") from None
    if not (isinstance(loaded, tuple) and len(loaded) == 6 and loaded[0] == FORMAT):
        raise ValueError(f"not a saved state ({FORMAT})")
    _, cls, options, overrides, state_cls, fields = loaded
    mine = game_key(game)
    if (cls, options, tuple(overrides)) != (mine[0], mine[1], tuple(mine[2])):
        raise ValueError(f"a state of {cls.__name__} {options} cannot be restored into "
                         f"{type(game).__name__} {dict(game.options)}")
    return load_fields(game, state_cls, fields)
