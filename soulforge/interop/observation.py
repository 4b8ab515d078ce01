"""Fixed-shape observation tensors, information-state tensors and action masks.

Every game registered in :data:`soulforge.GAMES` has a *structured* observation: fixed,
documented fields (board planes, per-seat counters, the seat's own hand as card counts,
public facts) written by the game's ``observation.py`` beside its rules, straight from the
state's own data with nothing hidden from the seat (``tests/interop/test_observation.py``
resamples everything hidden, ``determinize``, and finds the tensor unchanged). Each field's
name, offset, size and meaning: ``python -m soulforge.interop.observation [GAME]`` (the
tables of ``soulforge/interop/README.md``).

Layout of a structured observation:

- ``[0]`` 1 if the viewer is the seat to decide now; ``[1]`` 1 once the game is over;
  ``[2]`` ``move_number / game.max_game_length``; ``[3]`` the viewer's return once over;
- ``[4:]`` the game's fields (:class:`Layout`), each at its documented offset.

The information-state tensor (:class:`InformationStateEncoder`) is the observation followed
by the seat's own last :data:`HISTORY` actions, newest first (the seat knows what it did).

A game without an ``observation.py`` (a game registered later, a test's toy game) gets the
generic encoding of :class:`HashedEncoder`: its view's leaves hashed into the game's
``observation_size`` slots.

>>> import soulforge
>>> state = soulforge.load("five_realms").new_game(seed=1)
>>> encoder = ObservationEncoder(state.game)
>>> encoder.observe(state, 0).shape == (encoder.size,)
True
"""

from __future__ import annotations

import dataclasses
import sys
import zlib
from collections.abc import Callable, Hashable, Sequence
from itertools import islice
from operator import attrgetter, call, lt
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

import soulforge
from soulforge.core import Action, Seat, State
from soulforge.core.game import Game
from soulforge.games import REGISTRY, game_class, game_module

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

HEADER = 4
"""Slots before a game's own fields (or the hashed part): see the module's layout."""
HEADER_FIELDS = (
    ("decides", 1, "1 if the viewer is the seat to decide now"),
    ("over", 1, "1 once the game is over"),
    ("progress", 1, "move_number / game.max_game_length (at most 1)"),
    ("result", 1, "the viewer's return once the game is over, else 0"),
)
HISTORY = 16
"""Own actions an information-state tensor holds (the newest first)."""
SKIPPED = frozenset({"game", "options", "is_over", "returns", "move_number", "num_players"})
_CACHE_LIMIT = 200_000


@dataclasses.dataclass(frozen=True)
class Field:
    """One documented stretch of a tensor."""

    name: str
    offset: int
    size: int
    meaning: str


class Layout:
    """A tensor's fields in order, each at its offset (``fields`` as (name, size, meaning))."""

    def __init__(self, fields: Sequence[tuple[str, int, str]], start: int = 0) -> None:
        placed: list[Field] = []
        offset = start
        for name, size, meaning in fields:
            placed.append(Field(name, offset, size, meaning))
            offset += size
        self.fields = tuple(placed)
        self.size = offset
        self.offsets = {field.name: field.offset for field in placed}

    def markdown(self) -> str:
        """The fields as a Markdown table (the README's per-game tables)."""
        rows = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {f.offset} | {f.size} | `{f.name}` | {f.meaning} |" for f in self.fields]
        return "\n".join(rows) + "\n"


class GameObserver(Protocol):
    """What a game's ``observation.py`` offers: ``Observer(game)`` with these."""

    fields: Sequence[tuple[str, int, str]]
    """(name, size, meaning) of each field, in order from offset 0."""

    def write(self, state: Any, seat: Seat, out: Tensor) -> tuple[list[int], list[int]]:
        """Write the game's numbers for ``seat`` into ``out`` (zeros, its offset 0 the first
        field's), from what the seat may know of ``state``; give the indices to set to 1 and
        the indices to count (each occurrence adds 1), for the encoder to apply at once."""


