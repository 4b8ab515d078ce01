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

from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.tensor import put
from soulforge.games.soulshards.data import ATTRS
from soulforge.games.soulshards.rules import PROMPTS
from soulforge.games.soulshards.sequence import SPOTS

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soulshards.game import Soulshards
    from soulforge.games.soulshards.state import ShardsState

STEPS = tuple(PROMPTS)
UNIT = ("present", "character", "fatigue", "prepared", "pinned", "provoked", "martial", "elude", "endure",
        "attached")
SOURCES = ("hand", "Stockpile", "Arsenal")


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
        for deck in game.decks:
            pool = np.zeros(cards, dtype=np.float32)
            for name in deck.cards + deck.reserves:
                pool[self.card[name]] += 1
            self.pools.append(pool)
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))
        cards_at = [self.at["seats"] + rel * self.seat_block + 9 + 2 * a for rel in range(2)]
        self.slots = [tuple(self._slots(start + k * cards) for k in range(3)) for start in cards_at]
        """Per relative seat, each card's index in its Home, Stockpile and known-bottom fields."""
        self.own = tuple(self._slots(self.at[name]) for name in ("hand", "reserves", "unseen"))
        """Each card's index in the viewer's hand, Reserves and unseen fields."""

    def _slots(self, base: int) -> dict[str, int]:
        """Each card's index in a per-card field starting at ``base``."""
        return {name: base + at for name, at in self.card.items()}

    def write(self, s: ShardsState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (the encoder applies both at once)."""
        at, card, cards, unit_width = self.at, self.card, self.cards, self.unit
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        ones: list[int] = []
        add = ones.append
        counts: list[int] = []
        more, extend = counts.append, counts.extend
        units, cards_by_name = s.units, s.cards
        spots = at["spots"]
        for rel in range(2):
            p = (seat + rel) % 2
            for zone in range(2):
                base = spots + (2 * rel + zone) * self.per_zone * unit_width
                for index, uid in enumerate(s.zones[p][zone]):
                    u = units[uid]
                    here = base + index * unit_width
                    # the UNIT numbers (stats as state.stat, inlined: three calls a unit cost more)
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
                    printed, temp = u.card, u.temp
                    martial, elude, endure = (printed.martial + temp[0], printed.elude + temp[1],
                                              printed.endure + temp[2])
                    for name in u.attached:
                        equip = cards_by_name[name].equip_stats
                        martial, elude, endure = martial + equip[0], elude + equip[1], endure + equip[2]
                    mv[here + 6] = max(martial, 0)
                    mv[here + 7] = max(elude, 0)
                    mv[here + 8] = max(endure, 1)
                    if u.attached:
                        mv[here + 9] = len(u.attached)
                    add(here + 10 + card[u.card.name])
        a = len(ATTRS)
        for rel in range(2):
            p = (seat + rel) % 2
            here = at["seats"] + rel * self.seat_block
            arsenal, bottom = s.arsenal[p], s.known_bottom[p]
            put(mv, here, (s.resolve[p], s.edge[p], len(arsenal), bottom, len(s.hand[p]),
                                  len(s.reserves[p]), s.swaps[p], len(s.home[p]), len(s.stockpile[p])))
            pool = s.pool[p]
            put(mv, here + 9, (pool[0], pool[1], pool[2], pool[3]))
            for attr in s.cities[p].produces:
                add(here + 9 + a + attr)
            per_card = here + 9 + 2 * a
            home, stock, known_bottom = self.slots[rel]
            extend(map(home.__getitem__, s.home[p]))
            extend(map(stock.__getitem__, [name for name, _ in s.stockpile[p]]))
            if bottom:
                extend(map(known_bottom.__getitem__, arsenal[:bottom]))
            out[per_card + 3 * cards:per_card + 4 * cards] = self.pools[p]
            concealed = s.concealed[p]
            if concealed is not None:
                source, name = concealed
                support = per_card + 4 * cards
                add(support)
                if source in SOURCES:
                    add(support + 1 + SOURCES.index(source))
                if source == "Stockpile" or (source == "hand" and p == seat):
                    add(support + 1 + len(SOURCES) + card[name])
        hand, reserves, unseen = self.own
        extend(map(hand.__getitem__, s.hand[seat]))
        extend(map(reserves.__getitem__, s.reserves[seat]))
        extend(map(unseen.__getitem__, s.arsenal[seat][s.known_bottom[seat]:]))
        mine = s.concealed[seat]
        if mine is not None and mine[0] == "Arsenal":
            more(unseen[mine[1]])
        if s.step in PROMPTS:
            add(at["step"] + STEPS.index(s.step))
        out[at["turn"]] = s.turn
        over = s.step == "over"
        if not over:
            add(at["active"] + (s.active - seat) % 2)
            add(at["decider"] + (s.decider - seat) % 2)
        if s.first_player is not None:
            add(at["first_player"] + (s.first_player - seat) % 2)
        out[at["no_more_attacks"]] = s.no_attack
        for name in s.casting:
            if name in card:
                more(at["casting"] + card[name])
        for owner, name in s.triggers:
            if name in card:
                more(at["triggers"] + ((owner - seat) % 2) * cards + card[name])
        fight = s.fight
        if fight:
            here = at["fight"]
            out[here] = 1
            fighter = fight.get("seat")
            if isinstance(fighter, int):
                add(here + 1 + (fighter - seat) % 2)
            put(mv, here + 3, (fight.get("dl", 0) or 0, fight.get("dl_mod", 0) or 0,
                                      fight.get("damage_mod", 0) or 0, fight.get("guard", 0) or 0,
                                      len(fight.get("support") or ())))
        if over:
            add(at["winner"] + (2 if s.winner is None else (s.winner - seat) % 2))
        return ones, counts

