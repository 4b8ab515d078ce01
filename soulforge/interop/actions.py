"""Factored actions: an action as its kind and argument parts, beside the flat index.

Kipukas has 146,451 flat action indices and Soulshards 97,089; a policy that picks one of
them needs an output layer that large. Factored, an action is a vector of small choices:

- part 0, the *kind* (the action's class: ``Move``, ``Attack``...), in the order the game's
  action index first meets each kind;
- parts 1.., the kind's compared fields in declaration order, each as the rank of its value
  among the values that field takes in the game's action index (part ``1 + j`` is a kind's
  ``j``-th field; a kind with fewer fields leaves the later parts at 0).

``nvec`` (a Gymnasium ``MultiDiscrete``) is the kinds' count, then per part the most values
any kind's field takes there. Every flat index has exactly one parts vector and back
(:meth:`FactoredActions.index_of`); a vector that names no action has no index.

Masks per part (:meth:`FactoredActions.masks`): the *marginal* mask of each part is 1 for
each value some legal action takes there (what sb3-contrib's MaskablePPO reads for a
``MultiDiscrete`` space, all parts concatenated). Marginals can combine into an action that
is not legal; :meth:`FactoredActions.mask_given` gives the exact mask of the next part once
the earlier ones are chosen (for an autoregressive policy), which never does.

``python -m soulforge.interop.actions GAME`` prints a game's kinds and their parts.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import soulforge
from soulforge.core.game import Game

Parts = npt.NDArray[np.int64]
_TABLES: dict[Hashable, FactoredActions] = {}


def _order(value: object) -> tuple[int, str, object]:
    """A sort key for field values of mixed types (None, numbers, strings, tuples)."""
    if value is None:
        return (0, "", 0)
    if isinstance(value, bool | int | float):
        return (1, "", float(value))
    return (2, type(value).__name__, repr(value))


class FactoredActions:
    """One game's factoring of its fixed action index (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        size = game.num_distinct_actions
        table = [game.action_at(index) for index in range(size)]
        kinds: dict[type, int] = {}
        names: dict[type, list[str]] = {}
        for action in table:
            kind = type(action)
            if kind not in kinds:
                kinds[kind] = len(kinds)
                names[kind] = [f.name for f in dataclasses.fields(kind) if f.compare] \
                    if dataclasses.is_dataclass(kind) else []
        width = max((len(fields) for fields in names.values()), default=0)
        seen: dict[type, list[set[Any]]] = {kind: [set() for _ in names[kind]] for kind in kinds}
        for action in table:
            for values, name in zip(seen[type(action)], names[type(action)], strict=True):
                values.add(getattr(action, name))
        self.values: dict[type, list[list[Any]]] = {
            kind: [sorted(values, key=_order) for values in per_field] for kind, per_field in seen.items()}
        rank = {kind: [{value: at for at, value in enumerate(values)} for values in per_field]
                for kind, per_field in self.values.items()}
        parts = np.zeros((size, 1 + width), dtype=np.int64)
        for index, action in enumerate(table):
            kind = type(action)
            parts[index, 0] = kinds[kind]
            for j, name in enumerate(names[kind]):
                parts[index, 1 + j] = rank[kind][j][getattr(action, name)]
        self.game_id = game.id
        self.kinds = list(kinds)
        """The action classes, by kind number."""
        self.fields = [names[kind] for kind in self.kinds]
        """Per kind, its fields' names (part 1 + j is field j)."""
        self.parts = parts
        """``parts[index]``: the factored form of a flat index."""
        widest = [max([len(v[j]) for v in self.values.values() if len(v) > j] + [1]) for j in range(width)]
        self.nvec = np.array([len(kinds), *widest], dtype=np.int64)
        """Each part's number of values (a ``MultiDiscrete``'s ``nvec``)."""
        self._offsets = np.concatenate([[0], np.cumsum(self.nvec)[:-1]])
        self._index = {tuple(row): index for index, row in enumerate(parts.tolist())}

    @property
    def num_parts(self) -> int:
        return len(self.nvec)

    def index_of(self, parts: Sequence[int] | Parts) -> int | None:
        """The flat index of a parts vector (None if it names no action)."""
        return self._index.get(tuple(int(p) for p in parts))

    def masks(self, indices: Sequence[int]) -> list[npt.NDArray[np.int8]]:
        """Per part, 1 for each value some action of ``indices`` (the legal ones) takes."""
        rows = self.parts[np.asarray(indices, dtype=np.int64)]
        found = []
        for part, size in enumerate(self.nvec):
            mask = np.zeros(int(size), dtype=np.int8)
            mask[rows[:, part]] = 1
            found.append(mask)
        return found

    def flat_masks(self, indices: Sequence[int]) -> npt.NDArray[np.int8]:
        """:meth:`masks` concatenated (MaskablePPO's form for a ``MultiDiscrete`` space)."""
        mask = np.zeros(int(self.nvec.sum()), dtype=np.int8)
        if len(indices):
            rows = self.parts[np.asarray(indices, dtype=np.int64)]
            mask[(rows + self._offsets).ravel()] = 1
        return mask

    def mask_given(self, indices: Sequence[int], prefix: Sequence[int]) -> npt.NDArray[np.int8]:
        """The mask of part ``len(prefix)`` among the actions of ``indices`` whose first parts
        are ``prefix`` (exact: every value it marks completes to a legal action)."""
        part = len(prefix)
        rows = self.parts[np.asarray(indices, dtype=np.int64)]
        if part:
            rows = rows[(rows[:, :part] == np.asarray(prefix, dtype=np.int64)).all(axis=1)]
        mask = np.zeros(int(self.nvec[part]), dtype=np.int8)
        mask[rows[:, part]] = 1
        return mask

    def describe(self) -> str:
        """The kinds and their parts as Markdown."""
        lines = [f"`nvec` = {self.nvec.tolist()}", "",
                 "| kind | # | parts (field: values) |", "|---|---:|---|"]
        for number, kind in enumerate(self.kinds):
            parts = ", ".join(f"{name}: {len(values)}"
                              for name, values in zip(self.fields[number], self.values[kind], strict=True))
            lines.append(f"| `{kind.__name__}` | {number} | {parts or '-'} |")
        return "\n".join(lines) + "\n"


def factored_actions(game: Game) -> FactoredActions:
    """The factoring of ``game``'s action index (made once per index: Kipukas' takes ~1 s)."""
    key = game.index_key()
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = FactoredActions(game)
    return found


if __name__ == "__main__":
    for name in [name for name in sys.argv[1:]] or list(soulforge.GAMES):
        sys.stdout.write(f"### {name}\n\n{factored_actions(soulforge.load(name)).describe()}\n")
