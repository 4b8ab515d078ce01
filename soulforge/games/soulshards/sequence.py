"""The order of play as a stack of frames: the turn's phases, attacks, fights, DL checks.

A frame is a typed frame of ``frames.py``. Automatic frames (``AUTO``) are carried out as
soon as they reach the top; a decision frame stops the run and names the step and the seat
deciding (``rules/`` holds each decision's rule). Pending Exhausted effects come first: any
Trigger Effect from a discard resolves before the effect that caused it goes on (rulebook,
"Support", "TRIGGER EFFECTS"), the active player's first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from soulforge.games.soulshards import setup, words
from soulforge.games.soulshards.cards import TARGETS, Use
from soulforge.games.soulshards.conditions import (
    fatigued,
    may_block,
    may_move,
    reaches,
    ready,
    ready_character,
    set_fatigue,
    worn_out,
)
from soulforge.games.soulshards.data import Ability, Cost
from soulforge.games.soulshards.frames import (
    NO_UNIT,
    AttackChoice,
    AttackInProgress,
    ContestChoice,
    DLCheck,
    Fight,
    GuardChoice,
    Reveal,
    SabotageChoice,
    SeatTask,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState

OVER = "over"


# -- costs -------------------------------------------------------------------------------------
def can_pay(pool: list[int], cost: Cost, reduction: int = 0) -> bool:
    """Each Attribute shown paid with that Attribute; the number with any (rulebook, "Costs")."""
    p0, p1, p2, p3 = pool
    a0, a1, a2, a3 = cost.attrs
    short = (a0 - p0 if a0 > p0 else 0) + (a1 - p1 if a1 > p1 else 0) + (a2 - p2 if a2 > p2 else 0) + (
        a3 - p3 if a3 > p3 else 0)
    if short > reduction:
        return False
    return p0 + p1 + p2 + p3 - (a0 + a1 + a2 + a3) + short >= cost.generic - (reduction - short)


def pay(pool: list[int], cost: Cost, reduction: int = 0) -> None:
    """Pay ``cost`` (``reduction`` points waived by Edge: the generic part first); the generic
    part comes from the Attributes held most (a reading: NOTES.md)."""
    generic = cost.generic
    if not reduction:
        # Every Play, Cast and effect pays in full (Edge waives only Exhausted costs).
        a0, a1, a2, a3 = cost.attrs
        pool[0] -= a0
        pool[1] -= a1
        pool[2] -= a2
        pool[3] -= a3
        for _ in range(generic):
            pool[pool.index(max(pool))] -= 1  # the most held; ties: the first Attribute
        return
    waive = min(reduction, generic)
    generic -= waive
    reduction -= waive
    for i, need in enumerate(cost.attrs):
        cut = min(reduction, need)
        reduction -= cut
        pool[i] -= need - cut
    for _ in range(generic):
        pool[pool.index(max(pool))] -= 1  # the most held; ties: the first Attribute


# -- the run -----------------------------------------------------------------------------------
def attackers(s: ShardsState) -> tuple[int, ...]:
    for f in s.stack:
        if type(f) is AttackInProgress:
            return f.attackers
    return ()


def settle(s: ShardsState) -> None:
    """After an effect is complete: a fourth Fatigue discards (attackers after the attack);
    a Prepared Character that gained Fatigue stops being Prepared and its owner loses 1 Edge."""
    if not s.marked:
        return
    s.marked = False
    marked = [u for u in s.units.values() if u.doomed or u.hit]
    attacking = attackers(s)
    for u in marked:
        if u.hit:
            u.hit = False
            if u.prepared:
                u.prepared = False
                s.edge[u.owner] = max(0, s.edge[u.owner] - 1)
        if u.doomed:
            if ready(s, u):
                u.doomed = False
            elif u.uid not in attacking:
                s.discard_unit(u)


def run(s: ShardsState) -> None:
    """Carry out automatic frames until a decision (or the end of the game)."""
    while True:
        if s.marked:
            settle(s)
        if s.step == OVER:
            return
        if s.triggers:
            owner = s.active if any(o == s.active for o, _ in s.triggers) else s.triggers[0][0]
            s.step, s.decider = "trigger", owner
            return
        top = s.stack[-1]
        kind = top.kind
        auto = AUTO.get(kind)
        if auto is not None:
            s.stack.pop()
            auto(s, top)
            continue
        skip = SKIP.get(kind)
        if skip is not None and skip(s, top):
            s.stack.pop()
            continue
        s.step, s.decider = kind, top.p  # type: ignore[union-attr]  # not automatic: a Decision
        return


# -- the turn --------------------------------------------------------------------------------
def start_turn(s: ShardsState, f: SeatTask) -> None:
    """Phase 1, Recover: 1 Fatigue off each card of yours in play (Undead: 1 more); lose all Edge."""
    p = f.p
    if s.turn >= s.game.turn_limit:
        a, b = s.resolve
        s.finish(None if a == b else (0 if a > b else 1), f"the turn limit ({s.game.turn_limit}) is reached")
        return
    s.turn += 1
    s.active = p
    s.no_attack = s.to_battlefield = False
    s.fight = None
    s.log_later(words.turn_starts, s.turn, p)
    for zone in s.zones[p]:
        for uid in zone:
            u = s.units[uid]
            u.prepared = False
            u.moved = False
            if u.fatigue:
                set_fatigue(s, u, max(0, u.fatigue - 1 - (1 if s.has(u, "undead") else 0)))
    s.edge[p] = 0
    s.stack += PHASES[p]


PHASES = tuple(
    tuple(SeatTask(kind, p) for kind in ("engage", "stockpile", "produce", "deploy")) for p in (0, 1)
)
"""Each seat's phases, pushed in reverse order (Deploy on top): built once, as frames never
change (a change replaces one), so every turn shares them."""
TURNS = (SeatTask("turn", 0), SeatTask("turn", 1))
"""Each seat's turn frame, likewise shared."""


