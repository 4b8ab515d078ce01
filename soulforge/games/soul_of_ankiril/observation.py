"""The structured observation of a Soul of Ankiril seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the battlefield,
both players' public facts, the seat's own hand and the multiset of its unknown deck, the
other seat's unseen cards as a multiset. Seats are relative (the viewer's block first).
Cards are counted over the game's card catalogue (sorted names). Only the interop adapters
import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.tensor import put
from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.board import ELEMENTS
from soulforge.games.soul_of_ankiril.model import OVER, PLAY, SETUP
from soulforge.games.soul_of_ankiril.sequence import highlight

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril
    from soulforge.games.soul_of_ankiril.state import AnkirilState

TERRAINS = ("neutral", "anomaly", "emanation", "deployment", "elemental", "raised")
STAGES = (SETUP, PLAY, OVER)
UNIT = ("present", "mine", "attack", "health", "max_health", "leader", "token", "active", "moved",
        "acted", "poisoned", "poison", "reinforced", "challenged", "challenging")


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
        self.static = np.zeros(cells * (len(TERRAINS) + len(self.elements) + 2), dtype=np.float32)
        terrain_width = len(TERRAINS) + len(self.elements) + 2
        for cell in range(cells):
            here = cell * terrain_width
            self.static[here + TERRAINS.index(board.kind[cell])] = 1
            element = board.element[cell]
            if element is not None:
                self.static[here + len(TERRAINS) + self.elements.index(element)] = 1
            side = board.side[cell]
            if side is not None:
                self.static[here + len(TERRAINS) + len(self.elements) + side] = 1
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
        self.top = [self._slots(at + 11) for at in (self.at["seats"], self.at["seats"] + self.seat_block)]
        """Per relative seat, each card's index in its known-top field."""
        self.discard = [self._slots(at + 11 + cards)
                        for at in (self.at["seats"], self.at["seats"] + self.seat_block)]
        """Per relative seat, each card's index in its discard field."""
        self.hand, self.deck, self.unseen = (self._slots(self.at[name])
                                             for name in ("hand", "deck", "unseen"))
        self._decklists: dict[tuple[tuple[str, ...], ...], tuple[npt.NDArray[np.float32], bool]] = {}

    def _slots(self, base: int) -> dict[str, int]:
        """Each card's index in a per-card field starting at ``base``."""
        return {name: base + at for name, at in self.card.items()}

    def _decklist(self, st: AnkirilState, p: int) -> tuple[npt.NDArray[np.float32], bool]:
        """Seat ``p``'s decklist per card, and whether both Leaders share an element (both
        fixed for a game: made once per decklist)."""
        key = (st.decklists[p], st.decklists[1 - p])
        found = self._decklists.get(key)
        if found is None:
            counts = np.zeros(self.cards, dtype=np.float32)
            for name in st.decklists[p]:
                counts[self.card[name]] += 1
            leaders = [next(st.cards[n].element for n in deck if st.cards[n].type == "leader")
                       for deck in key]
            found = self._decklists[key] = (counts, leaders[0] == leaders[1])
        return found

    def write(self, st: AnkirilState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (the encoder applies both at once)."""
        at, card, cards = self.at, self.card, self.cards
        out[: self.static.size] = self.static
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        ones: list[int] = []
        add = ones.append
        counts: list[int] = []
        more = counts.extend
        units = at["units"]
        attack_of = consequences.attack_of
        for c in st.units.values():
            here = units + c.cell * self.unit
            # the UNIT numbers, each written only when not 0
            mv[here] = 1
            if c.owner == seat:
                mv[here + 1] = 1
            mv[here + 2] = attack_of(st, c)
            mv[here + 3] = c.hp
            mv[here + 4] = c.max_hp
            if c.leader:
                mv[here + 5] = 1
            if c.card.type == "token":
                mv[here + 6] = 1
            if c.active:
                mv[here + 7] = 1
            if c.moved:
                mv[here + 8] = 1
            if c.acted:
                mv[here + 9] = 1
            if c.poisoned:
                mv[here + 10] = 1
            if c.poison:
                mv[here + 11] = c.poison
            if c.reinforced:
                mv[here + 12] = 1
            if c.challenged_by is not None and c.challenged_by != -1:
                mv[here + 13] = 1
            if c.challenging is not None and c.challenging != -1:
                mv[here + 14] = 1
            add(here + len(UNIT) + card[c.card.name])
        for rel in range(2):
            p = (seat + rel) % 2
            here = at["seats"] + rel * self.seat_block
            deck, known = st.decks[p], st.known_top[p]
            decklist, mirror = self._decklist(st, p)
            health = st.ema_hp[p * 3:p * 3 + 3]
            put(mv, here, (st.energy[p], len(st.hands[p]), len(deck), known,
                           (health[0] > 0) + (health[1] > 0) + (health[2] > 0),  # as emanations_left
                           st.arrow[p], st.offspring[p], mirror, *health))
            top, discard = self.top[rel], self.discard[rel]
            if known:
                more(map(top.__getitem__, deck[len(deck) - known:]))
            more(map(discard.__getitem__, st.discard[p]))
            start = here + 11 + 2 * cards
            out[start:start + cards] = decklist
        more(map(self.hand.__getitem__, st.hands[seat]))
        mine = st.decks[seat]
        more(map(self.deck.__getitem__, mine[: len(mine) - st.known_top[seat]]))
        other = 1 - seat
        theirs = st.decks[other]
        unseen = self.unseen.__getitem__
        more(map(unseen, st.hands[other]))
        more(map(unseen, theirs[: len(theirs) - st.known_top[other]]))
        add(at["stage"] + STAGES.index(st.stage))
        out[at["turn"]] = st.turn
        out[at["turn"] + 1] = self.turn_limit - st.turn
        if st.stage != OVER:
            add(at["player"] + (st.player - seat) % 2)
        else:
            add(at["winner"] + (2 if st.winner is None else (st.winner - seat) % 2))
        if st.last is not None:
            size, last = st.board.size, at["last"]
            ones.extend(last + cell for cell in highlight(st.last) if 0 <= cell < size)
        return ones, counts

