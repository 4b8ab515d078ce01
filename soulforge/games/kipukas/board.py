"""Kipukas maps (rulebook #maps) as data: territories, their stands and the paths between them.

``maps.toml`` holds the two authored maps (an 8-territory map for 2 players, a 12-territory
map for up to 4). Each is checked when loaded: territories numbered 1..N, one territory stand
(base camp or capital) in each territory but the transit ones (#transit_territories), known
geography, paths between known stands, every stand reachable. A game reads them when it is
built (``Kipukas.maps``, ``--set`` applied: ``kipukas.maps.maps.duel.geography.3=...``).

>>> duel = load_maps()["duel"]
>>> len(duel.territories), duel.players, duel.transit
(8, 2, frozenset({4}))
>>> duel.distance("T1", "T2")
2
"""

from __future__ import annotations

import dataclasses
import sys
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from soulforge.core.data import choice, data_cache, field, package_dir, read_toml
from soulforge.core.errors import DataError
from soulforge.core.snapshot import Memo

FILE = "maps.toml"
GEOGRAPHY = frozenset({"Plains", "Forest", "Mountain", "Water", "Volcanic", "Heavens", "Underground"})
"""The geographies of #geography (habitat effects follow them)."""
MIN_TERRITORIES, MAX_TERRITORIES = 8, 12

StandId = str
"""A stand of the map: ``"T3"`` (territory 3's base camp stand) or ``"m3"`` (a movement stand)."""
Territory = int
"""A territory's number, 1 first."""


