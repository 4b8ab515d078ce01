"""Why an action is refused: the rule (rulebook section) and a message for people."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core.action import Action
from soulforge.games.soul_of_ankiril.actions import (
    Activate,
    Attack,
    Cast,
    DrawCard,
    Move,
    PlaceLeader,
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.model import Creature
from soulforge.games.soul_of_ankiril.rules import HAND_LIMIT
from soulforge.games.soul_of_ankiril.turn import CELL_FIELDS, channelers

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

Reason = tuple[str, str]


def why_illegal(st: AnkirilState, a: Action) -> Reason:
    """The rule that refuses ``a`` (rulebook section names)."""
    for name in CELL_FIELDS:
        cell = getattr(a, name, -1)
        if not -1 <= cell < st.board.size:
            return "action format", f"{name} {cell} is not a cell of the battlefield"
    if st.stage == "setup":
        if isinstance(a, PlaceLeader):
            return "Setup", "the Leader goes on an empty Leader deployment terrain of your side"
        return "Setup", "place your Leader on a Leader deployment terrain first"
    check = _CHECKS.get(a.kind)
    reason = check(st, a) if check else None
    return reason or ("Strategy and Combat", f"{a} is not allowed now")


def _energy(st: AnkirilState, cost: int, what: str) -> Reason | None:
    have = st.energy[st.player]
    return ("Energy", f"{what} costs {cost} Energy, you have {have}") if have < cost else None


def _why_summon(st: AnkirilState, a: Action) -> Reason | None:
    assert isinstance(a, Summon)
    rule = "Summon Allies"
    if a.card not in st.hands[st.player] or st.cards[a.card].type != "ally":
        return rule, f"{a.card} is not an Ally card in your hand"
    return _energy(st, 1, "summoning") or (
        rule, "Allies are summoned on an empty terrain adjacent to an allied Emanation or your Leader")


def _why_resummon(st: AnkirilState, a: Action) -> Reason | None:
    rule = "Recharge or Resummon the Leader"
    if st.arrow[st.player] < 0:
        return rule, "your Leader is not defeated"
    return _energy(st, st.arrow[st.player], "resummoning") or (
        rule, "the Leader returns on an empty Leader deployment terrain of your side")


def _why_recharge(st: AnkirilState, a: Action) -> Reason | None:
    rule = "Recharge or Resummon the Leader"
    if st.arrow[st.player] <= 0:
        return rule, "only a defeated Leader whose arrow is above 0 can be recharged"
    return _energy(st, 1, "recharging")


def _why_cast(st: AnkirilState, a: Action) -> Reason | None:
    assert isinstance(a, Cast)
    rule = "Cast a Spell"
    if a.card not in st.hands[st.player] or st.cards[a.card].type != "spell":
        return rule, f"{a.card} is not a Spell card in your hand"
    element = st.cards[a.card].element
    if not channelers(st, st.player, element):
        return rule, f"a {element} Spell needs an allied {element} Channeler on the battlefield"
    return _energy(st, 1, "casting") or (rule, "no such Channeler or target (Mimicry shields at Range > 1)")


def _own_creature(st: AnkirilState, cell: int) -> Creature | None:
    if not 0 <= cell < st.board.size or st.occ[cell] < 0:
        return None
    c = st.units[st.occ[cell]]
    return c if c.owner == st.player else None


def _why_creature(st: AnkirilState, cell: int, moving: bool) -> Reason | None:
    c = _own_creature(st, cell)
    rule = "Make Creatures Take Action"
    if c is None:
        return rule, f"there is no allied Creature on cell {cell}"
    if not c.active:
        return "Creatures' Status", f"{c.card.name} is Inactive (synchronization fatigue or done)"
    if moving and c.moved:
        return "Movement", f"{c.card.name} has already moved this turn"
    if moving and c.challenged_by >= 0:
        return "Challenged", f"{c.card.name} is Challenged: it cannot move before attacking its Challenger"
    if not moving and c.acted:
        return "Combat/Ability", f"{c.card.name} has already attacked or used its Ability this turn"
    return None


def _why_move(st: AnkirilState, a: Action) -> Reason | None:
    assert isinstance(a, Move)
    return _why_creature(st, a.src, True) or (
        "Movement", "a Creature moves to an empty adjacent terrain (Overfly: up to two)")


def _why_attack(st: AnkirilState, a: Action) -> Reason | None:
    assert isinstance(a, Attack)
    found = _why_creature(st, a.src, False)
    if found:
        return found
    c = st.units[st.occ[a.src]]
    if c.challenged_by >= 0:
        return "Challenged", f"{c.card.name} must attack its Challenger"
    if st.occ[a.dst] <= -2 and c.has("Guardian"):
        return "Guardian", f"{c.card.name} is a Guardian and cannot attack Emanations"
    return "Direct Attack", "a Creature attacks an opponent's Creature or Emanation on an adjacent terrain"


def _why_activate(st: AnkirilState, a: Action) -> Reason | None:
    assert isinstance(a, Activate)
    found = _why_creature(st, a.src, False)
    if found:
        return found
    c = st.units[st.occ[a.src]]
    if not c.card.active:
        return "Active Ability", f"{c.card.name} has no Active Ability"
    if c.challenged_by >= 0:
        return "Challenged", f"{c.card.name} cannot activate Abilities before attacking its Challenger"
    if a.mode == 2:
        return _energy(st, 1, "Intuition (both Abilities)") or ("Intuition", "no valid target for both")
    return "Active Ability", "not a valid mode or target for this Ability"


def _why_draw(st: AnkirilState, a: Action) -> Reason | None:
    if len(st.hands[st.player]) >= HAND_LIMIT:
        return "Draw a Card", "you already hold six cards"
    if not st.decks[st.player]:
        return "End of the Game", "your deck has run out: no more cards to draw"
    return _energy(st, 1, "drawing")


def _why_place(st: AnkirilState, a: Action) -> Reason | None:
    return "Setup", "the Leader is placed only during setup"


_CHECKS: dict[str, Callable[[AnkirilState, Action], Reason | None]] = {
    Summon.kind: _why_summon, Resummon.kind: _why_resummon, Recharge.kind: _why_recharge,
    Cast.kind: _why_cast, Move.kind: _why_move, Attack.kind: _why_attack,
    Activate.kind: _why_activate, DrawCard.kind: _why_draw,
    PlaceLeader.kind: _why_place,
}
