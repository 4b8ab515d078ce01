"""The TAMING step (#taming): tame a rogue, or let the rogues be. Who may tame which rogue
(the threshold, ``taming.tames``) and when the step opens are in ``taming.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from soulforge.core import IllegalAction
from soulforge.core.flow import CheckedRule, ClickPath
from soulforge.games.kipukas.actions import LetRoguesBe, Tame
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.movement import DAY_SPENT

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S
from soulforge.games.kipukas.cycle import open_day, rogue_avenged
from soulforge.games.kipukas.taming import SECTION, tameable, why_not


def _next(s: S) -> None:

    rogue_avenged(s)  # #rouge: a rogue that defeated a seat is 'defeated or tamed'
    if s.phase == OVER:
        return
    s.tamers = [seat for seat in s.tamers if tameable(s, seat)]
    if s.tamers:
        s.active = s.tamers[0]
    else:
        s.phase, s.active = s.diel, s.initiative
        open_day(s)


class TameRule(CheckedRule["S", Tame]):
    """#taming: tame a rogue in a territory where a soul of yours already is."""

    action = Tame
    section = SECTION

    def candidates(self, s: S) -> Iterator[Tame]:
        return (Tame(p) for p in s.rogues)

    def reason(self, s: S, action: Tame) -> IllegalAction | None:
        why = why_not(s, s.active, action.piece)
        return IllegalAction(f"cannot tame: {why} (#taming)", rule=SECTION) if why else None

    def apply(self, s: S, action: Tame) -> None:
        seat, piece = s.active, action.piece
        s.tamed[piece] = s.rogues.pop(piece)
        s.owner[piece] = seat
        s.steps_used[piece] = DAY_SPENT  # its rogue move was its day's movement
        s.loiter_since[piece] = -1
        s.moved()
        where = s.territory[piece]
        s.add_log(f"{s.seat_name(seat)} tames the rogue {s.card_of(piece).name} on territory {where}")
        _next(s)

    def path(self, action: Tame) -> ClickPath:
        return (f"piece:{action.piece}",)


class LetBeRule(CheckedRule["S", LetRoguesBe]):
    """#taming: taming is a choice; the next seat may tame, then the day's actions begin."""

    action = LetRoguesBe
    section = SECTION

    def candidates(self, s: S) -> Iterator[LetRoguesBe]:
        yield LetRoguesBe()

    def reason(self, s: S, action: LetRoguesBe) -> IllegalAction | None:
        return None

    def apply(self, s: S, action: LetRoguesBe) -> None:
        s.tamers = [seat for seat in s.tamers if seat != s.active]
        _next(s)
