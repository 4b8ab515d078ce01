"""The rules of Engage: Play, Cast, a card's effect, Tactics, Mount (rulebook, "Engage",
"Acting")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import IllegalAction
from soulforge.core.flow import Check, CheckedRule, ClickPath, first_failure
from soulforge.games.soulshards import sequence as sq
from soulforge.games.soulshards import words
from soulforge.games.soulshards.actions import (
    Cast,
    Mount,
    Play,
    Tactics,
    UseEffect,
    cast_,
    mount_,
    play_,
    tactics_,
    use_,
)
from soulforge.games.soulshards.conditions import may_mount, may_ride, ready, ready_character, room_in
from soulforge.games.soulshards.frames import (
    ZealousChoice,
)
from soulforge.games.soulshards.listing import (
    Targets,
    affordable,
    listing_blind,
)
from soulforge.games.soulshards.rules.common import (
    ShardsRule,
    card_path,
    own_cards,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from soulforge.games.soulshards.data import Ability
    from soulforge.games.soulshards.state import ShardsState as S
    from soulforge.games.soulshards.state import Unit


# -- Engage: playing cards ------------------------------------------------------------------------
def _placed(s: S, a: Play) -> bool:
    """A Character or Gear goes to the Keep, with no target, if the Keep has room."""
    return s.cards[a.card].spell is not None or (not a.target and room_in(s, s.decider, 1))


def _targeted(s: S, a: Play) -> bool:
    """A Spell names a target its kind allows (none for "none")."""
    spell = s.cards[a.card].spell
    return spell is None or a.target in sq.targets(s, s.decider, spell.target)


PLAY_CHECKS: tuple[Check[S, Play], ...] = (
    Check("in hand", lambda s, a: a.card in s.cards and a.card in s.hand[s.decider],
          "{action} is not allowed now: {action.card} is not in your hand"),
    Check("cost", lambda s, a: sq.can_pay(s.pool[s.decider], s.cards[a.card].cost),
          lambda s, a: f"{a} is not allowed now: {a.card} costs {s.cards[a.card].cost.words()}"),
    Check("target", _targeted,
          "{action} is not allowed now: choose a target the Spell can apply to (CHOOSING TARGETS)"),
    Check("room in the Keep", _placed,
          "{action} is not allowed now: your Keep is full (or it takes no target)"),
)
"""Play (rulebook, "Engage"): a card of your hand whose cost you pay; a Spell on a target of its
kind, any other card into a Keep with room. ``listing`` asks the same (``can_pay``,
``room_in``, the target kinds) for every card at once."""


class PlayRule(ShardsRule):
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

    def refusal(self, s: S, a: Play) -> IllegalAction:
        return first_failure(PLAY_CHECKS, s, a, self.section) or super().refusal(s, a)

    def do(self, s: S, a: Play) -> None:
        p = s.decider
        card = s.cards[a.card]
        sq.pay(s.pool[p], card.cost)
        s.hand[p].remove(a.card)
        target = s.unit_at(a.target)
        s.log_later(words.plays, p, a.card, s.named(target) if target else None)
        if card.spell is not None:
            s.casting.append(a.card)
            sq.use_ability(s, p, a.card, "spell", card.spell, -1 if target is None else target.uid, -1)
            return
        u = s.new_unit(p, a.card)
        if s.has(u, "zealous"):
            s.stack.append(ZealousChoice(p, u.uid))

    def path(self, a: Play) -> ClickPath:
        return (f"hand:{a.card}", *card_path(a.target))


def _caster(s: S, a: Cast | UseEffect, spot: str) -> Unit | None:
    """The decider's card at ``spot`` (None: no card of theirs there)."""
    u = s.unit_at(spot)
    return u if u is not None and u.owner == s.decider else None


def _keep_character(s: S, a: Cast) -> bool:
    u = _caster(s, a, a.caster)
    return u is not None and u.is_char and s.zone_of(u) == 1


def _found(s: S, spot: str) -> Unit:
    """The card at ``spot``, once an earlier check found it."""
    u = s.unit_at(spot)
    assert u is not None  # an earlier check passed
    return u


def _home_spell(s: S, name: str) -> bool:
    """A Spell in the decider's Home (what Cast plays)."""
    card = s.cards.get(name)
    return card is not None and card.spell is not None and name in s.home[s.decider]


def _spell_target(s: S, a: Cast) -> bool:
    spell = s.cards[a.card].spell
    assert spell is not None  # the "Spell in Home" check passed
    return a.target in sq.targets(s, s.decider, spell.target)


def _not_ready(what: str) -> Callable[[S, Cast | UseEffect], str]:
    """The refusal of a Character that is not Ready, naming the rules' ``max_fatigue``."""
    return lambda s, a: (f"{a} is not allowed now: only a Ready Character (fewer than "
                         f"{s.game.max_fatigue} Fatigue) {what}")


