"""The rules of Soulshards: one rule per action kind (its legal actions, its refusal naming
the rulebook section, what it does, its click path), and the decision steps where they open.

The order of play between decisions (phases, attacks, fights, checks) is ``sequence.py``.
Click handles: ``card:<spot>`` (a card in a Battlefield or Keep), ``hand:<card>``,
``home:<card>``, ``my-stockpile:<slot>``, ``their-stockpile:<slot>``, ``my-arsenal``,
``their-arsenal``, ``attr:<attribute>``, ``attached:<spot>:<slot>``, ``reserve:<card>``,
``deck:<card>`` (setup), and the buttons drawn on the board ``attack``, ``tactics``,
``edge:up``, ``edge:down``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Check, ClickPath, Flow, Rule, Step, first_failure, passes
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards import setup
from soulforge.games.soulshards.actions import (
    Ambush,
    Attack,
    Block,
    Cast,
    Charge,
    ChooseAttribute,
    Demoralize,
    EndBlocks,
    EndDeploy,
    EndTurn,
    FightNext,
    Guard,
    Join,
    KeepDeck,
    KeepHand,
    Mount,
    Move,
    Mulligan,
    Pass,
    Play,
    Provoke,
    Sabotage,
    SabotageOption,
    SkipStockpile,
    SkipTrigger,
    SpendEdge,
    Stockpile,
    SupportArsenal,
    SupportHand,
    SupportStockpile,
    Swap,
    Tactics,
    UseEffect,
    UseTrigger,
    ZealousMove,
    attack_,
    cast_,
    join_,
    mount_,
    move_,
    play_,
    support_hand_,
    tactics_,
    use_,
)
from soulforge.games.soulshards.data import ATTRS
from soulforge.games.soulshards.frames import (
    AttackChoice,
    ContestChoice,
    Declaring,
    DLCheck,
    Fight,
    GuardChoice,
    SabotageChoice,
    ZealousChoice,
)
from soulforge.games.soulshards.listing import (
    Targets,
    deploy_listing,
    engage_listing,
    stockpile_listing,
    support_listing,
    swap_listing,
    trigger_listing,
)
from soulforge.games.soulshards.moving import free_to_move, fresh, may_move, room_in

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


def _choice(s: S) -> AttackChoice:
    """The decision frame on top: a choice inside an attack."""
    f = s.stack[-1]
    assert type(f) is AttackChoice
    return f


def _contest(s: S) -> ContestChoice:
    """The decision frame on top: a choice inside a fight or a check."""
    f = s.stack[-1]
    assert type(f) is ContestChoice
    return f


def _declaring(s: S) -> Declaring:
    f = s.stack[-1]
    assert type(f) is Declaring
    return f


def _guard(s: S) -> GuardChoice:
    f = s.stack[-1]
    assert type(f) is GuardChoice
    return f


def guard_bonus(s: S) -> int:
    """Guard's Elude bonus for the fight (``rules.toml``: ``guard_elude``)."""
    return s.game.rules.numbers["guard_elude"]


def _spot(s: S, u: Unit) -> str:
    return s.spot_of(u)


def _own(s: S, zone: int | None = None, chars: bool = True) -> list[tuple[str, Unit]]:
    """The decider's cards in play (Characters only unless ``chars`` is False), with their spots."""
    p, units, out = s.decider, s.units, []
    for z in (0, 1) if zone is None else (zone,):
        names = sq.SPOTS[p][z]
        for i, uid in enumerate(s.zones[p][z]):
            u = units[uid]
            if u.is_char or not chars:
                out.append((names[i], u))
    return out


def _card_path(spot: str) -> ClickPath:
    return (f"card:{spot}",) if spot else ()


class _Rule(Rule["S", Any]):
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


