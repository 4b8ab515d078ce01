"""What every Soulshards rule shares: the rule base (a rule continues the order of play once
its action is done), the actions with no choice in them, the decider's cards in play, and the
decision frame on top of the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from soulforge.core import IllegalAction
from soulforge.core.flow import ClickPath, Rule
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards.actions import (
    Charge,
    Demoralize,
    EndBlocks,
    EndDeploy,
    EndTurn,
    KeepDeck,
    KeepHand,
    Mulligan,
    Pass,
    Sabotage,
    SkipStockpile,
    SpendEdge,
    SupportArsenal,
    ZealousMove,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S
    from soulforge.games.soulshards.state import Unit


# The actions with no choice in them, made once: a rule lists the shared object rather than
# building a frozen dataclass per position (steps such as Tactics and Pass recur every fight).
KEEP_DECK_ACTION = KeepDeck()
MULLIGAN_ACTION = Mulligan()
KEEP_HAND_ACTION = KeepHand()
END_DEPLOY_ACTION = EndDeploy()
SKIP_STOCKPILE_ACTION = SkipStockpile()
CHARGE_ACTION = Charge()
END_BLOCKS_ACTION = EndBlocks()
PASS_ACTION = Pass()
SUPPORT_ARSENAL_ACTION = SupportArsenal()
DEMORALIZE_ACTION = Demoralize()
SABOTAGE_ACTION = Sabotage()
ZEALOUS_MOVE_ACTION = ZealousMove()
END_TURN_ACTION = EndTurn()
SPEND_UP, SPEND_DOWN = SpendEdge(1), SpendEdge(-1)


F = TypeVar("F")


def top_frame(s: S, kind: type[F]) -> F:
    """The decision frame on top of the order of play, of ``kind`` (the step the state is at
    says which kind it is: a choice inside an attack, a fight or check, declaring, Guard)."""
    f = s.stack[-1]
    assert isinstance(f, kind)  # the step's invariant, not a refusal: frames have no subclasses
    return f


def own_cards(s: S, zone: int | None = None, chars: bool = True) -> list[tuple[str, Unit]]:
    """The decider's cards in play (Characters only unless ``chars`` is False), with their spots."""
    p, units, out = s.decider, s.units, []
    for z in (0, 1) if zone is None else (zone,):
        names = sq.SPOTS[p][z]
        for i, uid in enumerate(s.zones[p][z]):
            u = units[uid]
            if u.is_char or not chars:
                out.append((names[i], u))
    return out


def card_path(spot: str) -> ClickPath:
    return (f"card:{spot}",) if spot else ()


class ShardsRule(Rule["S", Any]):
    """Every rule continues the order of play once its action is done."""

    def refusal(self, s: S, action: Any) -> IllegalAction:
        return IllegalAction(f"{action} is not allowed now: {self.why(s, action)}", rule=self.section)

    def why(self, s: S, action: Any) -> str:
        return "it is not among the legal choices"

    def apply(self, s: S, action: Any) -> None:
        self.do(s, action)
        sq.run(s)

    def do(self, s: S, action: Any) -> None:
        raise NotImplementedError
