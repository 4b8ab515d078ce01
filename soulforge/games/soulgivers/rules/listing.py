"""The fast listings of the two hot steps (the main phase, the Anomaly window): one pass over
the rules' options in their order, each rule asked only when its checks pass, through the same
checks (``common.essence_left``, ``special.can_draw``, ``special.population_allowed``).
Both are compiled at import with those checks' expressions in place of the calls
(``inline.py``: the old hand-written listing's inline tests, generated from the one statement
of each check). ``tests/soulgivers/test_flow.py`` proves them equal to the rules' own listing
(``FLOW.plain_legal``) over seeded games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soulgivers.abilities_board import BlackVoid, Patch, Update
from soulforge.games.soulgivers.actions import DECLINE, DRAW, END, POPULATION, ROTATIONS
from soulforge.games.soulgivers.activation import absorbable, attack_hits, pass_receiver, protected
from soulforge.games.soulgivers.consequences import blocks_sight
from soulforge.games.soulgivers.encoding import OTHER, PORTAL
from soulforge.games.soulgivers.movement import can_go_on, entry, entry_cells, step_directions
from soulforge.games.soulgivers.rules.common import TURN_CAP, essence_left, moving_on
from soulforge.games.soulgivers.rules.inline import inline
from soulforge.games.soulgivers.rules.movement import ENTER, STEP, declarable, movement_not_ended
from soulforge.games.soulgivers.rules.special import (
    PlayAnomalyRule,
    can_draw,
    interference_blocked,
    may_answer,
    population_allowed,
)
from soulforge.games.soulgivers.rules.tribute import (
    ABSORB,
    ATTACK,
    COLLECT_RULE,
    DROP_RULE,
    PASS_RULE,
    ability_options,
)
from soulforge.games.soulgivers.sequence import end_turn, hushed, refill, start_turn

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


def main_listing(s: SoulgiversState) -> list[Action]:
    """The main phase's legal actions in one pass, in the rules' order (see the module doc)."""
    active = s.active
    if moving_on(s):
        return list((ENTER if s.pos[active] >= PORTAL else STEP).options(s, active))
    if s.turn_actions >= TURN_CAP:
        return [END]
    out: list[Action] = declarable(s)
    if active >= 0:
        if s.pos[active] >= PORTAL:
            out += ENTER.options(s, active)
        else:
            out += STEP.options(s, active)
            if movement_not_ended(s):
                out += ROTATIONS  # ROTATE's options
            if s.souls:
                out += ABSORB.options(s, active)
            if essence_left(s):  # the Tribute actions' cost
                out += COLLECT_RULE.options(s, active)
                if s.carrier == active:
                    out += PASS_RULE.options(s, active)
                    out += DROP_RULE.options(s, active)
                out += ATTACK.options(s, active)
            out += ability_options(s, active)  # ABILITY's options
    if can_draw(s):
        out.append(DRAW)
    if population_allowed(s, s.player):
        out.append(POPULATION)
    out.append(END)
    return out


def response_listing(s: SoulgiversState) -> list[Action]:
    """The Anomaly window's legal actions: the plays listed once (``anomaly_allowed`` is
    ``may_answer`` and a card with a target: the plays are then not empty)."""
    out: list[Action] = [DECLINE]
    if may_answer(s):
        out += PlayAnomalyRule.options(s)
    if population_allowed(s, OTHER[s.player]):
        out.append(POPULATION)
    return out


inline(main_listing)
inline(response_listing)

# The geometry and activation helpers the listings and the moves call on every position,
# compiled the same way: their calls of one-expression helpers (``team_of``, ``barrier_at``,
# ``kind_of``...) become those helpers' expressions. The helpers stay the one statement of
# what they compute; only the compiled code reads them in place. The Abilities that place
# Modifiers ask ``placeable`` of up to 49 cells on every listing on the board.
for _hot in (entry, can_go_on, entry_cells, step_directions, attack_hits, pass_receiver, absorbable,
             protected, blocks_sight, end_turn, start_turn, refill, hushed, interference_blocked,
             declarable, Patch.options, Update.options, BlackVoid.options):
    inline(_hot)
