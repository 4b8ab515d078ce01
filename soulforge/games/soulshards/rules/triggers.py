"""The rules of pending Exhausted effects: use one (Edge off its cost, a target) or skip it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards.actions import (
    SkipTrigger,
    UseTrigger,
)
from soulforge.games.soulshards.rules.common import (
    ShardsRule,
    card_path,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S


# -- triggers ----------------------------------------------------------------------------------
def _pending(s: S) -> list[str]:
    return sorted({name for owner, name in s.triggers if owner == s.decider})


class UseTriggerRule(ShardsRule):
    action = UseTrigger
    section = "TRIGGER EFFECTS"

    def legal(self, s: S) -> list[UseTrigger]:
        p, out = s.decider, []
        for name in _pending(s):
            ab = s.cards[name].exhausted
            assert ab is not None
            for edge in range(min(s.edge[p], ab.cost.total) + 1):
                if sq.can_pay(s.pool[p], ab.cost, edge):
                    out += [UseTrigger(name, t, edge) for t in sq.targets(s, p, ab.target)]
        return out

    def do(self, s: S, a: UseTrigger) -> None:
        p = s.decider
        s.triggers.remove((p, a.card))
        ab = s.cards[a.card].exhausted
        assert ab is not None
        sq.pay(s.pool[p], ab.cost, a.edge)
        s.edge[p] -= a.edge
        target = s.unit_at(a.target)
        s.add_log(
            f"seat {p} uses the Exhausted effect of {a.card}" + (f" on {s.name_of(target)}" if target else "")
        )
        sq.complete(s, p, a.card, "exhausted", ab, -1 if target is None else target.uid, -1, True)

    def path(self, a: UseTrigger) -> ClickPath:
        return card_path(a.target)


class SkipTriggerRule(ShardsRule):
    action = SkipTrigger
    section = "TRIGGER EFFECTS"

    def legal(self, s: S) -> list[SkipTrigger]:
        return [SkipTrigger(n) for n in _pending(s)]

    def do(self, s: S, a: SkipTrigger) -> None:
        s.triggers.remove((s.decider, a.card))
        s.add_log(f"seat {s.decider} does not use the Exhausted effect of {a.card}")
