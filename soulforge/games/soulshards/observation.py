"""The structured observation of a Soulshards seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: both Cities,
Resolve, Attributes, Edge, every card in play (Battlefields and Keeps by spot), Homes,
Stockpiles and the known bottom of each Arsenal, the seat's own hand and Reserves and the
multiset of its unseen cards; another seat's hand only as a count, a concealed Support card
only where the view shows it. Seats are relative (the viewer's first). Cards are counted
over the game's card catalogue (sorted names). Only the interop adapters import this
module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from itertools import accumulate
from operator import attrgetter
from struct import Struct
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.blocks import put, remember
from soulforge.games.soulshards.data import ATTRS
from soulforge.games.soulshards.rules import PROMPTS
from soulforge.games.soulshards.sequence import SPOTS

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soulshards.data import CardDef
    from soulforge.games.soulshards.game import Soulshards
    from soulforge.games.soulshards.state import ShardsState, Unit

STEPS = tuple(PROMPTS)
UNIT = ("present", "character", "fatigue", "prepared", "pinned", "provoked", "martial", "elude", "endure",
        "attached")
SOURCES = ("hand", "Stockpile", "Arsenal")
UNIT_KEY = attrgetter("card", "is_char", "fatigue", "prepared", "pinned", "provoked", "temp", "attached")
"""Every field of a unit :meth:`Observer._write_unit` reads, read in C: equal keys, equal
blocks (the card compared as an object, hashed by name: a game's cards are fixed)."""
SEAT_NUMBERS = Struct(f"{9 + 2 * len(ATTRS)}f")
"""A seat's first numbers (Resolve to Stockpile size, its Attribute pool, what its City
produces), in one call."""
UnitKey = tuple[Any, ...]
Block = Any
"""Cells to copy into an observation: a memoryview of float32 values."""
UnitBlock = tuple[UnitKey, Block]
"""A unit's key (its Attached list copied) and its block (a float memoryview)."""
CountKey = tuple[list[Any], ...]
CountBlock = tuple[CountKey, Block, list[bytes]]
"""Lists of cards (copies), their per-card counts one list after the other (a float
memoryview), and each list's part (bytes)."""
BLOCKS = 4096
"""The bound of each cache keyed by unit (``blocks.remember``'s: a game makes a few hundred)."""


class Observer:
    """Writes a Soulshards seat's fields (see :attr:`fields`)."""

    def __init__(self, game: Soulshards) -> None:
        state = game.new_game(seed=0)
        self.catalogue = sorted(state.cards)
        self.card = {name: at for at, name in enumerate(self.catalogue)}
        cards = self.cards = len(self.catalogue)
        self.per_zone = len(SPOTS[0][0])
        self.unit = len(UNIT) + cards
        a = len(ATTRS)
        self.seat_block = 9 + a + a + 4 * cards + 1 + len(SOURCES) + cards
        self.fields: list[tuple[str, int, str]] = [
            ("spots", 4 * self.per_zone * self.unit,
             f"per spot: the viewer's Battlefield, its Keep, then the other seat's "
             f"({self.per_zone} spots each, in spot order), {self.unit} each: {', '.join(UNIT)} (count), "
             f"card one-hot ({cards}, catalogue order)"),
            ("seats", 2 * self.seat_block,
             f"per seat, the viewer first, {self.seat_block} each: Resolve, Edge, Arsenal size, "
             "known Arsenal "
             f"bottom, hand size, Reserves size, swaps, Home size, Stockpile size, Attribute pool ({a}: "
             f"{', '.join(ATTRS)}), City produces ({a}), Home per card ({cards}), "
             f"Stockpile per card ({cards}), "
             f"known Arsenal bottom per card ({cards}), deck pool per card ({cards}), Support: concealed, "
             f"source one-hot ({', '.join(SOURCES)}), the card if shown ({cards})"),
            ("hand", cards, "the viewer's hand, per card"),
            ("reserves", cards, "the viewer's Reserves, per card"),
            ("unseen", cards, "the viewer's unseen cards (Arsenal above its known bottom, its own concealed "
             "Arsenal Support), per card"),
            ("step", len(STEPS), f"step one-hot ({', '.join(STEPS)})"),
            ("turn", 1, "turn number"),
            ("active", 2, "the active seat, relative one-hot"),
            ("decider", 2, "the deciding seat, relative one-hot"),
            ("first_player", 2, "the first player, relative one-hot"),
            ("no_more_attacks", 1, "1 once no more attacks may be declared"),
            ("casting", cards, "cards being cast, per card"),
            ("triggers", 2 * cards, "pending Exhausted triggers: per seat (relative), per card"),
            ("fight", 8, "fight in progress: present, seat relative (2), DL, DL modifier, damage modifier, "
             "guard, supports"),
            ("winner", 3, "winner relative one-hot, then 1 if over with no winner"),
        ]
        self.pools = []
        """Per seat, its deck's cards and Reserves per card (public, fixed for the game)."""
        self.game_pool = [list(deck.cards + deck.reserves) for deck in game.decks]
        """Per seat, its deck's cards and Reserves (public, fixed for the game)."""
        for deck_pool in self.game_pool:
            pool = np.zeros(cards, dtype=np.float32)
            for name in deck_pool:
                pool[self.card[name]] += 1
            self.pools.append(pool)
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))
        cards_at = [self.at["seats"] + rel * self.seat_block + 9 + 2 * a for rel in range(2)]
        self.slots = [tuple(self._slots(start + k * cards) for k in range(3)) for start in cards_at]
        """Per relative seat, each card's index in its Home, Stockpile and known-bottom fields."""
        self.own = tuple(self._slots(self.at[name]) for name in ("hand", "reserves", "unseen"))
        """Each card's index in the viewer's hand, Reserves and unseen fields."""
        self._seen: dict[int, UnitBlock] = {}
        """Per unit id, the key and block last written for it."""
        self._unit_blocks: dict[tuple[object, ...], Block] = {}
        """A unit's block by its key (the card by name, Attached as a tuple)."""
        self._seat_cards: list[CountBlock | None] = [None, None]
        """Per seat (absolute), the last block of its Home, Stockpile, known bottom and deck
        pool per card, with the lists it counts."""
        self._own_cards: list[CountBlock | None] = [None, None]
        """Per seat (absolute), the last block of its hand, Reserves and unseen cards per card."""
        self._produces: dict[tuple[int, ...], tuple[int, ...]] = {}
        """A City's produces field by the Attributes it produces."""
        self._cards_by_name: Mapping[str, CardDef] | None = None
        """The card definitions the blocks were made with (a state's ``cards``)."""
        self._pools = [pool.tobytes() for pool in self.pools]
        """Each seat's deck pool field as bytes (the tail of its cached per-card block)."""
        self._no_cards = bytes(4 * cards)
        self._step_at = {step: self.at["step"] + k for k, step in enumerate(STEPS)}
        self._seats_at, self._fight_at = self.at["seats"], self.at["fight"]

    @staticmethod
    def _write_unit(u: Unit, cards_by_name: Mapping[str, CardDef], mv: Any, here: int, card: dict[str, int]) \
            -> None:
        """Write one unit's :data:`UNIT` numbers and its card's one-hot from ``here`` on."""
        mv[here] = 1
        if u.is_char:
            mv[here + 1] = 1
        if u.fatigue:
            mv[here + 2] = u.fatigue
        if u.prepared:
            mv[here + 3] = 1
        if u.pinned:
            mv[here + 4] = 1
        if u.provoked:
            mv[here + 5] = 1
        # the stats as state.stat gives them, inlined (three calls a unit cost more)
        printed, temp = u.card, u.temp
        martial, elude, endure = printed.martial + temp[0], printed.elude + temp[1], printed.endure + temp[2]
        for name in u.attached:
            equip = cards_by_name[name].equip_stats
            martial, elude, endure = martial + equip[0], elude + equip[1], endure + equip[2]
        mv[here + 6] = max(martial, 0)
        mv[here + 7] = max(elude, 0)
        mv[here + 8] = max(endure, 1)
        if u.attached:
            mv[here + 9] = len(u.attached)
        mv[here + 10 + card[printed.name]] = 1

    def _unit_block(self, s: ShardsState, uid: int, key: UnitKey) -> UnitBlock:
        """The block of unit ``uid`` (key ``key``): the one made for an equal key, else made
        now; with the key to check it by (Attached copied: a unit's own list changes in place)."""
        hashable = (key[0].name, *key[1:-1], tuple(key[-1]))
        block = self._unit_blocks.get(hashable)
        if block is None:
            cells = np.zeros(self.unit, dtype=np.float32)
            self._write_unit(s.units[uid], s.cards, cells.data, 0, self.card)
            block = remember(self._unit_blocks, hashable, memoryview(cells.tobytes()).cast("f"), BLOCKS)
        return (*key[:-1], list(key[-1])), block

    def _counted(self, fields: CountKey, last: CountBlock | None, pairs: int = -1, tail: bytes = b"") \
            -> CountBlock:
        """The per-card counts of each of ``fields`` (lists of card names; the one at ``pairs``
        of (name, n) pairs), one after the other, then ``tail``; with copies of the lists to check
        it by and each list's part (that of ``last``, the block these lists replace, where its
        list was equal)."""
        cards, index = self.cards, self.card
        parts = []
        for k, items in enumerate(fields):
            if last is not None and last[0][k] == items:
                parts.append(last[2][k])
            elif not items:
                parts.append(self._no_cards)
            else:
                cells = [0.0] * cards
                for item in items:
                    cells[index[item[0] if k == pairs else item]] += 1
                parts.append(array("f", cells).tobytes())
        return tuple(map(list, fields)), memoryview(b"".join(parts) + tail).cast("f"), parts

    def _count_into(self, mv: Any, here: int, fields: CountKey, pairs: int = -1) -> None:
        """Add the per-card counts of each of ``fields`` (as :meth:`_counted`) from ``here`` on."""
        cards, index = self.cards, self.card
        for k, items in enumerate(fields):
            base = here + k * cards
            for item in items:
                mv[base + index[item[0] if k == pairs else item]] += 1

    def _slots(self, base: int) -> dict[str, int]:
        """Each card's index in a per-card field starting at ``base``."""
        return {name: base + at for name, at in self.card.items()}

    def clear(self) -> None:
        """Forget every cached block (the next write makes each anew)."""
        self._cards_by_name = None
        self._seen.clear()
        self._unit_blocks.clear()
        self._seat_cards[:] = [None, None]
        self._own_cards[:] = [None, None]

    def write(self, s: ShardsState, seat: int, out: Tensor, cached: bool = True) \
            -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to count (the encoder
        adds them; the ones are written here).

        Each unit in play and the per-card fields are copied as blocks: a unit's from the last
        one made for its id when its key (:data:`UNIT_KEY`) is equal, else from the one made for
        an equal key; a seat's per-card fields from the last ones made when the card lists are
        equal. A cached block is a function of the data it is checked against alone, so a cache
        filled by any state, clone, determinization or restored copy gives exactly what a fresh
        build gives, and tells nothing else. ``cached=False`` writes every unit and count anew
        (the plain statement the differential test holds the cached one to)."""
        if s.cards is not self._cards_by_name:  # blocks are read with the game's card definitions
            self.clear()
            self._cards_by_name = s.cards
        at, card, cards, unit_width = self.at, self.card, self.cards, self.unit
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        counts: list[int] = []
        more = counts.append
        units, cards_by_name, seen = s.units, s.cards, self._seen
        spots, zone_width = at["spots"], self.per_zone * unit_width
        for rel in range(2):
            p = (seat + rel) % 2
            for zone in range(2):
                here = spots + (2 * rel + zone) * zone_width
                if not cached:
                    for uid in s.zones[p][zone]:
                        self._write_unit(units[uid], cards_by_name, mv, here, card)
                        here += unit_width
                    continue
                for uid in s.zones[p][zone]:
                    key = UNIT_KEY(units[uid])
                    last = seen.get(uid)
                    if last is None or last[0] != key:
                        last = remember(seen, uid, self._unit_block(s, uid, key), BLOCKS)
                    mv[here:here + unit_width] = last[1]
                    here += unit_width
        a = len(ATTRS)
        seat_cards = self._seat_cards
        for rel in range(2):
            p = (seat + rel) % 2
            here = self._seats_at + rel * self.seat_block
            arsenal, bottom, pool = s.arsenal[p], s.known_bottom[p], s.pool[p]
            home, stockpile = s.home[p], s.stockpile[p]
            city = s.cities[p].produces
            produces = self._produces.get(city)
            if produces is None:
                produces = self._produces[city] = tuple(int(attr in city) for attr in range(a))
            SEAT_NUMBERS.pack_into(mv, 4 * here, s.resolve[p], s.edge[p], len(arsenal), bottom,
                                   len(s.hand[p]), len(s.reserves[p]), s.swaps[p], len(home),
                                   len(stockpile), *pool, *produces)
            here += 9 + 2 * a
            key = (home, stockpile, arsenal[:bottom])
            if cached:
                made = seat_cards[p]
                if made is None or made[0] != key:
                    made = seat_cards[p] = self._counted(key, made, pairs=1, tail=self._pools[p])
                mv[here:here + 4 * cards] = made[1]
            else:
                self._count_into(mv, here, (*key, self.game_pool[p]), pairs=1)
            concealed = s.concealed[p]
            if concealed is not None:
                source, name = concealed
                support = here + 4 * cards
                mv[support] = 1
                if source in SOURCES:
                    mv[support + 1 + SOURCES.index(source)] = 1
                if source == "Stockpile" or (source == "hand" and p == seat):
                    mv[support + 1 + len(SOURCES) + card[name]] = 1
        key = (s.hand[seat], s.reserves[seat], s.arsenal[seat][s.known_bottom[seat]:])
        here = at["hand"]
        if cached:
            made = self._own_cards[seat]
            if made is None or made[0] != key:
                made = self._own_cards[seat] = self._counted(key, made)
            mv[here:here + 3 * cards] = made[1]
        else:
            self._count_into(mv, here, key)
        mine = s.concealed[seat]
        if mine is not None and mine[0] == "Arsenal":
            more(at["unseen"] + card[mine[1]])
        step = self._step_at.get(s.step)
        if step is not None:
            mv[step] = 1
        mv[at["turn"]] = s.turn
        over = s.step == "over"
        if not over:
            mv[at["active"] + (s.active - seat) % 2] = 1
            mv[at["decider"] + (s.decider - seat) % 2] = 1
        starter = s.starter  # the first player, where there is one yet (``first_player``, no call)
        if starter >= 0:
            mv[at["first_player"] + (starter - seat) % 2] = 1
        if s.no_attack:
            mv[at["no_more_attacks"]] = 1
        for name in s.casting:
            if name in card:
                more(at["casting"] + card[name])
        for owner, name in s.triggers:
            if name in card:
                more(at["triggers"] + ((owner - seat) % 2) * cards + card[name])
        fight = s.fight
        if fight:
            here = self._fight_at
            mv[here] = 1
            fighter = fight.get("seat")
            if isinstance(fighter, int):
                mv[here + 1 + (fighter - seat) % 2] = 1
            put(mv, here + 3, (fight.get("dl", 0) or 0, fight.get("dl_mod", 0) or 0,
                               fight.get("damage_mod", 0) or 0, fight.get("guard", 0) or 0,
                               len(fight.get("support") or ())))
        if over:
            mv[at["winner"] + (2 if s.winner is None else (s.winner - seat) % 2)] = 1
        return [], counts