def structured_observer(game: Game) -> GameObserver | None:
    """The game's own observer (``Observer`` of ``observation.py`` beside its rules), or None."""
    if game.id not in REGISTRY or game_class(game.id) is not type(game):
        return None
    module = game_module(game.id, "observation")
    if module is None or not hasattr(module, "Observer"):
        return None
    found: GameObserver = module.Observer(game)
    return found


class ObservationEncoder:
    """A seat's observation tensor of one game: the structured one where the game has an
    observer, else the hashed encoding (:class:`HashedEncoder`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.observer = structured_observer(game)
        self.hashed: HashedEncoder | None = None
        if self.observer is None:
            self.hashed = HashedEncoder(game)
            self.layout = Layout([*HEADER_FIELDS, ("hashed", game.observation_size - HEADER,
                                                   "hashed features of the view's leaves")])
        else:
            self.layout = Layout([*HEADER_FIELDS, *self.observer.fields])
        self.size = self.layout.size
        self._scale = 1.0 / game.max_game_length

    def observe(self, state: State, player: Seat) -> Tensor:
        """The observation of ``player`` (built from the state's data, never from JSON)."""
        if self.hashed is not None:
            return self.hashed.observe(state, player)
        out = np.zeros(self.size, dtype=np.float32)
        cells: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's per scalar
        seat = state.current_player
        if seat is None:
            cells[1] = 1.0
            cells[3] = state.returns()[player]
        elif seat == player:
            cells[0] = 1.0
        cells[2] = min(1.0, state.move_number * self._scale)
        body = out[HEADER:]
        ones, counts = self.observer.write(state, player, body)  # type: ignore[union-attr]
        if ones or counts:  # (an observer that writes every number itself gives neither)
            # a Python loop beats numpy here: both lists are short (tens), numpy's fixed costs are not
            cells = body.data
            for at in ones:
                cells[at] = 1.0
            for at in counts:
                cells[at] += 1.0
        return out


def observation_size(game_id: str) -> int:
    """The fixed length of ``game_id``'s observation tensor (its layout's, so no adapter keeps a
    table of games)."""
    return ObservationEncoder(soulforge.load(game_id)).size


class InformationStateEncoder:
    """The observation followed by the seat's own last ``window`` actions, newest first: per
    action 1 (present), the kind one-hot and each argument part as ``value / (size - 1)``
    (the factored action, :mod:`soulforge.interop.actions`)."""

    def __init__(self, game: Game, window: int = HISTORY) -> None:
        from soulforge.interop.actions import factored_actions

        self.observation = ObservationEncoder(game)
        self.actions = factored_actions(game)
        self.window = window
        kinds, args = self.actions.nvec[0], len(self.actions.nvec) - 1
        self.entry = 1 + int(kinds) + args
        self.layout = Layout([*((f.name, f.size, f.meaning) for f in self.observation.layout.fields),
                              ("history", window * self.entry,
                               f"the seat's last {window} actions, newest first; each {self.entry}: 1 "
                               f"(present), kind one-hot ({kinds}), {args} argument parts scaled to [0, 1]")])
        self.size = self.layout.size
        scale = np.maximum(self.actions.nvec[1:] - 1, 1).astype(np.float32)
        # one row per action index, made on first use of an index
        self._scale = 1.0 / scale
        self._rows: dict[int, Tensor] = {}

    def _row(self, index: int) -> Tensor:
        row = self._rows.get(index)
        if row is None:
            parts = self.actions.parts[index]
            row = np.zeros(self.entry, dtype=np.float32)
            row[0] = 1.0
            row[1 + int(parts[0])] = 1.0
            row[1 + int(self.actions.nvec[0]):] = parts[1:] * self._scale
            self._rows[index] = row
        return row

    def encode(self, state: State, player: Seat, own: Sequence[int]) -> Tensor:
        """``player``'s information state: its observation and ``own``, the indices of the
        actions it took this game, oldest first (an adapter keeps them as it steps)."""
        out = np.zeros(self.size, dtype=np.float32)
        observation = self.observation.size
        out[:observation] = self.observation.observe(state, player)
        recent = own[-self.window:][::-1]
        if recent:
            rows = np.stack([self._row(int(index)) for index in recent])
            out[observation:observation + rows.size] = rows.ravel()
        return out


def leaves(view: dict[str, Any]) -> tuple[list[str], list[float]]:
    """Feature keys and values of every leaf of a view: a number or bool keeps its path as
    the key, a string or null becomes ``path=value`` with value 1, a list adds ``path/#len``.

    >>> leaves({"a": [1, "x"], "b": None, "c": {"d": True}})
    (['a/#len', 'a/0', 'a/1=x', 'b=None', 'c/d'], [2, 1, 1, 1, True])
    """
    keys: list[str] = []
    values: list[float] = []
    _collect(view, "", keys, values)
    return keys, values


def _collect(node: dict[str, Any] | list[Any], path: str, keys: list[str], values: list[float]) -> None:
    """:func:`leaves` below ``path`` (a hot loop: one call per dict or list, not per leaf)."""
    items = node.items() if type(node) is dict else enumerate(node)
    for key, value in items:
        sub = f"{path}/{key}" if path else str(key)
        kind = type(value)
        if kind is dict:
            _collect(value, sub, keys, values)
        elif kind is list:
            keys.append(sub + "/#len")
            values.append(len(value))
            _collect(value, sub, keys, values)
        elif kind is int or kind is float or kind is bool:
            keys.append(sub)
            values.append(value)
        else:
            keys.append(f"{sub}={value}")
            values.append(1)


class _Node:
    """One path of the views met so far, with its slots worked out once (the encoder's
    cache: a view is walked without building a path string or hashing per leaf)."""

    __slots__ = ("cats", "items", "keys", "len_slot", "path", "slot")

    def __init__(self, encoder: HashedEncoder, path: str) -> None:
        self.path = path
        self.slot = encoder.slot(path)
        self.len_slot = encoder.slot(path + "/#len")
        self.keys: dict[str, _Node] = {}
        """Children by dict key (string keys only: ``1``, ``True`` and ``1.0`` are one
        dict key but three paths, so other keys are never cached)."""
        self.items: list[_Node] = []
        """Children by list index."""
        self.cats: dict[str | None, int] = {}
        """Slots of ``path=value`` by value (a string or None)."""


class HashedEncoder:
    """The generic encoding of a game without a structured observer (``observation.py`` beside
    its rules): one game's views as fixed-length ``float32`` vectors of hashed leaves (see
    :data:`HASHED_LAYOUT`).

    :meth:`encode` walks the view once, with the slot of every path and category cached
    (:class:`_Node`); :func:`leaves` is the plain statement of the same features, kept as
    the reference it is tested against.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.size = game.observation_size
        self._slots: dict[str, int] = {}
        self._reset_tree()

    def _reset_tree(self) -> None:
        self._entries = 0
        self._root = _Node(self, "")

    def slot(self, key: str) -> int:
        """The slot of a feature key (cached; the cache is bounded)."""
        found = self._slots.get(key)
        if found is None:
            if len(self._slots) > _CACHE_LIMIT:
                self._slots.clear()
            found = HEADER + zlib.crc32(key.encode()) % (self.size - HEADER)
            self._slots[key] = found
        return found

    def encode(self, view: dict[str, Any]) -> Tensor:
        """The observation of the seat ``view`` was made for."""
        if self._entries > _CACHE_LIMIT:
            self._reset_tree()
        slots: list[int] = []
        values: list[float] = []
        self._dict(self._root, self._body(view), slots, values)
        if slots:
            raw = np.asarray(values, dtype=np.float64)
            out = np.bincount(slots, weights=np.sign(raw) * np.log1p(np.abs(raw)),
                              minlength=self.size).astype(np.float32)
        else:
            out = np.zeros(self.size, dtype=np.float32)
        viewer = view["viewer"]
        over = bool(view["is_over"])
        out[0] = float(viewer is not None and view["current_player"] == viewer)
        out[1] = float(over)
        out[2] = min(1.0, view["move_number"] / self.game.max_game_length)
        out[3] = float(view["returns"][viewer]) if over and viewer is not None else 0.0
        return out

    def _child(self, node: _Node, key: object) -> _Node:
        """A new node below ``node`` (cached there if ``key`` is a string)."""
        path = f"{node.path}/{key}" if node.path else str(key)
        child = _Node(self, path)
        self._entries += 1
        if type(key) is str:
            node.keys[key] = child
        return child

    def _dict(self, node: _Node, data: dict[Any, Any], slots: list[int], values: list[float]) -> None:
        """The features below a dict at ``node``, in :func:`leaves`' order (a hot loop: one
        call per dict or list, each leaf's slot read from its path's node)."""
        keys, add_slot, add_value = node.keys, slots.append, values.append
        for key, item in data.items():
            sub = keys.get(key)  # only string keys are ever cached
            if sub is None:
                sub = self._child(node, key)
            kind = type(item)
            if kind is str or item is None:
                found = sub.cats.get(item)
                add_slot(self._category(sub, item) if found is None else found)
                add_value(1)
            elif kind is int or kind is float or kind is bool:
                add_slot(sub.slot)
                add_value(item)
            elif kind is dict:
                self._dict(sub, item, slots, values)
            elif kind is list:  # as _list, inline: lists are mostly short and of leaves
                add_slot(sub.len_slot)
                add_value(len(item))
                items = sub.items
                if len(items) < len(item):
                    self._grow(sub, len(item))
                for leaf, value in zip(items, item, strict=False):
                    kind = type(value)
                    if kind is str or value is None:
                        found = leaf.cats.get(value)
                        add_slot(self._category(leaf, value) if found is None else found)
                        add_value(1)
                    elif kind is int or kind is float or kind is bool:
                        add_slot(leaf.slot)
                        add_value(value)
                    elif kind is dict:
                        self._dict(leaf, value, slots, values)
                    elif kind is list:
                        self._list(leaf, value, slots, values)
                    else:
                        add_slot(self.slot(f"{leaf.path}={value}"))
                        add_value(1)
            else:
                add_slot(self.slot(f"{sub.path}={item}"))
                add_value(1)

    def _grow(self, node: _Node, length: int) -> None:
        """Nodes for the items of a list at ``node`` up to ``length``."""
        items = node.items
        while len(items) < length:
            items.append(_Node(self, f"{node.path}/{len(items)}" if node.path else str(len(items))))
            self._entries += 1

    def _list(self, node: _Node, data: list[Any], slots: list[int], values: list[float]) -> None:
        """The features of a list at ``node``: its length, then its items (as :meth:`_dict`)."""
        add_slot, add_value = slots.append, values.append
        add_slot(node.len_slot)
        add_value(len(data))
        items = node.items
        if len(items) < len(data):
            self._grow(node, len(data))
        for sub, item in zip(items, data, strict=False):
            kind = type(item)
            if kind is str or item is None:
                found = sub.cats.get(item)
                add_slot(self._category(sub, item) if found is None else found)
                add_value(1)
            elif kind is int or kind is float or kind is bool:
                add_slot(sub.slot)
                add_value(item)
            elif kind is dict:
                self._dict(sub, item, slots, values)
            elif kind is list:
                self._list(sub, item, slots, values)
            else:
                add_slot(self.slot(f"{sub.path}={item}"))
                add_value(1)

    def _category(self, node: _Node, value: str | None) -> int:
        """The slot of ``path=value``, cached at the path's node."""
        found = node.cats[value] = self.slot(f"{node.path}={value}")
        self._entries += 1
        return found

    @staticmethod
    def _body(view: dict[str, Any]) -> dict[str, Any]:
        """The view without the header's keys; seats as categories (``viewer=seat 1``)."""
        body = {key: value for key, value in view.items() if key not in SKIPPED}
        body["viewer"] = f"seat {view['viewer']}"
        body["current_player"] = f"seat {view['current_player']}"
        return body

    def reference_encode(self, view: dict[str, Any]) -> Tensor:
        """:meth:`encode` computed the plain way, from :func:`leaves` (for the tests)."""
        out = np.zeros(self.size, dtype=np.float32)
        viewer = view["viewer"]
        over = bool(view["is_over"])
        out[0] = float(viewer is not None and view["current_player"] == viewer)
        out[1] = float(over)
        out[2] = min(1.0, view["move_number"] / self.game.max_game_length)
        if over and viewer is not None:
            out[3] = float(view["returns"][viewer])
        keys, values = leaves(self._body(view))
        slots = [self.slot(key) for key in keys]
        if slots:
            raw = np.asarray(values, dtype=np.float64)
            out += np.bincount(slots, weights=np.sign(raw) * np.log1p(np.abs(raw)),
                               minlength=self.size).astype(np.float32)
        return out

    def observe(self, state: State, player: Seat) -> Tensor:
        """``encode(state.view(player))``: the only way this module reads a state."""
        return self.encode(state.view(player))

    def layout(self, views: list[dict[str, Any]]) -> dict[int, list[str]]:
        """Slot -> the feature keys met in ``views`` that land there."""
        table: dict[int, set[str]] = {}
        for view in views:
            for key in leaves(self._body(view))[0]:
                table.setdefault(self.slot(key), set()).add(key)
        return {slot: sorted(keys) for slot, keys in sorted(table.items())}