@dataclasses.dataclass(frozen=True)
class Stand:
    id: StandId
    territory: Territory
    kind: str  # "territory" (base camp or capital) | "movement"
    dock: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields, rebuilt by its constructor: compiled (a native class), a
        frozen dataclass restored field by field refuses the fields (``FrozenInstanceError``)."""
        return (Stand, (self.id, self.territory, self.kind, self.dock))


@dataclasses.dataclass(frozen=True)
class Boat:
    """A boat of the map (#geography: "Boats can ferry a specified number of souls a given
    distance over a day"), AUTHORED: no boat card exists, so each map's boats are its data."""

    dock: StandId
    """The dock it is launched from (its first landing spot)."""
    capacity: int
    """Souls it ferries at once."""
    distance: int
    """Paths it crosses in a day, through water and dock stands."""

    def __reduce__(self) -> tuple[Any, ...]:
        """As ``Stand.__reduce__``."""
        return (Boat, (self.dock, self.capacity, self.distance))


@dataclasses.dataclass(frozen=True)
class KipukaMap:
    """One map: stands by id, paths (a path is one space of movement), geography by territory.

    What the rules ask of the map at every move (``exits``, ``water``, ``camp_of``...) is worked
    out once when the map is built (``__post_init__``) and kept in typed fields, and the caches
    it fills during play are :class:`Memo` fields: compiled (mypyc), the map is a native class
    whose fields the compiled rules read directly (no cached property: mypyc compiles one as a
    plain property, worked out again at every read, ``docs/native.md``)."""

    name: str
    players: int
    geography: tuple[str, ...]
    transit: frozenset[Territory]
    stands: dict[StandId, Stand]
    """(A dict, typed so: compiled, a lookup in one is a dict's own, not a ``Mapping``'s.)"""
    paths: tuple[tuple[StandId, StandId, bool], ...]  # (a, b, underground tunnel)
    boats: tuple[Boat, ...] = ()
    coastline: tuple[int, ...] = ()
    """Per territory (1 first), its length of coast (Coastal war, #playstyleoptions), AUTHORED:
    one for each path from the territory to a water territory, one more for a dock; empty: none."""
    neighbours: Mapping[StandId, tuple[StandId, ...]] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """Per stand: the stands one path away, sorted."""
    exits: Mapping[StandId, tuple[tuple[StandId, bool], ...]] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """Per stand: the stands one path away and whether that path is an underground tunnel."""
    water: frozenset[StandId] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """The stands of water territories (#geography: swimming, boats)."""
    of_geography: dict[str, frozenset[Territory]] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """Per geography on the map, its territories (the habitat effects at each cycle's start ask
    which pieces stand in one: a number looked up, not a geography's name compared per piece)."""
    holdable: tuple[Territory, ...] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """The territories that can be held (every one but the transit territories)."""
    touching: frozenset[tuple[Territory, Territory]] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """Pairs of territories a path joins (both orders)."""
    _camps: Mapping[Territory, StandId] = dataclasses.field(
        init=False, compare=False, hash=False, repr=False)
    """``camp_of`` per territory (the rules ask it on every claim and move)."""
    memo: Memo[int, list[StandId]] = dataclasses.field(
        default_factory=Memo, init=False, compare=False, hash=False, repr=False)
    """What the day's listing works out from the map and a few numbers of a position (the
    camps of a holding: ``rules.day._held_camps``), kept here across positions and games;
    the lists are only read."""
    _landings: Memo[tuple[StandId, int], tuple[StandId, ...]] = dataclasses.field(
        default_factory=Memo, init=False, compare=False, hash=False, repr=False)
    _balls: Memo[StandId, dict[int, dict[StandId, tuple[StandId, ...]]]] = dataclasses.field(
        default_factory=Memo, init=False, compare=False, hash=False, repr=False)
    """``ball`` by start, then by steps and the two flags as one small number (two lookups of
    keys that hash at once: a tuple key is built and hashed anew at every soul listed)."""
    _spans: Memo[StandId, Mapping[StandId, int]] = dataclasses.field(
        default_factory=Memo, init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        # A frozen dataclass: each derived field set once, here, as the dataclass sets its own.
        near: dict[StandId, list[tuple[StandId, bool]]] = {stand: [] for stand in self.stands}
        pairs: set[tuple[Territory, Territory]] = set()
        for a, b, tunnel in self.paths:
            if a in near and b in near:  # (unknown stands: ``_check`` names them)
                near[a].append((b, tunnel))
                near[b].append((a, tunnel))
                one, two = self.stands[a].territory, self.stands[b].territory
                if one != two:
                    pairs |= {(one, two), (two, one)}
        exits = {stand: tuple(sorted(others)) for stand, others in near.items()}
        object.__setattr__(self, "exits", exits)
        object.__setattr__(self, "neighbours", {stand: tuple(sorted(b for b, _ in others))
                                                for stand, others in near.items()})
        object.__setattr__(self, "touching", frozenset(pairs))
        water = [s.id for s in self.stands.values() if 0 < s.territory <= len(self.geography)
                 and self.geography[s.territory - 1] == "Water"]
        object.__setattr__(self, "water", frozenset(water))
        kinds: dict[str, set[Territory]] = {}
        for number, geography in enumerate(self.geography, 1):
            kinds.setdefault(geography, set()).add(number)
        object.__setattr__(self, "of_geography", {kind: frozenset(ts) for kind, ts in kinds.items()})
        object.__setattr__(self, "holdable", tuple(t for t in self.territories if t not in self.transit))
        camps: dict[Territory, StandId] = {}
        for t in self.territories:
            movement = [s.id for s in self.stands.values() if s.territory == t]
            found = self.base_camp(t) or min(movement, default="")
            if found:  # (a territory without stands: ``_check`` names it)
                camps[t] = found
        object.__setattr__(self, "_camps", camps)

    def __reduce__(self) -> tuple[Any, ...]:
        """As ``Stand.__reduce__``: the map's data, its derived fields worked out again and its
        caches (``Memo``) new."""
        data = (self.name, self.players, self.geography, self.transit, self.stands, self.paths,
                self.boats, self.coastline)
        return (KipukaMap, data)

    def landings(self, start: StandId, distance: int) -> tuple[StandId, ...]:
        """The docks a boat at ``start`` reaches within ``distance`` paths, crossing only water
        and dock stands (no tunnel), sorted; cached."""
        key = (start, distance)
        found = self._landings.get(key)
        if found is None:
            ways, todo = {start: 0}, deque([start])
            while todo:
                here = todo.popleft()
                for there, tunnel in self.exits[here]:
                    afloat = there in self.water or self.stands[there].dock
                    if there in ways or tunnel or not afloat or ways[here] >= distance:
                        continue
                    ways[there] = ways[here] + 1
                    todo.append(there)
            found = self._landings[key] = tuple(sorted(s for s in ways if s != start and self.stands[s].dock))
        return found

    @property
    def territories(self) -> range:
        return range(1, len(self.geography) + 1)

    def ball(self, start: StandId, steps: int, digs: bool, swims: bool) -> dict[StandId, tuple[StandId, ...]]:
        """The stands within ``steps`` of ``start`` with the shortest way to each (start
        excluded), through tunnels only for diggers and water only for swimmers; cached."""
        balls = self._balls.get(start)
        if balls is None:
            balls = self._balls[start] = {}
        key = steps * 4 + digs * 2 + swims  # (one number per steps and flags)
        found = balls.get(key)
        if found is None:
            found = balls[key] = self._ball(start, steps, digs, swims)
        return found

    def _ball(
        self, start: StandId, steps: int, digs: bool, swims: bool
    ) -> dict[StandId, tuple[StandId, ...]]:
        ways: dict[StandId, tuple[StandId, ...]] = {start: ()}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            if len(ways[here]) >= steps:
                continue
            for there, tunnel in self.exits[here]:
                if there in ways or (tunnel and not digs) or (there in self.water and not swims):
                    continue
                ways[there] = (*ways[here], there)
                todo.append(there)
        del ways[start]
        return ways

    @property
    def spans(self) -> Mapping[StandId, Mapping[StandId, int]]:
        """``distance`` between every two stands, worked out at the first read and kept (the
        play styles' AI goals ask it for every soul at every evaluation)."""
        table = self._spans
        if not table:
            for start in self.stands:
                table[start] = {goal: self.distance(start, goal) for goal in self.stands}
        return table

    def distance(self, start: StandId, goal: StandId) -> int:
        """Spaces of movement on the shortest way (no enemies or water considered)."""
        seen, todo = {start: 0}, deque([start])
        while todo:
            here = todo.popleft()
            for there in self.neighbours[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    todo.append(there)
        return seen[goal]

    def camp_of(self, territory: Territory) -> StandId:
        """The stand a territory's claim sits on: its territory stand, or for a transit
        territory its first movement stand (where its traps and features lie)."""
        return self._camps[territory]

    def base_camp(self, territory: Territory) -> StandId | None:
        """The territory stand of ``territory`` (None for a transit territory)."""
        camps = [s.id for s in self.stands.values() if s.territory == territory and s.kind == "territory"]
        return camps[0] if camps else None


def _stand(name: str, raw: Mapping[str, Any]) -> Stand:
    # (interned, as every stand id the map hands out: a stand is looked up by id in the map's
    # dicts at every move listed, and the very key object is found without comparing characters)
    stand_id = sys.intern(field(FILE, name, raw, "id", str))
    kind = choice(FILE, f"{name}: {stand_id}", raw, "kind", {"territory", "movement"})
    territory = field(FILE, f"{name}: {stand_id}", raw, "territory", int)
    return Stand(stand_id, territory, kind, bool(raw.get("dock")))


def _boat(name: str, raw: Mapping[str, Any]) -> Boat:
    return Boat(
        sys.intern(field(FILE, f"{name}: boat", raw, "dock", str)),
        field(FILE, f"{name}: boat", raw, "capacity", int),
        field(FILE, f"{name}: boat", raw, "distance", int),
    )


def _map(name: str, raw: Mapping[str, Any]) -> KipukaMap:
    if raw.get("source") != "authored":
        raise DataError(FILE, name, "source", "must be 'authored' (no official map is published)")
    # (interned: the habitat effects compare a piece's territory's geography with a name)
    geography = tuple(sys.intern(g) if isinstance(g, str) else g
                      for g in field(FILE, name, raw, "geography", list))
    if not MIN_TERRITORIES <= len(geography) <= MAX_TERRITORIES:
        sizes = f"{MIN_TERRITORIES} to {MAX_TERRITORIES}"
        raise DataError(FILE, name, "geography", f"a map has {sizes} territories, this one {len(geography)}")
    if unknown := sorted(set(geography) - GEOGRAPHY):
        raise DataError(FILE, name, "geography", f"unknown geography {unknown}")
    stands = [_stand(name, entry) for entry in field(FILE, name, raw, "stands", list)]
    paths = tuple((sys.intern(str(p[0])), sys.intern(str(p[1])), "tunnel" in p[2:])
                  for p in field(FILE, name, raw, "paths", list))
    built = KipukaMap(
        name,
        field(FILE, name, raw, "players", int),
        geography,
        frozenset(field(FILE, name, raw, "transit", list)),
        {s.id: s for s in stands},
        paths,
        tuple(_boat(name, entry) for entry in raw.get("boats", [])),
        tuple(int(n) for n in raw.get("coastline", [])),
    )
    _check(built)
    return built


def _check(board: KipukaMap) -> None:
    """Territories, stands and paths agree (a broken map names what is wrong)."""
    if board.coastline and len(board.coastline) != len(board.geography):
        raise DataError(FILE, board.name, "coastline", "one length per territory")
    for territory in board.territories:
        camps = [s for s in board.stands.values() if s.territory == territory and s.kind == "territory"]
        expected = 0 if territory in board.transit else 1
        if len(camps) != expected:
            raise DataError(
                FILE,
                board.name,
                f"territory {territory}",
                f"needs {expected} territory stand(s), has {len(camps)}",
            )
    if stray := sorted({s.territory for s in board.stands.values()} - set(board.territories)):
        raise DataError(FILE, board.name, "stands", f"territories {stray} are not on the map")
    if bad := sorted({end for a, b, _ in board.paths for end in (a, b)} - set(board.stands)):
        raise DataError(FILE, board.name, "paths", f"unknown stands {bad}")
    for boat in board.boats:
        if boat.dock not in board.stands or not board.stands[boat.dock].dock:
            raise DataError(FILE, board.name, "boats", f"a boat's dock {boat.dock!r} is not a dock stand")
    first = next(iter(board.stands))
    unreachable = [s for s in board.stands if s != first and not _reaches(board, first, s)]
    if unreachable:
        raise DataError(FILE, board.name, "paths", f"stands {unreachable} cannot be reached")


def _reaches(board: KipukaMap, start: StandId, goal: StandId) -> bool:
    try:
        board.distance(start, goal)
    except KeyError:
        return False
    return True


@data_cache
def load_maps(path: Path | None = None) -> Mapping[str, KipukaMap]:
    """Every map of ``maps.toml`` (or of ``path``), checked, as the file says now (``--set``
    applied): a game's ``maps``. Built once per overrides in force, so games with the same data
    share each map and the reach it caches (``KipukaMap.ball``)."""
    raw = read_toml(path or package_dir("soulforge.games.kipukas") / FILE)
    return {name: _map(name, entry) for name, entry in raw["maps"].items()}
