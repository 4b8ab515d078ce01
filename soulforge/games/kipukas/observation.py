"""The structured observation of a Kipukas seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the map's claims,
every piece on the map (its card, injuries and items only where the seat knows the card),
each seat's public counters and discard, the seat's own hand. Seats are relative (the
viewer's first; a game with fewer seats than the most leaves the later blocks 0). Cards are
counted over the game's card catalogue (sorted ids). Only the interop adapters import this
module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.blocks import put
from soulforge.games.kipukas.data import CARD_TYPES
from soulforge.games.kipukas.encoding import NIGHT_ACTIONS, PHASES, PUBLIC

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState

PIECES = 128
"""Piece slots (pieces are numbered in order of entry; the action index allows 128)."""
DIELS = ("day", "night")
KINDS = tuple(sorted(CARD_TYPES))
PIECE = ("present", "revealed", "known", "prisoner", "rogue", "injuries", "items")
SEAT = ("hand", "deck", "discard", "played", "done", "defeated_by_rogue", "aside", "aside_ready",
        "territories", "capitals", "night_used")


class Observer:
    """Writes a Kipukas seat's fields (see :attr:`fields`)."""

    def __init__(self, game: Kipukas) -> None:
        state = game.new_game(seed=0)
        board = state.board
        self.catalogue = sorted(game.cards)
        self.card = {card: at for at, card in enumerate(self.catalogue)}
        self.territories = list(board.territories)
        self.stands = sorted(board.stands)
        self.stand = {stand: at for at, stand in enumerate(self.stands)}
        self.geographies = sorted(set(board.geography) | {"Wasteland"})
        self.seats = game.max_players
        cards, n, t, st = len(self.catalogue), self.seats, len(self.territories), len(self.stands)
        g = len(self.geographies)
        self.territory = (n + 1) + n + 3 + g + 2 * n
        self.piece = len(PIECE) + (n + 1) + st + len(KINDS) + cards
        self.seat_block = len(SEAT) + cards + len(NIGHT_ACTIONS)
        self.fields: list[tuple[str, int, str]] = [
            ("territories", t * self.territory,
             f"per territory ({t}, by number), {self.territory} each: holder relative one-hot then none "
             f"({n + 1}), capital of (relative, {n}), protected, transit, has a capital, geography one-hot "
             f"({', '.join(self.geographies)}), pieces per seat (relative, {n}), "
             f"revealed souls per seat ({n})"),
            ("stands", st * (n + 1),
             f"per stand ({st}, sorted ids: {', '.join(self.stands)}), "
             "pieces per seat (relative) then rogues"),
            ("pieces", PIECES * self.piece,
             f"per piece number ({PIECES}), {self.piece} each: {', '.join(PIECE)} (counts), owner relative "
             f"one-hot then rogue/none ({n + 1}), stand one-hot ({st}), card kind one-hot if known "
             f"({', '.join(KINDS)}), card one-hot if known ({cards}, catalogue order)"),
            ("seats", n * self.seat_block,
             f"per seat, the viewer first, {self.seat_block} each: {', '.join(SEAT)} (sizes or flags), "
             f"discard per card ({cards}), night actions used ({', '.join(NIGHT_ACTIONS)})"),
            ("hand", cards, "the viewer's hand, per card"),
            ("aside", cards, "the viewer's card set aside, one-hot"),
            ("diel", len(DIELS), "diel one-hot (day, night)"),
            ("cycle", 2, "cycle, initiative seat relative (as a number, -1 for none)"),
            ("phase", len(PHASES), f"phase one-hot ({', '.join(PHASES)})"),
            ("active", n, "the active seat, relative one-hot"),
            ("called", n, "the seat that called the initiative, relative one-hot"),
            ("fight", 3 + 2 * 5, "fight in progress: present, ranged, a retreat pending; per side (attacker, "
             "defender) its means one-hot where shown (4) and 1 once chosen"),
            ("winner", n + 1, "winner relative one-hot, then 1 if over with no winner"),
        ]
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))

    def write(self, s: KipukasState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (the encoder applies both at once)."""
        at, card, n = self.at, self.card, s.num_players
        seats = self.seats
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        ones: list[int] = []
        add = ones.append
        counts: list[int] = []
        more = counts.append
        mask = PUBLIC | (1 << seat)
        terr, tw = at["territories"], self.territory
        geos = self.geographies
        board = s.board
        cycle = s.cycle
        for i, number in enumerate(self.territories):
            here = terr + i * tw
            holder = s.holder[number - 1]
            add(here + ((holder - seat) % n if holder >= 0 else seats))
            owner = s.capital_of(number)
            if owner >= 0:
                add(here + seats + 1 + (owner - seat) % n)
                add(here + 2 * seats + 3)
            if s.protected[number - 1] >= cycle > 0:
                add(here + 2 * seats + 1)
            if number in board.transit:
                add(here + 2 * seats + 2)
            geo = "Wasteland" if s.wasteland[number - 1] else board.geography[number - 1]
            add(here + 2 * seats + 4 + geos.index(geo))
        at_piece, pw = at["pieces"], self.piece
        stands, stand_slot = at["stands"], self.stand
        kinds = len(KINDS)
        cards_of = s.game.cards
        rogues = s.rogues
        known, owner_of = s.known, s.owner
        base_territory = terr + 2 * seats + 4 + len(geos)
        for p in s.live():
            if not s.on_map[p] or p >= PIECES:
                continue
            owner = owner_of[p]
            rel = (owner - seat) % n if owner < n else seats
            here = at_piece + p * pw
            sees = bool(known[p] & mask)
            put(mv, here, (1, bool(known[p] & PUBLIC), sees, s.prisoner[p], p in rogues,
                                  len(s.injuries[p]) if sees else 0, len(s.items[p]) if sees else 0))
            add(here + 7 + rel)
            stand = stand_slot.get(s.stand[p])
            if stand is not None:
                add(here + 8 + seats + stand)
                more(stands + stand * (seats + 1) + (rel if p not in rogues else seats))
            number = s.territory[p]
            if 1 <= number <= len(self.territories) and rel < seats:
                t_here = terr + (number - 1) * tw
                more(base_territory - terr + t_here + rel)
                if sees and known[p] & PUBLIC and cards_of[s.card[p]].soul:
                    more(base_territory - terr + t_here + seats + rel)
            if sees:
                c = s.card[p]
                add(here + 8 + seats + len(self.stands) + KINDS.index(cards_of[c].card_type))
                add(here + 8 + seats + len(self.stands) + kinds + card[c])
        cards = len(self.catalogue)
        for rel in range(n):
            p = (seat + rel) % n
            here = at["seats"] + rel * self.seat_block
            put(mv, here, (
                len(s.hand[p]), len(s.deck[p]), len(s.discard[p]), s.played[p], s.done[p],
                s.beaten_by[p] >= 0,
                bool(s.aside[p]), bool(s.aside[p]) and cycle > s.game.play.aside_cycles,
                sum(1 for holder in s.holder if holder == p), len(s.capital[p]), len(s.night_used[p])))
            for c in s.discard[p]:
                more(here + len(SEAT) + card[c])
            for used in s.night_used[p]:
                if used in NIGHT_ACTIONS:
                    add(here + len(SEAT) + cards + NIGHT_ACTIONS.index(used))
        for c in s.hand[seat]:
            more(at["hand"] + card[c])
        if s.aside[seat] in card:
            add(at["aside"] + card[s.aside[seat]])
        if s.diel in DIELS:
            add(at["diel"] + DIELS.index(s.diel))
        out[at["cycle"]] = cycle
        out[at["cycle"] + 1] = (s.initiative - seat) % n if s.initiative >= 0 else -1
        if s.phase in PHASES:
            add(at["phase"] + PHASES.index(s.phase))
        if 0 <= s.active < n:
            add(at["active"] + (s.active - seat) % n)
        if 0 <= s.called < n:
            add(at["called"] + (s.called - seat) % n)
        if s.attacker >= 0 and s.phase in ("target", "keal", "press", "respond", "challenge"):
            self._fight(s, seat, out, ones)
        if s.is_over:
            winner = s.winner
            add(at["winner"] + (seats if winner is None or winner < 0 else (winner - seat) % n))
        return ones, counts

    def _fight(self, s: KipukasState, seat: int, out: npt.NDArray[np.float32], ones: list[int]) -> None:
        """The fight's public facts, each side's means as ``view.py`` shows them."""
        here = self.at["fight"]
        out[here] = 1
        out[here + 1] = s.shooting
        out[here + 2] = s.retreat_piece >= 0
        hidden_choice = s.phase == "keal" and s.secret
        for side, piece in enumerate((s.attacker, s.defender)):
            chosen = s.means[side] >= 0
            own = piece >= 0 and seat == s.owner[piece]
            shown = chosen and (own or not hidden_choice) and not (s.shooting and side == 0)
            block = here + 3 + side * 5
            if shown and 0 <= s.means[side] < 4:
                ones.append(block + s.means[side])
            out[block + 4] = chosen

