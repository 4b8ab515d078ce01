"""The structured observation of a Soul of Ankiril seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the battlefield,
both players' public facts, the seat's own hand and the multiset of its unknown deck, the
other seat's unseen cards as a multiset. Seats are relative (the viewer's block first).
Cards are counted over the game's card catalogue (sorted names). Only the interop adapters
import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from itertools import accumulate
from operator import attrgetter
from struct import Struct
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.blocks import FLOAT, byte_view, remember, tally
from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.board import ELEMENTS
from soulforge.games.soul_of_ankiril.model import OVER, PLAY, SETUP, Creature, leader_of
from soulforge.games.soul_of_ankiril.sequence import CELL_FIELDS, highlight

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril
    from soulforge.games.soul_of_ankiril.state import AnkirilState

TERRAINS = ("neutral", "anomaly", "emanation", "deployment", "elemental", "raised")
STAGES = (SETUP, PLAY, OVER)
UNIT = ("present", "mine", "attack", "health", "max_health", "leader", "token", "active", "moved",
        "acted", "poisoned", "poison", "reinforced", "challenged", "challenging")
UNIT_KEY = attrgetter("owner", "atk", "tmp_atk", "hp", "max_hp", "active", "moved", "acted", "poisoned",
                      "poison", "reinforced", "challenged_by", "challenging", "card.name")
"""Everything a Creature's block is read from but its cell and element: a card's data is
fixed per game, so its card slot and its Leader and token flags follow from its name (a
Creature's ``leader`` is its card's type, set once); its cell and element matter only to an
Affinity card's attack (``consequences.attack_of``), whose blocks are kept by key, cell and
element."""
CELL = attrgetter("cell")
AFFINITY = "Affinity"
UNIT_NUMBERS = Struct(f"{len(UNIT)}f")
"""A Creature's :data:`UNIT` numbers, packed at once."""
SEAT_NUMBERS = Struct("11f")
"""A seat's numbers before its per-card counts, packed at once."""
ONE = Struct("f")


