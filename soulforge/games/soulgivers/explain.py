"""Words for people: what is being decided (``prompt``) and why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.state import CHARS

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

PROMPTS = {
    ph.SWAP: "setup step 12: swap a tile next to your Portals, or keep the tiles",
    ph.PICK: "setup step 13: secretly choose your starting Soulgivers",
    ph.PLACE: "setup step 14: place your chosen Soulgivers on your Portals",
    ph.KEEP: "replace a Soulgiver: keep one of the cards you drew",
    ph.REFILL: "put the new Soulgiver on one of your Portals",
    ph.RESPONSE: "your opponent activated a Soulgiver: play an Anomaly or let it go on",
    ph.POP: "place the Modifiers of your Population Ability",
    ph.RETURN: "you hold too many Anomalies: put one back in the deck",
    ph.EXIT: "Wormhole: choose the Black Hole to come out of",
}

RULE_OF_KIND = {
    "swap": "setup step 12 (tile swap)", "skip_swap": "setup step 12 (tile swap)",
    "pick": "setup step 13 (starting Soulgivers)", "place": "setup step 14 / replacing a Soulgiver",
    "keep": "destruction step 4 (draw 2, keep 1)",
    "declare": "4 turn sequence (declare the Active Soulgiver)",
    "enter": "6 portals (entering the board)", "step": "4.2 movement (four fundamental rules)",
    "rotate": "4.2 shield rotation", "absorb": "4.2 soul acquisition", "collect": "4.2 fragment collection",
    "pass": "4.2 passing the fragment (3 exact linear cells, clear line of sight)",
    "drop": "4.2 dropping the fragment", "attack": "4.2 attack: destruction",
    "ability": "4.2 soulgivers' abilities", "draw": "4.2 drawing an anomaly card",
    "return": "4.2 drawing an anomaly card (hand of 3)", "anomaly": "4.2 playing an anomaly card",
    "decline": "4.2 playing an anomaly card", "population": "4.2 population ability",
    "pop_place": "4.2 population ability",
    "exit_hole": "9 spacewalker: wormhole", "end_turn": "4.3 ending the turn",
}

PHASE_OF_KIND = {
    "swap": {ph.SWAP}, "skip_swap": {ph.SWAP}, "pick": {ph.PICK}, "place": {ph.PLACE, ph.REFILL},
    "keep": {ph.KEEP}, "anomaly": {ph.RESPONSE}, "decline": {ph.RESPONSE}, "pop_place": {ph.POP},
    "return": {ph.RETURN}, "exit_hole": {ph.EXIT}, "population": {ph.MAIN, ph.RESPONSE},
}


def prompt(s: SoulgiversState) -> str:
    if s.phase == ph.OVER:
        return ""
    if s.phase == ph.MAIN:
        if s.active < 0:
            return "declare the Soulgiver to activate, draw an Anomaly, or end the turn"
        name = CHARS[s.active % 10].name
        if s.must_continue:
            return f"the {name} cannot stop here: keep moving"
        return f"act with the {name}, activate another Soulgiver, or end the turn"
    return PROMPTS[s.phase]


def why_illegal(s: SoulgiversState, action: Action) -> IllegalAction:
    kind = action.kind
    rule = RULE_OF_KIND.get(kind, "legal actions")
    phases = PHASE_OF_KIND.get(kind, {ph.MAIN})
    if s.phase not in phases:
        return IllegalAction(f"{action} is not possible now: {prompt(s)}", rule=rule)
    if s.phase == ph.MAIN and s.must_continue and kind != "step":
        return IllegalAction("the Soulgiver cannot stop on this cell: it must keep moving", rule=rule)
    needs_active = kind not in ("declare", "draw", "end_turn", "population")
    if s.phase == ph.MAIN and needs_active and s.active < 0:
        return IllegalAction("declare an Active Soulgiver first", rule="4 turn sequence")
    if kind in ("collect", "pass", "drop", "attack", "draw") and s.essences <= 0:
        return IllegalAction("no Tribute Essence left this turn", rule="4.2 tribute actions")
    if kind == "declare":
        return IllegalAction("each Soulgiver in the game is activated at most once a turn, "
                             "and never again once another is declared", rule=rule)
    if kind == "population":
        return IllegalAction("once per game, after an activation, from the second turn", rule=rule)
    if kind == "draw":
        return IllegalAction("once per turn, and not while an opposing Soulgiver stands on an "
                             "Interference cell", rule=rule)
    return IllegalAction(f"{action} breaks the rule or was already done by this Soulgiver this turn",
                         rule=rule)
