"""Dispatch tables: legal actions by phase and the rule that carries out each kind of action."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from soulforge.core import Action
from soulforge.games.soulgivers import movement as mv
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers import setup as su
from soulforge.games.soulgivers import tribute as tr
from soulforge.games.soulgivers import turn as tu
from soulforge.games.soulgivers.effects import check_end
from soulforge.games.soulgivers.state import SoulgiversState

Legal = Callable[["SoulgiversState"], list[Action]]
Apply = Callable[["SoulgiversState", Action], None]


def _place(s: SoulgiversState, a: Action) -> None:
    (su.apply_place if s.phase == ph.PLACE else tu.apply_refill_place)(s, a)


LEGAL: dict[int, Legal] = {
    ph.SWAP: su.legal_swap,
    ph.PICK: su.legal_pick,
    ph.PLACE: su.legal_place,
    ph.KEEP: tu.legal_keep,
    ph.REFILL: su.legal_place,
    ph.MAIN: tu.legal_main,
    ph.RESPONSE: tu.legal_response,
    ph.POP: tu.legal_pop,
    ph.RETURN: tu.legal_return,
    ph.EXIT: mv.legal_exit,
    ph.OVER: lambda s: [],
}

APPLY: dict[str, Apply] = {
    "swap": su.apply_swap,
    "skip_swap": su.apply_swap,
    "pick": su.apply_pick,
    "place": _place,
    "keep": tu.apply_keep,
    "declare": tu.apply_declare,
    "enter": mv.apply_enter,
    "step": mv.apply_step,
    "rotate": mv.apply_rotate,
    "exit_hole": mv.apply_exit,
    "absorb": tr.apply_absorb,
    "collect": tr.apply_collect,
    "pass": tr.apply_pass,
    "drop": tr.apply_drop,
    "attack": tr.apply_attack,
    "ability": tr.apply_ability,
    "draw": tu.apply_draw,
    "return": tu.apply_return,
    "anomaly": tu.apply_play_anomaly,
    "decline": tu.apply_decline,
    "population": tu.apply_population,
    "pop_place": tu.apply_pop_place,
    "end_turn": tu.apply_end_turn,
}


@dataclasses.dataclass(frozen=True)
class Rules:
    legal: dict[int, Legal]
    apply: dict[str, Apply]
    check_end: Callable[[SoulgiversState], None]


SoulgiversState.rules = Rules(LEGAL, APPLY, check_end)