# -- setup -------------------------------------------------------------------------------------
class SwapRule(_Rule):
    action = Swap
    section = "To begin the game, step 2"

    def legal(self, s: S) -> list[Swap]:
        p = s.decider
        return [
            Swap(out, into)
            for out in sorted(set(s.arsenal[p]))
            for into in sorted(set(s.reserves[p]))
            if out != into
        ]

    def do(self, s: S, a: Swap) -> None:
        p = s.decider
        s.arsenal[p].remove(a.out)
        s.reserves[p].remove(a.into)
        s.arsenal[p].append(a.into)
        s.reserves[p].append(a.out)
        s.swaps[p] += 1
        s.add_log(f"seat {p} swaps a card with the Reserves")
        s.add_log(f"you swap {a.out} out for {a.into}", p)

    def path(self, a: Swap) -> ClickPath:
        return (f"reserve:{a.into}", f"deck:{a.out}")


class KeepDeckRule(_Rule):
    action = KeepDeck
    section = "To begin the game, step 2"

    def legal(self, s: S) -> list[KeepDeck]:
        return [KEEP_DECK_ACTION]

    def do(self, s: S, a: KeepDeck) -> None:
        s.stack.pop()


class MulliganRule(_Rule):
    action = Mulligan
    section = "To begin the game, step 4"

    def legal(self, s: S) -> list[Mulligan]:
        return [MULLIGAN_ACTION]

    def do(self, s: S, a: Mulligan) -> None:
        setup.mulligan(s, s.decider)


class KeepHandRule(_Rule):
    action = KeepHand
    section = "To begin the game, step 4"

    def legal(self, s: S) -> list[KeepHand]:
        return [KEEP_HAND_ACTION]

    def do(self, s: S, a: KeepHand) -> None:
        s.stack.pop()
        s.add_log(f"seat {s.decider} keeps the hand")


class AttributeRule(_Rule):
    action = ChooseAttribute
    section = "To begin the game, step 6"

    def legal(self, s: S) -> list[ChooseAttribute]:
        return [ChooseAttribute(i) for i in range(4)]

    def do(self, s: S, a: ChooseAttribute) -> None:
        s.stack.pop()
        s.pool[s.decider][a.attr] += 1
        s.add_log(f"seat {s.decider} gains 1 {ATTRS[a.attr].title()} (second player)")

    def path(self, a: ChooseAttribute) -> ClickPath:
        return (f"attr:{ATTRS[a.attr]}",)


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
"""Deploy's Move: a card of yours, once a phase, that May Move (``moving.py``)."""


class MoveRule(_Rule):
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
        return _card_path(a.spot)


class EndDeployRule(_Rule):
    action = EndDeploy
    section = "Deploy"

    def legal(self, s: S) -> list[EndDeploy]:
        return [END_DEPLOY_ACTION]

    def do(self, s: S, a: EndDeploy) -> None:
        s.stack.pop()


class StockpileRule(_Rule):
    action = Stockpile
    section = "Stockpile"

    def legal(self, s: S) -> list[Stockpile]:
        cards = s.cards
        return [
            Stockpile(name, attr) for name in sorted(set(s.hand[s.decider])) for attr in cards[name].produces
        ]

    def why(self, s: S, a: Stockpile) -> str:
        if a.card not in s.hand[s.decider]:
            return f"{a.card} is not in your hand"
        return f"{a.card} produces only an Attribute of its cost"

    def do(self, s: S, a: Stockpile) -> None:
        p = s.decider
        s.stack.pop()
        s.hand[p].remove(a.card)
        s.stockpile[p].append((a.card, a.attr))
        s.add_log(f"seat {p} stockpiles {a.card} for {ATTRS[a.attr].title()}")

    def path(self, a: Stockpile) -> ClickPath:
        return (f"hand:{a.card}", f"attr:{ATTRS[a.attr]}")


class SkipStockpileRule(_Rule):
    action = SkipStockpile
    section = "Stockpile"

    def legal(self, s: S) -> list[SkipStockpile]:
        return [SKIP_STOCKPILE_ACTION]

    def do(self, s: S, a: SkipStockpile) -> None:
        s.stack.pop()


