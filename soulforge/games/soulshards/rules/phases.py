"""The rules of the turn's phases outside Engage: Deploy (Move), Stockpile, Zealous's Move,
ending the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import IllegalAction
from soulforge.core.flow import Check, ClickPath, first_failure, passes
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards import words
from soulforge.games.soulshards.actions import (
    EndDeploy,
    EndTurn,
    Move,
    SkipStockpile,
    Stockpile,
    ZealousMove,
    move_,
)
from soulforge.games.soulshards.conditions import fresh, may_move
from soulforge.games.soulshards.data import ATTRS
from soulforge.games.soulshards.frames import (
    ZealousChoice,
)
from soulforge.games.soulshards.rules.common import (
    END_DEPLOY_ACTION,
    END_TURN_ACTION,
    SKIP_STOCKPILE_ACTION,
    ZEALOUS_MOVE_ACTION,
    ShardsRule,
    card_path,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S
    from soulforge.games.soulshards.state import Unit


# -- the phases --------------------------------------------------------------------------------
def _mover(s: S, a: Move) -> Unit | None:
    """The decider's card a Move names (None: no card of theirs there)."""
    u = s.unit_at(a.spot)
    return u if u is not None and u.owner == s.decider else None


def _moving(s: S, a: Move) -> Unit:
    """The card a Move names, once the first check found it."""
    u = s.unit_at(a.spot)
    assert u is not None  # the "own card" check passed before
    return u


MOVE_CHECKS: tuple[Check[S, Move], ...] = (
    Check("own card", lambda s, a: _mover(s, a) is not None,
          "{action} is not allowed now: move a card of your own Battlefield or Keep"),
    Check("once a phase", lambda s, a: fresh(_moving(s, a)),
          "{action} is not allowed now: each card Moves once in the Deploy phase"),
    Check("may Move", lambda s, a: may_move(s, _moving(s, a)),
          "{action} is not allowed now: a pinned card cannot Move, nor one whose other Zone is full"),
)
"""Deploy's Move: a card of yours, once a phase, that May Move (``conditions.py``)."""


class MoveRule(ShardsRule):
    action = Move
    section = "Deploy"

    def legal(self, s: S) -> list[Move]:
        candidates = [move_(s.spot_of(s.units[uid])) for zone in s.zones[s.decider] for uid in zone]
        return [a for a in candidates if passes(MOVE_CHECKS, s, a)]

    def refusal(self, s: S, a: Move) -> IllegalAction:
        return first_failure(MOVE_CHECKS, s, a, self.section) or super().refusal(s, a)

    def do(self, s: S, a: Move) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        u.moved = True
        if s.zone_of(u) == 1 and u.is_char:
            s.to_battlefield = True
        s.move_unit(u)

    def path(self, a: Move) -> ClickPath:
        return card_path(a.spot)


class EndDeployRule(ShardsRule):
    action = EndDeploy
    section = "Deploy"

    def legal(self, s: S) -> list[EndDeploy]:
        return [END_DEPLOY_ACTION]

    def do(self, s: S, a: EndDeploy) -> None:
        s.stack.pop()


STOCKPILE_CHECKS: tuple[Check[S, Stockpile], ...] = (
    Check("in hand", lambda s, a: a.card in s.cards and a.card in s.hand[s.decider],
          "{action} is not allowed now: {action.card} is not in your hand"),
    Check("an Attribute of its cost", lambda s, a: a.attr in s.cards[a.card].produces,
          "{action} is not allowed now: {action.card} produces only an Attribute of its cost"),
)
"""Stockpile: a card of your hand, for an Attribute it produces (``CardDef.produces``, which the
fast listing's table is made of)."""


class StockpileRule(ShardsRule):
    action = Stockpile
    section = "Stockpile"

    def legal(self, s: S) -> list[Stockpile]:
        cards = s.cards
        return [
            Stockpile(name, attr) for name in sorted(set(s.hand[s.decider])) for attr in cards[name].produces
        ]

    def refusal(self, s: S, a: Stockpile) -> IllegalAction:
        return first_failure(STOCKPILE_CHECKS, s, a, self.section) or super().refusal(s, a)

    def do(self, s: S, a: Stockpile) -> None:
        p = s.decider
        s.stack.pop()
        s.hand[p].remove(a.card)
        s.stockpile[p].append((a.card, a.attr))
        s.log_later(words.stockpiles, p, a.card, ATTRS[a.attr])

    def path(self, a: Stockpile) -> ClickPath:
        return (f"hand:{a.card}", f"attr:{ATTRS[a.attr]}")


class SkipStockpileRule(ShardsRule):
    action = SkipStockpile
    section = "Stockpile"

    def legal(self, s: S) -> list[SkipStockpile]:
        return [SKIP_STOCKPILE_ACTION]

    def do(self, s: S, a: SkipStockpile) -> None:
        s.stack.pop()



class ZealousRule(ShardsRule):
    action = ZealousMove
    section = "CHARACTER KEYWORDS: Zealous"

    def legal(self, s: S) -> list[ZealousMove]:
        return [ZEALOUS_MOVE_ACTION]

    def do(self, s: S, a: ZealousMove) -> None:
        frame = s.stack.pop()
        assert type(frame) is ZealousChoice
        s.move_unit(s.units[frame.unit])


class EndTurnRule(ShardsRule):
    action = EndTurn
    section = "Engage"

    def legal(self, s: S) -> list[EndTurn]:
        return [END_TURN_ACTION]

    def do(self, s: S, a: EndTurn) -> None:
        s.stack.pop()
        sq.end_turn(s)
