"""The registries of Soulshards card pieces: effects (``EFFECTS``) and requirements
(``REQUIREMENTS``) for the uses of cards declared on ``core.cards.CardBook`` (``data.py``),
the target kinds the ``target`` requirement names (``TARGETS``), and City hooks
(``CITY_HOOKS``). Card data names pieces; no rule tests a card's name.

An effect piece is ``piece(state, use, *args)``; ``use`` says who uses it, on what target
(a unit id, or -1), from which card and through which caster. A requirement piece is
``piece(state, use, *args)`` too, returning None when met, else why not (rulebook, "CHOOSING
TARGETS": an effect whose target is gone fails).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from soulforge.core.registry import Registry
from soulforge.games.soulshards import words
from soulforge.games.soulshards.conditions import fatigued, may_move, set_fatigue

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState, Unit


class Use(NamedTuple):
    """One use of an effect: the user's seat, the target unit (-1: none), the card, the caster.

    A named tuple, not a frozen dataclass: one is made per effect carried out, and a frozen
    dataclass sets each field through ``object.__setattr__`` (2.5 times the cost)."""

    seat: int
    target: int
    card: str
    caster: int = -1
    slot: str = "spell"


Effect = Callable[..., None]
EFFECTS: Registry[Effect] = Registry("Soulshards effects")
Requirement = Callable[..., "str | None"]
REQUIREMENTS: Registry[Requirement] = Registry("Soulshards requirements")
CityHook = Callable[..., None]
CITY_HOOKS: Registry[CityHook] = Registry("Soulshards City effects")
TargetTest = Callable[["ShardsState", int, "Unit"], bool]
TARGETS: Registry[TargetTest] = Registry("Soulshards target kinds")


def _target(s: ShardsState, use: Use) -> Unit | None:
    return s.units.get(use.target)


# -- target kinds: which unit a seat may target ---------------------------------------------------
@TARGETS.register("own_char")
def _own_char(s: ShardsState, seat: int, u: Unit) -> bool:
    return u.owner == seat and u.is_char


@TARGETS.register("enemy_char")
def _enemy_char(s: ShardsState, seat: int, u: Unit) -> bool:
    return u.owner != seat and u.is_char


@TARGETS.register("any_char")
def _any_char(s: ShardsState, seat: int, u: Unit) -> bool:
    return u.is_char


@TARGETS.register("enemy_gear")
def _enemy_gear(s: ShardsState, seat: int, u: Unit) -> bool:
    return u.owner != seat and not u.is_char


@TARGETS.register("fatigued_enemy")
def _fatigued_enemy(s: ShardsState, seat: int, u: Unit) -> bool:
    return u.owner != seat and fatigued(u)


# -- requirements ---------------------------------------------------------------------------------
@REQUIREMENTS.register("target")
def target(s: ShardsState, use: Use, kind: str) -> str | None:
    """The use's target is a unit the user may target with ``kind`` (checked when the effect
    completes: a target gone by then makes it fail)."""
    u = s.units.get(use.target)
    return None if u is not None and TARGETS[kind](s, use.seat, u) else "the target is gone"


# -- effects ----------------------------------------------------------------------------------------
@EFFECTS.register("damage")
def damage(s: ShardsState, use: Use, amount: int) -> None:
    """Deal damage to the target Character (Fatigue and damage rules)."""
    u = _target(s, use)
    if u is not None:
        s.add_log(f"{s.name_of(u)} takes {amount} damage")
        s.take_damage(u, amount)


@EFFECTS.register("fatigue")
def fatigue(s: ShardsState, use: Use, amount: int) -> None:
    """Cause Fatigue to the target Character."""
    u = _target(s, use)
    if u is not None:
        s.add_log(f"{s.name_of(u)} gains {amount} Fatigue")
        s.gain_fatigue(u, amount)


@EFFECTS.register("recover")
def recover(s: ShardsState, use: Use, amount: int) -> None:
    """Remove Fatigue from the target Character."""
    u = _target(s, use)
    if u is not None:
        set_fatigue(s, u, max(0, u.fatigue - amount))
        s.add_log(f"{s.name_of(u)} recovers {amount} Fatigue")


@EFFECTS.register("boost")
def boost(s: ShardsState, use: Use, stat: str, amount: int) -> None:
    """The target gains +amount of a stat until the end of the turn."""
    u = _target(s, use)
    if u is not None:
        index = ("martial", "elude", "endure").index(stat)
        temp = list(u.temp)
        temp[index] += amount
        u.temp = (temp[0], temp[1], temp[2])
        s.log_later(words.gains_stat, s.named(u), amount, stat)


@EFFECTS.register("pin")
def pin(s: ShardsState, use: Use) -> None:
    """The target cannot Move until the end of the turn."""
    u = _target(s, use)
    if u is not None:
        u.pinned = True
        s.add_log(f"{s.name_of(u)} cannot Move this turn")


@EFFECTS.register("move")
def move(s: ShardsState, use: Use) -> None:
    """The target Moves (fails if it cannot)."""
    u = _target(s, use)
    if u is not None and may_move(s, u):
        s.move_unit(u)


@EFFECTS.register("discard")
def discard(s: ShardsState, use: Use) -> None:
    """Discard the target card (Gear or Character)."""
    u = _target(s, use)
    if u is not None:
        s.discard_unit(u, by=use.caster)


@EFFECTS.register("draw")
def draw(s: ShardsState, use: Use, amount: int) -> None:
    s.draw(use.seat, amount)


@EFFECTS.register("gain")
def gain(s: ShardsState, use: Use, attr: str, amount: int) -> None:
    from soulforge.games.soulshards.data import ATTRS

    s.pool[use.seat][ATTRS.index(attr)] += amount
    s.log_later(words.gains_attr, use.seat, amount, attr)


@EFFECTS.register("edge")
def edge(s: ShardsState, use: Use, amount: int) -> None:
    s.edge[use.seat] += amount
    s.log_later(words.gains_edge, use.seat, amount)


@EFFECTS.register("drain")
def drain(s: ShardsState, use: Use, amount: int) -> None:
    """The opponent loses Resolve."""
    s.lose_resolve(1 - use.seat, amount, "drained")


@EFFECTS.register("resolve")
def resolve(s: ShardsState, use: Use, amount: int) -> None:
    """The user gains Resolve."""
    s.resolve[use.seat] += amount
    s.add_log(f"seat {use.seat} gains {amount} Resolve")


@EFFECTS.register("attach")
def attach(s: ShardsState, use: Use) -> None:
    """Attach this Spell to the target Character (it gives its Equip effects there)."""
    u = _target(s, use)
    if u is not None:
        s.attached_spell = use.target


# -- City effects -----------------------------------------------------------------------------
# A hook is called with the event's name and details; each City reacts to the events it names.
@CITY_HOOKS.register("fallen_fury")
def fallen_fury(s: ShardsState, seat: int, event: str, **details: Any) -> None:
    """Ironhold: when one of your Characters is discarded from your Battlefield, gain 1 Might."""
    if event == "char_discarded" and details.get("zone") == 0:
        s.pool[seat][0] += 1
        s.add_log(f"seat {seat}'s City gives 1 Might")


@CITY_HOOKS.register("spell_echo")
def spell_echo(s: ShardsState, seat: int, event: str, **details: Any) -> None:
    """Lorespire: when you discard a Spell for Support, gain 1 Sorcery."""
    if event == "support_discarded" and details.get("type") == "spell":
        s.pool[seat][2] += 1
        s.add_log(f"seat {seat}'s City gives 1 Sorcery")


@CITY_HOOKS.register("watchful")
def watchful(s: ShardsState, seat: int, event: str, **details: Any) -> None:
    """Thornwatch: when one of your Characters wins a fight as the blocker, gain 1 Edge."""
    if event == "block_won":
        s.edge[seat] += 1
        s.add_log(f"seat {seat}'s City gives 1 Edge")


def effect_words(effect: tuple[str, tuple[Any, ...]]) -> str:
    """One effect in words (card texts on hover)."""
    name, args = effect
    words = {
        "damage": "deal {0} damage to the target",
        "fatigue": "cause {0} Fatigue to the target",
        "recover": "remove {0} Fatigue from the target",
        "boost": "the target gains +{1} {0} this turn",
        "pin": "the target cannot Move this turn",
        "move": "the target Moves",
        "discard": "discard the target",
        "draw": "draw {0}",
        "gain": "gain {1} {0}",
        "edge": "gain {0} Edge",
        "drain": "your opponent loses {0} Resolve",
        "resolve": "gain {0} Resolve",
        "attach": "Attach this Spell to the target",
    }[name]
    return words.format(*[str(a).title() if isinstance(a, str) else a for a in args])
