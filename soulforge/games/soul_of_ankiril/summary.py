"""Soul of Ankiril's summary of a finished game (``Game.result_summary``).

Allies and Spells leave the hand only when played (Summon, Cast): what left the deck was
drawn (the opening hand apart), and what left the hand was played.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.summary import deck_name, seat_summary, taken
from soulforge.games.soul_of_ankiril.state import AnkirilState

PLAYABLE = ("ally", "spell")


def summarize(state: AnkirilState, start: AnkirilState) -> dict[str, Any]:
    """Per seat: the deck, its Allies and Spells, the opening hand, drawn and played; the
    Emanations left to each seat and why the game ended."""
    seats = []
    for p in range(2):
        pile = [n for n in state.decklists[p] if state.cards[n].type in PLAYABLE]
        seen = taken(pile, state.decks[p])
        seats.append(seat_summary(
            deck_name(str(state.game.options[f"deck{p}"])),
            pile,
            start.hands[p],
            taken(seen, start.hands[p]),
            taken(seen, state.hands[p]),
        ))
    alive = [sum(1 for hp in state.ema_hp[3 * p:3 * p + 3] if hp > 0) for p in range(2)]
    return {
        "seats": seats,
        "end": {"emanations_left": alive, "reason": state.end_reason, "turns": state.turn},
    }
