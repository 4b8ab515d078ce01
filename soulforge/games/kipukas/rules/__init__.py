"""Every rule of Kipukas, one module per step or family of actions, and the flow they make.

Each module holds its rules (one ``core.flow.Rule`` per action kind) with the listings that
say when they are legal: ``opening`` (setup decisions), ``day`` (the day's actions),
``card_moves`` (day actions cards give), ``crafted`` (actions crafted items and trap cards
give), ``boats`` (ferries), ``night`` (the roll's turning, night actions, the forced peace),
``taming`` (the TAMING step), ``negotiation`` (cards given or traded over a rogue), ``fight``
(the fight's steps), ``breach`` and ``portal`` (the steps of two cards), ``bs`` (the optional
challenging BS rule); ``listing`` is the day step's fast listing, calling the same functions.
The modules beside this package are helpers (the board, combat maths, the diel cycle, the
cards' registry...): they hold no rule class.

Each step is a decision point: the phase names it (``encoding.PHASES``). A day or night
action passes the action on to the next seat still acting (``cycle.end_action``); calling
initiative ends one's actions for the cycle (#day 3, #night).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soulforge.core import IllegalAction
from soulforge.core.flow import Flow, Rule, Step
from soulforge.games.kipukas.actions import KeepRoll, Reroll, Tame
from soulforge.games.kipukas.encoding import (
    AFFINITY,
    ASIDE,
    BREACH_DEAL,
    BS_ANSWER,
    BS_CALL,
    CAMP,
    CAPITAL,
    CHALLENGE,
    DAY,
    KEAL,
    LAY_WASTE,
    NIGHT,
    OVER,
    PEACE,
    PRESS,
    REROLL,
    RESPOND,
    TAMING,
    TARGET,
    TRADE,
    TURNING,
)
from soulforge.games.kipukas.rules import (
    boats,
    breach,
    bs,
    card_moves,
    crafted,
    day,
    fight,
    listing,
    negotiation,
    night,
    opening,
    portal,
    taming,
)

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


# -- the flow --------------------------------------------------------------------------------------
def _step(name: str, rules: tuple[Rule[S, Any], ...], section: str) -> Step[S]:
    """A step listed by its rules' own listings in order (the core's plain listing, compiled:
    ``core.listers``)."""
    return Step(name, rules, section=section)


_CALL, _END = day.CallInitiativeRule(), day.EndActionsRule()
_COUNTER, _RETREAT, _STOP = fight.CounterRule(), fight.RetreatRule(), fight.StopRule()
_GROUP = fight.RetreatGroupRule()
_CAPITAL = opening.CapitalRule()
FLOW: Flow[S] = Flow(
    [
        Step(AFFINITY, (opening.AffinityRule(),), section="game_setup"),
        Step(CAPITAL, (_CAPITAL,), section="game_setup"),
        Step(CAMP, (opening.CampRule(),), section="game_setup"),
        Step(ASIDE, (opening.SetAsideRule(),), section="personal_effects"),
        _step(
            TURNING, (night.TurnDielRule(), night.SuspendRule(), night.KeepDielRule()), section="diel_cycle"
        ),
        _step(TAMING, (taming.TameRule(), taming.LetBeRule()), section="taming"),
        Step(
            DAY,
            (
                day.PlayRule(),
                day.PlayUntamedRule(),
                day.EquipRule(),
                day.PickUpRule(),
                day.UnequipRule(),
                day.TransferRule(),
                card_moves.SacrificeRule(),
                card_moves.DigRule(),
                card_moves.DonateRule(),
                card_moves.ImprisonRule(),
                card_moves.CarryRule(),
                card_moves.FormRule(),
                card_moves.ExchangeRule(),
                card_moves.BurnRule(),
                crafted.ShootRule(),
                crafted.HaulRule(),
                crafted.ShiftRule(),
                crafted.LaunchRule(),
                day.RevealRule(),
                day.MoveRule(),
                boats.FerryRule(),
                _COUNTER,
                _RETREAT,
                _GROUP,
                negotiation.GiftRule(),
                negotiation.OfferRule(),
                _CALL,
                _END,
            ),
            section="day",
            fast_legal=listing.day_listing,
        ),
        _step(
            NIGHT,
            (
                night.HandToBottomRule(),
                night.RefillRule(),
                night.TakeHoneyRule(),
                night.CraftRule(),
                crafted.NightMoveRule(),
                night.SabotageRule(),
                portal.AnteRule(),
                night.PurchaseRule(),
                _CALL,
                _END,
            ),
            section="night",
        ),
        _step(PEACE, (night.KeepPeaceRule(), night.CallReservesRule()), section="discarding_runout"),
        _step(TARGET, (fight.TargetRule(), _STOP), section="contention"),
        Step(KEAL, (fight.KealRule(),), section="ce_setup"),
        _step(PRESS, (fight.PressRule(), fight.FinalBlowRule(), _STOP), section="keal_means_DHT"),
        _step(REROLL, (fight.RerollRule(), fight.KeepRollRule()), section="attack"),
        _step(
            RESPOND, (_COUNTER, _RETREAT, _GROUP, fight.ReinforceRule(), fight.HoldRule()), section="retreat"
        ),
        _step(CHALLENGE, (fight.ChallengeRule(), fight.LetGoRule()), section="retreat"),
        _step(TRADE, (negotiation.AcceptRule(), negotiation.DeclineRule()), section="rouge"),
        _step(BREACH_DEAL, (breach.TakeOverRule(), breach.TakeNoMoreRule(), breach.ReleaseRule()),
             section="prison"),
        _step(LAY_WASTE, (portal.LayWasteRule(), portal.EnoughWasteRule()), section="sabotage"),
        _step(BS_CALL, (bs.CallRule(), bs.LetStandRule()), section="BS"),
        _step(BS_ANSWER, (bs.WithdrawRule(), bs.StandRule()), section="BS"),
        Step(OVER, (), section="win"),
    ],
    step_of="phase",
    out_of_step=lambda s, action: _out_of_step(s, action),
)


def _out_of_step(s: S, action: object) -> IllegalAction:
    if isinstance(action, Tame):  # #taming: 'at the begining of the day before contention'
        return IllegalAction(
            f"{action} is not allowed now: taming occurs at the beginning of the day, before "
            "contention, each seat in turn from the initiative holder (#taming)",
            rule="taming",
        )
    if isinstance(action, (Reroll, KeepRoll)):  # a card's option (Tira Marvelous Myriad)
        return IllegalAction(
            f"{action} is not allowed now: only a soul whose card gives the option to re-roll "
            "(Tira Marvelous Myriad: 'D6-D6 (Option to Re-roll)') throws again, once, when its "
            "owner has seen its throw in a bout or a Final Blow (#attack)",
            rule="attack",
        )
    return IllegalAction(f"{action} is not allowed now: {prompt(s)}", rule=s.phase)


PROMPTS = {
    AFFINITY: "declare your affinity: the archetypal adaptation that is your crux",
    CAPITAL: "place your capital on a free territory",
    CAMP: "place a base camp on a free territory",
    ASIDE: "set a card of your deck aside (the default personal effect: play it after 5 diel cycles)",
    DAY: "day: play a card, reveal or move a soul, attack, or call initiative",
    NIGHT: "night: put your hand under the deck, refill, craft, sabotage, or call initiative",
    TARGET: "choose the enemy soul to attack",
    TURNING: "turn this cycle's roll with a card of yours, or let it stand",
    TAMING: "the day begins: tame a rogue where a soul of yours is, or leave the rogues be",
    PEACE: "a forced peace: keep the peace (more territories wins) or call the reserves",
    KEAL: "choose your KEAL means (hidden until both sides have chosen)",
    PRESS: "press the attack, strike the Final Blow, or stop",
    REROLL: "your soul's card gives the option to re-roll: re-roll its throw (the second counts) or keep it",
    RESPOND: "counterattack, retreat, or hold your ground",
    CHALLENGE: "challenge the retreat or let them go",
    TRADE: "a trade is offered: give a card of your hand for the one offered, or decline",
    BREACH_DEAL: "the breach failed: take up to 2 prisoners under your control, then release one",
    LAY_WASTE: "the cave is overcome: choose a territory to lay waste (up to 12), or stop",
    BS_CALL: "an equip or craft was made: call BS on it (#BS) or let it stand",
    BS_ANSWER: "your equip or craft is called out as BS: take it back or stand by it",
}


def prompt(s: S) -> str:
    if s.phase == OVER:
        return ""  # the outcome says how it ended (State.outcome), the log once: not a third time
    return f"{s.seat_name(s.active)}: {PROMPTS[s.phase]}"
