"""The rules inside a fight or DL check: Tactics (spending Edge), Support."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards import words
from soulforge.games.soulshards.actions import (
    Pass,
    SpendEdge,
    SupportArsenal,
    SupportHand,
    SupportStockpile,
    support_hand_,
)
from soulforge.games.soulshards.frames import ContestChoice
from soulforge.games.soulshards.rules.common import (
    PASS_ACTION,
    SPEND_DOWN,
    SPEND_UP,
    SUPPORT_ARSENAL_ACTION,
    ShardsRule,
    top_frame,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S


class SpendEdgeRule(ShardsRule):
    action = SpendEdge
    section = "TACTICS EFFECTS"

    def legal(self, s: S) -> list[SpendEdge]:
        return [SPEND_UP, SPEND_DOWN] if s.edge[s.decider] else []

    def do(self, s: S, a: SpendEdge) -> None:
        p = s.decider
        c = top_frame(s, ContestChoice).c
        check = sq.contest_at(s, c)
        s.edge[p] -= 1
        s.stack[c] = check = check.replace(mod=check.mod + a.delta)
        what = "the DL" if check.kind == "check" else "the damage"
        s.log_later(words.spends_edge, p, what, a.delta)
        if s.fight is not None:
            s.fight["damage_mod" if check.kind == "fight" else "dl_mod"] = check.mod

    def path(self, a: SpendEdge) -> ClickPath:
        return ("edge:up" if a.delta > 0 else "edge:down",)


class PassRule(ShardsRule):
    action = Pass
    section = "TACTICS EFFECTS"

    def legal(self, s: S) -> list[Pass]:
        return [PASS_ACTION]

    def do(self, s: S, a: Pass) -> None:
        s.stack.pop()


class SupportHandRule(ShardsRule):
    action = SupportHand
    section = "Support"

    def legal(self, s: S) -> list[SupportHand]:
        return [support_hand_(n) for n in sorted(set(s.hand[s.decider]))]

    def do(self, s: S, a: SupportHand) -> None:
        p = s.decider
        s.stack.pop()
        s.hand[p].remove(a.card)
        s.concealed[p] = ("hand", a.card)
        s.add_log(f"seat {p} chooses a concealed Support card from the hand")
        s.add_log(f"you support with {a.card}", p)

    def path(self, a: SupportHand) -> ClickPath:
        return (f"hand:{a.card}",)


class SupportStockpileRule(ShardsRule):
    action = SupportStockpile
    section = "Support"

    def legal(self, s: S) -> list[SupportStockpile]:
        return [SupportStockpile(i) for i in range(len(s.stockpile[s.decider]))]

    def do(self, s: S, a: SupportStockpile) -> None:
        p = s.decider
        s.stack.pop()
        name, _ = s.stockpile[p].pop(a.slot)
        s.concealed[p] = ("Stockpile", name)
        s.log_later(words.chooses_stockpile, p, name)

    def path(self, a: SupportStockpile) -> ClickPath:
        return (f"my-stockpile:{a.slot}",)


class SupportArsenalRule(ShardsRule):
    action = SupportArsenal
    section = "Support"

    def legal(self, s: S) -> list[SupportArsenal]:
        return [SUPPORT_ARSENAL_ACTION] if s.arsenal[s.decider] else []

    def do(self, s: S, a: SupportArsenal) -> None:
        p = s.decider
        s.stack.pop()
        name = s.take_top(p)
        assert name is not None
        s.concealed[p] = ("Arsenal", name)
        s.add_log(f"seat {p} takes the top card of the Arsenal, concealed, for Support")

    def path(self, a: SupportArsenal) -> ClickPath:
        return ("my-arsenal",)
