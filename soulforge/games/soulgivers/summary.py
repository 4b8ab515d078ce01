"""Soulgivers' summary of a finished game (``Game.result_summary``).

Each team's deck holds every Soulgiver; a Soulgiver that left it (picked at the start or
drawn to replace a fallen one) was recruited: ``drawn`` and ``played`` both list them,
as a recruited Soulgiver is placed. The team's population is its ``deck``; the end facts
are the win type (the rulebook's victory condition) and the turn reached.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.summary import seat_summary
from soulforge.games.soulgivers.data import CHARS, DATA
from soulforge.games.soulgivers.encoding import KINDS, NONE, TEAMS
from soulforge.games.soulgivers.state import SoulgiversState


def win_type(reason: str) -> str:
    """The victory condition of an end reason, without whom it favours.

    >>> win_type("Victory by Conquest for seat 1"), win_type("Tie by Extermination: no Portal")
    ('Victory by Conquest', 'Tie by Extermination')
    """
    return reason.split(":")[0].split(" for seat")[0].strip()


def summarize(state: SoulgiversState, start: SoulgiversState) -> dict[str, Any]:
    """Per team: its population, the Soulgivers it recruited; the win type."""
    seats = []
    for team in TEAMS:
        waiting = set(state.deck[team]) | set(state.pair[team])
        if state.keep_card != NONE:
            waiting.add(state.keep_card)
        recruited = [CHARS[kind].name for kind in KINDS if kind not in waiting]
        population = DATA.populations[state.pop_of[team]].key
        seats.append(seat_summary(population, (c.name for c in CHARS), (), recruited, recruited))
    return {"seats": seats, "end": {"win_type": win_type(state.end_reason), "turns": state.turn}}
