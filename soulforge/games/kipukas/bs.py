"""Challenging BS (#BS), an OPTIONAL rule (``rules.play.challenge_bs``, authored, off by default).

The rulebook: "If your opponent attempts to make a move that simply makes no sense, you have the
right to contest it. 1. Call them out before the effect is used in game play 2. Pause the battle
and hold convention (have a talk) 3. One player must concede reasonability (either for or
against) 4. if required, enlist a tie breaking third individual to make the final call." Its
example is "a dragon wielding a stick to boost its attack".

No rule decides what makes no sense, so the engine cannot judge a challenge; it can only hold
the convention. Read: the move open to a call is an equip (the example's kind of move, and one
whose effect is used only later, in a fight); right after it, each other seat in turn from the
mover may call it out (``CallBS``) or let it stand (``LetItStand``). Called out, the mover
concedes (``Withdraw``: the item goes back to its hand slot, the play is not counted) or stands
by it (``StandBy``): then the challenger is the one who concedes (step 3: one of the two must;
no third individual sits at a digital table). So a challenge changes the game only when the
mover agrees: with the rule on, it is the table's sanctioned take-back of an equip.
Everything is public: the equip's item is named in the log already.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Rule
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import CallBS, LetItStand, StandBy, Withdraw
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import BS_ANSWER, BS_CALL, DAY

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

SECTION = "BS"
MOVER, PIECE, SLOT = range(3)


def open_challenge(s: S, mover: int, piece: int, slot: int, item: str) -> None:
    """After an equip: the other seats able to act, from the mover on, may call it out."""
    n = s.num_players
    others = [(mover + k) % n for k in range(1, n) if s.beaten_by[(mover + k) % n] < 0]
    if not others:
        cycle.end_action(s, mover)
        return
    s.bs, s.bs_item = [mover, piece, slot, *others], item
    s.active, s.phase = others[0], BS_CALL


def _close(s: S) -> None:
    mover = s.bs[MOVER]
    s.bs, s.bs_item = [], ""
    s.phase = DAY
    cycle.end_action(s, mover)


class CallRule(Rule["S", CallBS]):
    """#BS 1: call the mover out before the effect is used."""

    action = CallBS
    section = SECTION

    def legal(self, s: S) -> Sequence[Action]:
        return [CallBS()]

    def refusal(self, s: S, action: CallBS) -> IllegalAction:
        return IllegalAction("only an equip just made may be called out", rule=self.section)

    def apply(self, s: S, action: CallBS) -> None:
        s.add_log(
            f"{s.seat_name(s.active)} calls BS on {CARDS[s.bs_item].name} equipped to "
            f"{s.piece_name(s.bs[PIECE])}: the players hold convention"
        )
        s.bs = [*s.bs[:SLOT + 1], s.active]  # the challenger answers the mover's decision
        s.active, s.phase = s.bs[MOVER], BS_ANSWER


class LetStandRule(Rule["S", LetItStand]):
    """#BS: the seat lets the equip stand; the next seat decides, else play goes on."""

    action = LetItStand
    section = SECTION

    def legal(self, s: S) -> Sequence[Action]:
        return [LetItStand()]

    def refusal(self, s: S, action: LetItStand) -> IllegalAction:
        return IllegalAction("only an equip just made may be let stand", rule=self.section)

    def apply(self, s: S, action: LetItStand) -> None:
        s.bs.pop(SLOT + 1)
        if len(s.bs) > SLOT + 1:
            s.active = s.bs[SLOT + 1]
            return
        _close(s)


class WithdrawRule(Rule["S", Withdraw]):
    """#BS 3: the mover concedes: the item returns to its hand slot, the play uncounted."""

    action = Withdraw
    section = SECTION

    def legal(self, s: S) -> Sequence[Action]:
        return [Withdraw()]

    def refusal(self, s: S, action: Withdraw) -> IllegalAction:
        return IllegalAction("only a mover called out may withdraw its equip", rule=self.section)

    def apply(self, s: S, action: Withdraw) -> None:
        mover, piece, slot = s.bs[MOVER], s.bs[PIECE], s.bs[SLOT]
        s.items[piece].remove(s.bs_item)
        s.hand[mover].insert(slot, s.bs_item)
        s.played[mover] -= 1
        s.mark_revealed()
        s.add_log(f"{s.seat_name(mover)} concedes: {CARDS[s.bs_item].name} goes back to its hand")
        _close(s)


class StandRule(Rule["S", StandBy]):
    """#BS 3: the mover stands by the equip; the challenger concedes."""

    action = StandBy
    section = SECTION

    def legal(self, s: S) -> Sequence[Action]:
        return [StandBy()]

    def refusal(self, s: S, action: StandBy) -> IllegalAction:
        return IllegalAction("only a mover called out may stand by its equip", rule=self.section)

    def apply(self, s: S, action: StandBy) -> None:
        challenger = s.bs[-1]
        s.add_log(f"{s.seat_name(s.bs[MOVER])} stands by the equip: {s.seat_name(challenger)} concedes")
        _close(s)
