"""The state of a game of Soulgivers: plain lists and ints, copied by hand in :meth:`clone`.

Pieces are numbered ``team * 10 + kind`` (kind: the character's index in soulgivers.toml);
a piece's ``pos`` is a cell (0..99), ``PORTAL + portal`` (on a Portal) or -1 (off the board).
A Soul has the number of the piece it belonged to. The rules live in the sibling modules:
``rules`` (turn and actions), ``effects`` (destruction, tiles, Black Holes, the end),
``abilities``, ``anomalies``, ``setup`` and ``view``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from soulforge.core import Action, IllegalAction, JsonDict, Seat, State
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.auras import Caps, caps_of
from soulforge.games.soulgivers.data import Character, load_data

if TYPE_CHECKING:
    from soulforge.games.soulgivers.game import Soulgivers
    from soulforge.games.soulgivers.rules import Rules

PORTAL = 100
DATA = load_data()
CHARS: tuple[Character, ...] = DATA.characters
RULES = DATA.rules
# done flags of the Active Soulgiver
MOVED, MOVE_ENDED, ABSORBED, COLLECTED, PASSED, DROPPED, ATTACKED, ABIL_OWN, ABIL_SOUL = (
    1 << i for i in range(9)
)


TEAM_IDS = (tuple(range(10)), tuple(range(10, 20)))
"""The pieces of each team."""
_MAIN, _OVER, _SETUP, _RESPONSE, _POP = ph.MAIN, ph.OVER, ph.SETUP, ph.RESPONSE, ph.POP


def team_of(piece: int) -> int:
    return piece // 10


def piece_caps(kind: int, soul: int) -> Caps:
    auras = CHARS[kind].auras + (CHARS[soul % 10].auras if soul >= 0 else ())
    return caps_of(auras)


# CAPS[kind][soul + 1]: a piece's capabilities, with or without an absorbed Soul
CAPS = tuple(tuple(piece_caps(k, soul) for soul in range(-1, 20)) for k in range(10))


class SoulgiversState(State):
    """See the module docstring; every list below is copied by :meth:`clone`."""

    game: Soulgivers
    rules: ClassVar[Rules]
    """The dispatch tables, installed by ``rules.py`` (which imports this module)."""

    def __init__(self, game: Soulgivers, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.turn_limit = int(game.options["turn_limit"])
        self.pop_of = [0, 1] if game.options["first_population"] == "shells" else [1, 0]
        self.printed = [0] * 100
        self.eff = [0] * 100
        self.mods: list[tuple[int, ...]] = [()] * 100
        self.occ = [-1] * 100
        self.pos = [-1] * 20
        self.shields = [CHARS[p % 10].shields for p in range(20)]
        self.decay = [0] * 20
        self.soul = [-1] * 20
        self.souls: dict[int, int] = {}
        self.revealed = [False] * 20
        self.frag_tile = 12
        self.carrier = -1
        self.barrier = True
        self.portals = [True] * len(DATA.portals)
        self.deck: list[list[int]] = [list(range(10)), list(range(10))]
        self.picks: list[list[int]] = [[], []]
        self.pair: list[list[int]] = [[], []]
        self.hand: list[list[str]] = [[], []]
        self.pile = sorted(a.key for a in DATA.anomalies for _ in range(a.copies))
        self.discard: list[str] = []
        self.holes_left = [RULES["black_hole_modifiers"]] * 2
        self.patches_left = [RULES["patch_modifiers"]] * 2
        self.pop_used = [False, False]
        self.out_boost = [False, False]
        self.phase = ph.SWAP
        self.seat = 0  # who decides in setup phases
        self.player = 0  # whose turn it is
        self.turn = 0
        self.active = -1
        self.declared = 0
        self.essences = 0
        self.essence_users = 0
        self.drew = False
        self.anomaly_played = False
        self.steps = 0
        self.line_dir = -1
        self.done = 0
        self.abil_paid = False
        self.hushed = False
        self.must_continue = False
        self.stasis = self.glass = self.silenced = self.slowed = 0
        self.arrivals = 0  # bit per piece: a replacement put on a Portal this turn
        self.pop_team = -1
        self.pop_left = 0
        self.pop_waiting = False
        self.response_pop = False
        self.mold_block: tuple[int, int, int] | None = None
        self.keep_card = -1
        self.result: list[float] | None = None
        self.last: tuple[int, Action, tuple[int, ...]] | None = None
        self.dirty = False
        self.seen_by = -1
        self.pop_mods = 0
        self.pop_cache: list[int] | None = None  # cells open to population Modifiers (never mutated)
        self.touched: tuple[int, ...] = ()
        self.end_reason = ""
        self.turn_actions = 0

    # -- the contract hooks ------------------------------------------------------------
    @property
    def first_player(self) -> Seat | None:
        return 0  # the first seat always begins (NOTES.md; the simulator swaps seats)

    @property
    def current_player(self) -> Seat | None:
        phase = self.phase
        if phase == _MAIN:  # by far the most common: checked first
            return self.player
        if phase == _OVER:
            return None
        if phase in _SETUP:
            return self.seat
        if phase == _RESPONSE:
            return 1 - self.player
        if phase == _POP:
            return self.pop_team
        return self.player

    def _legal_actions(self) -> list[Action]:
        return self.rules.legal[self.phase](self)

    def _apply(self, action: Action) -> None:
        actor = self.current_player
        self.touched = ()
        self.seen_by = -1
        self.turn_actions += 1
        rules = self.rules
        rules.apply[action.kind](self, action)
        if self.dirty:
            self.dirty = False
            rules.check_end(self)
        self.last = (actor if actor is not None else -1, action, self.touched)

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    def _view(self, player: Seat | None) -> JsonDict:
        from soulforge.games.soulgivers.view import view

        return view(self, player)

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        from soulforge.games.soulgivers.view import resample

        resample(self, player, rng)

    def why_illegal(self, action: Action) -> IllegalAction:
        from soulforge.games.soulgivers.explain import why_illegal

        return why_illegal(self, action)

    def prompt(self) -> str:
        from soulforge.games.soulgivers.explain import prompt

        return prompt(self)

    # -- helpers shared by the rules ----------------------------------------------------
    def caps(self, piece: int) -> Caps:
        return CAPS[piece % 10][self.soul[piece] + 1]

    def team_pieces(self, team: int) -> list[int]:
        """The team's pieces on the board or on a Portal."""
        pos = self.pos
        return [p for p in TEAM_IDS[team] if pos[p] >= 0]

    def board_pieces(self, team: int) -> list[int]:
        pos = self.pos
        return [p for p in TEAM_IDS[team] if -1 < pos[p] < PORTAL]

    def move_range(self, piece: int) -> int:
        bit = 1 << piece
        if self.stasis & bit:
            return 0
        rng = CHARS[piece % 10].move - (1 if self.carrier == piece else 0) - (2 if self.slowed & bit else 0)
        return max(rng, 0)

    def shields_of(self, piece: int) -> int:
        if self.carrier == piece or self.glass & (1 << piece):
            return 0
        return self.shields[piece]

    def pay(self, piece: int) -> None:
        """Pay one Tribute Essence for ``piece``'s action (rulebook 4.2, Tribute actions)."""
        self.essences -= 1
        self.essence_users |= 1 << piece

    # -- copies -------------------------------------------------------------------------
    def clone(self) -> SoulgiversState:
        twin = self._bare_copy()
        # The game's fields shallowly, the core's from the bare copy; then copy the mutables.
        twin.__dict__ = d = {**self.__dict__, **twin.__dict__}
        for name in _LISTS:
            d[name] = list(d[name])
        for name in _NESTED:
            d[name] = [list(x) for x in d[name]]
        twin.souls = dict(self.souls)
        twin.result = None if self.result is None else list(self.result)
        return twin


_LISTS = ("printed", "eff", "mods", "occ", "pos", "shields", "decay", "soul", "revealed", "portals",
          "pile", "discard", "holes_left", "patches_left", "pop_used", "out_boost", "pop_of")
_NESTED = ("deck", "picks", "pair", "hand")