CAST_CHECKS: tuple[Check[S, Cast], ...] = (
    Check("Character in the Keep", _keep_character,
          "{action} is not allowed now: only a Character in your Keep can Cast"),
    Check("Ready", lambda s, a: ready(s, _found(s, a.caster)), _not_ready("can Cast")),
    Check("Spell in Home", lambda s, a: _home_spell(s, a.card),
          "{action} is not allowed now: {action.card} is not a Spell in your Home"),
    Check("cost", lambda s, a: sq.can_pay(s.pool[s.decider], s.cards[a.card].cost),
          lambda s, a: f"{a} is not allowed now: {a.card} costs {s.cards[a.card].cost.words()}"),
    Check("target", _spell_target,
          "{action} is not allowed now: choose a target the Spell can apply to (CHOOSING TARGETS)"),
)
"""Cast (rulebook, "Acting: Cast"): a Ready Character of your Keep casts a Spell of your Home
whose cost you pay, on a target of its kind. ``listing`` and the fast Engage listing ask the
same (``ready_character``, ``_home_spell``, ``can_pay``, the target kinds) for all at once."""


class CastRule(CheckedRule["S", Cast], ShardsRule):
    action = Cast
    section = "Acting: Cast"
    checks = CAST_CHECKS

    def candidates(self, s: S) -> list[Cast]:
        return self.listing(s, Targets(s))

    def listing(self, s: S, tg: Targets) -> list[Cast]:
        p = s.decider
        casters = [spot for spot, u in own_cards(s, 1) if ready(s, u)]
        if not casters:
            return []
        pool = s.pool[p]
        spells = [
            n for n in sorted(set(s.home[p])) if _home_spell(s, n) and sq.can_pay(pool, s.cards[n].cost)
        ]
        out = []
        for spot in casters:
            for name in spells:
                ab = s.cards[name].spell
                assert ab is not None
                out += [cast_(spot, name, t) for t in tg(ab.target)]
        return out

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
        s.log_later(words.casts, p, u.card.name, a.card, s.named(target) if target else None)
        s.gain_fatigue(u, 1)
        sq.use_ability(s, p, a.card, "spell", card.spell, -1 if target is None else target.uid, u.uid)

    def path(self, a: Cast) -> ClickPath:
        return (f"card:{a.caster}", f"home:{a.card}", *card_path(a.target))


def _has_effect(s: S, a: UseEffect) -> bool:
    u = _caster(s, a, a.spot)
    return u is not None and u.card.ability is not None


def _effect(s: S, a: UseEffect) -> Ability:
    ab = _found(s, a.spot).card.ability
    assert ab is not None  # the "effect" check passed
    return ab


def fatigue_payer(s: S, u: Unit, payer: Unit | None) -> bool:
    """Who pays an effect's Fatigue: a Character its own (``payer`` None: itself), a Gear's a
    Ready Character of its owner's in its Zone."""
    if u.is_char:
        return payer is None and ready(s, u)
    return (payer is not None and payer.owner == u.owner and s.zone_of(payer) == s.zone_of(u)
            and ready_character(s, payer))


def _paid_fatigue(s: S, a: UseEffect) -> bool:
    u = _found(s, a.spot)
    payer = s.unit_at(a.payer) if a.payer else None
    if not _effect(s, a).cost.fatigue:
        return not a.payer
    return (payer is not None or not a.payer) and fatigue_payer(s, u, payer)


def _effect_target(s: S, a: UseEffect) -> bool:
    return a.target in sq.targets(s, s.decider, _effect(s, a).target)


USE_CHECKS: tuple[Check[S, UseEffect], ...] = (
    Check("effect", _has_effect,
          "{action} is not allowed now: choose a card of yours with an effect that has a cost"),
    Check("cost", lambda s, a: sq.can_pay(s.pool[s.decider], _effect(s, a).cost),
          lambda s, a: f"{a} is not allowed now: the effect costs {_effect(s, a).cost.words()}"),
    Check("Fatigue", _paid_fatigue,
          lambda s, a: (f"{a} is not allowed now: the effect's Fatigue is paid by a Ready Character"
                        f" (fewer than {s.game.max_fatigue} Fatigue): the card itself, or for a Gear one"
                        " in its Zone")),
    Check("target", _effect_target,
          "{action} is not allowed now: choose a target the effect can apply to (CHOOSING TARGETS)"),
)
"""A card's effect (rulebook, "Acting: Effect"): a card of yours with an effect whose cost you
pay (its Fatigue by ``fatigue_payer``), on a target of its kind. ``listing`` and the fast
Engage listing ask the same for every card at once."""


