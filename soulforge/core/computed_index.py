"""A game's fixed action index computed from runs of actions, not tabulated.

The fixed action index (``Game.action_index``, ``action_at``, what interop and the JSON decoder
read) numbers every action a game can ever offer. Most games list them all once
(``core.game.FixedIndex``); a game with a large index (Kipukas: 146,451 actions, a table and a
dict of 17 MB per map) declares it instead as *runs*: one action kind over the product of its
fields' values, run after run in the index's order. The index of an action is then worked
out from its fields (a dict lookup per field, a multiply-add), and the action at an index
from its digits, so nothing is tabulated and the numbers are the same as listing the runs.

>>> import dataclasses
>>> from soulforge.core import Action
>>> @dataclasses.dataclass(frozen=True, slots=True)
... class Hop(Action):
...     kind = "hop"
...     piece: int
...     to: int
>>> index = ComputedIndex([Run(Hop, piece=range(3), to=range(3), distinct=True)])
>>> len(index.table), index.numbers[Hop(2, 0)], index.table[4]
(6, 4, Hop(piece=2, to=0))
>>> Hop(1, 1) in index.numbers
False
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import attrgetter, eq
from typing import overload

from soulforge.core.action import Action
from soulforge.core.game import FixedIndex


@dataclasses.dataclass(frozen=True)
class Joint:
    """Several fields that take their values together (``Purchase(item, first, second)`` over
    the pairs ``first < second``): one axis of the run, its values tuples of the fields'."""

    fields: tuple[str, ...]
    values: tuple[tuple[object, ...], ...]


class Run:
    """One action kind over the product of its axes' values, the first axis slowest (as the
    nested loops ``for a in A for b in B`` list them). ``distinct``: the first two axes range
    over the same values and never take the same one (``p != q``)."""

    def __init__(
        self, kind: type[Action], /, *, distinct: bool = False, **axes: Iterable[object] | Joint
    ) -> None:
        self.kind = kind
        self.distinct = distinct
        self.fields: list[tuple[str, ...]] = []
        self.values: list[tuple[object, ...]] = []
        for name, given in axes.items():
            if isinstance(given, Joint):
                self.fields.append(given.fields)
                self.values.append(tuple(given.values))
            else:
                self.fields.append((name,))
                self.values.append(tuple(given))
        self.sizes = [len(values) for values in self.values]
        if distinct and (len(self.values) < 2 or self.values[0] != self.values[1]):
            raise ValueError(f"{kind.__name__}: distinct axes must be the first two, over the same values")
        # Per axis: the value (a tuple of the fields' values for a joint axis) -> its position.
        self._positions = [{value: i for i, value in enumerate(values)} for values in self.values]
        # Typed as what they return: one field's value, or a tuple of a joint axis' values.
        # Inferred, ``attrgetter(*names)`` returns a tuple, which compiled code (mypyc) checks:
        # every one-field axis then failed (a ``TypeError``, read as "not in this run").
        self._getters: list[Callable[[Action], object]] = [attrgetter(*names) for names in self.fields]
        self._names = [name for names in self.fields for name in names]
        self.size = 1
        for n in self.sizes:
            self.size *= n
        if distinct:
            self.size = self.size // (self.sizes[0] * self.sizes[1]) * self.sizes[0] * (self.sizes[0] - 1)

    def number(self, action: Action) -> int | None:
        """The action's place in this run, None when the run does not hold it."""
        digits = []
        for getter, positions in zip(self._getters, self._positions, strict=True):
            try:
                found = positions.get(getter(action))
            except TypeError:  # an unhashable value: never one of the run's
                return None
            if found is None:
                return None
            digits.append(found)
        sizes = list(self.sizes)
        if self.distinct:
            first, second = digits[0], digits[1]
            if first == second:
                return None
            digits[:2] = [first * (sizes[0] - 1) + (second if second < first else second - 1)]
            sizes[:2] = [sizes[0] * (sizes[0] - 1)]
        n = 0
        for digit, size in zip(digits, sizes, strict=True):
            n = n * size + digit
        return n

    def action(self, n: int) -> Action:
        """The action at place ``n`` of this run."""
        sizes = list(self.sizes)
        if self.distinct:
            sizes[:2] = [sizes[0] * (sizes[0] - 1)]
        digits = []
        for size in reversed(sizes):
            n, digit = divmod(n, size)
            digits.append(digit)
        digits.reverse()
        if self.distinct:
            pair = digits[0]
            first, second = divmod(pair, self.sizes[0] - 1)
            digits[:1] = [first, second if second < first else second + 1]
        values: list[object] = []
        for axis, digit in enumerate(digits):
            value = self.values[axis][digit]
            values.extend(value if len(self.fields[axis]) > 1 else (value,))  # type: ignore[arg-type]
        return self.kind(**dict(zip(self._names, values, strict=True)))

    def __iter__(self) -> Iterator[Action]:
        for n in range(self.size):
            yield self.action(n)

    def field_values(self) -> dict[str, set[object]]:
        """Per field, the values the run gives it."""
        out: dict[str, set[object]] = {}
        for names, values in zip(self.fields, self.values, strict=True):
            for i, name in enumerate(names):
                out.setdefault(name, set()).update(v[i] if len(names) > 1 else v for v in values)  # type: ignore[index]
        return out


