"""Refusals that name the rule, and prompts that say what is being decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.actions import (
    Collect,
    Decline,
    Destroy,
    Dismiss,
    Hire,
    Imperial,
    Influence,
    Place,
    Recruit,
    Steal,
    Take,
)
from soulforge.games.five_realms.phases import (
    CHOOSE,
    DECIDE,
    DISMISS,
    FIGHT,
    HIRE,
    IMPERIAL,
    OVER,
    PLACE,
    WITCH,
)
from soulforge.games.five_realms.turn import can_influence

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S

PHASE_OF: dict[type[Action], tuple[str, ...]] = {
    Place: (PLACE,), Collect: (CHOOSE,), Recruit: (DECIDE,), Influence: (DECIDE, HIRE), Hire: (HIRE,),
    Decline: (HIRE,), Dismiss: (DISMISS,), Imperial: (IMPERIAL,), Steal: (FIGHT,), Destroy: (FIGHT,),
    Take: (WITCH,),
}


def why_illegal(s: S, action: Action) -> IllegalAction:
    """The refusal of an action not legal now, naming the rule that forbids it."""
    if s.phase not in PHASE_OF.get(type(action), ()):
        return IllegalAction(f"{action} is not possible now: {prompt(s)}", rule="turn sequence")
    reasons: dict[type[Action], Callable[[S, Action], tuple[str, str]]] = REFUSALS
    rule, text = reasons.get(type(action), _generic)(s, action)
    return IllegalAction(text, rule=rule)


def _generic(s: S, action: Action) -> tuple[str, str]:
    return "legal actions", f"{action} is not allowed now"


def _why_place(s: S, action: Place) -> tuple[str, str]:
    return "placement", sq.why_not_spot(s.square, sq.cell(action.row, action.col))


def _why_collect(s: S, action: Collect) -> tuple[str, str]:
    return "collection", f"no {action.banner} card is next to the placed card"


def _why_influence(s: S, action: Influence) -> tuple[str, str]:
    banners = [s.banner(c) for c in s.collected]
    if not all(s.rules.can_influence[b] for b in banners):
        return "religious order", "Religious banners never influence: you must recruit"
    if not can_influence(s, s.collected):
        return "imperial order", "Imperial banners only go into a column you already have: you must recruit"
    return "turn sequence", "you chose to recruit: recruit a character or decline"


def _why_hire(s: S, action: Hire) -> tuple[str, str]:
    kind = s.game.table.type_of.get(action.character, -1)
    if kind in s.owned_types(s.active):
        return "no duplicate characters", f"you already have {action.character}"
    return "recruit", f"{action.character} is not among the collected cards"


def _why_dismiss(s: S, action: Dismiss) -> tuple[str, str]:
    return "council of 4", f"{action.character} is not in your council"


def _why_imperial(s: S, action: Imperial) -> tuple[str, str]:
    return "imperial order", f"you have no {action.realm} column: Imperial banners cannot start one"


def _why_fight(s: S, action: Action) -> tuple[str, str]:
    return "warrior", f"{action} is not possible: the opponent has no such castle or character"


def _why_take(s: S, action: Take) -> tuple[str, str]:
    return "witch", f"{action.character} is not in the discard pile"


REFUSALS: dict[type[Action], Callable[[S, Action], tuple[str, str]]] = {
    Place: _why_place, Collect: _why_collect, Influence: _why_influence,  # type: ignore[dict-item]
    Hire: _why_hire, Dismiss: _why_dismiss, Imperial: _why_imperial,  # type: ignore[dict-item]
    Steal: _why_fight, Destroy: _why_fight, Take: _why_take,  # type: ignore[dict-item]
}

PROMPTS: dict[str, str] = {
    PLACE: "place the drawn {banner} card on an empty spot next to a card",
    CHOOSE: "choose the banner to collect from the whole square",
    DECIDE: "RECRUIT (look at the characters) or INFLUENCE with the collected cards",
    HIRE: "recruit one of the collected characters, or decline",
    DISMISS: "your council is full: discard one member for the newcomer",
    IMPERIAL: "choose the column for an Imperial banner ({left} left)",
    FIGHT: "{source}: steal a castle or destroy an opposing Character or Titan",
    WITCH: "{source}: take a card from the discard pile",
    OVER: "",
}


def prompt(s: S) -> str:
    if s.phase == OVER:
        return ""
    top = s.banner_name(s.deck[-1]) if s.deck else "-"
    source = s.rules.types[s.source].name if s.source >= 0 else ""
    text = PROMPTS[s.phase].format(banner=top, left=len(s.imperial), source=source)
    return f"{s.seat_name(s.active)}: {text}"
