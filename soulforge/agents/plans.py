"""Kept turn plans: the rest of a chosen turn, played while the seat sees what was foreseen.

An agent that plans a whole turn (the ``planner``, ``ismcts`` with ``keep_plan``) keeps the
remaining steps of the turn it chose, each with the view its seat should have just before
it. At the next decision the step is played without a new search if the view is that one
and the action is legal; otherwise (a drawn card, an answer that differed) the plan is
dropped and the agent searches again. The plan was made in a determinization, but it is
followed only while the seat's own view matches, so it never acts on what it may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from soulforge.core import Action, Seat, State
from soulforge.core.action import JsonDict


@dataclass(frozen=True)
class PlannedStep:
    """One step of a kept plan: the view the seat should have, and the action to play then."""

    view: JsonDict
    action: Action


def foreseen_steps(world: State, player: Seat, turn: Sequence[Action]) -> list[PlannedStep]:
    """Each action of ``turn`` with the view ``player`` has just before it, replayed in a
    clone of ``world``."""
    replay = world.clone()
    steps: list[PlannedStep] = []
    for action in turn:
        steps.append(PlannedStep(replay.view(player), action))
        replay.apply(action)
    return steps


def next_planned(plan: list[PlannedStep], state: State, player: Seat) -> Action | None:
    """Pop ``plan``'s next step and return its action if ``player``'s view is the foreseen one
    and the action is legal; otherwise empty ``plan`` and return ``None``."""
    if not plan:
        return None
    step = plan.pop(0)
    if step.view == state.view(player) and state.is_legal(step.action):
        return step.action
    plan.clear()
    return None
