"""The structured observation of a Soulgivers seat (``soulforge.interop.observation``).

Read from the state's own data with exactly what ``view(seat)`` shows: the board, every
piece on it or in a Portal, the Souls, the Fragment, both teams' counters, and the seat's
own Anomaly hand, Soulgiver deck, picks and drawn cards. Teams are relative (the viewer's
first). Only the interop adapters import this module (it needs numpy, an optional extra).
"""

from __future__ import annotations

import dataclasses
from itertools import accumulate, compress
from operator import ne
from struct import Struct
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from soulforge.core.blocks import FLOAT, byte_view, floats
from soulforge.games.soulgivers.actions import PlayAnomaly, ReturnAnomaly, UseAbility
from soulforge.games.soulgivers.board import CELL_COUNT, DIRECTIONS, TERRAIN_NAMES, TILE_COUNT
from soulforge.games.soulgivers.cards import ABILITIES
from soulforge.games.soulgivers.consequences import MODS
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import BIT, KIND_COUNT, OFF, PHASE_NAMES, PIECE_COUNT, PORTAL
from soulforge.games.soulgivers.view import HIDDEN_KINDS

Tensor = npt.NDArray[np.float32]

if TYPE_CHECKING:
    from soulforge.games.soulgivers.game import Soulgivers
    from soulforge.games.soulgivers.state import SoulgiversState

PIECE = ("present", "in_portal", "decay", "carrying", "must_enter", "active", "declared", "stasis",
         "glass_body", "silence", "slow_time", "shield_N", "shield_E", "shield_S", "shield_W")

SHIELDS = Struct("4f")
"""A piece's four shield directions."""
SHIELD_BITS = [(shields & 1, shields >> 1 & 1, shields >> 2 & 1, shields >> 3 & 1) for shields in range(16)]
"""The four directions of each value of ``state.shields`` (bit d: direction d)."""
TEAM_NUMBERS = Struct("8f")
"""A team's counters before its revealed kinds."""
TURN_NUMBERS = Struct("12f")
"""The turn field and the turn_state field (adjacent), packed at once."""
REFILL = PHASE_NAMES.index("refill")
Plan = tuple[int, bool, list[tuple[int, str]], tuple[str, dict[str, int]] | None]
"""How an action kind is written: its number, whether its parameters are its maker's only,
(index, field) of its integer fields, and its named field with the index of each name."""