def end_turn(s: ShardsState) -> None:
    for u in s.units.values():
        u.temp, u.pinned = (0, 0, 0), False
    s.stack.append(TURNS[1 - s.active])


def produce(s: ShardsState, f: SeatTask) -> None:
    """Phase 3, Draw (2 if no Character Moved to the Battlefield), and phase 4, Production."""
    p = f.p
    s.draw(p, 1 if s.to_battlefield else 2)
    pool = s.pool[p]
    for attr in s.cities[p].produces:
        pool[attr] += 1
    for _, attr in s.stockpile[p]:
        pool[attr] += 1


# -- using an effect: targets, DL checks ----------------------------------------------------------
SPOTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(f"{p}{z}{i}" for i in range(64)) for z in "bk") for p in "01")
"""``SPOTS[seat][zone][index]``: the spot names, made once."""


def targets(s: ShardsState, seat: int, kind: str) -> list[str]:
    """The spots a seat may target with a target kind ('' alone for 'none')."""
    if kind == "none":
        return [""]
    test = TARGETS[kind]
    units = s.units
    out = []
    for owner in (0, 1):
        for z, zone in enumerate(s.zones[owner]):
            names = SPOTS[owner][z]
            for i, uid in enumerate(zone):
                if test(s, seat, units[uid]):
                    out.append(names[i])
    return out


def use_ability(
    s: ShardsState, seat: int, card: str, slot: str, ab: Ability, target: int, caster: int
) -> None:
    """Carry out an effect whose costs are paid: a DL check first if it has one."""
    if ab.dl:
        backs = backing(s, seat, caster)
        start_check(s, DLCheck(seat, card, slot, target, caster, ab.dl, ab.benefit, backs=backs))
        return
    complete(s, seat, card, slot, ab, target, caster, True)


def complete(
    s: ShardsState, seat: int, card: str, slot: str, ab: Ability, target: int, caster: int, success: bool
) -> None:
    if success:
        use = Use(seat, target, card, caster, slot)
        book, declaration = s.game.book, ab.declaration
        # Half the uses require nothing: none unmet, without the call.
        unmet = book.unmet(declaration, s, use) if declaration.requirements else None
        if unmet is None:
            book.run(declaration, s, use)
        else:
            s.add_log(f"{card}: {unmet}, the effect fails")
            success = False
    if slot == "spell":
        finish_spell(s, seat, card, caster, success)


def finish_spell(s: ShardsState, seat: int, card: str, caster: int, success: bool) -> None:
    """After the effect the Spell goes Home unless Attached; Cast from the Keep: a successful
    Spell that Attached to no one Attaches to its caster."""
    if card in s.casting:
        s.casting.remove(card)
    host = s.units.get(s.attached_spell) if success else None
    if host is None and success and caster >= 0:
        host = s.units.get(caster)
    s.attached_spell = -1
    if host is not None:
        host.attached.append(card)
        s.log_later(words.attached, card, s.named(host))
    else:
        s.home[seat].append(card)


