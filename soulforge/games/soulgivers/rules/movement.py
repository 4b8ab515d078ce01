"""Declaring the Active Soulgiver (rulebook 4) and its free actions of movement (4.2; 6
Portals; 9 Spacewalker: Wormhole). The geometry is in ``movement.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from soulforge.core import Action
from soulforge.core.flow import Check, ClickPath
from soulforge.games.soulgivers import words
from soulforge.games.soulgivers.actions import (
    ENTERS,
    EXITS,
    ROTATIONS,
    STEPS,
    Declare,
    Enter,
    ExitHole,
    Rotate,
)
from soulforge.games.soulgivers.actions import Step as StepAction
from soulforge.games.soulgivers.board import DIR_NAMES, NEIGH, opposite, rotate_mask
from soulforge.games.soulgivers.consequences import conquest, put, settle
from soulforge.games.soulgivers.data import CHARS
from soulforge.games.soulgivers.encoding import (
    BIT,
    KIND_MASK,
    MAIN,
    MOVE_ENDED,
    PORTAL,
    TEAM_MEMBERS,
    TEAM_SHIFT,
    TEAMS,
    Piece,
    kind_of,
    piece_of,
    portal_at,
    team_of,
)
from soulforge.games.soulgivers.movement import arrive, entry_cells, step_directions, wormhole_exits
from soulforge.games.soulgivers.rules.common import DECLARED, MAY_STOP, SoulgiversRule, moving_on, turn_open
from soulforge.games.soulgivers.rules.special import open_window
from soulforge.games.soulgivers.sequence import hushed

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

A = TypeVar("A", bound=Action)
DECLARE_SETS: tuple[tuple[tuple[Declare, ...], ...], ...] = tuple(
    tuple(tuple(Declare(kind_of(p)) for p in pieces) for pieces in TEAM_MEMBERS[team]) for team in TEAMS
)
"""DECLARE_SETS[team][kinds]: the Declare actions of the team's pieces of the kinds in the mask
``kinds``, in order (as ``encoding.TEAM_MEMBERS``)."""


def declarable(s: SoulgiversState) -> list[Action]:
    """The Soulgivers the player may declare: in the game, not yet declared this turn, not the
    one active now (each once a turn, never going back to an earlier one)."""
    candidates = s.in_play & ~s.declared & ~(BIT[s.active] if s.active >= 0 else 0)
    return list(DECLARE_SETS[s.player][candidates >> TEAM_SHIFT[s.player] & KIND_MASK])


class DeclareRule(SoulgiversRule[Declare]):
    """Declare the Active Soulgiver: each once a turn, never going back to an earlier one."""

    action = Declare
    section = "4 turn sequence (declare the Active Soulgiver)"
    checks = (MAY_STOP,)
    refused = ("each Soulgiver in the game is activated at most once a turn, and never again once another "
               "is declared")

    def legal(self, state: SoulgiversState) -> list[Action]:
        return declarable(state) if turn_open(state) else []

    def apply(self, state: SoulgiversState, action: Declare) -> None:
        piece = piece_of(state.player, action.card)
        state.active = piece
        state.declared |= BIT[piece]
        state.steps, state.line_dir, state.done, state.abil_paid = 0, -1, 0, False
        state.must_continue = False
        state.hushed = hushed(state, piece)
        state.log_later(words.activates, state.player, action.card)
        state.pop_waiting = False
        open_window(state)

    def path(self, action: Declare) -> ClickPath:
        return (f"soulgiver:{CHARS[action.card].key}",)


def mover(s: SoulgiversState, on_portal: bool) -> Piece:
    """The Active Soulgiver if it stands on a Portal (``on_portal``) or on the board (not) and
    may move now (stepping on, or the turn open), else -1."""
    piece = s.active
    if piece < 0 or (s.pos[piece] >= PORTAL) != on_portal or not (moving_on(s) or turn_open(s)):
        return -1
    return piece


class EnterRule(SoulgiversRule[Enter]):
    """From a Portal, the first step onto one of its two front cells (6 Portals)."""

    action = Enter
    section = "6 portals (entering the board)"
    checks = (MAY_STOP, DECLARED)

    def legal(self, state: SoulgiversState) -> list[Enter]:
        piece = mover(state, on_portal=True)
        return self.options(state, piece) if piece >= 0 else []

    def options(self, state: SoulgiversState, piece: Piece) -> list[Enter]:
        return [ENTERS[c] for c in entry_cells(state, piece)]

    def apply(self, state: SoulgiversState, action: Enter) -> None:
        piece = state.active
        side = state.game.layout.portals[portal_at(state.pos[piece])].side
        arrive(state, piece, action.cell, opposite(side))

    def path(self, action: Enter) -> ClickPath:
        return (f"cell:{action.cell}",)


class StepRule(SoulgiversRule[StepAction]):
    """One cell of movement; off the board only into an own Portal with the Fragment (Conquest).
    The one action open while the Soulgiver must keep moving."""

    action = StepAction
    section = "4.2 movement (four fundamental rules)"
    checks = (DECLARED,)

    def legal(self, state: SoulgiversState) -> list[StepAction]:
        piece = mover(state, on_portal=False)
        return self.options(state, piece) if piece >= 0 else []

    def options(self, state: SoulgiversState, piece: Piece) -> list[StepAction]:
        return [STEPS[d] for d in step_directions(state, piece)]

    def apply(self, state: SoulgiversState, action: StepAction) -> None:
        piece = state.active
        target = NEIGH[state.pos[piece]][action.dir]
        if target < 0:
            state.add_log(f"seat {team_of(piece)} brings the Fragment home")
            conquest(state, team_of(piece))
            return
        arrive(state, piece, target, action.dir)

    def path(self, action: StepAction) -> ClickPath:
        return (f"step:{DIR_NAMES[action.dir]}",)


class ActiveRule(SoulgiversRule[A]):
    """An action of the Active Soulgiver on the board, free to stop where it stands: legal when
    its ``checks`` pass, with the ``options`` its piece has."""

    checks: ClassVar[tuple[Check[Any, Any], ...]] = (MAY_STOP, DECLARED)

    def legal(self, state: SoulgiversState) -> list[A]:
        piece = state.active
        if piece < 0 or state.pos[piece] >= PORTAL or not turn_open(state):
            return []
        for check in self.checks:
            if not check.test(state, None):
                return []
        return self.options(state, piece)

    def options(self, state: SoulgiversState, piece: Piece) -> list[A]:
        """The actions of this kind for ``piece``, the Active Soulgiver on the board, its
        ``checks`` passed."""
        raise NotImplementedError


def movement_not_ended(s: SoulgiversState, action: object = None) -> bool:
    """Shield rotation ends the movement: once a turn of the shields, no more (4.2)."""
    return not s.done & MOVE_ENDED


class RotateRule(ActiveRule[Rotate]):
    """Shield rotation ends the movement (it may be done without moving)."""

    action = Rotate
    section = "4.2 shield rotation"
    checks = (MAY_STOP, DECLARED, Check("movement not ended", movement_not_ended,
                                        "the shields were already turned: the movement has ended"))

    def options(self, state: SoulgiversState, piece: Piece) -> list[Rotate]:
        return list(ROTATIONS)

    def apply(self, state: SoulgiversState, action: Rotate) -> None:
        state.shields[state.active] = rotate_mask(state.shields[state.active], action.turns)
        state.done |= MOVE_ENDED

    def path(self, action: Rotate) -> ClickPath:
        return (f"rotate:{action.turns}",)


class ExitHoleRule(SoulgiversRule[ExitHole]):
    """Wormhole: come out of any Black Hole for free; a linear mover starts a new line."""

    action = ExitHole
    section = "9 spacewalker: wormhole"

    def legal(self, state: SoulgiversState) -> list[ExitHole]:
        return [EXITS[c] for c in wormhole_exits(state)]

    def apply(self, state: SoulgiversState, action: ExitHole) -> None:
        put(state, state.active, action.cell)
        state.line_dir = -1
        state.phase = MAIN
        settle(state)

    def path(self, action: ExitHole) -> ClickPath:
        return (f"cell:{action.cell}",)


DECLARE, ENTER, STEP, ROTATE, EXIT_HOLE = DeclareRule(), EnterRule(), StepRule(), RotateRule(), ExitHoleRule()
