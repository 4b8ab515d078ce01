"""The rules of an attack: declaring, Provoke, blocks, the order of fights, Guard, and what an
unblocked attacker does (Demoralize, Ambush, Sabotage)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import IllegalAction
from soulforge.core.flow import Check, CheckedRule, ClickPath, first_failure, passes
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards.actions import (
    Ambush,
    Attack,
    Block,
    Charge,
    Demoralize,
    EndBlocks,
    FightNext,
    Guard,
    Join,
    Provoke,
    Sabotage,
    SabotageOption,
    attack_,
    join_,
)
from soulforge.games.soulshards.conditions import fatigued, may_attack, may_block, reaches, ready_character
from soulforge.games.soulshards.frames import (
    AttackChoice,
    Declaring,
    DLCheck,
    Fight,
    GuardChoice,
    SabotageChoice,
)
from soulforge.games.soulshards.rules.common import (
    CHARGE_ACTION,
    DEMORALIZE_ACTION,
    END_BLOCKS_ACTION,
    SABOTAGE_ACTION,
    ShardsRule,
    card_path,
    own_cards,
    top_frame,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.frames import AttackInProgress
    from soulforge.games.soulshards.state import ShardsState as S
    from soulforge.games.soulshards.state import Unit


def guard_bonus(s: S) -> int:
    """Guard's Elude bonus for the fight (``rules.toml``: ``guard_elude``)."""
    return s.game.rules.numbers["guard_elude"]


# -- attacks -----------------------------------------------------------------------------------
def _ready_attacker(s: S, a: Attack) -> bool:
    u = s.unit_at(a.spot)
    return u is not None and u.owner == s.decider and s.zone_of(u) == 0 and ready_character(s, u)


ATTACK_CHECKS: tuple[Check[S, Attack], ...] = (
    Check("once a turn", lambda s, a: may_attack(s),
          "{action} is not allowed now: you cannot choose the attack action again this turn"),
    Check("ready attacker", _ready_attacker,
          lambda s, a: (f"{a} is not allowed now: only a Character of your Battlefield with fewer than"
                        f" {s.game.max_fatigue} Fatigue can attack")),
)


class AttackRule(ShardsRule):
    action = Attack
    section = "Attack"

    def legal(self, s: S) -> list[Attack]:
        candidates = [attack_(spot) for spot, _ in own_cards(s, 0)]
        return [a for a in candidates if passes(ATTACK_CHECKS, s, a)]

    def refusal(self, s: S, a: Attack) -> IllegalAction:
        return first_failure(ATTACK_CHECKS, s, a, self.section) or super().refusal(s, a)

    def do(self, s: S, a: Attack) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        s.stack.append(Declaring(s.decider, (u.uid,)))

    def path(self, a: Attack) -> ClickPath:
        return (f"card:{a.spot}", "attack")


class JoinRule(ShardsRule):
    action = Join
    section = "Attack, step 1"

    def legal(self, s: S) -> list[Join]:
        att = top_frame(s, Declaring).attackers
        return [join_(spot) for spot, u in own_cards(s, 0) if ready_character(s, u) and u.uid not in att]

    def do(self, s: S, a: Join) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        f = top_frame(s, Declaring)
        s.stack[-1] = Declaring(f.p, (*f.attackers, u.uid))

    def path(self, a: Join) -> ClickPath:
        return card_path(a.spot)


class ChargeRule(ShardsRule):
    action = Charge
    section = "Attack, step 1"

    def legal(self, s: S) -> list[Charge]:
        return [CHARGE_ACTION]

    def do(self, s: S, a: Charge) -> None:
        f = top_frame(s, Declaring)
        s.stack.pop()
        sq.begin_attack(s, list(f.attackers))


class ProvokeRule(ShardsRule):
    action = Provoke
    section = "CHARACTER KEYWORDS: Provoke"

    def legal(self, s: S) -> list[Provoke]:
        f = sq.attack_at(s, top_frame(s, AttackChoice).c)
        return [Provoke(s.spot_of(s.units[uid])) for uid in sq.provoke_targets(s, f)]

    def do(self, s: S, a: Provoke) -> None:
        frame = top_frame(s, AttackChoice)
        s.stack.pop()
        b = s.unit_at(a.target)
        assert b is not None
        b.provoked = True
        attack = sq.attack_at(s, frame.c)
        s.stack[frame.c] = attack.replace(blocks=(*attack.blocks, (frame.a, b.uid)))
        s.add_log(f"{s.units[frame.a].card.name} provokes {s.name_of(b)}: it blocks")

    def path(self, a: Provoke) -> ClickPath:
        return card_path(a.target)