# -- Engage: playing cards ------------------------------------------------------------------------
class PlayRule(_Rule):
    action = Play
    section = "Engage"

    def legal(self, s: S) -> list[Play]:
        return self.listing(s, Targets(s))

    def listing(self, s: S, tg: Targets) -> list[Play]:
        p = s.decider
        pool, cards, out = s.pool[p], s.cards, []
        room = room_in(s, p, 1)
        for name in sorted(set(s.hand[p])):
            card = cards[name]
            if not sq.can_pay(pool, card.cost):
                continue
            if card.spell is None:
                if room:
                    out.append(play_(name, ""))
            else:
                out += [play_(name, t) for t in tg(card.spell.target)]
        return out

    def why(self, s: S, a: Play) -> str:
        p = s.decider
        card = s.cards.get(a.card)
        if card is None or a.card not in s.hand[p]:
            return f"{a.card} is not in your hand"
        if not sq.can_pay(s.pool[p], card.cost):
            return f"{a.card} costs {card.cost.words()}"
        if card.spell is not None:
            return "choose a target the Spell can apply to (CHOOSING TARGETS)"
        return "your Keep is full"

    def do(self, s: S, a: Play) -> None:
        p = s.decider
        card = s.cards[a.card]
        sq.pay(s.pool[p], card.cost)
        s.hand[p].remove(a.card)
        target = s.unit_at(a.target)
        s.add_log(f"seat {p} plays {a.card}" + (f" on {s.name_of(target)}" if target else ""))
        if card.spell is not None:
            s.casting.append(a.card)
            sq.use_ability(s, p, a.card, "spell", card.spell, -1 if target is None else target.uid, -1)
            return
        u = s.new_unit(p, a.card)
        if s.has(u, "zealous"):
            s.stack.append(ZealousChoice(p, u.uid))

    def path(self, a: Play) -> ClickPath:
        return (f"hand:{a.card}", *_card_path(a.target))


class CastRule(_Rule):
    action = Cast
    section = "Acting: Cast"

    def legal(self, s: S) -> list[Cast]:
        return self.listing(s, Targets(s))

    def listing(self, s: S, tg: Targets) -> list[Cast]:
        p = s.decider
        casters = [(spot, u) for spot, u in _own(s, 1) if u.fatigue < 4]
        if not casters:
            return []
        spells = [
            n
            for n in sorted(set(s.home[p]))
            if s.cards[n].spell is not None and sq.can_pay(s.pool[p], s.cards[n].cost)
        ]
        out = []
        for spot, _ in casters:
            for name in spells:
                ab = s.cards[name].spell
                assert ab is not None
                out += [cast_(spot, name, t) for t in tg(ab.target)]
        return out

    def why(self, s: S, a: Cast) -> str:
        u = s.unit_at(a.caster)
        if u is None or u.owner != s.decider or not u.is_char or s.zone_of(u) != 1:
            return "only a Character in your Keep can Cast"
        if a.card not in s.home[s.decider]:
            return f"{a.card} is not a Spell in your Home"
        return "the cost cannot be paid or the target is not valid"

    def do(self, s: S, a: Cast) -> None:
        p = s.decider
        u = s.unit_at(a.caster)
        assert u is not None
        card = s.cards[a.card]
        assert card.spell is not None
        target = s.unit_at(a.target)
        sq.pay(s.pool[p], card.cost)
        s.home[p].remove(a.card)
        s.casting.append(a.card)
        s.add_log(
            f"seat {p}'s {u.card.name} casts {a.card} from Home"
            + (f" on {s.name_of(target)}" if target else "")
        )
        s.gain_fatigue(u, 1)
        sq.use_ability(s, p, a.card, "spell", card.spell, -1 if target is None else target.uid, u.uid)

    def path(self, a: Cast) -> ClickPath:
        return (f"card:{a.caster}", f"home:{a.card}", *_card_path(a.target))


