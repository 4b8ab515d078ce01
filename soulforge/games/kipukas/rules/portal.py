"""The actions of the Hidden Portal of Lower Dreadmont Cave (#sabotage): the ante, a night's
sabotage, and the LAY_WASTE step. The cave's journey is in ``portal.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import soulforge.core.draws as draws
from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.games.kipukas.actions import Ante, EnoughWaste, LayWaste
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.movement import is_downed
from soulforge.games.kipukas.rules.button import ButtonRule

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S
from soulforge.games.kipukas.cycle import check_conquest, end_action, lay_waste, resume, reveal
from soulforge.games.kipukas.portal import anteable


def _sabotage_left(s: S) -> bool:
    """The night's one sabotage is not played yet."""
    return "sabotage" not in s.night_used[s.active]


def _portal_card(s: S, slot: int) -> bool:
    """The hand's slot holds the Hidden Portal (a card that antes a soul)."""
    hand = s.hand[s.active]
    return 0 <= slot < len(hand) and s.tables.traits[hand[slot]].antes


def antes(s: S) -> list[Ante]:
    """``AnteRule``'s listing: its checks' predicates, the anteable souls found once."""
    if not _sabotage_left(s):
        return []
    slots = [i for i in range(len(s.hand[s.active])) if _portal_card(s, i)]
    if not slots:
        return []
    souls = anteable(s, s.active)
    return [Ante(slot, p) for slot in slots for p in souls]


class AnteRule(CheckedRule["S", Ante]):
    """#sabotage: the night's sabotage may be the Hidden Portal, anteing a soul of yours."""

    action = Ante
    section = "sabotage"

    checks = (
        Check("once a night", lambda s, a: _sabotage_left(s), "one sabotage card a night"),
        Check("the portal card", lambda s, a: _portal_card(s, a.slot),
              "that card of your hand antes no soul"),
        Check("a soul to ante", lambda s, a: a.piece in anteable(s, s.active),
              "the portal antes a soul of yours with 2 or more KEAL means (or a downed one) not "
              "already on a journey"),
    )

    def legal(self, s: S) -> list[Ante]:
        return antes(s)

    def candidates(self, s: S) -> Iterable[Ante]:
        return (Ante(slot, p) for slot in range(len(s.hand[s.active])) for p in range(len(s.card)))

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
        cave = draws.randint(s.rng, 1, len(s.board.geography))
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


def _not_waste(s: S, territory: int) -> bool:
    return territory in s.board.territories and not s.wasteland[territory - 1]


class LayWasteRule(CheckedRule["S", LayWaste]):
    """Hidden Portal, success: "Choose up to 12 territories to lay waste", one at a time."""

    action = LayWaste
    section = "sabotage"

    checks = (
        Check("not laid waste yet", lambda s, a: _not_waste(s, a.territory),
              "a territory not laid waste yet, up to 12"),
    )

    def candidates(self, s: S) -> Iterable[LayWaste]:
        return (LayWaste(t) for t in s.board.territories)

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


class EnoughWasteRule(ButtonRule[EnoughWaste]):
    """Hidden Portal, success: no more territories laid waste; the cycle goes on."""

    action = EnoughWaste
    button = EnoughWaste()
    section = "sabotage"

    def apply(self, s: S, action: EnoughWaste) -> None:

        s.laying = []
        resume(s)
