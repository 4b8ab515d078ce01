"""Ending the turn (rulebook 4.3); what it sets off is in ``sequence.py`` (``end_turn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.actions import END, EndTurn
from soulforge.games.soulgivers.rules.common import MAY_STOP, SoulgiversRule, moving_on
from soulforge.games.soulgivers.sequence import end_turn

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


class EndTurnRule(SoulgiversRule[EndTurn]):
    """Every Soulgiver in the game gains Decay (+1 more if it used Tribute Essences, +3 a turn
    once the other team is out); a replacement left on its Portal and a Soulgiver on an
    opposing population Modifier are destroyed; then the next turn begins."""

    action = EndTurn
    section = "4.3 ending the turn"
    checks = (MAY_STOP,)

    def legal(self, state: SoulgiversState) -> list[EndTurn]:
        return [] if moving_on(state) else [END]

    def apply(self, state: SoulgiversState, action: EndTurn) -> None:
        end_turn(state)


END_RULE = EndTurnRule()