class UseEffectRule(_Rule):
    action = UseEffect
    section = "Acting: Effect"

    def legal(self, s: S) -> list[UseEffect]:
        return self.listing(s, Targets(s))

    def listing(self, s: S, tg: Targets) -> list[UseEffect]:
        p = s.decider
        out = []
        for z in (0, 1):
            names = sq.SPOTS[p][z]
            zone = s.zones[p][z]
            for i, uid in enumerate(zone):
                u = s.units[uid]
                ab = u.card.ability
                if ab is None or not sq.can_pay(s.pool[p], ab.cost):
                    continue
                payers = [""]
                if ab.cost.fatigue:
                    if u.is_char:
                        payers = [""] if u.fatigue < 4 else []
                    else:
                        payers = [names[j] for j, c in enumerate(zone)
                                  if s.units[c].is_char and s.units[c].fatigue < 4]
                spot = names[i]
                for payer in payers:
                    out += [use_(spot, payer, t) for t in tg(ab.target)]
        return out

    def why(self, s: S, a: UseEffect) -> str:
        u = s.unit_at(a.spot)
        if u is None or u.owner != s.decider or u.card.ability is None:
            return "choose a card of yours with an effect that has a cost"
        cost = u.card.ability.cost.words()
        return f"pay {cost} (a Gear's Fatigue: a Character in its Zone) and choose a valid target"

    def do(self, s: S, a: UseEffect) -> None:
        p = s.decider
        u = s.unit_at(a.spot)
        assert u is not None and u.card.ability is not None
        ab = u.card.ability
        target = s.unit_at(a.target)
        payer = s.unit_at(a.payer) if a.payer else u
        sq.pay(s.pool[p], ab.cost)
        s.add_log(
            f"seat {p} uses the effect of {u.card.name}" + (f" on {s.name_of(target)}" if target else "")
        )
        if ab.cost.fatigue and payer is not None:
            s.gain_fatigue(payer, ab.cost.fatigue)
        sq.use_ability(s, p, u.card.name, "ability", ab, -1 if target is None else target.uid, u.uid)

    def path(self, a: UseEffect) -> ClickPath:
        return (f"card:{a.spot}", *_card_path(a.payer), *_card_path(a.target))


class TacticsRule(_Rule):
    action = Tactics
    section = "Acting: Tactics"

    def legal(self, s: S) -> list[Tactics]:
        return [tactics_(spot) for spot, u in _own(s) if u.fatigue < 4]

    def apply(self, s: S, a: Tactics) -> None:
        # A Tactics in Engage that leaves its Character ready and discards nothing changes only
        # its Fatigue, Prepared and Edge: nothing the Engage listing reads (the Character stays
        # ready; its owner's targets do not depend on its own Characters' Fatigue), so the core
        # keeps this position's listing for the next (a fifth of Engage positions in random
        # playouts; ``State.carry_listing``).
        p, u, in_play = s.decider, s.unit_at(a.spot), len(s.units)
        super().apply(s, a)
        if s.step == "engage" and s.decider == p and not s.triggers and len(s.units) == in_play:
            assert u is not None
            if u.fatigue < 4:
                s.carry_listing()

    def do(self, s: S, a: Tactics) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        s.gain_fatigue(u, 1)
        u.prepared = True
        s.edge[u.owner] += 1
        s.add_log(f"seat {u.owner}'s {u.card.name} is Prepared: 1 Edge ({s.edge[u.owner]})")

    def path(self, a: Tactics) -> ClickPath:
        return (f"card:{a.spot}", "tactics")