class ActionIndex:
    """``game.action_index`` for many actions at once, at the speed of a dict lookup.

    An action is a frozen dataclass, equal to another of its class with equal fields, so
    its class and the tuple of its compared fields (read in C by one ``attrgetter`` per
    class) find its index as well as the action itself does, without a call of the
    dataclass's ``__hash__`` and ``__eq__`` per action: a whole list is looked up by
    ``map``. Indices are learnt from ``game.action_index`` on first meeting.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.size = game.num_distinct_actions
        self._keys: dict[type, Callable[[Any], Hashable]] = {}
        self._known: dict[Hashable, int] = {}

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """``[game.action_index(a) for a in actions]``."""
        try:
            keys = list(map(call, map(self._keys.__getitem__, map(type, actions)), actions))
        except KeyError:
            for kind in set(map(type, actions)) - self._keys.keys():
                if dataclasses.is_dataclass(kind):
                    names = [field.name for field in dataclasses.fields(kind) if field.compare]
                    self._keys[kind] = attrgetter("__class__", *names)
                else:  # not the core contract's kind of action: keyed by itself
                    self._keys[kind] = _itself
            keys = list(map(call, map(self._keys.__getitem__, map(type, actions)), actions))
        found: list[int | None] = list(map(self._known.get, keys))
        if None in found:
            for at, (key, action) in enumerate(zip(keys, actions, strict=True)):
                if found[at] is None:
                    found[at] = self._known[key] = self.game.action_index(action)
        return found  # type: ignore[return-value]  # no None left

    def listing(self, state: State, last: Listing | None = None) -> Listing:
        """The legal actions of ``state`` listed (``last`` again if it listed this very
        state at this move: a position changes only by ``apply``, which counts the move,
        and the engine's own list of legal actions is kept by the same rule)."""
        if last is not None and last.state is state and last.move == state.move_number:
            return last
        legal = state.legal_actions()
        return Listing(state, legal, self.indices(legal), self.size)


def _itself(action: Any) -> Hashable:
    found: Hashable = action
    return found


class Listing:
    """The legal actions of one position with their indices: listed once, then read by the
    mask, the adapters' ``step`` (which applies the very object listed) and OpenSpiel."""

    __slots__ = ("_sorted", "actions", "move", "order", "size", "state")

    def __init__(self, state: State, actions: list[Action], order: list[int], size: int) -> None:
        self.state, self.move = state, state.move_number
        self.actions = actions
        self.order = order
        """The index of each action, in the order listed."""
        self.size = size
        self._sorted: list[int] | None = None

    @property
    def indices(self) -> list[int]:
        """The legal indices, sorted, each once."""
        found = self._sorted
        if found is None:
            found = sorted(self.order)
            if not all(map(lt, found, islice(found, 1, None))):  # an action listed twice
                found = sorted(set(found))
            self._sorted = found
        return found

    def mask(self) -> Mask:
        """A new mask: 1 at each legal index."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask.put(self.order, 1)
        return mask

    def action(self, index: int, game: Game) -> Action:
        """The action at ``index``: the very object listed if it is legal (the engine finds
        it by identity), else ``game.action_at(index)`` (for ``apply`` to refuse)."""
        try:
            return self.actions[self.order.index(index)]
        except ValueError:
            return game.action_at(index)


class ListedPosition:
    """An adapter's current position listed once per move (``listing``): the mask, ``step``
    and the agents of an environment read the same :class:`Listing`."""

    action_index: ActionIndex
    state: State
    _listing: Listing | None = None

    def listing(self) -> Listing:
        """The current position's legal actions with their indices (listed once)."""
        self._listing = listing = self.action_index.listing(self.state, self._listing)
        return listing


def action_mask(state: State) -> Mask:
    """1 at the index of each legal action of the current player, else 0."""
    return ActionIndex(state.game).listing(state).mask()


def legal_indices(state: State) -> list[int]:
    """The sorted indices of the legal actions."""
    return sorted(ActionIndex(state.game).indices(state.legal_actions()))


def sample_views(game_id: str, seeds: int = 3) -> list[dict[str, Any]]:
    """The deciding seat's view at every move of a few seeded random playouts."""
    import random

    game = soulforge.load(game_id)
    views = []
    for seed in range(seeds):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            views.append(state.view(state.current_player))
            state.apply(rng.choice(state.legal_actions()))
    return views


def _pattern(key: str) -> str:
    """A feature key with list indices as ``i`` and categorical values as ``*``."""
    path, sep, _ = key.partition("=")
    parts = ["i" if part.isdigit() else part for part in path.split("/")]
    return "/".join(parts) + ("=*" if sep else "")


def describe(game_id: str) -> str:
    """A game's observation layout as Markdown (the README's per-game sections)."""
    encoder = ObservationEncoder(soulforge.load(game_id))
    if encoder.observer is None:
        return describe_hashed(game_id)
    return (f"### {game_id}\n\n{encoder.size} floats ({HEADER} header, then the game's fields; "
            f"information state: {encoder.size} + {HISTORY} x "
            f"{InformationStateEncoder(encoder.game).entry} history).\n\n{encoder.layout.markdown()}")


def describe_hashed(game_id: str) -> str:
    """A game's hashed layout as Markdown: per top-level key of the view, its feature patterns."""
    encoder = HashedEncoder(soulforge.load(game_id))
    table = encoder.layout(sample_views(game_id))
    keys = sorted({key for keys in table.values() for key in keys})
    by_top: dict[str, set[str]] = {}
    for key in keys:
        by_top.setdefault(key.split("/")[0].split("=")[0], set()).add(_pattern(key))
    lines = [f"### {game_id}", "",
             f"{encoder.size} slots: {HEADER} header, then {encoder.size - HEADER} hashed. Three random "
             f"games give {len(keys)} distinct features in {len(table)} slots.", "",
             "| view key | features (`i` a list index; `=*` a slot per value) |", "|---|---|"]
    lines += [f"| `{top}` | {', '.join(f'`{p}`' for p in sorted(patterns))} |"
              for top, patterns in sorted(by_top.items())]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    names = [name for name in sys.argv[1:] if not name.startswith("-")] or list(soulforge.GAMES)
    for name in names:
        if "--slots" in sys.argv:
            hashed = HashedEncoder(soulforge.load(name))
            for slot, keys in hashed.layout(sample_views(name)).items():
                sys.stdout.write(f"{slot}\t{' '.join(keys)}\n")
        else:
            sys.stdout.write(describe(name) + "\n")
