"""The structured observation of a Five Realms seat (``soulforge.interop.observation``).

Read from the state's own lists, with exactly what ``view(seat)`` shows: every banner, and
a character only where the seat knows it (``state.knows``). Seats are relative: block 0 is
the viewer's, block 1 the next seat's. Counts are raw numbers (not scaled). Only the
interop adapters import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from itertools import accumulate, compress
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.games.five_realms.encoding import FIGHT, PHASES, PUBLIC

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.five_realms.game import FiveRealms
    from soulforge.games.five_realms.state import FiveRealmsState

CELLS = 25
"""The square: 5 x 5 cells, row-major, in the current frame."""
NO_CARD = -1
"""A square cell without a card holds a negative number."""


class Observer:
    """Writes a Five Realms seat's fields (see :attr:`fields`)."""

    def __init__(self, game: FiveRealms) -> None:
        rules = game.rules
        self.banners, self.types, self.realms = len(rules.banners), len(rules.types), len(rules.realms)
        self.seats = game.max_players
        b, t, r = self.banners, self.types, self.realms
        self.cell = 1 + b + t
        self.seat_block = 1 + r + 1 + 2 * r + 2 * t + 1
        self.fields: list[tuple[str, int, str]] = [
            ("square", CELLS * self.cell,
             f"per cell (row-major 5x5), {self.cell} each: occupied, banner one-hot ({b}), "
             f"character one-hot ({t}, only if the seat knows it)"),
            ("deck", 1 + b, f"cards left in the deck, the top card's banner one-hot ({b})"),
            ("discard", b + t, f"discarded cards per banner ({b}), per known character ({t})"),
            ("seats", self.seats * self.seat_block,
             f"per seat, the viewer first, {self.seat_block} each: castles, throne realm one-hot ({r}), "
             f"throne used, column heights ({r}), Imperial banners per column ({r}), council "
             f"characters ({t}, counts of the known ones), Titans ({t}), complete lines"),
            ("active", self.seats, "the active seat, relative one-hot"),
            ("phase", len(PHASES), f"phase one-hot ({', '.join(PHASES)})"),
            ("extra_turns", 1, "extra turns left"),
            ("winner", self.seats + 1, "winner relative one-hot, then 1 if over with no winner"),
            ("choices", b, "CHOOSE: the banners to choose from"),
            ("collected", b + t, "the cards being collected: per banner, per known character"),
            ("imperial_left", 1, "Imperial banners still to allocate"),
            ("newcomer", 1 + b + t,
             "a newcomer waiting for a council place: present, banner, known character"),
            ("source", t + 1, "the Warrior/Witch source character one-hot, then the amount to steal"),
            ("last_move", 1 + self.seats + CELLS, "last move: placed (1 if a card was placed), "
             "its seat relative one-hot, the cells touched (placed and collected, in frame)"),
        ]
        self.banner_of = [kind.banner for kind in rules.types]
        """Each card type's banner."""
        self.imperial = [int(rules.wild[kind.banner]) for kind in rules.types]
        """1 for each card type whose banner is wild (Imperial)."""
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))

    def write(self, s: FiveRealmsState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (none: each is written here, at once)."""
        at, b, cell = self.at, self.banners, self.cell
        card_type, known = s.card_type, s.known
        banner_of, imperial = self.banner_of, self.imperial
        mask = PUBLIC | (1 << seat)  # the bits that tell the seat a character, as state.knows
        n = s.num_players
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        base = at["square"]
        square = s.square
        for c in compress(range(CELLS), map(NO_CARD.__lt__, square)):  # the cells with a card
            card = square[c]
            kind = card_type[card]
            here = base + c * cell
            mv[here] = 1
            mv[here + 1 + banner_of[kind]] = 1
            if known[card] & mask:
                mv[here + 1 + b + kind] = 1
        deck = s.deck
        mv[at["deck"]] = len(deck)
        if deck:
            mv[at["deck"] + 1 + banner_of[card_type[deck[-1]]]] = 1
        self._cards(s.discard, at["discard"], card_type, known, mask, banner_of, mv)
        r = self.realms
        for rel in range(n):
            p = (seat + rel) % n
            here = at["seats"] + rel * self.seat_block
            mv[here] = s.castles[p]
            mv[here + 1 + s.throne[p]] = 1
            mv[here + 1 + r] = s.throne_used[p]
            columns = s.columns[p]
            height = here + 2 + r
            for column in columns:  # plain loops: short lists, where iterator chains cost more
                if column:
                    mv[height] = len(column)
                    banners = 0
                    for c in column:
                        banners += imperial[card_type[c]]
                    mv[height + r] = banners
                height += 1
            council = here + 2 + 3 * r
            for c in s.council[p]:
                if known[c] & mask:
                    mv[council + card_type[c]] += 1
            titans = council + self.types
            for c in s.titans[p]:
                if known[c] & mask:
                    mv[titans + card_type[c]] += 1
            mv[titans + self.types] = min(map(len, columns))
        mv[at["active"] + (s.active - seat) % n] = 1
        mv[at["phase"] + PHASES.index(s.phase)] = 1
        mv[at["extra_turns"]] = s.extra_turns
        if s.is_over:
            mv[at["winner"] + (self.seats if s.winner is None else (s.winner - seat) % n)] = 1
        for choice in s.choices:
            mv[at["choices"] + choice] = 1
        self._cards(s.collected, at["collected"], card_type, known, mask, banner_of, mv)
        mv[at["imperial_left"]] = len(s.imperial)
        if s.newcomer >= 0:
            here = at["newcomer"]
            kind = card_type[s.newcomer]
            mv[here] = 1
            mv[here + 1 + banner_of[kind]] = 1
            if known[s.newcomer] & mask:
                mv[here + 1 + b + kind] = 1
        if s.source >= 0:
            mv[at["source"] + s.source] = 1
            if s.phase == FIGHT:
                mv[at["source"] + self.types] = s.amount
        here = at["last_move"]
        if s.last_spot is not None:
            mv[here] = 1
            row, col = s.last_spot
            if 0 <= row < 5 and 0 <= col < 5:
                mv[here + 1 + self.seats + row * 5 + col] = 1
        if s.last_player >= 0:
            mv[here + 1 + (s.last_player - seat) % n] = 1
        for row, col in s.last_cells:
            if 0 <= row < 5 and 0 <= col < 5:
                mv[here + 1 + self.seats + row * 5 + col] = 1
        return [], []

    def _cards(self, cards: list[int], base: int, card_type: list[int], known: list[int], mask: int,
               banner_of: list[int], mv: Any) -> None:
        """Counts per banner, then per known character, of ``cards`` (added into ``mv``)."""
        b = self.banners
        for c in cards:
            kind = card_type[c]
            mv[base + banner_of[kind]] += 1
            if known[c] & mask:
                mv[base + b + kind] += 1