class MountRule(_Rule):
    action = Mount
    section = "CHARACTER KEYWORDS: Mountable"

    def legal(self, s: S) -> list[Mount]:
        p, out = s.decider, []
        for z in (0, 1):
            if not room_in(s, p, 1 - z, 2) or len(s.zones[p][z]) < 2:
                continue
            chars = _own(s, z)
            if not any(s.has(u, "mountable") for _, u in chars):
                continue
            for ms, m in chars:
                if not s.has(m, "mountable") or m.fatigue >= 4 or not free_to_move(m):
                    continue
                for rs, r in chars:
                    if r is not m and r.card.trait <= m.card.trait - 1 and r.fatigue < 4 and free_to_move(r):
                        out.append(mount_(ms, rs))
        return out

    def do(self, s: S, a: Mount) -> None:
        m, r = s.unit_at(a.mount), s.unit_at(a.rider)
        assert m is not None and r is not None
        s.gain_fatigue(m, 1)
        s.gain_fatigue(r, 1)
        if m.uid in s.units and r.uid in s.units:
            s.move_unit(m)
            s.move_unit(r)

    def path(self, a: Mount) -> ClickPath:
        return (f"card:{a.mount}", f"card:{a.rider}")


# -- attacks -----------------------------------------------------------------------------------
class AttackRule(_Rule):
    action = Attack
    section = "Attack"

    def legal(self, s: S) -> list[Attack]:
        if s.no_attack:
            return []
        return [attack_(spot) for spot, u in _own(s, 0) if u.fatigue < 4]

    def why(self, s: S, a: Attack) -> str:
        if s.no_attack:
            return "you cannot choose the attack action again this turn"
        return "only a Character of your Battlefield can attack"

    def do(self, s: S, a: Attack) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        s.stack.append(Declaring(s.decider, (u.uid,)))

    def path(self, a: Attack) -> ClickPath:
        return (f"card:{a.spot}", "attack")


class JoinRule(_Rule):
    action = Join
    section = "Attack, step 1"

    def legal(self, s: S) -> list[Join]:
        att = _declaring(s).attackers
        return [join_(spot) for spot, u in _own(s, 0) if u.fatigue < 4 and u.uid not in att]

    def do(self, s: S, a: Join) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        f = _declaring(s)
        s.stack[-1] = Declaring(f.p, (*f.attackers, u.uid))

    def path(self, a: Join) -> ClickPath:
        return _card_path(a.spot)


class ChargeRule(_Rule):
    action = Charge
    section = "Attack, step 1"

    def legal(self, s: S) -> list[Charge]:
        return [CHARGE_ACTION]

    def do(self, s: S, a: Charge) -> None:
        f = _declaring(s)
        s.stack.pop()
        sq.begin_attack(s, list(f.attackers))


class ProvokeRule(_Rule):
    action = Provoke
    section = "CHARACTER KEYWORDS: Provoke"

    def legal(self, s: S) -> list[Provoke]:
        f = sq.attack_at(s, _choice(s).c)
        return [Provoke(_spot(s, s.units[uid])) for uid in sq.provoke_targets(s, f)]

    def do(self, s: S, a: Provoke) -> None:
        frame = _choice(s)
        s.stack.pop()
        b = s.unit_at(a.target)
        assert b is not None
        b.provoked = True
        attack = sq.attack_at(s, frame.c)
        s.stack[frame.c] = replace(attack, blocks=(*attack.blocks, (frame.a, b.uid)))
        s.add_log(f"{s.units[frame.a].card.name} provokes {s.name_of(b)}: it blocks")

    def path(self, a: Provoke) -> ClickPath:
        return _card_path(a.target)


class BlockRule(_Rule):
    action = Block
    section = "Attack, step 2"

    def legal(self, s: S) -> list[Block]:
        f = sq.attack_at(s, _choice(s).c)
        return [Block(_spot(s, s.units[b]), _spot(s, s.units[a])) for b, a in sq.block_options(s, f)]

    def why(self, s: S, a: Block) -> str:
        att = s.unit_at(a.attacker)
        if att is not None and s.has(att, "airborne"):
            return "an Airborne attacker is blocked only by Airborne or Ranged"
        return "one Character of your Battlefield blocks each attacker, for 1 Fatigue"

    def do(self, s: S, a: Block) -> None:
        c = _choice(s).c
        f = sq.attack_at(s, c)
        b, att = s.unit_at(a.blocker), s.unit_at(a.attacker)
        assert b is not None and att is not None
        s.stack[c] = replace(f, blocks=(*f.blocks, (att.uid, b.uid)))
        s.add_log(f"{s.name_of(b)} blocks {att.card.name}")
        s.gain_fatigue(b, 1)

    def path(self, a: Block) -> ClickPath:
        return (f"card:{a.blocker}", f"card:{a.attacker}")


