"""The structured observation of a Soulgivers seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the board, every
piece on it or in a Portal, the Souls, the Fragment, both teams' counters, and the seat's
own Anomaly hand, Soulgiver deck, picks and drawn cards. Teams are relative (the viewer's
first). Only the interop adapters import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

from itertools import accumulate, compress
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.tensor import put
from soulforge.games.soulgivers.board import CELL_COUNT, DIRECTIONS, TERRAIN_NAMES, TILE_COUNT
from soulforge.games.soulgivers.consequences import MODS
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import BIT, KIND_COUNT, PHASE_NAMES, PIECE_COUNT, PORTAL

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soulgivers.game import Soulgivers
    from soulforge.games.soulgivers.state import SoulgiversState

PIECE = ("present", "in_portal", "decay", "carrying", "must_enter", "active", "declared", "stasis",
         "glass_body", "silence", "slow_time", "shield_N", "shield_E", "shield_S", "shield_W")


class Observer:
    """Writes a Soulgivers seat's fields (see :attr:`fields`)."""

    def __init__(self, game: Soulgivers) -> None:
        self.anomalies = [card.key for card in DATA.anomalies]
        self.anomaly = {key: at for at, key in enumerate(self.anomalies)}
        self.portals = len(game.layout.portals)
        a, t, m = len(self.anomalies), len(TERRAIN_NAMES), len(MODS)
        self.cell = t + m + 2 * KIND_COUNT + 2 * KIND_COUNT
        self.team = 8 + 4 * KIND_COUNT + a
        self.fields: list[tuple[str, int, str]] = [
            ("cells", CELL_COUNT * self.cell,
             f"per cell ({CELL_COUNT}, row-major 10x10), {self.cell} each: terrain one-hot "
             f"({', '.join(TERRAIN_NAMES)}), modifiers per kind ({m}), the Soulgiver there "
             f"(team relative x kind one-hot, {2 * KIND_COUNT}), "
             f"the Soul there (team x kind, {2 * KIND_COUNT})"),
            ("pieces", PIECE_COUNT * len(PIECE),
             f"per Soulgiver, the viewer's team first ({PIECE_COUNT} = 2 x {KIND_COUNT} kinds), "
             f"{len(PIECE)} each: {', '.join(PIECE)}"),
            ("portal_pieces", PIECE_COUNT * self.portals, "per Soulgiver, the Portal it waits in (one-hot)"),
            ("portals", self.portals, "each Portal standing (layout order)"),
            ("fragment", TILE_COUNT + 1, f"the Fragment's tile one-hot ({TILE_COUNT}), then 1 if carried"),
            ("teams", 2 * self.team,
             f"per team, the viewer's first, {self.team} each: hand count, deck count, picks count, drawn "
             "count, Black Holes left, patches left, population used, decay boost, revealed kinds "
             f"({KIND_COUNT}), own deck per kind ({KIND_COUNT}), own picks ({KIND_COUNT}), own drawn "
             f"({KIND_COUNT}), own Anomaly hand per card ({a}) "
             "(the own-only parts are 0 for the other team)"),
            ("kept", KIND_COUNT, "REFILL: the kind the viewer kept (its own choice only)"),
            ("anomalies", 1 + a, f"Anomaly deck size, discard per card ({a})"),
            ("phase", len(PHASE_NAMES), f"phase one-hot ({', '.join(PHASE_NAMES)})"),
            ("turn", 3, "turn, turns left before the limit, 1 if the viewer's team is in turn"),
            ("turn_state", 9, "essences, steps, move range of the active Soulgiver, drew an Anomaly, "
             "Anomaly played, hushed, must continue, population left, barrier up"),
            ("last", CELL_COUNT, "the cells the last action touched"),
        ]
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))
        assert range(4) == DIRECTIONS  # the four shield bits read in write
        self.terrain = self.at["cells"] + np.arange(CELL_COUNT, dtype=np.intp) * self.cell
        self._terrain_of: list[int] = []
        self._terrain_at = self.terrain

    def write(self, s: SoulgiversState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (the encoder applies both at once)."""
        at, cell_width, t = self.at, self.cell, len(TERRAIN_NAMES)
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        ones: list[int] = []
        add = ones.append
        counts: list[int] = []
        more = counts.append
        cells = at["cells"]
        eff = s.eff
        if eff != self._terrain_of:  # the terrain seldom changes: its indices made once per change
            self._terrain_of = list(eff)
            self._terrain_at = self.terrain + np.array(eff, dtype=np.intp)
        out[self._terrain_at] = 1.0
        mods = s.mods
        for cell in compress(range(CELL_COUNT), mods):
            for mod in mods[cell]:
                more(cells + cell * cell_width + t + mod)
        pieces, portal_pieces = at["pieces"], at["portal_pieces"]
        width = len(PIECE)
        stasis, glass, silenced, slowed = s.stasis, s.glass, s.silenced, s.slowed
        arrivals, declared, carrier = s.arrivals, s.declared, s.carrier
        decay, shields_now = s.decay, s.shields
        for p in range(PIECE_COUNT):
            pos = s.pos[p]
            if pos < 0:
                continue
            team, kind = divmod(p, KIND_COUNT)
            slot = ((team - seat) % 2) * KIND_COUNT + kind
            here = pieces + slot * width
            bit = BIT[p]
            # the PIECE flags, each written only when not 0 (most are)
            mv[here] = 1
            if pos >= PORTAL:
                mv[here + 1] = 1
                if arrivals & bit:
                    mv[here + 4] = 1
            if decay[p]:
                mv[here + 2] = decay[p]
            if carrier == p:
                mv[here + 3] = 1
            if s.active == p:
                mv[here + 5] = 1
            if declared & bit:
                mv[here + 6] = 1
            if stasis & bit:
                mv[here + 7] = 1
            if glass & bit:
                mv[here + 8] = 1
            if silenced & bit:
                mv[here + 9] = 1
            if slowed & bit:
                mv[here + 10] = 1
            shields = 0 if carrier == p or glass & bit else shields_now[p]  # as state.shields_of
            if shields:
                put(mv, here + 11, (shields & 1, shields >> 1 & 1, shields >> 2 & 1, shields >> 3 & 1))
            if pos < PORTAL:
                add(cells + pos * cell_width + t + len(MODS) + slot)
            else:
                add(portal_pieces + slot * self.portals + pos - PORTAL)
        for soul, cell in s.souls.items():
            team, kind = divmod(soul, KIND_COUNT)
            souls = cells + t + len(MODS) + 2 * KIND_COUNT
            add(souls + cell * cell_width + ((team - seat) % 2) * KIND_COUNT + kind)
        for i, standing in enumerate(s.portals):
            if standing:
                add(at["portals"] + i)
        if s.carrier >= 0:
            out[at["fragment"] + TILE_COUNT] = 1
        elif 0 <= s.frag_tile < TILE_COUNT:
            add(at["fragment"] + s.frag_tile)
        for rel in range(2):
            team = (seat + rel) % 2
            here = at["teams"] + rel * self.team
            put(mv, here, (len(s.hand[team]), len(s.deck[team]), len(s.picks[team]), len(s.pair[team]),
                                  s.holes_left[team], s.patches_left[team], s.pop_used[team],
                                  s.out_boost[team]))
            for kind in range(KIND_COUNT):
                if s.revealed[team * KIND_COUNT + kind]:
                    add(here + 8 + kind)
        mine = at["teams"] + 8 + KIND_COUNT
        for kind in s.deck[seat]:
            more(mine + kind)
        for kind in s.picks[seat]:
            more(mine + KIND_COUNT + kind)
        for kind in s.pair[seat]:
            more(mine + 2 * KIND_COUNT + kind)
        for name in s.hand[seat]:
            more(mine + 3 * KIND_COUNT + self.anomaly[name])
        if s.phase == PHASE_NAMES.index("refill") and s.player == seat and s.keep_card >= 0:
            add(at["kept"] + s.keep_card)
        out[at["anomalies"]] = len(s.pile)
        for name in s.discard:
            more(at["anomalies"] + 1 + self.anomaly[name])
        add(at["phase"] + s.phase)
        here = at["turn"]
        put(mv, here, (s.turn, s.turn_limit - s.turn, s.player == seat))
        here = at["turn_state"]
        put(mv, here, (s.essences, s.steps, s.move_range(s.active) if s.active >= 0 else 0, s.drew,
                              s.anomaly_played, s.hushed, s.must_continue, s.pop_left, s.barrier))
        if s.last is not None:
            for cell in s.last[2]:
                if 0 <= cell < CELL_COUNT:
                    add(at["last"] + cell)
        return ones, counts