def backing(s: ShardsState, seat: int, caster: int) -> tuple[int, int]:
    """The Characters each seat's Support backs in a DL check (``DLCheck.backs``): the user's
    caster, when it is a Character (an Attach Support card Attaches to it)."""
    u = s.units.get(caster)
    if u is None or not u.is_char:
        return (NO_UNIT, NO_UNIT)
    return (caster, NO_UNIT) if seat == 0 else (NO_UNIT, caster)


def start_check(s: ShardsState, f: DLCheck) -> None:
    """A DL effect (its frame made with ``backing``): Tactics (active player first), Support by
    the user, triggers, the check."""
    p, other = s.active, 1 - s.active
    s.stack.append(f)
    c = len(s.stack) - 1
    s.fight = {
        "kind": "check",
        "card": f.card,
        "seat": f.p,
        "dl": f.dl,
        "support": [None, None],
        "result": "",
    }
    s.stack += [Reveal(c), ContestChoice("support", f.p, c), ContestChoice("tactics", other, c),
                ContestChoice("tactics", p, c)]


def resolve_check(s: ShardsState, f: DLCheck) -> None:
    p = f.p
    caster = s.units.get(f.caster)
    value = f.traits[p]
    if f.benefit and caster is not None and caster.is_char:
        value += s.stat(caster, ("martial", "elude", "endure").index(f.benefit))
    if f.slot == "sabotage" and caster is not None and s.has(caster, "stealthy"):
        value += 1
    dl = max(0, f.dl + f.mod)
    success = value >= dl
    text = f"{f.card}: {value} against DL {dl}, {'success' if success else 'failure'}"
    s.add_log(text)
    if s.fight is not None:
        s.fight["result"] = text
    if f.slot == "sabotage":
        if success:
            s.stack.append(SabotageChoice(p, f.caster))
        return
    card = s.cards[f.card]
    ab = card.spell if f.slot == "spell" else card.ability
    assert ab is not None
    complete(s, p, f.card, f.slot, ab, f.target, f.caster, success)


def reveal(s: ShardsState, f: Reveal) -> None:
    """Both Support cards are shown, then discarded (Attach cards Attach to the Character they
    supported); their Exhausted effects wait at the top (rulebook, "Support")."""
    check = s.stack[f.c]
    assert isinstance(check, DLCheck | Fight)
    traits = list(check.traits)
    for seat in (s.active, 1 - s.active):
        chosen = s.concealed[seat]
        if chosen is None:
            continue
        s.concealed[seat] = None
        source, name = chosen
        card = s.cards[name]
        traits[seat] = card.trait
        s.log_later(words.reveals, seat, name, source, card.trait)
        if s.fight is not None:
            s.fight["support"][seat] = {"source": source, "card": name, "trait": card.trait}
        host = s.units.get(check.backs[seat])
        if card.attach and host is not None and host.owner == seat and host.is_char:
            host.attached.append(name)
            s.add_log(f"{name} is Attached to {s.name_of(host)}")
            if card.exhausted is not None:
                s.triggers.append((seat, name))
        else:
            s.discard_card(seat, name)
        s.city_event(seat, "support_discarded", type=card.type)
    s.stack[f.c] = check.replace(traits=(traits[0], traits[1]))
    s.mark_revealed()


# -- attacks and fights ---------------------------------------------------------------------------
def begin_attack(s: ShardsState, att: list[int]) -> None:
    """Attack step 1: the attackers gain 1 Fatigue each (a fourth: discarded after the attack)."""
    for uid in att:
        s.gain_fatigue(s.units[uid], 1)
    s.log_later(words.attacks_with, s.active, tuple(s.units[uid].card.name for uid in att))
    s.stack.append(AttackInProgress("provoke", tuple(att)))