def _battlefield_blocker(s: S, a: Block) -> bool:
    b = s.unit_at(a.blocker)
    return b is not None and b.owner == s.decider and s.zone_of(b) == 0


def _unit(s: S, spot: str) -> Unit:
    """The card at ``spot``, once an earlier check found it."""
    u = s.unit_at(spot)
    assert u is not None  # an earlier check passed
    return u


def _blocking(s: S) -> AttackInProgress:
    return sq.attack_at(s, top_frame(s, AttackChoice).c)


def _left_to_block(s: S, a: Block) -> bool:
    att = s.unit_at(a.attacker)
    return att is not None and att.uid in sq.unblocked(s, _blocking(s))


BLOCK_CHECKS: tuple[Check[S, Block], ...] = (
    Check("Battlefield Character", _battlefield_blocker,
          "{action} is not allowed now: a card of your Battlefield blocks"),
    Check("may block", lambda s, a: may_block(s, _blocking(s), _unit(s, a.blocker)),
          lambda s, a: (f"{a} is not allowed now: a Ready Character (fewer than {s.game.max_fatigue} Fatigue)"
                        " not blocking yet blocks")),
    Check("attacker left", _left_to_block,
          "{action} is not allowed now: each attacker is blocked by one Character"),
    Check("reach", lambda s, a: reaches(s, _unit(s, a.blocker), _unit(s, a.attacker)),
          "{action} is not allowed now: an Airborne attacker is blocked only by Airborne or Ranged"),
)
"""Block (rulebook, "Attack, step 2"): a Battlefield Character that ``may_block`` blocks an
attacker not blocked yet that it ``reaches`` (``conditions.py``); ``sequence.block_options``,
the listing and the step's skip test, asks the same of every pair."""


class BlockRule(CheckedRule["S", Block], ShardsRule):
    action = Block
    section = "Attack, step 2"
    checks = BLOCK_CHECKS

    def candidates(self, s: S) -> list[Block]:
        f = _blocking(s)
        return [Block(s.spot_of(s.units[b]), s.spot_of(s.units[a])) for b, a in sq.block_options(s, f)]

    def legal(self, s: S) -> list[Block]:
        # block_options is made of the checks' predicates (a test proves each listed Block passes).
        return self.candidates(s)

    def do(self, s: S, a: Block) -> None:
        c = top_frame(s, AttackChoice).c
        f = sq.attack_at(s, c)
        b, att = s.unit_at(a.blocker), s.unit_at(a.attacker)
        assert b is not None and att is not None
        s.stack[c] = f.replace(blocks=(*f.blocks, (att.uid, b.uid)))
        s.add_log(f"{s.name_of(b)} blocks {att.card.name}")
        s.gain_fatigue(b, s.game.rules.numbers["blocker_fatigue"])

    def path(self, a: Block) -> ClickPath:
        return (f"card:{a.blocker}", f"card:{a.attacker}")


class EndBlocksRule(ShardsRule):
    action = EndBlocks
    section = "Attack, step 2"

    def legal(self, s: S) -> list[EndBlocks]:
        return [END_BLOCKS_ACTION]

    def do(self, s: S, a: EndBlocks) -> None:
        s.stack.pop()


class FightNextRule(ShardsRule):
    action = FightNext
    section = "Attack, step 3"

    def legal(self, s: S) -> list[FightNext]:
        f = sq.attack_at(s, top_frame(s, AttackChoice).c)
        return [
            FightNext(s.spot_of(s.units[a]))
            for a in f.attackers
            if f.blocked(a) and a not in f.fought and a in s.units
        ]

    def do(self, s: S, a: FightNext) -> None:
        frame = top_frame(s, AttackChoice)
        s.stack.pop()
        u = s.unit_at(a.attacker)
        assert u is not None
        sq.start_fight(s, frame.c, u.uid)

    def path(self, a: FightNext) -> ClickPath:
        return card_path(a.attacker)


class GuardRule(ShardsRule):
    action = Guard
    section = "CHARACTER KEYWORDS: Guard"

    def legal(self, s: S) -> list[Guard]:
        return [Guard(s.spot_of(s.units[uid])) for uid in sq.guard_options(s, top_frame(s, GuardChoice))]

    def do(self, s: S, a: Guard) -> None:
        frame = top_frame(s, GuardChoice)
        u = s.unit_at(a.spot)
        assert u is not None
        s.stack[-1] = frame.replace(used=(*frame.used, u.uid))
        bonus = guard_bonus(s)
        fight = sq.contest_at(s, frame.c)
        assert type(fight) is Fight
        s.stack[frame.c] = fight = fight.replace(guard=fight.guard + bonus)
        if s.fight is not None:
            s.fight["guard"] = fight.guard
        s.add_log(f"{s.name_of(u)} guards: +{bonus} Elude for the fight")
        s.gain_fatigue(u, 1)

    def path(self, a: Guard) -> ClickPath:
        return card_path(a.spot)


