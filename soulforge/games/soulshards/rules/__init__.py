"""The rules of Soulshards: one rule per action kind (its legal actions, its refusal naming
the rulebook section, what it does, its click path), one module per step or family of
actions (``setup``, ``phases``, ``engage``, ``attack``, ``contest``, ``triggers``); this
module builds ``FLOW``, the decision steps where they open.

The order of play between decisions (phases, attacks, fights, checks) is ``sequence.py``.
Click handles: ``card:<spot>`` (a card in a Battlefield or Keep), ``hand:<card>``,
``home:<card>``, ``my-stockpile:<slot>``, ``their-stockpile:<slot>``, ``my-arsenal``,
``their-arsenal``, ``attr:<attribute>``, ``attached:<spot>:<slot>``, ``reserve:<card>``,
``deck:<card>`` (setup), and the buttons drawn on the board ``attack``, ``tactics``,
``edge:up``, ``edge:down``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Flow, Step
from soulforge.games.soulshards.listing import (
    deploy_listing,
    engage_listing,
    stockpile_listing,
    support_listing,
    swap_listing,
    trigger_listing,
)
from soulforge.games.soulshards.rules.attack import (
    AmbushRule,
    AttackRule,
    BlockRule,
    ChargeRule,
    DemoralizeRule,
    EndBlocksRule,
    FightNextRule,
    GuardRule,
    JoinRule,
    ProvokeRule,
    SabotageOptionRule,
    SabotageRule,
)
from soulforge.games.soulshards.rules.common import KEEP_DECK_ACTION, ShardsRule
from soulforge.games.soulshards.rules.contest import (
    PassRule,
    SpendEdgeRule,
    SupportArsenalRule,
    SupportHandRule,
    SupportStockpileRule,
)
from soulforge.games.soulshards.rules.engage import CastRule, MountRule, PlayRule, TacticsRule, UseEffectRule
from soulforge.games.soulshards.rules.phases import (
    EndDeployRule,
    EndTurnRule,
    MoveRule,
    SkipStockpileRule,
    StockpileRule,
    ZealousRule,
)
from soulforge.games.soulshards.rules.setup import (
    AttributeRule,
    KeepDeckRule,
    KeepHandRule,
    MulliganRule,
    SwapRule,
)
from soulforge.games.soulshards.rules.triggers import SkipTriggerRule, UseTriggerRule

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S


PROMPTS = {
    "reserves": "swap cards with your Reserves, or keep the deck",
    "mulligan": "keep this hand, or pay {mulligan_cost} Resolve to draw a new one",
    "attribute": "you go second: gain 1 Attribute of your choice",
    "deploy": "Deploy: Move cards between the Battlefield and the Keep",
    "stockpile": "Stockpile: place 1 card from your hand into the Stockpile",
    "engage": "Engage: play cards and act",
    "zealous": "Zealous: Move the Character just played?",
    "declare": "choose other attackers",
    "provoke": "Provoke: choose the Character who must block",
    "block": "choose blockers ({blocker_fatigue} Fatigue each)",
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


DOES: dict[type[Action], Callable[[S, Any], None]] = {
    rule.action: rule.do
    for rule in FLOW.rules
    if isinstance(rule, ShardsRule) and type(rule).apply is ShardsRule.apply
}
"""The ``do`` of each action kind whose rule keeps ``ShardsRule.apply`` (its move, then the order of
play): ``ShardsState._apply`` calls both itself, a call fewer on every move of a playout."""
APPLIES: dict[type[Action], Callable[[S, Any], None]] = {rule.action: rule.apply for rule in FLOW.rules}
"""Each action kind's ``apply`` (the rules with their own, as Tactics, are called through it)."""


def legal_kinds(actions: Sequence[Action]) -> set[str]:
    return {a.kind for a in actions}