def push_fight(s: ShardsState, a: int, d: int, ambush: bool) -> None:
    """A fight: Guard, Tactics (attacker, then defender), Support (defender, then attacker),
    the reveal and its triggers, then the winner and damage (rulebook, "FIGHT")."""
    att, dfd = s.units[a], s.units[d]
    keep = s.zone_of(dfd) == 1
    backs = [NO_UNIT, NO_UNIT]
    backs[att.owner], backs[dfd.owner] = a, d
    s.stack.append(Fight(a, d, ambush, keep, backs=(backs[0], backs[1])))
    c = len(s.stack) - 1
    s.fight = {
        "kind": "ambush" if ambush else "fight",
        "attacker": att.card.name,
        "defender": dfd.card.name,
        "seats": [att.owner, dfd.owner],
        "support": [None, None],
        "guard": 0,
        "damage_mod": 0,
        "result": "",
    }
    s.add_log(f"fight: {s.name_of(att)} against {s.name_of(dfd)}")
    p, other = s.active, 1 - s.active
    s.stack += [
        Reveal(c),
        ContestChoice("support", att.owner, c),
        ContestChoice("support", dfd.owner, c),
        ContestChoice("tactics", other, c),
        ContestChoice("tactics", p, c),
        GuardChoice(dfd.owner, c),
    ]


def resolve_fight(s: ShardsState, f: Fight) -> None:
    a, d = s.units.get(f.a), s.units.get(f.d)
    if a is None or d is None:
        s.add_log("the fight fails: a fighter is gone")
        if s.fight is not None:
            s.fight["result"] = "the fight fails: a fighter is gone"
        return
    mine, theirs = f.traits[a.owner], f.traits[d.owner]
    attack = s.stat(a, 0) + mine
    defence = s.stat(d, 1) + f.guard + theirs
    won = attack > defence if (f.ambush and f.keep) else attack >= defence
    words = f"Martial {s.stat(a, 0)} + {mine} against Elude {s.stat(d, 1)}"
    words += f" + {f.guard} (Guard)" if f.guard else ""
    words += f" + {theirs}: "
    if won:
        damage = max(0, s.stat(a, 0) + f.mod + (1 if f.ambush and s.has(a, "stealthy") else 0))
        words += f"{a.card.name} wins and deals {damage} damage"
        left = s.take_damage(d, damage)
        if d.uid in s.units and worn_out(s, d):
            s.discard_unit(d, by=a.uid)
            s.lose_resolve(d.owner, left, "overwhelmed")
            s.no_attack = True
    else:
        words += f"{d.card.name} wins; {a.card.name} gains 1 Fatigue"
        s.gain_fatigue(a, 1)
        if not f.ambush:
            s.city_event(d.owner, "block_won")
    s.add_log(words)
    if s.fight is not None:
        s.fight["result"] = words


def attack_step(s: ShardsState, f: AttackInProgress) -> None:
    """The attack's steps after the attackers: Provoke, blocks, fights, unblocked choices."""
    s.stack.append(f)
    c = len(s.stack) - 1
    p = s.active
    if f.phase == "provoke":
        for uid in f.attackers:
            u = s.units.get(uid)
            if u is not None and uid not in f.done and s.has(u, "provoke"):
                f = s.stack[c] = f.replace(done=(*f.done, uid))
                if provoke_targets(s, f):
                    s.stack.append(AttackChoice("provoke", p, c, uid))
                    return
        s.stack[c] = f.replace(phase="block", done=())
        s.stack.append(AttackChoice("block", 1 - p, c))
        return
    # The phase moves on locally; the frame is replaced once, when the attack stops at a choice.
    phase = f.phase
    if phase == "block":
        phase = "fights"
    if phase == "fights":
        todo = [a for a in f.attackers if f.blocked(a) and a not in f.fought and a in s.units]
        if todo:
            if phase != f.phase:
                s.stack[c] = f.replace(phase=phase)
            if len(todo) > 1:
                s.stack.append(AttackChoice("order", p, c))
            else:
                start_fight(s, c, todo[0])
            return
        phase = "unblocked"
    if phase == "unblocked":
        for a in f.attackers:
            if a in s.units and not f.blocked(a) and a not in f.done:
                s.stack[c] = f.replace(phase=phase, done=(*f.done, a))
                s.stack.append(AttackChoice("unblocked", p, c, a))
                return
    s.stack.pop()
    for uid in f.attackers:
        u = s.units.get(uid)
        if u is not None and worn_out(s, u):
            s.discard_unit(u)
    for u in s.units.values():
        u.provoked = False


def attack_at(s: ShardsState, c: int) -> AttackInProgress:
    """The attack in progress at ``c`` in the stack (a decision frame's ``c``)."""
    f = s.stack[c]
    assert type(f) is AttackInProgress
    return f


def contest_at(s: ShardsState, c: int) -> DLCheck | Fight:
    """The fight or DL check at ``c`` in the stack (a Tactics, Support or Guard frame's ``c``)."""
    f = s.stack[c]
    assert type(f) is DLCheck or type(f) is Fight
    return f


