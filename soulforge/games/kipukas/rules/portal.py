"""The actions of the Hidden Portal of Lower Dreadmont Cave (#sabotage): the ante, a night's
sabotage, and the LAY_WASTE step. The cave's journey is in ``portal.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Rule
from soulforge.games.kipukas import cards
from soulforge.games.kipukas.actions import Ante, EnoughWaste, LayWaste
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.movement import is_downed

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S
from soulforge.games.kipukas.cycle import check_conquest, end_action, lay_waste, resume, reveal
from soulforge.games.kipukas.portal import anteable


def antes(s: S) -> list[Action]:
    if "sabotage" in s.night_used[s.active]:
        return []
    slots = [i for i, cid in enumerate(s.hand[s.active]) if cards.ability(cid).ante]
    if not slots:
        return []
    souls = anteable(s, s.active)
    return [Ante(slot, p) for slot in slots for p in souls]


class AnteRule(Rule["S", Ante]):
    """#sabotage: the night's sabotage may be the Hidden Portal, anteing a soul of yours."""

    action = Ante
    section = "sabotage"

    def legal(self, s: S) -> Sequence[Action]:
        return antes(s)

    def refusal(self, s: S, action: Ante) -> IllegalAction:
        return IllegalAction(
            "one sabotage card a night: the portal antes a soul of yours with 2 or more KEAL "
            "means (or a downed one) not already on a journey",
            rule=self.section,
        )

    def apply(self, s: S, action: Ante) -> None:

        seat, piece = s.active, action.piece
        card_id = s.hand[seat].pop(action.slot)
        s.mark_revealed()
        reveal(s, piece)
        means = s.card_of(piece).keal_means
        if not is_downed(s, piece):
            left = [m.tolerance - s.injuries[piece][i] for i, m in enumerate(means)]
            keep = left.index(max(left))
            for i, m in enumerate(means):
                if i != keep:
                    s.injuries[piece][i] = max(s.injuries[piece][i], m.tolerance)
        cave = s.rng.randint(1, len(s.board.geography))
        s.portal.append([seat, piece, cave, s.cycle, 0, sum(s.injuries[piece]), 0])
        s.discard[seat].append(card_id)
        s.add_log(
            f"{s.seat_name(seat)} plays {CARDS[card_id].name}, anteing {s.piece_name(piece)}: "
            f"the cave is in territory {cave}"
        )
        s.night_used[seat].append("sabotage")
        end_action(s, seat)

    def path(self, action: Ante) -> ClickPath:
        return (f"hand:{action.slot}", f"piece:{action.piece}")


class LayWasteRule(Rule["S", LayWaste]):
    """Hidden Portal, success: "Choose up to 12 territories to lay waste", one at a time."""

    action = LayWaste
    section = "sabotage"

    def legal(self, s: S) -> Sequence[Action]:
        return [LayWaste(t) for t in s.board.territories if not s.wasteland[t - 1]]

    def refusal(self, s: S, action: LayWaste) -> IllegalAction:
        return IllegalAction("a territory not laid waste yet, up to 12", rule=self.section)

    def apply(self, s: S, action: LayWaste) -> None:

        seat, left, piece = s.laying
        lay_waste(s, action.territory, spare=piece)
        s.laying[1] = left - 1
        check_conquest(s, seat)
        if s.phase != OVER and (left == 1 or not self.legal(s)):
            s.laying = []
            resume(s)

    def path(self, action: LayWaste) -> ClickPath:
        return (f"territory:{action.territory}",)


class EnoughWasteRule(Rule["S", EnoughWaste]):
    """Hidden Portal, success: no more territories laid waste; the cycle goes on."""

    action = EnoughWaste
    section = "sabotage"

    def legal(self, s: S) -> Sequence[Action]:
        return [EnoughWaste()]

    def refusal(self, s: S, action: EnoughWaste) -> IllegalAction:
        return IllegalAction("only while choosing the territories to lay waste", rule=self.section)

    def apply(self, s: S, action: EnoughWaste) -> None:

        s.laying = []
        resume(s)