class EndBlocksRule(_Rule):
    action = EndBlocks
    section = "Attack, step 2"

    def legal(self, s: S) -> list[EndBlocks]:
        return [END_BLOCKS_ACTION]

    def do(self, s: S, a: EndBlocks) -> None:
        s.stack.pop()


class FightNextRule(_Rule):
    action = FightNext
    section = "Attack, step 3"

    def legal(self, s: S) -> list[FightNext]:
        f = sq.attack_at(s, _choice(s).c)
        return [
            FightNext(_spot(s, s.units[a]))
            for a in f.attackers
            if f.blocked(a) and a not in f.fought and a in s.units
        ]

    def do(self, s: S, a: FightNext) -> None:
        frame = _choice(s)
        s.stack.pop()
        u = s.unit_at(a.attacker)
        assert u is not None
        sq.start_fight(s, frame.c, u.uid)

    def path(self, a: FightNext) -> ClickPath:
        return _card_path(a.attacker)


class GuardRule(_Rule):
    action = Guard
    section = "CHARACTER KEYWORDS: Guard"

    def legal(self, s: S) -> list[Guard]:
        return [Guard(_spot(s, s.units[uid])) for uid in sq.guard_options(s, _guard(s))]

    def do(self, s: S, a: Guard) -> None:
        frame = _guard(s)
        u = s.unit_at(a.spot)
        assert u is not None
        s.stack[-1] = replace(frame, used=(*frame.used, u.uid))
        bonus = guard_bonus(s)
        fight = sq.contest_at(s, frame.c)
        assert type(fight) is Fight
        s.stack[frame.c] = fight = replace(fight, guard=fight.guard + bonus)
        if s.fight is not None:
            s.fight["guard"] = fight.guard
        s.add_log(f"{s.name_of(u)} guards: +{bonus} Elude for the fight")
        s.gain_fatigue(u, 1)

    def path(self, a: Guard) -> ClickPath:
        return _card_path(a.spot)


class SpendEdgeRule(_Rule):
    action = SpendEdge
    section = "TACTICS EFFECTS"

    def legal(self, s: S) -> list[SpendEdge]:
        return [SPEND_UP, SPEND_DOWN] if s.edge[s.decider] else []

    def do(self, s: S, a: SpendEdge) -> None:
        p = s.decider
        c = _contest(s).c
        check = sq.contest_at(s, c)
        s.edge[p] -= 1
        s.stack[c] = check = replace(check, mod=check.mod + a.delta)
        what = "the DL" if check.kind == "check" else "the damage"
        s.add_log(f"seat {p} spends 1 Edge: {what} {a.delta:+d}")
        if s.fight is not None:
            s.fight["damage_mod" if check.kind == "fight" else "dl_mod"] = check.mod

    def path(self, a: SpendEdge) -> ClickPath:
        return ("edge:up" if a.delta > 0 else "edge:down",)


class PassRule(_Rule):
    action = Pass
    section = "TACTICS EFFECTS"

    def legal(self, s: S) -> list[Pass]:
        return [PASS_ACTION]

    def do(self, s: S, a: Pass) -> None:
        s.stack.pop()


class SupportHandRule(_Rule):
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


class SupportStockpileRule(_Rule):
    action = SupportStockpile
    section = "Support"

    def legal(self, s: S) -> list[SupportStockpile]:
        return [SupportStockpile(i) for i in range(len(s.stockpile[s.decider]))]

    def do(self, s: S, a: SupportStockpile) -> None:
        p = s.decider
        s.stack.pop()
        name, _ = s.stockpile[p].pop(a.slot)
        s.concealed[p] = ("Stockpile", name)
        s.add_log(f"seat {p} chooses {name} from the Stockpile for Support")

    def path(self, a: SupportStockpile) -> ClickPath:
        return (f"my-stockpile:{a.slot}",)