class Observer:
    """Writes a Soulgivers seat's fields (see :attr:`fields`)."""

    def __init__(self, game: Soulgivers) -> None:
        self.anomalies = [card.key for card in DATA.anomalies]
        self.anomaly = {key: at for at, key in enumerate(self.anomalies)}
        self.portals = len(game.layout.portals)
        a, t, m = len(self.anomalies), len(TERRAIN_NAMES), len(MODS)
        self.cell = t + m + 2 * KIND_COUNT + 2 * KIND_COUNT
        self.abilities = sorted(ABILITIES)
        self.int_fields = sorted({f.name for kind in game.action_types for f in dataclasses.fields(kind)
                                  if f.compare and f.type in ("int", int)})
        self.ability = {name: at for at, name in enumerate(self.abilities)}
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
            ("last_action", 2 + len(game.action_types),
             "the last action: its seat (relative one-hot), its kind one-hot "
             f"({', '.join(kind.kind for kind in game.action_types)})"),
            ("last_parameters", len(self.int_fields) + len(self.abilities) + a,
             f"the last action's parameters by field name: {', '.join(self.int_fields)} (raw "
             f"numbers; the kind says which apply), ability name one-hot ({', '.join(self.abilities)}), "
             f"Anomaly card one-hot ({a}); all 0 for the other seat's "
             f"{', '.join(sorted(HIDDEN_KINDS))} (as its view)"),
        ]
        names = [name for name, _, _ in self.fields]
        self.at = dict(zip(names, accumulate([0] + [size for _, size, _ in self.fields]), strict=False))
        assert range(4) == DIRECTIONS  # the four shield bits read in write
        self.cell_blocks = [bytes(FLOAT * terrain) + floats([1]) + bytes(FLOAT * (self.cell - terrain - 1))
                            for terrain in range(t)]
        """A cell's block with only its terrain one-hot, per terrain."""
        self._board_of: tuple[list[int], list[tuple[int, ...]], bytearray] = ([], [], bytearray())
        """The lists the last cells field was made from (copies), and its bytes."""
        self.portal_slots = [self.at["portals"] + i for i in range(self.portals)]
        self.revealed_slots = [[self.at["teams"] + rel * self.team + 8 + kind for kind in range(KIND_COUNT)]
                               for rel in range(2)]
        """Per relative team, each kind's revealed slot."""
        mine = self.at["teams"] + 8 + 4 * KIND_COUNT
        self.hand_slot = {key: mine + at for key, at in self.anomaly.items()}
        self.discard_slot = {key: self.at["anomalies"] + 1 + at for key, at in self.anomaly.items()}
        assert self.at["turn_state"] == self.at["turn"] + 3
        self.piece_at = [[self.at["pieces"] + self._slot(p, seat) * len(PIECE) for p in range(PIECE_COUNT)]
                         for seat in range(2)]
        """Per viewing seat, the start of each piece's PIECE block."""
        souls = self.at["cells"] + t + m + 2 * KIND_COUNT
        self.soul_at = [[souls + self._slot(p, seat) for p in range(PIECE_COUNT)] for seat in range(2)]
        """Per viewing seat, each Soul's one-hot in cell 0 (a cell's is that plus the cell's start)."""
        self.plans = {kind: self._plan(at, kind) for at, kind in enumerate(game.action_types)}
        """Per action class, how :meth:`_last_action` writes it."""
        self.spots = [[self._spots(self._slot(p, seat)) for p in range(PIECE_COUNT)] for seat in range(2)]
        """Per viewing seat and piece, the one-hot index of each position (a cell's Soulgiver
        there, or the Portal it waits in)."""
        self.turn_start = FLOAT * self.at["turn"]

    @staticmethod
    def _slot(p: int, seat: int) -> int:
        """Piece ``p``'s place among the pieces as ``seat`` sees them (its team first)."""
        team, kind = divmod(p, KIND_COUNT)
        return ((team - seat) % 2) * KIND_COUNT + kind

    def _spots(self, slot: int) -> list[int]:
        """The index of each position of the piece in ``slot``: its Soulgiver-there one-hot
        on a cell, its Portal one-hot in a Portal."""
        there = self.at["cells"] + len(TERRAIN_NAMES) + len(MODS) + slot
        portal = self.at["portal_pieces"] + slot * self.portals - PORTAL
        return [there + pos * self.cell for pos in range(PORTAL)] + [
            portal + pos for pos in range(PORTAL, PORTAL + self.portals)]

    def _board(self, s: SoulgiversState) -> bytearray:
        """The cells field's terrain and modifiers, remembered with copies of the lists they are
        read from: they seldom change within a game, and then in a few cells, so only the
        cells whose terrain or modifiers differ from the last board's are made again."""
        eff, mods = list(s.eff), list(s.mods)
        old_eff, old_mods, board = self._board_of
        if len(old_eff) == len(old_mods) == CELL_COUNT:
            cells = {*compress(range(CELL_COUNT), map(ne, eff, old_eff)),
                     *compress(range(CELL_COUNT), map(ne, mods, old_mods))}
        else:
            board, cells = bytearray(FLOAT * CELL_COUNT * self.cell), set(range(CELL_COUNT))
        numbers: Any = memoryview(board).cast("f")
        width, start = FLOAT * self.cell, len(TERRAIN_NAMES)
        for cell in cells:
            board[cell * width:(cell + 1) * width] = self.cell_blocks[eff[cell]]
            for mod in mods[cell]:
                numbers[cell * self.cell + start + mod] += 1
        numbers.release()
        self._board_of = (eff, mods, board)
        return board

    @staticmethod
    def _flags(s: SoulgiversState, bit: int, pos: int, mv: Any, here: int) -> None:
        """Write the PIECE flags of this turn's masks of the piece of ``bit``."""
        if pos >= PORTAL and s.arrivals & bit:
            mv[here + 4] = 1
        if s.declared & bit:
            mv[here + 6] = 1
        if s.stasis & bit:
            mv[here + 7] = 1
        if s.glass & bit:
            mv[here + 8] = 1
        if s.silenced & bit:
            mv[here + 9] = 1
        if s.slowed & bit:
            mv[here + 10] = 1

    def write(self, s: SoulgiversState, seat: int, out: Tensor) -> tuple[list[int], list[int]]:
        """Write ``seat``'s numbers into ``out`` (zeros); give the indices to set to 1 and those
        to count (none: each is written here, at once)."""
        at, cell_width = self.at, self.cell
        mv: Any = out.data  # a memoryview: item assignment ~2x faster than numpy's, any number
        raw = byte_view(out)
        eff, mods, board = self._board_of
        if s.eff != eff or s.mods != mods:
            board = self._board(s)
        raw[: len(board)] = board
        positions, decay, shields_now, carrier, active = s.pos, s.decay, s.shields, s.carrier, s.active
        glass = s.glass
        flagged = s.declared | s.stasis | glass | s.silenced | s.slowed | s.arrivals
        piece_at, spots = self.piece_at[seat], self.spots[seat]
        for p in compress(range(PIECE_COUNT), map(OFF.__lt__, positions)):  # the pieces in play
            pos = positions[p]
            here = piece_at[p]
            mv[spots[p][pos]] = 1
            # the PIECE numbers, each written only when not 0 (most are)
            mv[here] = 1
            if pos >= PORTAL:
                mv[here + 1] = 1
            if decay[p]:
                mv[here + 2] = decay[p]
            if carrier == p:
                mv[here + 3] = 1
            if active == p:
                mv[here + 5] = 1
            bit = BIT[p]
            if flagged & bit:
                self._flags(s, bit, pos, mv, here)
            shields = 0 if carrier == p or glass & bit else shields_now[p]  # as state.shields_of
            if shields:
                SHIELDS.pack_into(raw, FLOAT * (here + 11), *SHIELD_BITS[shields])
        soul_at = self.soul_at[seat]
        for soul, cell in s.souls.items():
            mv[soul_at[soul] + cell * cell_width] = 1
        for slot in compress(self.portal_slots, s.portals):
            mv[slot] = 1
        if s.carrier >= 0:
            mv[at["fragment"] + TILE_COUNT] = 1
        elif 0 <= s.frag_tile < TILE_COUNT:
            mv[at["fragment"] + s.frag_tile] = 1
        revealed = s.revealed
        for rel in range(2):
            team = (seat + rel) % 2
            here = at["teams"] + rel * self.team
            TEAM_NUMBERS.pack_into(
                raw, FLOAT * here, len(s.hand[team]), len(s.deck[team]), len(s.picks[team]),
                len(s.pair[team]), s.holes_left[team], s.patches_left[team], s.pop_used[team],
                s.out_boost[team])
            kinds = team * KIND_COUNT
            for slot in compress(self.revealed_slots[rel], revealed[kinds:kinds + KIND_COUNT]):
                mv[slot] = 1
        # the counts: plain loops (short lists, where an iterator chain costs more)
        mine = at["teams"] + 8 + KIND_COUNT
        for kind in s.deck[seat]:
            mv[mine + kind] += 1
        mine += KIND_COUNT
        for kind in s.picks[seat]:
            mv[mine + kind] += 1
        mine += KIND_COUNT
        for kind in s.pair[seat]:
            mv[mine + kind] += 1
        hand_slot = self.hand_slot
        for name in s.hand[seat]:
            mv[hand_slot[name]] += 1
        if s.phase == REFILL and s.player == seat and s.keep_card >= 0:
            mv[at["kept"] + s.keep_card] = 1
        mv[at["anomalies"]] = len(s.pile)
        discard_slot = self.discard_slot
        for name in s.discard:
            mv[discard_slot[name]] += 1
        mv[at["phase"] + s.phase] = 1
        TURN_NUMBERS.pack_into(
            raw, self.turn_start, s.turn, s.turn_limit - s.turn, s.player == seat, s.essences, s.steps,
            s.move_range(s.active) if s.active >= 0 else 0, s.drew, s.anomaly_played, s.hushed,
            s.must_continue, s.pop_left, s.barrier)
        if s.last is not None:
            last = at["last"]
            for cell in s.last[2]:
                if 0 <= cell < CELL_COUNT:
                    mv[last + cell] = 1
            self._last_action(s, seat, mv)
        return [], []

    def _plan(self, at: int, kind: type) -> Plan:
        """How to write an action of ``kind`` (number ``at``) into the last_* fields."""
        parameters = self.at["last_parameters"]
        numbers = [(parameters + self.int_fields.index(f.name), f.name) for f in dataclasses.fields(kind)
                   if f.name in self.int_fields and f.compare and f.type in ("int", int)]
        named: tuple[str, dict[str, int]] | None = None
        start = parameters + len(self.int_fields)
        if kind is UseAbility:
            named = ("name", {name: start + at for name, at in self.ability.items()})
        elif kind in (ReturnAnomaly, PlayAnomaly):
            start += len(self.abilities)
            named = ("card", {key: start + at for key, at in self.anomaly.items()})
        return at, getattr(kind, "kind", "") in HIDDEN_KINDS, numbers, named

    def _last_action(self, s: SoulgiversState, seat: int, mv: Any) -> None:
        """The last action's seat, kind and parameters, those of a hidden kind only to the
        seat that made it (``view._last``: in its own world, not a determinized one)."""
        actor, action, _ = s.last  # type: ignore[misc]  # the caller checked it is not None
        here = self.at["last_action"]
        if actor >= 0:
            mv[here + (actor - seat) % 2] = 1
        plan = self.plans.get(type(action))
        if plan is None:
            return
        kind, hidden, numbers, named = plan
        mv[here + 2 + kind] = 1
        if hidden and (actor != seat or s.seen_by not in (-1, actor)):
            return
        for at, name in numbers:
            value = getattr(action, name)
            if value:
                mv[at] = value
        if named is not None:
            field, slots = named
            mv[slots[getattr(action, field)]] = 1
