"""The structured observation of a Soul of Ankiril seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the battlefield,
both players' public facts, the seat's own hand and the multiset of its unknown deck, the
other seat's unseen cards as a multiset. Seats are relative (the viewer's block first).
Cards are counted over the game's card catalogue (sorted names). Only the interop adapters
import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from collections import Counter
from itertools import accumulate
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from soulforge.games.soul_of_ankiril import consequences
from soulforge.games.soul_of_ankiril.board import ELEMENTS
from soulforge.games.soul_of_ankiril.model import OVER, PLAY, SETUP

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
             f"per cell ({cells}, in cell order), {terrain_width} each: terrain one-hot ({', '.join(TERRAINS)}), "
             f"element one-hot ({', '.join(self.elements)}), on seat 0's / seat 1's player board (absolute)"),
            ("units", cells * self.unit,
             f"per cell, {self.unit} each: the creature there: {', '.join(UNIT)} "
             f"(challenged/challenging: 1 if any), card one-hot ({cards}, catalogue order)"),
            ("seats", 2 * self.seat_block,
             f"per seat, the viewer first, {self.seat_block} each: energy, hand size, deck size, known top "
             "cards, emanations left, leader arrow, offspring left, element-leader mirror flag, emanation "
             f"health (3), known top cards per card ({cards}), discard per card ({cards}), decklist per card ({cards})"),
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

    def write(self, st: AnkirilState, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Fill ``out`` (zeros) with ``seat``'s fields."""
        at, card, cards = self.at, self.card, self.cards
        out[: self.static.size] = self.static
        ones: list[int] = []
        add = ones.append
        counts: list[int] = []
        more = counts.append
        units = at["units"]
        for c in st.units.values():
            here = units + c.cell * self.unit
            out[here:here + 15] = (
                1, c.owner == seat, consequences.attack_of(st, c), c.hp, c.max_hp, c.leader,
                c.card.type == "token", c.active, c.moved, c.acted, c.poisoned, c.poison, c.reinforced,
                c.challenged_by is not None and c.challenged_by != -1,
                c.challenging is not None and c.challenging != -1)
            add(here + len(UNIT) + card[c.card.name])
        leaders = [next(st.cards[n].element for n in st.decklists[p] if st.cards[n].type == "leader")
                   for p in range(2)]
        for rel in range(2):
            p = (seat + rel) % 2
            here = at["seats"] + rel * self.seat_block
            deck, known = st.decks[p], st.known_top[p]
            out[here:here + 11] = (
                st.energy[p], len(st.hands[p]), len(deck), known, st.emanations_left(p), st.arrow[p],
                st.offspring[p], leaders[0] == leaders[1], *st.ema_hp[p * 3:p * 3 + 3])
            top = here + 11
            for name in deck[len(deck) - known:]:
                more(top + card[name])
            for name in st.discard[p]:
                more(top + cards + card[name])
            for name in st.decklists[p]:
                more(top + 2 * cards + card[name])
        for name in st.hands[seat]:
            more(at["hand"] + card[name])
        mine = st.decks[seat]
        for name in mine[: len(mine) - st.known_top[seat]]:
            more(at["deck"] + card[name])
        other = 1 - seat
        theirs = st.decks[other]
        for name in st.hands[other] + theirs[: len(theirs) - st.known_top[other]]:
            more(at["unseen"] + card[name])
        add(at["stage"] + STAGES.index(st.stage))
        out[at["turn"]] = st.turn
        out[at["turn"] + 1] = self.turn_limit - st.turn
        if st.stage != OVER:
            add(at["player"] + (st.player - seat) % 2)
        else:
            add(at["winner"] + (2 if st.winner is None else (st.winner - seat) % 2))
        if st.last is not None:
            from soulforge.games.soul_of_ankiril.sequence import highlight

            for cell in highlight(st.last):
                if 0 <= cell < st.board.size:
                    add(at["last"] + cell)
        if ones:
            out[ones] = 1.0
        if counts:
            tally = Counter(counts)  # counted in C: numpy's add.at costs ~10 us a call
            out[list(tally)] = list(tally.values())