def start_fight(s: ShardsState, c: int, a: int) -> None:
    """The fight of attacker ``a`` of the attack at ``c`` against its blocker."""
    f = attack_at(s, c)
    s.stack[c] = f.replace(fought=(*f.fought, a))
    d = f.blocker_of(a)
    if d not in s.units:
        s.add_log("the fight fails: the blocker is gone")
        return
    assert d is not None
    push_fight(s, a, d, False)


def provoke_targets(s: ShardsState, f: AttackInProgress) -> list[int]:
    blocking = f.blockers()
    return [
        uid
        for uid in s.zones[1 - s.active][0]
        if s.units[uid].is_char and not s.units[uid].provoked and uid not in blocking
    ]


def block_options(s: ShardsState, f: AttackInProgress) -> list[tuple[int, int]]:
    """(blocker, attacker): one blocker per attacker, Battlefield Characters that ``may_block``
    and ``reaches`` (the Block rule's listing and skip test; its checks call the same)."""
    free = unblocked(s, f)
    out = []
    for uid in s.zones[1 - s.active][0]:
        b = s.units[uid]
        if may_block(s, f, b):
            out += [(uid, a) for a in free if reaches(s, b, s.units[a])]
    return out


def unblocked(s: ShardsState, f: AttackInProgress) -> list[int]:
    """The attackers of ``f`` still in play and not blocked yet (each is blocked by one)."""
    return [a for a in f.attackers if a in s.units and not f.blocked(a)]


def guard_options(s: ShardsState, f: GuardChoice) -> list[int]:
    """Guard Characters in the fighter's Zone (not the fighter) able to pay 1 Fatigue."""
    fight = s.stack[f.c]
    assert type(fight) is Fight
    d = s.units.get(fight.d)
    if d is None:
        return []
    zone = s.zones[d.owner][s.zone_of(d)]
    return [
        uid
        for uid in zone
        if uid != d.uid
        and uid not in f.used
        and ready_character(s, s.units[uid])
        and s.has(s.units[uid], "guard")
    ]


def ambush_targets(s: ShardsState) -> list[int]:
    other = 1 - s.active
    return [uid for zone in s.zones[other] for uid in zone if fatigued(s.units[uid])]


def sabotage_options(s: ShardsState) -> list[tuple[str, int, int]]:
    """(option, unit, slot) of each Sabotage option with a target now."""
    other = 1 - s.active
    out: list[tuple[str, int, int]] = []
    for zone in s.zones[other]:
        for uid in zone:
            u = s.units[uid]
            if not u.is_char:
                out.append(("gear", uid, -1))
            for slot in range(len(u.attached)):
                out.append(("attached", uid, slot))
    out += [("stockpile", -1, slot) for slot in range(len(s.stockpile[other]))]
    if s.arsenal[other]:
        out.append(("arsenal", -1, -1))
    return out


def support_sources(s: ShardsState, p: int) -> bool:
    return bool(s.hand[p] or s.stockpile[p] or s.arsenal[p])


AUTO: dict[str, Callable[[ShardsState, Any], None]] = {
    "first": lambda s, f: setup.choose_first(s),
    "deal": lambda s, f: setup.deal(s, f.p),
    "turn": start_turn,
    "produce": produce,
    "reveal": reveal,
    "fight": resolve_fight,
    "check": resolve_check,
    "attack": attack_step,
}
SKIP: dict[str, Callable[[ShardsState, Any], bool]] = {
    "reserves": lambda s, f: (
        not s.reserves[f.p] or s.swaps[f.p] >= s.game.rules.numbers["reserves_max"]
    ),
    "mulligan": lambda s, f: s.resolve[f.p] <= s.game.rules.numbers["mulligan_cost"],
    # "deploy": listing.skip_deploy, which lists the phase on the way (filled in there).
    "stockpile": lambda s, f: not s.hand[f.p],
    "tactics": lambda s, f: s.edge[f.p] == 0,
    "guard": lambda s, f: not guard_options(s, f),
    "support": lambda s, f: not support_sources(s, f.p),
    "block": lambda s, f: not block_options(s, attack_at(s, f.c)),
    "zealous": lambda s, f: f.unit not in s.units or not may_move(s, s.units[f.unit]),
    "unblocked": lambda s, f: f.a not in s.units,
    "sabotage": lambda s, f: not sabotage_options(s),
}