class UseEffectRule(CheckedRule["S", UseEffect], ShardsRule):
    action = UseEffect
    section = "Acting: Effect"
    checks = USE_CHECKS

    def candidates(self, s: S) -> list[UseEffect]:
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
                        payers = [""] if fatigue_payer(s, u, None) else []
                    else:
                        payers = [names[j] for j, c in enumerate(zone) if fatigue_payer(s, u, s.units[c])]
                spot = names[i]
                for payer in payers:
                    out += [use_(spot, payer, t) for t in tg(ab.target)]
        return out

    def apply(self, s: S, a: UseEffect) -> None:
        # An effect in Engage that changes nothing the Engage listing reads (its pieces
        # ``listing_blind``, no DL check; the pool's Affordable the same after; its payer still
        # Ready; nothing discarded, no trigger) leaves the next position with this one's
        # listing, which the core keeps for it (``State.carry_listing``, as after a Tactics).
        p, in_play = s.decider, len(s.units)
        u = s.unit_at(a.spot)
        assert u is not None and u.card.ability is not None
        ab = u.card.ability
        payer = s.unit_at(a.payer) if a.payer else u
        blind = not ab.dl and s.step == "engage" and listing_blind(ab)
        before = affordable(s, p) if blind else None
        self._use(s, a, u, ab, payer)  # ``do``, with the cards found above
        sq.run(s)  # ShardsRule.apply's two steps, without its call
        if (blind and s.step == "engage" and s.decider == p and not s.triggers
                and len(s.units) == in_play and affordable(s, p) is before
                and (not ab.cost.fatigue or payer is None or ready(s, payer))):
            s.carry_listing()

    def do(self, s: S, a: UseEffect) -> None:
        u = s.unit_at(a.spot)
        assert u is not None and u.card.ability is not None
        self._use(s, a, u, u.card.ability, s.unit_at(a.payer) if a.payer else u)

    def _use(self, s: S, a: UseEffect, u: Unit, ab: Ability, payer: Unit | None) -> None:
        """``do``, given the card at ``a.spot`` (``u``), its effect and the Fatigue's payer."""
        p = s.decider
        target = s.unit_at(a.target)
        sq.pay(s.pool[p], ab.cost)
        s.log_later(words.uses_effect, p, u.card.name, s.named(target) if target else None)
        if ab.cost.fatigue and payer is not None:
            s.gain_fatigue(payer, ab.cost.fatigue)
        sq.use_ability(s, p, u.card.name, "ability", ab, -1 if target is None else target.uid, u.uid)

    def path(self, a: UseEffect) -> ClickPath:
        return (f"card:{a.spot}", *card_path(a.payer), *card_path(a.target))


class TacticsRule(ShardsRule):
    action = Tactics
    section = "Acting: Tactics"

    def legal(self, s: S) -> list[Tactics]:
        return [tactics_(spot) for spot, u in own_cards(s) if ready(s, u)]

    def apply(self, s: S, a: Tactics) -> None:
        # A Tactics in Engage that leaves its Character ready and discards nothing changes only
        # its Fatigue, Prepared and Edge: nothing the Engage listing reads (the Character stays
        # ready; its owner's targets do not depend on its own Characters' Fatigue), so the core
        # keeps this position's listing for the next (a fifth of Engage positions in random
        # playouts; ``State.carry_listing``).
        p, u, in_play = s.decider, s.unit_at(a.spot), len(s.units)
        assert u is not None
        self._prepare(s, u)  # ``do``, with the card found above
        sq.run(s)  # ShardsRule.apply's two steps, without its call
        if (s.step == "engage" and s.decider == p and not s.triggers and len(s.units) == in_play
                and ready(s, u)):
            s.carry_listing()

    def do(self, s: S, a: Tactics) -> None:
        u = s.unit_at(a.spot)
        assert u is not None
        self._prepare(s, u)

    @staticmethod
    def _prepare(s: S, u: Unit) -> None:
        """``do``, given the Character at the action's spot."""
        s.gain_fatigue(u, 1)
        u.prepared = True
        s.edge[u.owner] += 1
        s.log_later(words.prepared, u.owner, u.card.name, s.edge[u.owner])

    def path(self, a: Tactics) -> ClickPath:
        return (f"card:{a.spot}", "tactics")


class MountRule(ShardsRule):
    action = Mount
    section = "CHARACTER KEYWORDS: Mountable"

    def legal(self, s: S) -> list[Mount]:
        p, out = s.decider, []
        for z in (0, 1):
            if not room_in(s, p, 1 - z, 2) or len(s.zones[p][z]) < 2:
                continue
            chars = own_cards(s, z)
            for ms, m in chars:
                if may_mount(s, m):
                    out += [mount_(ms, rs) for rs, r in chars if may_ride(s, m, r)]
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
