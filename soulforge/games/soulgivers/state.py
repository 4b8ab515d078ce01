"""The state of a game of Soulgivers: plain lists and ints (numbered as ``encoding.py`` says).

The rules are in ``rules/`` (``flow = FLOW``): the core lists, refuses and dispatches the
actions from it. Every field is declared below with its type; :meth:`SoulgiversState.clone`
copies each (written out: ``tests/core/test_native_states.py`` checks none is forgotten).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from soulforge.core import Action, JsonDict, Seat, State
from soulforge.core.state import outcome_from_returns
from soulforge.games.soulgivers.board import CELL_COUNT, MOTHER
from soulforge.games.soulgivers.cards import CAPS
from soulforge.games.soulgivers.consequences import check_end
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import (
    BIT,
    KINDS,
    MAIN,
    NONE,
    OFF,
    OTHER,
    OVER,
    PIECE_COUNT,
    POP,
    RESPONSE,
    SETUP,
    SWAP,
    TEAMS,
    Kind,
    Phase,
    Piece,
    Team,
    kind_of,
    position_masks,
    team_members,
)
from soulforge.games.soulgivers.flow import FLOW, prompt
from soulforge.games.soulgivers.hidden import resample
from soulforge.games.soulgivers.view import view

if TYPE_CHECKING:
    from soulforge.games.soulgivers.auras import Caps
    from soulforge.games.soulgivers.game import Soulgivers

APPLY: Final[dict[type[Action], Callable[[SoulgiversState, Any], None]]] = {
    rule.action: rule.apply for rule in FLOW.rules}
"""Each action kind's rule, by the action's class (the flow's dispatch, one lookup)."""
_LEGAL_ACTIONS: Final = FLOW.state_hooks()[0]
"""The flow's listing, as the core sets it on a pure state class (called from the state's own
method: a native class's methods cannot be set after it is made)."""
# The imported names the state's methods read on every move, bound ``Final`` here: compiled, a
# name that is not is looked up in the module's dict at each use (a Final one is a C static).
_MAIN: Final = MAIN
_OVER: Final = OVER
_SETUP: Final = SETUP
_RESPONSE: Final = RESPONSE
_POP: Final = POP
_OTHER: Final = OTHER
_BIT: Final = BIT
_CAPS: Final = CAPS
_NO_CELLS: Final[tuple[int, ...]] = ()
LastMove = tuple[Seat, Action, tuple[int, ...]]
"""The last action, who made it (-1: nobody) and the cells it touched (views highlight them)."""


class SoulgiversState(State["Soulgivers"]):
    """A game of Soulgivers in progress (see the module docstring).

    Compiled (``make native``), a native class, as the other games' states: its fields live in
    the object and the compiled rules read them without a dictionary lookup. It declares every
    field below, and :meth:`clone` copies each. ``SoulgiversState()``, with no game, is a bare
    state whose fields are set next (the core's ``_bare_copy``, a restore): a native class's
    ``__new__`` calls ``__init__``. Its game, ``self.game``, is typed ``Soulgivers`` through the
    core's ``State[GameT]`` (a native class cannot narrow an inherited field's type).
    """

    flow = FLOW

    # -- the board (per cell) ------------------------------------------------------------------
    printed: list[int]
    """The terrain printed on each cell (``board`` codes; a destroyed tile is DEAD)."""
    eff: list[int]
    """What each cell is once its Modifiers are counted (``consequences.effective``)."""
    mods: list[tuple[int, ...]]
    """Each cell's stack of Modifiers (codes of modifiers.toml), top last."""
    occ: list[Piece]
    """The piece standing on each cell, or NONE."""
    # -- the pieces (per piece) ------------------------------------------------------------------
    pos: list[int]
    shields: list[int]
    """The directions each piece's shields face (bit d: direction d)."""
    decay: list[int]
    soul: list[Piece]
    """The Soul each piece absorbed (Double Soul), or NONE."""
    revealed: list[bool]
    """Has each piece been shown to both seats (placed on a Portal)?"""
    souls: dict[Piece, int]
    """The Souls lying on the board: piece -> cell."""
    in_play: int
    on_board: int
    """The pieces in play (``pos`` >= 0: on the board or a Portal) and those on the board, as
    masks (``BIT``): kept by ``consequences.set_position`` where positions change, read where
    a team's pieces are listed (``encoding.team_members``) instead of scanning ``pos``."""
    # -- the Fragment, the Barrier, the Portals ----------------------------------------------------
    frag_tile: int
    carrier: Piece
    barrier: bool
    portals: list[bool]
    """Is each Portal standing?"""
    # -- the cards and supplies (per team) ----------------------------------------------------------
    pop_of: tuple[int, ...]
    """Each team's population (its index in rules.toml)."""
    deck: list[list[Kind]]
    picks: list[list[Kind]]
    """The starting Soulgivers chosen and not yet placed (setup step 13)."""
    pair: list[list[Kind]]
    """The two Soulgiver cards drawn to replace one (4.2 Destruction, step 4)."""
    keep_card: Kind
    """The card kept, to be placed on a Portal (NONE when none is waiting)."""
    hand: list[list[str]]
    pile: list[str]
    """The Anomaly deck (unordered: draws are random)."""
    discard: list[str]
    holes_left: list[int]
    patches_left: list[int]
    pop_used: list[bool]
    out_boost: list[bool]
    """Is each team's Decay raised by 3 a turn (the other team is out of characters)?"""
    # -- whose decision ------------------------------------------------------------------------
    phase: Phase
    seat: Seat
    """Who decides in the setup phases."""
    player: Seat
    """Whose turn it is."""
    turn: int
    turn_limit: int
    turn_actions: int
    result: list[float] | None
    end_reason: str
    # -- this turn ---------------------------------------------------------------------------
    essences: int
    essence_users: int
    """The pieces that paid a Tribute Essence this turn (a mask)."""
    declared: int
    """The pieces declared this turn (a mask)."""
    drew: bool
    anomaly_played: bool
    stasis: int
    glass: int
    silenced: int
    slowed: int
    """The pieces under each Anomaly this turn (masks)."""
    arrivals: int
    """The replacements put on a Portal this turn (a mask): they must enter."""
    mold_block: tuple[int, int, int] | None
    """(turn, line, slide) Mold may not do: undoing the last slide (9 Architect)."""
    # -- the Active Soulgiver ---------------------------------------------------------------------
    active: Piece
    steps: int
    line_dir: int
    done: int
    """What it did this activation (``encoding`` flags)."""
    abil_paid: bool
    hushed: bool
    must_continue: bool
    # -- the Anomaly window and the Population Ability ---------------------------------------------
    pop_team: Team
    pop_left: int
    pop_waiting: bool
    response_pop: bool
    pop_mods: int
    """How many population Modifiers lie on the board."""
    pop_cache: tuple[int, ...] | None
    """The cells open to the population Modifiers being placed (None: to be found)."""
    # -- bookkeeping -----------------------------------------------------------------------------------
    last: LastMove | None
    touched: tuple[int, ...]
    """The cells the action being applied touched."""
    seen_by: Seat
    """In a determinized world, the seat it was made for (-1: none): secret last actions."""
    dirty: bool
    """A piece or Portal was destroyed: check the end of the game after the action."""

    def __init__(self, game: Soulgivers | None = None, seed: int = 0, num_players: int = 2) -> None:
        if game is None:
            return  # a bare state: the caller sets every field (see the class docstring)
        super().__init__(game, seed, num_players)
        self.printed = [0] * CELL_COUNT
        self.eff = [0] * CELL_COUNT
        self.mods = [()] * CELL_COUNT
        self.occ = [NONE] * CELL_COUNT
        self.pos = [OFF] * PIECE_COUNT
        self.shields = [game.chars[kind_of(p)].shields for p in range(PIECE_COUNT)]
        self.decay = [0] * PIECE_COUNT
        self.soul = [NONE] * PIECE_COUNT
        self.revealed = [False] * PIECE_COUNT
        self.souls = {}
        self.in_play = self.on_board = 0  # no piece in play yet
        self.frag_tile = MOTHER
        self.carrier = NONE
        self.barrier = True
        self.portals = [True] * len(game.layout.portals)
        first = [p.key for p in DATA.populations].index(str(game.options["first_population"]))
        self.pop_of = (first, OTHER[first])
        self.deck = [list(KINDS) for _ in TEAMS]
        self.picks = [[] for _ in TEAMS]
        self.pair = [[] for _ in TEAMS]
        self.keep_card = NONE
        self.hand = [[] for _ in TEAMS]
        self.pile = sorted(a.key for a in game.data.anomalies for _ in range(a.copies))
        self.discard = []
        self.holes_left = [game.rules["black_hole_modifiers"]] * len(TEAMS)
        self.patches_left = [game.rules["patch_modifiers"]] * len(TEAMS)
        self.pop_used = [False] * len(TEAMS)
        self.out_boost = [False] * len(TEAMS)
        self.phase, self.seat, self.player = SWAP, 0, 0
        self.turn, self.turn_limit, self.turn_actions = 0, int(game.options["turn_limit"]), 0
        self.result, self.end_reason = None, ""
        self.essences = self.essence_users = self.declared = 0
        self.drew = self.anomaly_played = False
        self.stasis = self.glass = self.silenced = self.slowed = self.arrivals = 0
        self.mold_block = None
        self.active, self.steps, self.line_dir, self.done = NONE, 0, -1, 0
        self.abil_paid = self.hushed = self.must_continue = False
        self.pop_team, self.pop_left, self.pop_mods, self.pop_cache = NONE, 0, 0, None
        self.pop_waiting = self.response_pop = False
        self.last, self.touched, self.seen_by, self.dirty = None, (), -1, False

    # -- the contract hooks ------------------------------------------------------------------------
    @property
    def first_player(self) -> Seat | None:
        return 0  # the first seat always begins (NOTES.md; the simulator swaps seats)

    @property
    def is_over(self) -> bool:
        """The contract's ``current_player is None``, read straight from the phase (only the
        phase OVER has no seat to decide): a playout asks on every move."""
        return self.phase == _OVER

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
            return _OTHER[self.player]
        if phase == _POP:
            return self.pop_team
        return self.player

    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_ACTIONS(self)

    def _apply(self, action: Action) -> None:
        """The flow's rule, with what every action shares: counting the turn's actions,
        checking the end once something was destroyed, remembering the move for views."""
        # current_player's first case read in place: most moves are the main phase's
        actor = self.player if self.phase == _MAIN else self.current_player
        # (Through a name typed ``tuple[int, ...]``: compiled, ``self.touched = ()`` narrows the
        # field to an empty tuple for the rest of the method, and the read below then refuses
        # the cells the rule set.)
        self.touched = _NO_CELLS
        self.seen_by = -1
        self.turn_actions += 1
        APPLY[type(action)](self, action)
        if self.dirty:
            self.dirty = False
            check_end(self)
        self.last = (actor if actor is not None else -1, action, self.touched)

    def outcome(self) -> str:
        """Who the rulebook's ending (8, victory conditions) favours, and the ending."""
        if not self.is_over:
            return ""
        return f"{outcome_from_returns(self.returns())[:-1]}: {self.end_reason}."

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    def _view(self, player: Seat | None) -> JsonDict:
        return view(self, player)

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        resample(self, player, rng)

    def prompt(self) -> str:
        return prompt(self)

    # -- helpers shared by the rules -----------------------------------------------------------------
    def caps(self, piece: Piece) -> Caps:
        """What ``piece``'s auras (and its absorbed Soul's) let it do."""
        return _CAPS[piece][self.soul[piece]]

    def team_pieces(self, team: Team) -> list[Piece]:
        """The team's pieces on the board or on a Portal."""
        return list(team_members(self.in_play, team))

    def board_pieces(self, team: Team) -> list[Piece]:
        """The team's pieces on the board (not on a Portal)."""
        return list(team_members(self.on_board, team))

    def recount(self) -> None:
        """Find the masks of the pieces in play and on the board afresh from ``pos`` (a
        position built by hand, writing ``pos`` directly)."""
        self.in_play, self.on_board = position_masks(self.pos)

    def move_range(self, piece: Piece) -> int:
        """Its movement this activation: less 1 carrying the Fragment, 2 under Slow Time, 0 in Stasis."""
        flag = _BIT[piece]
        if self.stasis & flag:
            return 0
        move = self.game.char_of[piece].move
        cells = move - (1 if self.carrier == piece else 0) - (2 if self.slowed & flag else 0)
        return max(cells, 0)

    def shields_of(self, piece: Piece) -> int:
        """Its shields now: none while carrying the Fragment or under Glass Body."""
        if self.carrier == piece or self.glass & _BIT[piece]:
            return 0
        return self.shields[piece]

    def pay(self, piece: Piece) -> None:
        """Pay one Tribute Essence for ``piece``'s action (rulebook 4.2, Tribute actions)."""
        self.essences -= 1
        self.essence_users |= _BIT[piece]

    # -- copies -----------------------------------------------------------------------------------------
    def clone(self) -> SoulgiversState:
        """Every field copied by its declared type, as ``soulforge.core.clone.ClonePlan`` would
        (tuples shared, lists copied level by level): written out, compiled, since search
        clones on every simulated move (``tests/core/test_native_states.py`` holds it to the fields)."""
        twin = self._bare_copy()
        twin.printed, twin.eff, twin.mods = self.printed.copy(), self.eff.copy(), self.mods.copy()
        twin.occ, twin.pos, twin.shields = self.occ.copy(), self.pos.copy(), self.shields.copy()
        twin.decay, twin.soul, twin.revealed = self.decay.copy(), self.soul.copy(), self.revealed.copy()
        twin.souls = self.souls.copy()
        twin.in_play, twin.on_board = self.in_play, self.on_board
        twin.frag_tile, twin.carrier, twin.barrier = self.frag_tile, self.carrier, self.barrier
        twin.portals, twin.pop_of = self.portals.copy(), self.pop_of
        twin.deck = [kinds.copy() for kinds in self.deck]
        twin.picks = [kinds.copy() for kinds in self.picks]
        twin.pair = [kinds.copy() for kinds in self.pair]
        twin.keep_card = self.keep_card
        twin.hand = [cards.copy() for cards in self.hand]
        twin.pile, twin.discard = self.pile.copy(), self.discard.copy()
        twin.holes_left, twin.patches_left = self.holes_left.copy(), self.patches_left.copy()
        twin.pop_used, twin.out_boost = self.pop_used.copy(), self.out_boost.copy()
        twin.phase, twin.seat, twin.player = self.phase, self.seat, self.player
        twin.turn, twin.turn_limit, twin.turn_actions = self.turn, self.turn_limit, self.turn_actions
        result = self.result
        twin.result = None if result is None else result.copy()
        twin.end_reason = self.end_reason
        twin.essences, twin.essence_users, twin.declared = self.essences, self.essence_users, self.declared
        twin.drew, twin.anomaly_played = self.drew, self.anomaly_played
        twin.stasis, twin.glass, twin.silenced = self.stasis, self.glass, self.silenced
        twin.slowed, twin.arrivals, twin.mold_block = self.slowed, self.arrivals, self.mold_block
        twin.active, twin.steps, twin.line_dir, twin.done = self.active, self.steps, self.line_dir, self.done
        twin.abil_paid, twin.hushed, twin.must_continue = self.abil_paid, self.hushed, self.must_continue
        twin.pop_team, twin.pop_left, twin.pop_waiting = self.pop_team, self.pop_left, self.pop_waiting
        twin.response_pop, twin.pop_mods, twin.pop_cache = self.response_pop, self.pop_mods, self.pop_cache
        twin.last, twin.touched, twin.seen_by, twin.dirty = self.last, self.touched, self.seen_by, self.dirty
        return twin