class _Table(Sequence[Action]):
    """The index's actions in order, each made when asked (``FixedIndex.table``'s reading)."""

    def __init__(self, index: ComputedIndex) -> None:
        self._index = index

    def __len__(self) -> int:
        return self._index.size

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self._index.action_at(i)

    def __iter__(self) -> Iterator[Action]:
        for run in self._index.runs:
            yield from run

    def __eq__(self, other: object) -> bool:
        """Equal to the same actions in a tuple or list (a tabulated index's ``table``)."""
        if isinstance(other, _Table) and other._index is self._index:
            return True
        if isinstance(other, (_Table, tuple, list)):
            return len(other) == len(self) and all(map(eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by value, as a list


class _Numbers(Mapping[Action, int]):
    """Action -> index, worked out from its fields (``FixedIndex.numbers``'s reading)."""

    def __init__(self, index: ComputedIndex) -> None:
        self._index = index
        # The numbers asked for so far: an observation asks for every legal action's at every
        # step, and a game offers few of its actions (a dict of those, not of all 146,451).
        self._seen: dict[Action, int] = {}

    def __getitem__(self, action: Action) -> int:
        found = self._seen.get(action)
        if found is None:
            found = self._index.number(action)
            if found is None:
                raise KeyError(action)
            self._seen[action] = found
        return found

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        try:
            self[action]
        except (KeyError, TypeError):
            return False
        return True

    def __len__(self) -> int:
        return self._index.size

    def __iter__(self) -> Iterator[Action]:
        return iter(_Table(self._index))


class ComputedIndex(FixedIndex):
    """A fixed action index declared as runs: ``table`` and ``numbers`` read as
    ``FixedIndex``'s do, computed instead of stored."""

    def __init__(self, runs: Sequence[Run]) -> None:
        self.runs = tuple(runs)
        self.offsets: list[int] = []
        total = 0
        for run in self.runs:
            self.offsets.append(total)
            total += run.size
        self.size = total
        self._by_kind: dict[type[Action], list[tuple[int, Run]]] = {}
        for offset, run in zip(self.offsets, self.runs, strict=True):
            self._by_kind.setdefault(run.kind, []).append((offset, run))
        self.table = _Table(self)
        self.numbers = _Numbers(self)
        values: dict[str, dict[str, set[object]]] = {}
        for run in self.runs:
            fields = values.setdefault(run.kind.kind, {"type": {run.kind.kind}})  # as ``to_json`` says it
            for name, found in run.field_values().items():
                fields.setdefault(name, set()).update(found)
        self._field_values = {kind: {name: frozenset(found) for name, found in fields.items()}
                              for kind, fields in values.items()}

    def number(self, action: Action) -> int | None:
        """The action's index, None when no run holds it."""
        for offset, run in self._by_kind.get(type(action), ()):
            found = run.number(action)
            if found is not None:
                return offset + found
        return None

    def action_at(self, i: int) -> Action:
        """The action at index ``i`` (negative counts from the end, as a tuple's)."""
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(f"action index {i} out of range")
        at = bisect.bisect_right(self.offsets, i) - 1
        return self.runs[at].action(i - self.offsets[at])