class SupportArsenalRule(_Rule):
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


# -- triggers ----------------------------------------------------------------------------------
def _pending(s: S) -> list[str]:
    return sorted({name for owner, name in s.triggers if owner == s.decider})


class UseTriggerRule(_Rule):
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
        return _card_path(a.target)


class SkipTriggerRule(_Rule):
    action = SkipTrigger
    section = "TRIGGER EFFECTS"

    def legal(self, s: S) -> list[SkipTrigger]:
        return [SkipTrigger(n) for n in _pending(s)]

    def do(self, s: S, a: SkipTrigger) -> None:
        s.triggers.remove((s.decider, a.card))
        s.add_log(f"seat {s.decider} does not use the Exhausted effect of {a.card}")


# -- unblocked attackers -------------------------------------------------------------------------
class DemoralizeRule(_Rule):
    action = Demoralize
    section = "UNBLOCKED: Demoralize"

    def legal(self, s: S) -> list[Demoralize]:
        return [DEMORALIZE_ACTION]

    def do(self, s: S, a: Demoralize) -> None:
        frame = _choice(s)
        s.stack.pop()
        u = s.units[frame.a]
        s.no_attack = True
        s.lose_resolve(1 - s.active, 1 + u.card.trait, f"demoralized by {u.card.name}")


class AmbushRule(_Rule):
    action = Ambush
    section = "UNBLOCKED: Ambush"

    def legal(self, s: S) -> list[Ambush]:
        return [Ambush(_spot(s, s.units[uid])) for uid in sq.ambush_targets(s)]

    def why(self, s: S, a: Ambush) -> str:
        return "the target is a Character with at least 1 Fatigue in the opponent's Battlefield or Keep"

    def do(self, s: S, a: Ambush) -> None:
        frame = _choice(s)
        s.stack.pop()
        target = s.unit_at(a.target)
        assert target is not None
        sq.push_fight(s, frame.a, target.uid, True)

    def path(self, a: Ambush) -> ClickPath:
        return _card_path(a.target)


class SabotageRule(_Rule):
    action = Sabotage
    section = "UNBLOCKED: Sabotage"

    def legal(self, s: S) -> list[Sabotage]:
        return [SABOTAGE_ACTION]

    def do(self, s: S, a: Sabotage) -> None:
        frame = _choice(s)
        s.stack.pop()
        dl = s.game.rules.numbers["sabotage_dl"]
        sq.start_check(s, DLCheck(s.active, "Sabotage", "sabotage", -1, frame.a, dl, "elude"))


class SabotageOptionRule(_Rule):
    action = SabotageOption
    section = "UNBLOCKED: Sabotage"

    def legal(self, s: S) -> list[SabotageOption]:
        out = []
        for option, uid, slot in sq.sabotage_options(s):
            spot = _spot(s, s.units[uid]) if uid >= 0 else ""
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
        return _card_path(a.target)


class ZealousRule(_Rule):
    action = ZealousMove
    section = "CHARACTER KEYWORDS: Zealous"

    def legal(self, s: S) -> list[ZealousMove]:
        return [ZEALOUS_MOVE_ACTION]

    def do(self, s: S, a: ZealousMove) -> None:
        frame = s.stack.pop()
        assert type(frame) is ZealousChoice
        s.move_unit(s.units[frame.unit])


class EndTurnRule(_Rule):
    action = EndTurn
    section = "Engage"

    def legal(self, s: S) -> list[EndTurn]:
        return [END_TURN_ACTION]

    def do(self, s: S, a: EndTurn) -> None:
        s.stack.pop()
        sq.end_turn(s)


