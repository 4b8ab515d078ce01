"""What the rules of the game share: their base class, refusing in the rulebook's order, and
the named checks that gate whole families of actions (rulebook 4, 4.2).

Each condition is stated once, as a :class:`~soulforge.core.flow.Check` whose ``test`` is a
plain function of the state: the rules' listings, their refusals and the fast listings
(``rules/listing.py``) all call that function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Check, Rule, first_failure
from soulforge.games.soulgivers.encoding import MAIN

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

A = TypeVar("A", bound=Action)

TURN_CAP = 200
"""Safety net: after this many actions in one turn only ending the turn stays legal (never
reached in play: each Soulgiver acts at most once per turn, each action type once)."""

KEEP_MOVING = "the Soulgiver cannot stop on this cell: it must keep moving"


def moving_on(s: SoulgiversState, action: object = None) -> bool:
    """The Active Soulgiver stands where it may not stop: it can only step on (4.2)."""
    return s.must_continue and s.active >= 0


def turn_open(s: SoulgiversState, action: object = None) -> bool:
    """Any main-phase decision is open, not only stepping on or ending the turn."""
    return not moving_on(s) and s.turn_actions < TURN_CAP


def may_stop(s: SoulgiversState, action: object = None) -> bool:
    """Outside the main phase, or the Active Soulgiver is not made to keep moving."""
    return s.phase != MAIN or not moving_on(s)


def declared(s: SoulgiversState, action: object = None) -> bool:
    """Outside the main phase, or an Active Soulgiver is declared (4 turn sequence)."""
    return s.phase != MAIN or s.active >= 0


def essence_left(s: SoulgiversState, action: object = None) -> bool:
    """A Tribute Essence is left this turn: each Tribute action costs one (4.2)."""
    return s.essences > 0


MAY_STOP: Check[Any, Any] = Check("may stop here", may_stop, KEEP_MOVING)
"""Every main-phase action but a step waits until the Soulgiver stands where it may stop."""
DECLARED: Check[Any, Any] = Check("an Active Soulgiver", declared, "declare an Active Soulgiver first",
                                  "4 turn sequence")
ESSENCE: Check[Any, Any] = Check("a Tribute Essence left", essence_left, "no Tribute Essence left this turn",
                                 "4.2 tribute actions")
"""The Essence cost of the Tribute actions (collect, pass, drop, attack, draw; Abilities pay it
once an activation): stated here once."""


def once_an_activation(flag: int, what: str, section: str = "") -> Check[Any, Any]:
    """The check that the Active Soulgiver has not yet done ``what`` (its ``done`` ``flag``)."""
    def not_done(s: SoulgiversState, action: object = None) -> bool:
        return not s.done & flag
    return Check(f"{what} once an activation", not_done,
                 f"the Active Soulgiver already {what} in this activation", section)


class SoulgiversRule(Rule["SoulgiversState", A]):
    """A rule of the game, refusing with the first of its ``checks`` that fails.

    ``checks`` lists the rule's conditions that do not depend on the action's own fields, in
    the order the rulebook explains a turn (the Soulgiver must keep moving, no Active
    Soulgiver yet, no Tribute Essence left, then the rule's own); an action that passes them
    all but is not listed (a cell out of reach, a card without that target) is refused with
    ``refused``.
    """

    checks: ClassVar[tuple[Check[Any, Any], ...]] = ()
    refused: ClassVar[str] = ""
    """The refusal's words when every check passes (the action's own fields are wrong)."""

    def refusal(self, state: SoulgiversState, action: A) -> IllegalAction:
        failed = first_failure(self.checks, state, action, self.section)
        if failed is not None:
            return failed
        words = self.refused or f"{action} breaks the rule or was already done by this Soulgiver this turn"
        return IllegalAction(words, rule=self.section)