class Observer:
    """Writes a Soul of Ankiril seat's fields (see :attr:`fields`)."""

    def __init__(self, game: SoulOfAnkiril) -> None:
        state = game.new_game(seed=0)
        board = state.board
        self.catalogue = sorted(state.cards)
        self.card = {name: at for at, name in enumerate(self.catalogue)}
        self.elements = sorted(ELEMENTS.values())
        self.turn_limit = game.turn_limit
        cards, cells = len(self.catalogue), board.size
        static = np.zeros(cells * (len(TERRAINS) + len(self.elements) + 2), dtype=np.float32)
        terrain_width = len(TERRAINS) + len(self.elements) + 2
        for cell in range(cells):
            here = cell * terrain_width
            static[here + TERRAINS.index(board.kind[cell])] = 1
            element = board.element[cell]
            if element is not None:
                static[here + len(TERRAINS) + self.elements.index(element)] = 1
            side = board.side[cell]
            if side is not None:
                static[here + len(TERRAINS) + len(self.elements) + side] = 1
        self.static = static.tobytes()
        """The terrain field (the board is the game's, the same in every state)."""
        self.unit = len(UNIT) + cards
        self.seat_block = 8 + 3 + 3 * cards
        self.fields: list[tuple[str, int, str]] = [
            ("terrain", cells * terrain_width,
             f"per cell ({cells}, in cell order), {terrain_width} each: "
             f"terrain one-hot ({', '.join(TERRAINS)}), "
             f"element one-hot ({', '.join(self.elements)}), on seat 0's / seat 1's player board (absolute)"),
            ("units", cells * self.unit,
             f"per cell, {self.unit} each: the creature there: {', '.join(UNIT)} "
             f"(challenged/challenging: 1 if any), card one-hot ({cards}, catalogue order)"),
            ("seats", 2 * self.seat_block,
             f"per seat, the viewer first, {self.seat_block} each: energy, hand size, deck size, known top "
             "cards, emanations left, leader arrow, offspring left, element-leader mirror flag, emanation "
             f"health (3), known top cards per card ({cards}), discard per card ({cards}), "
             f"decklist per card ({cards})"),
            ("hand", cards, "the viewer's hand, per card"),
            ("deck", cards, "the viewer's unknown deck cards, per card (their order is hidden)"),
            ("unseen", cards, "the other seat's hand and unknown deck together, per card"),
            ("stage", len(STAGES), f"stage one-hot ({', '.join(STAGES)})"),
            ("turn", 2, "turn number, turns left before the turn limit"),
            ("player", 2, "the seat in turn, relative one-hot"),
            ("winner", 3, "winner relative one-hot, then 1 if over with no winner"),
            ("last", cells, "the cells the last action touched"),
        ]
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))
        self.cards = cards
        self._units: tuple[dict[Hashable, bytes], dict[Hashable, bytes]] = ({}, {})
        """Per viewing seat, a Creature's block by its :data:`UNIT_KEY` (none for Affinity)."""
        self._placed: tuple[dict[Hashable, bytes], dict[Hashable, bytes]] = ({}, {})
        """Per viewing seat, an Affinity Creature's block by its key, cell and element."""
        units_at, width = FLOAT * self.at["units"], FLOAT * self.unit
        self.unit_spans = [slice(units_at + cell * width, units_at + (cell + 1) * width)
                           for cell in range(cells)]
        """Each cell's Creature block in a byte view of the fields."""
        self._tallies: dict[Hashable, bytes] = {}
        """Per-card counts of a tuple of card names (hands, decks, piles)."""
        self._decklists: dict[tuple[tuple[str, ...], ...], tuple[tuple[bytes, bool], tuple[bytes, bool]]] = {}
        self._decklists_key: tuple[tuple[str, ...], ...] | None = None
        self._decklists_found = ((b"", False), (b"", False))
        self._cell_fields: dict[type, Callable[[Any], tuple[Any, ...]]] = {
            kind: _fields_of(kind) for kind in game.action_types
            if dataclasses.is_dataclass(kind) and "__slots__" in vars(kind)}
        """Per action class, its fields of :data:`CELL_FIELDS` (``highlight`` without a
        ``getattr`` per name)."""
        self.span = FLOAT * cards
        """Bytes of a per-card field."""
        self.seat_start = [FLOAT * (self.at["seats"] + rel * self.seat_block) for rel in range(2)]
        """Byte offset of each relative seat's block."""
        self.hand_start = FLOAT * self.at["hand"]
        assert self.at["deck"] == self.at["hand"] + cards and self.at["unseen"] == self.at["deck"] + cards

    def _decklists_of(self, st: AnkirilState) -> tuple[tuple[bytes, bool], tuple[bytes, bool]]:
        """Per seat, its decklist per card and whether both Leaders share an element (both
        fixed for a game: made once per pair of decklists, found by identity first)."""
        key = st.decklists
        if key is self._decklists_key:
            return self._decklists_found
        found = self._decklists.get(key)
        if found is None:
            leaders = [leader_of(deck, st.cards).element for deck in key]
            mirror = leaders[0] == leaders[1]
            counts = [tally(map(self.card.__getitem__, deck), self.cards) for deck in key]
            found = self._decklists[key] = ((counts[0], mirror), (counts[1], mirror))
        self._decklists_key, self._decklists_found = key, found
        return found

    def _unit(self, st: AnkirilState, seat: int, c: Creature, key: Hashable) -> bytes:
        """The block of Creature ``c`` as ``seat`` sees it (cached under ``key``, the
        Creature's :data:`UNIT_KEY`, and for an Affinity card its cell too)."""
        affinity = AFFINITY in c.card.keywords
        if affinity:
            found = self._placed[seat].get((key, c.cell, c.element))
            if found is not None:
                return found
        block = bytearray(FLOAT * self.unit)
        UNIT_NUMBERS.pack_into(
            block, 0, 1, c.owner == seat, consequences.attack_of(st, c), c.hp, c.max_hp, c.leader,
            c.card.type == "token", c.active, c.moved, c.acted, bool(c.poisoned), c.poison,
            bool(c.reinforced), c.challenged_by is not None and c.challenged_by != -1,
            c.challenging is not None and c.challenging != -1)
        ONE.pack_into(block, FLOAT * (len(UNIT) + self.card[c.card.name]), 1)
        if affinity:
            return remember(self._placed[seat], (key, c.cell, c.element), bytes(block))
        return remember(self._units[seat], key, bytes(block))

    def _tally(self, names: tuple[str, ...]) -> bytes:
        """The per-card counts of ``names`` (cached under the names themselves)."""
        return remember(self._tallies, names, tally(map(self.card.__getitem__, names), self.cards))

    def write(self, st: AnkirilState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (none: every block is copied in whole, see :mod:`soulforge.core.blocks`)."""
        at, span = self.at, self.span
        raw = byte_view(out)
        raw[: len(self.static)] = self.static
        # the Creatures: one cached block each, keyed by the data it is made from
        units = st.units.values()
        keys = list(map(UNIT_KEY, units))
        blocks = list(map(self._units[seat].get, keys))
        if not all(blocks):  # a block is never empty: only a Creature not met yet
            blocks = [self._unit(st, seat, c, key) if block is None else block
                      for c, key, block in zip(units, keys, blocks, strict=True)]
        for place, block in zip(map(self.unit_spans.__getitem__, map(CELL, units)), blocks, strict=True):
            raw[place] = block  # type: ignore[assignment]  # no None left
        tallies = self._tallies
        found: bytes | None
        decklists = self._decklists_of(st)
        pack = SEAT_NUMBERS.pack_into
        for rel in range(2):
            p = (seat + rel) % 2
            here = self.seat_start[rel]
            deck, known = st.decks[p], st.known_top[p]
            h0, h1, h2 = st.ema_hp[p * 3:p * 3 + 3]
            decklist, mirror = decklists[p]
            pack(raw, here, st.energy[p], len(st.hands[p]), len(deck), known,
                 (h0 > 0) + (h1 > 0) + (h2 > 0),  # as emanations_left
                 st.arrow[p], st.offspring[p], mirror, h0, h1, h2)
            here += SEAT_NUMBERS.size
            if known:
                key = tuple(deck[len(deck) - known:])
                raw[here:here + span] = tallies.get(key) or self._tally(key)
            here += span
            key = tuple(st.discard[p])
            found = tallies.get(key)
            raw[here:here + span] = self._tally(key) if found is None else found
            here += span
            raw[here:here + span] = decklist
        here = self.hand_start
        key = tuple(st.hands[seat])
        found = tallies.get(key)
        raw[here:here + span] = self._tally(key) if found is None else found
        here += span
        mine = st.decks[seat]
        key = tuple(mine[: len(mine) - st.known_top[seat]])
        found = tallies.get(key)
        raw[here:here + span] = self._tally(key) if found is None else found
        here += span
        other = 1 - seat
        theirs = st.decks[other]
        key = tuple(st.hands[other] + theirs[: len(theirs) - st.known_top[other]])
        found = tallies.get(key)
        raw[here:here + span] = self._tally(key) if found is None else found
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        mv[at["stage"] + STAGES.index(st.stage)] = 1
        mv[at["turn"]] = st.turn
        mv[at["turn"] + 1] = self.turn_limit - st.turn
        if st.stage != OVER:
            mv[at["player"] + (st.player - seat) % 2] = 1
        else:
            mv[at["winner"] + (2 if st.winner is None else (st.winner - seat) % 2)] = 1
        action = st.last
        if action is not None:
            size, last = st.board.size, at["last"]
            cells = self._cell_fields.get(type(action))
            for cell in highlight(action) if cells is None else cells(action):
                if isinstance(cell, int) and 0 <= cell < size:
                    mv[last + cell] = 1
        return [], []


def _fields_of(kind: type) -> Callable[[Any], tuple[Any, ...]]:
    """The values of an action class's fields named in :data:`CELL_FIELDS`, as a tuple: the
    cells ``highlight`` reads (a slotted dataclass has exactly its fields; a name it lacks
    reads as -1 there, never a cell)."""
    names = [f.name for f in dataclasses.fields(kind) if f.name in CELL_FIELDS]
    if not names:
        return lambda action: ()
    return attrgetter(*names, names[0])  # a repeated name: a tuple even for one field
