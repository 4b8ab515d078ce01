"""The rules of the game's decisions (rulebook 3 Setup, 4 The turn), one module per family of
actions, and ``FLOW``, built here from them:

- ``common.py``: the rules' base (refusing with the first failing check, in the rulebook's
  order) and the checks shared by families (may stop here, an Active Soulgiver, a Tribute
  Essence left);
- ``setup.py``: setup's swaps, hidden picks and placing; keeping a replacement;
- ``movement.py``: declaring the Active Soulgiver, entering, stepping, shield rotation, the
  Wormhole's exit;
- ``tribute.py``: Soul acquisition and the Tribute actions (the Fragment, Attack, Abilities);
- ``special.py``: Anomalies, the window after each activation, the Population Ability;
- ``end.py``: ending the turn;
- ``listing.py``: the main phase's and the window's fast listings, calling the same checks.

A rule holds side by side when it is legal (its checks, then its options), why it is refused
(the first failing check, naming the rulebook section), what it does and what a player clicks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Flow, Step
from soulforge.games.soulgivers.data import SHORT_NAMES
from soulforge.games.soulgivers.encoding import (
    EXIT,
    KEEP,
    MAIN,
    OVER,
    PICK,
    PLACE,
    POP,
    REFILL,
    RESPONSE,
    RETURN,
    SWAP,
    kind_of,
)
from soulforge.games.soulgivers.rules.common import SoulgiversRule
from soulforge.games.soulgivers.rules.end import END_RULE
from soulforge.games.soulgivers.rules.listing import main_listing, response_listing
from soulforge.games.soulgivers.rules.movement import DECLARE, ENTER, EXIT_HOLE, ROTATE, STEP
from soulforge.games.soulgivers.rules.setup import KEEP_RULE, PICK_RULE, PLACE_RULE, SKIP_SWAP, SWAP_TILE
from soulforge.games.soulgivers.rules.special import (
    DECLINE_RULE,
    DRAW_RULE,
    PLAY_ANOMALY,
    POP_PLACE,
    POPULATION_RULE,
    RETURN_RULE,
)
from soulforge.games.soulgivers.rules.tribute import (
    ABILITY,
    ABSORB,
    ATTACK,
    COLLECT_RULE,
    DROP_RULE,
    PASS_RULE,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

ON_BOARD: tuple[SoulgiversRule[Any], ...] = (
    STEP, ROTATE, ABSORB, COLLECT_RULE, PASS_RULE, DROP_RULE, ATTACK, ABILITY)
"""The Active Soulgiver's actions on the board, in listing order."""
MAIN_RULES: tuple[SoulgiversRule[Any], ...] = (
    DECLARE, ENTER, *ON_BOARD, DRAW_RULE, POPULATION_RULE, END_RULE)
"""The main phase's rules, in listing order (``listing.main_listing`` keeps it)."""

PROMPTS = {
    SWAP: "setup step 12: swap a tile next to your Portals, or keep the tiles",
    PICK: "setup step 13: secretly choose your starting Soulgivers",
    PLACE: "setup step 14: place your chosen Soulgivers on your Portals",
    KEEP: "replace a Soulgiver: keep one of the cards you drew",
    REFILL: "put the new Soulgiver on one of your Portals",
    RESPONSE: "your opponent activated a Soulgiver: play an Anomaly or let it go on",
    POP: "place the Modifiers of your Population Ability",
    RETURN: "you hold too many Anomalies: put one back in the deck",
    EXIT: "Wormhole: choose the Black Hole to come out of",
}
"""What the deciding seat is asked, per step (the main phase's depends on the activation)."""


def prompt(s: SoulgiversState) -> str:
    if s.phase == OVER:
        return ""
    if s.phase == MAIN:
        if s.active < 0:
            return "declare the Soulgiver to activate, draw an Anomaly, or end the turn"
        name = SHORT_NAMES[kind_of(s.active)]
        if s.must_continue:
            return f"the {name} cannot stop here: keep moving"
        return f"act with the {name}, activate another Soulgiver, or end the turn"
    return PROMPTS[s.phase]


def _not_now(s: SoulgiversState, action: Action) -> IllegalAction:
    """An action whose kind is not open in this phase: say what is being decided instead."""
    return IllegalAction(f"{action} is not possible now: {prompt(s)}", rule=FLOW.rule_for(action).section)


def _steps() -> Iterable[Step[SoulgiversState]]:
    yield Step(SWAP, (SKIP_SWAP, SWAP_TILE), section="3 setup, step 12")
    yield Step(PICK, (PICK_RULE,), section="3 setup, step 13")
    yield Step(PLACE, (PLACE_RULE,), section="3 setup, step 14")
    yield Step(KEEP, (KEEP_RULE,), section="4.2 destruction, step 4")
    yield Step(REFILL, (PLACE_RULE,), section="4.2 destruction, step 5")
    yield Step(MAIN, MAIN_RULES, section="4 turn sequence", fast_legal=main_listing)
    yield Step(RESPONSE, (DECLINE_RULE, PLAY_ANOMALY, POPULATION_RULE), section="4.2 playing an anomaly card",
               fast_legal=response_listing)
    yield Step(POP, (POP_PLACE,), section="4.2 population ability")
    yield Step(RETURN, (RETURN_RULE,), section="4.2 drawing an anomaly card")
    yield Step(EXIT, (EXIT_HOLE,), section="9 spacewalker: wormhole")
    yield Step(OVER, (), section="8 the end of the game")


FLOW: Flow[SoulgiversState] = Flow(list(_steps()), step_of="phase", out_of_step=_not_now)