PROMPTS = {
    "reserves": "swap cards with your Reserves, or keep the deck",
    "mulligan": "keep this hand, or pay 1 Resolve to draw a new one",
    "attribute": "you go second: gain 1 Attribute of your choice",
    "deploy": "Deploy: Move cards between the Battlefield and the Keep",
    "stockpile": "Stockpile: place 1 card from your hand into the Stockpile",
    "engage": "Engage: play cards and act",
    "zealous": "Zealous: Move the Character just played?",
    "declare": "choose other attackers",
    "provoke": "Provoke: choose the Character who must block",
    "block": "choose blockers (1 Fatigue each)",
    "order": "choose the next fight",
    "guard": "Guard: give the fighter +{guard_elude} Elude for 1 Fatigue?",
    "tactics": "spend Edge on this fight or DL?",
    "support": "choose a Support card: hand, Stockpile or the top of the Arsenal",
    "trigger": "use or skip an Exhausted effect",
    "unblocked": "unblocked: Demoralize, Ambush or Sabotage",
    "sabotage": "Sabotage succeeded: choose what to discard",
    "over": "",
}


"""What the deciding seat is asked at each step; ``{name}``: a number of ``rules.toml``."""


def step_prompt(s: S) -> str:
    """The prompt of the step ``s`` is at, its numbers read from the game's rules."""
    return PROMPTS.get(s.step, s.step).format(**s.game.rules.numbers)


def not_now(s: S, action: Action) -> IllegalAction:
    return IllegalAction(
        f"{action} is not possible now: seat {s.decider} must {step_prompt(s)}",
        rule="order of play",
    )


PASS = PassRule()
PLAY, CAST, USE = PlayRule(), CastRule(), UseEffectRule()
TACTICS, MOUNT, ATTACK = TacticsRule(), MountRule(), AttackRule()


def _reserves(s: S) -> list[Action]:
    """The Reserves step's listing: the swaps from the table, then keeping the deck."""
    out: list[Action] = []
    out += swap_listing(s)
    out.append(KEEP_DECK_ACTION)
    return out


FLOW: Flow[S] = Flow(
    [
        Step("reserves", (SwapRule(), KeepDeckRule()), section="To begin the game", fast_legal=_reserves),
        Step("mulligan", (KeepHandRule(), MulliganRule()), section="To begin the game"),
        Step("attribute", (AttributeRule(),), section="To begin the game"),
        Step("deploy", (MoveRule(), EndDeployRule()), section="Deploy", fast_legal=deploy_listing),
        Step("stockpile", (StockpileRule(), SkipStockpileRule()), section="Stockpile",
             fast_legal=stockpile_listing),
        Step("engage", (PLAY, CAST, USE, TACTICS, MOUNT, ATTACK, EndTurnRule()), section="Engage",
             fast_legal=engage_listing),
        Step("zealous", (ZealousRule(), PASS), section="Zealous"),
        Step("declare", (JoinRule(), ChargeRule()), section="Attack"),
        Step("provoke", (ProvokeRule(),), section="Provoke"),
        Step("block", (BlockRule(), EndBlocksRule()), section="Attack"),
        Step("order", (FightNextRule(),), section="Attack"),
        Step("guard", (GuardRule(), PASS), section="Guard"),
        Step("tactics", (SpendEdgeRule(), PASS), section="TACTICS EFFECTS"),
        Step("support", (SupportHandRule(), SupportStockpileRule(), SupportArsenalRule()), section="Support",
             fast_legal=support_listing),
        Step("trigger", (UseTriggerRule(), SkipTriggerRule()), section="TRIGGER EFFECTS",
             fast_legal=trigger_listing),
        Step("unblocked", (DemoralizeRule(), AmbushRule(), SabotageRule()), section="UNBLOCKED"),
        Step("sabotage", (SabotageOptionRule(),), section="Sabotage"),
        Step("over", (), section="Victory"),
    ],
    step_of="step",
    out_of_step=not_now,
)


def legal_kinds(actions: Sequence[Action]) -> set[str]:
    return {a.kind for a in actions}