# -- unblocked attackers -------------------------------------------------------------------------
class DemoralizeRule(ShardsRule):
    action = Demoralize
    section = "UNBLOCKED: Demoralize"

    def legal(self, s: S) -> list[Demoralize]:
        return [DEMORALIZE_ACTION]

    def do(self, s: S, a: Demoralize) -> None:
        frame = top_frame(s, AttackChoice)
        s.stack.pop()
        u = s.units[frame.a]
        s.no_attack = True
        s.lose_resolve(1 - s.active, 1 + u.card.trait, f"demoralized by {u.card.name}")


def _fatigued_enemy(s: S, a: Ambush) -> bool:
    u = s.unit_at(a.target)
    return u is not None and u.owner != s.decider and fatigued(u)


AMBUSH_CHECKS: tuple[Check[S, Ambush], ...] = (
    Check("fatigued enemy Character", _fatigued_enemy,
          "{action} is not allowed now: the target is a Character with at least 1 Fatigue in the opponent's"
          " Battlefield or Keep"),
)
"""Ambush (rulebook, "UNBLOCKED: Ambush"): an opponent's Character that is ``fatigued``
(``sequence.ambush_targets``, the listing, asks the same of each)."""


class AmbushRule(CheckedRule["S", Ambush], ShardsRule):
    action = Ambush
    section = "UNBLOCKED: Ambush"
    checks = AMBUSH_CHECKS

    def candidates(self, s: S) -> list[Ambush]:
        return [Ambush(s.spot_of(s.units[uid])) for uid in sq.ambush_targets(s)]

    def legal(self, s: S) -> list[Ambush]:
        # ambush_targets is made of the check's predicate (a test proves each listed Ambush passes).
        return self.candidates(s)

    def do(self, s: S, a: Ambush) -> None:
        frame = top_frame(s, AttackChoice)
        s.stack.pop()
        target = s.unit_at(a.target)
        assert target is not None
        sq.push_fight(s, frame.a, target.uid, True)

    def path(self, a: Ambush) -> ClickPath:
        return card_path(a.target)


class SabotageRule(ShardsRule):
    action = Sabotage
    section = "UNBLOCKED: Sabotage"

    def legal(self, s: S) -> list[Sabotage]:
        return [SABOTAGE_ACTION]

    def do(self, s: S, a: Sabotage) -> None:
        frame = top_frame(s, AttackChoice)
        s.stack.pop()
        dl = s.game.rules.numbers["sabotage_dl"]
        backs = sq.backing(s, s.active, frame.a)
        sq.start_check(s, DLCheck(s.active, "Sabotage", "sabotage", -1, frame.a, dl, "elude", backs=backs))


class SabotageOptionRule(ShardsRule):
    action = SabotageOption
    section = "UNBLOCKED: Sabotage"

    def legal(self, s: S) -> list[SabotageOption]:
        out = []
        for option, uid, slot in sq.sabotage_options(s):
            spot = s.spot_of(s.units[uid]) if uid >= 0 else ""
            out.append(SabotageOption(option, spot, slot))
        return out

    def do(self, s: S, a: SabotageOption) -> None:
        frame = s.stack.pop()
        assert type(frame) is SabotageChoice
        other, by = 1 - s.active, frame.a
        u = s.unit_at(a.target)
        if a.option == "gear" and u is not None:
            s.discard_unit(u, by=by)
        elif a.option == "attached" and u is not None:
            name = u.attached.pop(a.slot)
            s.add_log(f"{name} Attached to {s.name_of(u)} is discarded")
            s.discard_card(other, name, by=by)
        elif a.option == "stockpile":
            name, _ = s.stockpile[other].pop(a.slot)
            s.add_log(f"seat {other}'s {name} is discarded from the Stockpile")
            s.discard_card(other, name, by=by)
        else:
            top = s.take_top(other)
            if top is not None:
                s.add_log(f"seat {other}'s top Arsenal card {top} is discarded")
                s.discard_card(other, top, by=by)
        s.lose_resolve(other, s.game.rules.numbers["sabotage_resolve"], "sabotage")

    def path(self, a: SabotageOption) -> ClickPath:
        if a.option == "attached":
            return (f"attached:{a.target}:{a.slot}",)
        if a.option == "stockpile":
            return (f"their-stockpile:{a.slot}",)
        if a.option == "arsenal":
            return ("their-arsenal",)
        return card_path(a.target)
